package stats

import "github.com/evalpress/evalpress/internal/draw"

// Options control the permutation tests.
type Options struct {
	// ExactLimit is the largest number of arrangements enumerated in full;
	// above it the test draws Shuffles random ones. 0 means 100000.
	ExactLimit int
	// Shuffles is how many random arrangements are drawn when there are too
	// many to enumerate. 0 means 9999 for a grid of up to 200 cells, and
	// fewer for a larger grid (never below 999), so a test draws about two
	// million values whatever the grid's size.
	Shuffles int
	// Seed fixes the random arrangements: the same seed, the same figures.
	Seed uint64
}

func (o Options) exactLimit() int {
	if o.ExactLimit > 0 {
		return o.ExactLimit
	}
	return 100000
}

// drawBudget is about how many values one random permutation test shuffles
// when Options.Shuffles is 0.
const drawBudget = 2_000_000

func (o Options) shuffles(cells int) int {
	if o.Shuffles > 0 {
		return o.Shuffles
	}
	return min(9999, max(999, drawBudget/max(cells, 1)))
}

// Test is the outcome of a permutation test: among the arrangements
// considered (the observed one counted among them), how many give a sum of
// squares at least as large as the observed one.
type Test struct {
	Observed     float64 // the observed sum of squares of the effect tested
	Share        float64 // its share of the total variation
	AtLeast      int     // arrangements at least as extreme, the observed one included
	Arrangements int     // arrangements considered, the observed one included
	Exact        bool    // every arrangement was enumerated
}

// P is the share of arrangements at least as extreme as the observed one:
// the test's p-value (for random arrangements, (1 + hits) / (1 + shuffles)).
func (t Test) P() float64 {
	if t.Arrangements == 0 {
		return 1
	}
	return float64(t.AtLeast) / float64(t.Arrangements)
}

// ColumnTest asks whether the columns differ more than chance would make
// them: it rearranges each row's values among the columns (which keeps every
// row's values together, so the rows' effect stays as it is) and counts how
// often the between-column sum of squares reaches the observed one.
func ColumnTest(grid [][]float64, opt Options) (Test, error) {
	return columnTest(grid, opt)
}

// RowTest asks the same of the rows: it rearranges each column's values
// among the rows and counts how often the between-row sum of squares reaches
// the observed one.
func RowTest(grid [][]float64, opt Options) (Test, error) {
	if _, _, err := checkGrid(grid); err != nil {
		return Test{}, err
	}
	return columnTest(transpose(grid), opt)
}

func transpose(grid [][]float64) [][]float64 {
	out := make([][]float64, len(grid[0]))
	for j := range out {
		out[j] = make([]float64, len(grid))
		for i := range grid {
			out[j][i] = grid[i][j]
		}
	}
	return out
}

// columnTest is ColumnTest: rows are shuffled within themselves.
func columnTest(grid [][]float64, opt Options) (Test, error) {
	d, err := Decompose(grid)
	if err != nil {
		return Test{}, err
	}
	rows, cols := d.NRows, d.NCols
	t := Test{Observed: d.Columns, Share: d.ColumnShare()}
	if d.Total == 0 {
		// Nothing varies: every arrangement is the observed one.
		return Test{Arrangements: 1, AtLeast: 1, Exact: true}, nil
	}
	// Equal up to rounding counts as at least as large.
	floor := d.Columns - 1e-9*d.Total
	sums := make([]float64, cols)
	between := func() float64 {
		var ss float64
		for _, s := range sums {
			ss += sq(s/float64(rows) - d.Mean)
		}
		return float64(rows) * ss
	}
	if n, ok := arrangements(cols, rows, opt.exactLimit()); ok {
		perms := permutations(cols)
		var walk func(row int)
		walk = func(row int) {
			if row == rows {
				if between() >= floor {
					t.AtLeast++
				}
				return
			}
			for _, p := range perms {
				for j, k := range p {
					sums[j] += grid[row][k]
				}
				walk(row + 1)
				for j, k := range p {
					sums[j] -= grid[row][k]
				}
			}
		}
		walk(0)
		t.Arrangements, t.Exact = n, true
		return t, nil
	}
	rng := draw.New(opt.Seed)
	row := make([]float64, cols)
	shuffles := opt.shuffles(rows * cols)
	t.AtLeast, t.Arrangements = 1, 1+shuffles
	for range shuffles {
		clear(sums)
		for _, r := range grid {
			copy(row, r)
			rng.Shuffle(row)
			for j, x := range row {
				sums[j] += x
			}
		}
		if between() >= floor {
			t.AtLeast++
		}
	}
	return t, nil
}

// arrangements returns (k!)^n when it is at most limit.
func arrangements(k, n, limit int) (int, bool) {
	f := 1
	for i := 2; i <= k; i++ {
		f *= i
		if f > limit {
			return 0, false
		}
	}
	total := 1
	for range n {
		if total > limit/f {
			return 0, false
		}
		total *= f
	}
	return total, true
}

// permutations lists every ordering of 0..k-1.
func permutations(k int) [][]int {
	if k == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(k - 1) {
		for at := 0; at <= len(p); at++ {
			q := make([]int, 0, k)
			q = append(q, p[:at]...)
			q = append(q, k-1)
			q = append(q, p[at:]...)
			out = append(out, q)
		}
	}
	return out
}
