package stats

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Replicated splits the total sum of squares of a grid with several values
// a cell (rows = sections, columns = writers, replicates = runs) into its
// parts: Total = Rows + Columns + Interaction + Within. Within is the
// run-to-run part: how much the same writer's same section varies between
// runs, against which a difference between writers can be judged.
type Replicated struct {
	NRows, NCols, NReps int
	Mean                float64
	Total               float64
	Rows                float64 // between rows: NCols × NReps × Σ (row mean − grand mean)²
	Columns             float64 // between columns: NRows × NReps × Σ (column mean − grand mean)²
	Interaction         float64 // between cells, beyond rows and columns
	Within              float64 // within cells: Σ (value − its cell's mean)²
}

// RowShare is the share of the total variation between rows.
func (d Replicated) RowShare() float64 { return share(d.Rows, d.Total) }

// ColumnShare is the share of the total variation between columns.
func (d Replicated) ColumnShare() float64 { return share(d.Columns, d.Total) }

// InteractionShare is the share of the total variation between cells that
// neither rows nor columns explain.
func (d Replicated) InteractionShare() float64 { return share(d.Interaction, d.Total) }

// WithinShare is the share of the total variation within cells: run to run.
func (d Replicated) WithinShare() float64 { return share(d.Within, d.Total) }

// ErrReplicates reports a replicated grid whose cells do not all hold the
// same number, at least two, of values.
var ErrReplicates = errors.New("every cell needs the same number of values, at least two")

// DecomposeReplicated computes the decomposition of grid[row][column][rep].
func DecomposeReplicated(grid [][][]float64) (Replicated, error) {
	if len(grid) < 2 || len(grid[0]) < 2 {
		return Replicated{}, ErrShape
	}
	d := Replicated{NRows: len(grid), NCols: len(grid[0]), NReps: len(grid[0][0])}
	if d.NReps < 2 {
		return Replicated{}, ErrReplicates
	}
	for i, row := range grid {
		if len(row) != d.NCols {
			return Replicated{}, fmt.Errorf("%w: row %d has %d cells, row 1 has %d", ErrShape, i+1, len(row), d.NCols)
		}
		for j, cell := range row {
			if len(cell) != d.NReps {
				return Replicated{}, fmt.Errorf("%w: row %d, column %d has %d values, not %d", ErrReplicates, i+1, j+1, len(cell), d.NReps)
			}
		}
	}
	cellMean := make([][]float64, d.NRows)
	rowMean, colMean := make([]float64, d.NRows), make([]float64, d.NCols)
	for i, row := range grid {
		cellMean[i] = make([]float64, d.NCols)
		for j, cell := range row {
			for _, x := range cell {
				cellMean[i][j] += x
			}
			d.Mean += cellMean[i][j]
			rowMean[i] += cellMean[i][j]
			colMean[j] += cellMean[i][j]
			cellMean[i][j] /= float64(d.NReps)
		}
	}
	n := float64(d.NRows * d.NCols * d.NReps)
	d.Mean /= n
	for i := range rowMean {
		rowMean[i] /= float64(d.NCols * d.NReps)
		d.Rows += float64(d.NCols*d.NReps) * sq(rowMean[i]-d.Mean)
	}
	for j := range colMean {
		colMean[j] /= float64(d.NRows * d.NReps)
		d.Columns += float64(d.NRows*d.NReps) * sq(colMean[j]-d.Mean)
	}
	for i, row := range grid {
		for j, cell := range row {
			d.Interaction += float64(d.NReps) * sq(cellMean[i][j]-rowMean[i]-colMean[j]+d.Mean)
			for _, x := range cell {
				d.Total += sq(x - d.Mean)
				d.Within += sq(x - cellMean[i][j])
			}
		}
	}
	return d, nil
}

// Summary is the spread of one cell's values over runs.
type Summary struct {
	N                int
	Min, Median, Max float64
}

// Summarize returns the minimum, median (the mean of the middle two of an
// even count) and maximum of xs; the zero Summary for none.
func Summarize(xs []float64) Summary {
	if len(xs) == 0 {
		return Summary{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	m := s[len(s)/2]
	if len(s)%2 == 0 {
		m = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return Summary{N: len(s), Min: s[0], Median: m, Max: s[len(s)-1]}
}

// Interval is a mean with a two-sided 95% confidence interval.
type Interval struct {
	N               int
	Mean, Low, High float64
}

// MeanInterval returns the mean of xs with Student's t interval at 95%
// (n−1 degrees of freedom), clamped to [lo, hi]; with one value the
// interval is that value, since one run says nothing of the noise.
func MeanInterval(xs []float64, lo, hi float64) Interval {
	iv := Interval{N: len(xs)}
	if len(xs) == 0 {
		return iv
	}
	for _, x := range xs {
		iv.Mean += x
	}
	iv.Mean /= float64(len(xs))
	iv.Low, iv.High = iv.Mean, iv.Mean
	if len(xs) < 2 {
		return iv
	}
	var ss float64
	for _, x := range xs {
		ss += sq(x - iv.Mean)
	}
	half := t975(len(xs)-1) * math.Sqrt(ss/float64(len(xs)-1)/float64(len(xs)))
	iv.Low, iv.High = max(lo, iv.Mean-half), min(hi, iv.Mean+half)
	return iv
}

// t975 is the 0.975 quantile of Student's t with df degrees of freedom.
func t975(df int) float64 {
	table := [...]float64{12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
		2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
		2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423}
	switch {
	case df <= 0:
		return math.Inf(1)
	case df <= len(table):
		return table[df-1]
	case df <= 60:
		return 2.0423 - (2.0423-2.0003)*float64(df-30)/30
	case df <= 120:
		return 2.0003 - (2.0003-1.9799)*float64(df-60)/60
	}
	return 1.9600
}
