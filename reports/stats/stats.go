// Package stats holds the plain statistics behind the report's claims, as
// pure computation on numbers (no I/O, no text for readers):
//
//   - a two-way decomposition of the sums of squares of a grid of values
//     (rows = sections, columns = writers): how much of the variation lies
//     between rows, between columns, and in neither;
//   - permutation tests of those shares, exact when the arrangements are few
//     and otherwise by shuffles drawn from a generator with a fixed seed, so
//     the same grid always gives the same figures;
//   - the chance of a FAIL-count difference: how often one column's FAIL
//     count differs from the others' as much as observed when each row's
//     verdicts are shuffled among the columns (always exact).
//
// One grid is one observation of each cell: the tests say how unusual the
// observed split is among rearrangements of these very values, not how the
// same writers would behave on other material.
package stats

import (
	"errors"
	"fmt"
)

// ErrShape reports a grid that is not a complete rectangle of at least two
// rows and two columns.
var ErrShape = errors.New("the grid needs at least two rows and two columns, all of the same length")

// Decomposition splits the total sum of squares of a two-way grid without
// replication into its parts: Total = Rows + Columns + Residual.
type Decomposition struct {
	NRows, NCols int
	Mean         float64 // grand mean
	Total        float64 // sum of squared deviations from the grand mean
	Rows         float64 // between rows: NCols × Σ (row mean − grand mean)²
	Columns      float64 // between columns: NRows × Σ (column mean − grand mean)²
	Residual     float64 // what neither rows nor columns explain
}

// RowShare is the share of the total variation that lies between rows; 0
// when the grid does not vary at all.
func (d Decomposition) RowShare() float64 { return share(d.Rows, d.Total) }

// ColumnShare is the share of the total variation that lies between columns.
func (d Decomposition) ColumnShare() float64 { return share(d.Columns, d.Total) }

// ResidualShare is the share of the total variation in neither rows nor
// columns (the interaction, with one value a cell).
func (d Decomposition) ResidualShare() float64 { return share(d.Residual, d.Total) }

func share(part, total float64) float64 {
	if total == 0 {
		return 0
	}
	return part / total
}

// checkGrid returns the grid's shape or ErrShape.
func checkGrid(grid [][]float64) (rows, cols int, err error) {
	rows = len(grid)
	if rows < 2 {
		return 0, 0, ErrShape
	}
	cols = len(grid[0])
	if cols < 2 {
		return 0, 0, ErrShape
	}
	for i, r := range grid {
		if len(r) != cols {
			return 0, 0, fmt.Errorf("%w: row %d has %d values, row 1 has %d", ErrShape, i+1, len(r), cols)
		}
	}
	return rows, cols, nil
}

// Decompose computes the two-way decomposition of grid[row][column].
func Decompose(grid [][]float64) (Decomposition, error) {
	rows, cols, err := checkGrid(grid)
	if err != nil {
		return Decomposition{}, err
	}
	d := Decomposition{NRows: rows, NCols: cols}
	rowMean, colMean := make([]float64, rows), make([]float64, cols)
	for i, r := range grid {
		for j, x := range r {
			d.Mean += x
			rowMean[i] += x
			colMean[j] += x
		}
	}
	d.Mean /= float64(rows * cols)
	for i := range rowMean {
		rowMean[i] /= float64(cols)
		d.Rows += float64(cols) * sq(rowMean[i]-d.Mean)
	}
	for j := range colMean {
		colMean[j] /= float64(rows)
		d.Columns += float64(rows) * sq(colMean[j]-d.Mean)
	}
	for i, r := range grid {
		for j, x := range r {
			d.Total += sq(x - d.Mean)
			d.Residual += sq(x - rowMean[i] - colMean[j] + d.Mean)
		}
	}
	return d, nil
}

func sq(x float64) float64 { return x * x }
