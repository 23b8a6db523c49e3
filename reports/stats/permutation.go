package stats

import (
	"math"
	"math/rand/v2"
)

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
	rng := newSource(opt.Seed)
	row := make([]float64, cols)
	shuffles := opt.shuffles(rows * cols)
	t.AtLeast, t.Arrangements = 1, 1+shuffles
	for range shuffles {
		clear(sums)
		for _, r := range grid {
			copy(row, r)
			rng.shuffle(row)
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

// source draws the random arrangements. It uses PCG (whose output Go
// specifies) and its own bounded draws and shuffle, so the figures do not
// depend on how a Go release implements rand.Shuffle.
type source struct {
	pcg *rand.PCG
	// limits[n] is the largest multiple of n a draw below n accepts, for
	// every n a shuffle has used: a shuffle draws below the same few
	// bounds millions of times, and a division is most of a draw's cost.
	limits []uint64
}

func newSource(seed uint64) *source { return &source{pcg: rand.NewPCG(seed, 0x65766c7072657373)} }

// limit returns the bound under which a draw below n is accepted: the
// largest multiple of n that fits in 64 bits, so that x % n is uniform.
func limit(n uint64) uint64 { return math.MaxUint64 - math.MaxUint64%n }

// belowLimit returns a uniform integer in [0, n), given limit(n).
func (s *source) belowLimit(n, limit uint64) uint64 {
	for {
		if x := s.pcg.Uint64(); x < limit {
			return x % n
		}
	}
}

// shuffle puts xs in a uniformly random order (Fisher and Yates).
func (s *source) shuffle(xs []float64) {
	if len(s.limits) <= len(xs) {
		s.limits = make([]uint64, len(xs)+1)
		for n := 1; n <= len(xs); n++ {
			s.limits[n] = limit(uint64(n))
		}
	}
	for i := len(xs) - 1; i > 0; i-- {
		n := uint64(i + 1)
		j := s.belowLimit(n, s.limits[n])
		xs[i], xs[j] = xs[j], xs[i]
	}
}
