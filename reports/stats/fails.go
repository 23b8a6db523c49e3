package stats

import (
	"fmt"
	"math/big"
)

// FailGap is how far one column's FAIL count lies from the mean of the
// other columns', and how often shuffling each row's verdicts among the
// columns gives a gap at least as large, in either direction.
type FailGap struct {
	Fails  int     // the column's FAILs
	Others float64 // the other columns' mean FAIL count
	Rows   int     // rows compared
	// AtLeast of Arrangements equally likely outcomes give a gap at least
	// as large as the observed one (the observed outcome among them).
	AtLeast, Arrangements *big.Int
}

// Gap is the column's FAILs minus the others' mean.
func (g FailGap) Gap() float64 { return float64(g.Fails) - g.Others }

// P is the probability of a gap at least as large as the observed one.
func (g FailGap) P() float64 {
	if g.Arrangements == nil || g.Arrangements.Sign() == 0 {
		return 1
	}
	p, _ := new(big.Rat).SetFrac(g.AtLeast, g.Arrangements).Float64()
	return p
}

// FailDifference compares column col of fails[row][column] (true = FAIL)
// with the other columns. Shuffling a row's verdicts among the columns
// leaves the total FAIL count as it is, so the gap depends only on how
// many FAILs the column receives, and the column receives each of a row's
// verdicts with equal chance: the distribution is computed exactly, as the
// count of equally likely outcomes (columns to the power of rows).
func FailDifference(fails [][]bool, col int) (FailGap, error) {
	rows := len(fails)
	if rows == 0 || len(fails[0]) < 2 {
		return FailGap{}, fmt.Errorf("%w: FAIL verdicts", ErrShape)
	}
	cols := len(fails[0])
	if col < 0 || col >= cols {
		return FailGap{}, fmt.Errorf("column %d is outside the grid's %d columns", col+1, cols)
	}
	g := FailGap{Rows: rows}
	total := 0
	// weights[f] counts the outcomes in which the column receives f FAILs.
	weights := []*big.Int{big.NewInt(1)}
	for i, r := range fails {
		if len(r) != cols {
			return FailGap{}, fmt.Errorf("%w: row %d has %d verdicts, row 1 has %d", ErrShape, i+1, len(r), cols)
		}
		k := 0
		for _, fail := range r {
			if fail {
				k++
			}
		}
		if r[col] {
			g.Fails++
		}
		total += k
		next := make([]*big.Int, len(weights)+1)
		for f := range next {
			next[f] = new(big.Int)
		}
		pass, fail := big.NewInt(int64(cols-k)), big.NewInt(int64(k))
		for f, w := range weights {
			next[f].Add(next[f], new(big.Int).Mul(w, pass))
			next[f+1].Add(next[f+1], new(big.Int).Mul(w, fail))
		}
		weights = next
	}
	g.Others = float64(total-g.Fails) / float64(cols-1)
	// The gap is (cols·f − total) / (cols − 1): compare its numerators.
	observed := abs(cols*g.Fails - total)
	g.AtLeast, g.Arrangements = new(big.Int), new(big.Int)
	for f, w := range weights {
		g.Arrangements.Add(g.Arrangements, w)
		if abs(cols*f-total) >= observed {
			g.AtLeast.Add(g.AtLeast, w)
		}
	}
	return g, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
