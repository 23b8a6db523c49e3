package stats

import (
	"math"
	"math/big"
	"testing"
)

// small is worked by hand in the comments of the tests below.
var small = [][]float64{{1, 2}, {3, 4}, {5, 9}}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func TestDecomposeByHand(t *testing.T) {
	// Grand mean 24/6 = 4. Row means 1.5, 3.5, 7: rows 2×(6.25+0.25+9) = 31.
	// Column means 3, 5: columns 3×(1+1) = 6. Total 9+4+1+0+1+25 = 40.
	// Residual 40−31−6 = 3 (each x − row − column + 4 is ±0.5, ±0.5, ±1).
	d, err := Decompose(small)
	if err != nil {
		t.Fatal(err)
	}
	want := Decomposition{NRows: 3, NCols: 2, Mean: 4, Total: 40, Rows: 31, Columns: 6, Residual: 3}
	if d != want {
		t.Fatalf("Decompose = %+v, want %+v", d, want)
	}
	if !near(d.RowShare(), 31.0/40) || !near(d.ColumnShare(), 6.0/40) || !near(d.ResidualShare(), 3.0/40) {
		t.Errorf("shares %v %v %v", d.RowShare(), d.ColumnShare(), d.ResidualShare())
	}
}

// plainDecompose is the textbook computing formulas, written independently
// of Decompose: SS = Σ sum²/n − (grand sum)²/N.
func plainDecompose(grid [][]float64) (total, rows, cols float64) {
	r, c := len(grid), len(grid[0])
	var grand, squares float64
	rowSums, colSums := make([]float64, r), make([]float64, c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			x := grid[i][j]
			grand += x
			squares += x * x
			rowSums[i] += x
			colSums[j] += x
		}
	}
	correction := grand * grand / float64(r*c)
	total = squares - correction
	for _, s := range rowSums {
		rows += s * s / float64(c)
	}
	for _, s := range colSums {
		cols += s * s / float64(r)
	}
	return total, rows - correction, cols - correction
}

var grids = map[string][][]float64{
	"small":  small,
	"demo":   {{2, 3, 3}, {45, 82, 23}, {30, 18, 33}, {43, 73, 25}, {32, 72, 21}, {29, 82, 22}, {31, 38, 27}, {45, 54, 35}, {3, 12, 2}},
	"ties":   {{1, 1, 1}, {1, 1, 1}, {2, 2, 2}},
	"square": {{0.5, 0.25, 0}, {0.125, 1, 0.75}, {0.3, 0.3, 0.9}},
}

func TestDecomposeAgreesWithPlainFormulas(t *testing.T) {
	for name, g := range grids {
		t.Run(name, func(t *testing.T) {
			d, err := Decompose(g)
			if err != nil {
				t.Fatal(err)
			}
			total, rows, cols := plainDecompose(g)
			if !near(d.Total, total) || !near(d.Rows, rows) || !near(d.Columns, cols) {
				t.Errorf("Decompose %+v, plain total %v rows %v columns %v", d, total, rows, cols)
			}
			if !near(d.Rows+d.Columns+d.Residual, d.Total) {
				t.Errorf("parts %v+%v+%v do not add up to %v", d.Rows, d.Columns, d.Residual, d.Total)
			}
		})
	}
}

func TestDecomposeShape(t *testing.T) {
	for name, g := range map[string][][]float64{
		"one row":    {{1, 2}},
		"one column": {{1}, {2}},
		"ragged":     {{1, 2}, {3}},
		"empty":      nil,
	} {
		if _, err := Decompose(g); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestPermutationTestsByHand(t *testing.T) {
	// Columns: swapping within each row gives first-column sums 9, 13, 10,
	// 14, 10, 14, 11, 15 (of 24); the observed 9 and its mirror 15 are the
	// farthest from 12: 2 of 8.
	ct, err := ColumnTest(small, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if ct.AtLeast != 2 || ct.Arrangements != 8 || !ct.Exact || !near(ct.Observed, 6) {
		t.Errorf("ColumnTest = %+v, want 2 of 8, exact, observed 6", ct)
	}
	// Rows: of the 6 pairings of {1,3,5} with {2,4,9}, only the observed
	// (sorted with sorted) gives the largest spread of row sums; each
	// pairing comes in 3! row orders: 6 of 36.
	rt, err := RowTest(small, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rt.AtLeast != 6 || rt.Arrangements != 36 || !rt.Exact || !near(rt.Observed, 31) || !near(rt.P(), 1.0/6) {
		t.Errorf("RowTest = %+v, want 6 of 36, exact, observed 31", rt)
	}
}

// eachReordering calls visit with every grid obtained by reordering each
// row of g independently (the grid passed is reused between calls).
func eachReordering(g [][]float64, visit func([][]float64)) {
	cur := make([][]float64, len(g))
	var walk func(i int)
	walk = func(i int) {
		if i == len(g) {
			visit(cur)
			return
		}
		for _, p := range orderings(g[i]) {
			cur[i] = p
			walk(i + 1)
		}
	}
	walk(0)
}

// bruteColumnTest materialises every grid obtained by reordering each row
// and decomposes it afresh.
func bruteColumnTest(g [][]float64) (atLeast, all int) {
	d, _ := Decompose(g)
	eachReordering(g, func(cur [][]float64) {
		e, _ := Decompose(cur)
		all++
		if e.Columns >= d.Columns-1e-9*d.Total {
			atLeast++
		}
	})
	return atLeast, all
}

// orderings lists every ordering of xs by swapping (Heap's algorithm).
func orderings(xs []float64) [][]float64 {
	a := append([]float64(nil), xs...)
	var out [][]float64
	var heap func(k int)
	heap = func(k int) {
		if k == 1 {
			out = append(out, append([]float64(nil), a...))
			return
		}
		for i := 0; i < k; i++ {
			heap(k - 1)
			if k%2 == 0 {
				a[i], a[k-1] = a[k-1], a[i]
			} else {
				a[0], a[k-1] = a[k-1], a[0]
			}
		}
	}
	heap(len(a))
	return out
}

func TestExactTestsAgreeWithBruteForce(t *testing.T) {
	for name, g := range grids {
		if name == "demo" {
			continue // 6^9 grids: too many to materialise in a unit test
		}
		t.Run(name, func(t *testing.T) {
			ct, err := ColumnTest(g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			atLeast, all := bruteColumnTest(g)
			if !ct.Exact || ct.AtLeast != atLeast || ct.Arrangements != all {
				t.Errorf("ColumnTest %+v, brute force %d of %d", ct, atLeast, all)
			}
			rt, err := RowTest(g, Options{})
			if err != nil {
				t.Fatal(err)
			}
			atLeast, all = bruteColumnTest(transpose(g))
			if !rt.Exact || rt.AtLeast != atLeast || rt.Arrangements != all {
				t.Errorf("RowTest %+v, brute force %d of %d", rt, atLeast, all)
			}
		})
	}
}

func TestRandomArrangementsAreFixedAndClose(t *testing.T) {
	g := grids["square"]
	exact, err := ColumnTest(g, Options{})
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{ExactLimit: 1, Shuffles: 20000, Seed: 7}
	a, err := ColumnTest(g, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ColumnTest(g, opt)
	if a != b {
		t.Errorf("same seed, different results: %+v and %+v", a, b)
	}
	if a.Exact || a.Arrangements != 20001 {
		t.Errorf("random test %+v: want 20001 arrangements, not exact", a)
	}
	// 20000 draws put the estimate within about 0.01 of the exact value.
	if math.Abs(a.P()-exact.P()) > 0.02 {
		t.Errorf("random p %v, exact p %v", a.P(), exact.P())
	}
}

func TestDemoSizedGridUsesShuffles(t *testing.T) {
	g := grids["demo"]
	rt, err := RowTest(g, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// (9!)^3 arrangements: drawn, 9999 of them plus the observed one.
	if rt.Exact || rt.Arrangements != 10000 || rt.AtLeast < 1 || rt.AtLeast > rt.Arrangements {
		t.Errorf("RowTest = %+v", rt)
	}
}

func TestConstantGrid(t *testing.T) {
	g := [][]float64{{3, 3}, {3, 3}}
	d, _ := Decompose(g)
	if d.RowShare() != 0 || d.ColumnShare() != 0 || d.ResidualShare() != 0 {
		t.Errorf("shares of a constant grid: %+v", d)
	}
	ct, err := ColumnTest(g, Options{})
	if err != nil || ct.P() != 1 {
		t.Errorf("ColumnTest of a constant grid = %+v, %v", ct, err)
	}
}

func TestFailDifferenceByHand(t *testing.T) {
	// Column 0 gets FAIL in row 1 with chance 2/3 and in row 2 with 1/3,
	// never in row 3: weights (1+2x)(2+x)·3 = 6 + 15x + 6x² of 27. The
	// observed 2 FAILs against 3 in all is a gap |3·2−3| = 3; so is 0
	// FAILs: (6+6)/27.
	fails := [][]bool{{true, true, false}, {true, false, false}, {false, false, false}}
	g, err := FailDifference(fails, 0)
	if err != nil {
		t.Fatal(err)
	}
	if g.Fails != 2 || g.Others != 0.5 || g.Gap() != 1.5 || g.AtLeast.Int64() != 12 || g.Arrangements.Int64() != 27 {
		t.Errorf("FailDifference = fails %d others %v at least %v of %v", g.Fails, g.Others, g.AtLeast, g.Arrangements)
	}
	if !near(g.P(), 12.0/27) {
		t.Errorf("P = %v", g.P())
	}
}

// bruteFailDifference shuffles each row's verdicts among the columns in
// every possible way and counts the orderings whose gap between column col
// and the others' mean is at least the observed one.
func bruteFailDifference(fails [][]bool, col int) *big.Rat {
	gap := func(grid [][]float64) float64 {
		var own, others float64
		for _, r := range grid {
			for j, x := range r {
				if j == col {
					own += x
				} else {
					others += x
				}
			}
		}
		return math.Abs(own - others/float64(len(grid[0])-1))
	}
	g := make([][]float64, len(fails))
	for i, r := range fails {
		g[i] = make([]float64, len(r))
		for j, f := range r {
			if f {
				g[i][j] = 1
			}
		}
	}
	observed := gap(g)
	var hit, all int64
	eachReordering(g, func(cur [][]float64) {
		all++
		if gap(cur) >= observed-1e-9 {
			hit++
		}
	})
	return big.NewRat(hit, all)
}

func TestFailDifferenceAgreesWithBruteForce(t *testing.T) {
	demo := [][]bool{ // the demo's pattern, on fewer sections: 6^6 orderings
		{false, false, false}, {true, true, true}, {true, true, true}, {true, false, true},
		{true, true, true}, {false, true, false},
	}
	cases := map[string]struct {
		fails [][]bool
		col   int
	}{
		"demo, the writer with one more": {demo, 1},
		"demo, a writer with one fewer":  {demo, 0},
		"four writers":                   {[][]bool{{true, false, false, true}, {true, true, false, false}, {false, false, false, true}, {true, true, true, false}}, 2},
		"two writers":                    {[][]bool{{true, false}, {true, false}, {true, false}, {false, true}, {true, true}}, 0},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			g, err := FailDifference(c.fails, c.col)
			if err != nil {
				t.Fatal(err)
			}
			got := new(big.Rat).SetFrac(g.AtLeast, g.Arrangements)
			if want := bruteFailDifference(c.fails, c.col); got.Cmp(want) != 0 {
				t.Errorf("FailDifference p = %v, brute force %v", got, want)
			}
		})
	}
}

func TestFailDifferenceDemoFigure(t *testing.T) {
	// One FAIL more than each other writer, with the only mixed section
	// 1 FAIL of 3: the writer gets that FAIL (gap 2/3) or not (gap −1/3,
	// smaller): chance 1/3.
	demo := [][]bool{{false, false, false}, {true, true, true}, {false, true, false}}
	g, err := FailDifference(demo, 1)
	if err != nil {
		t.Fatal(err)
	}
	if !near(g.P(), 1.0/3) || g.Fails != 2 || g.Others != 1 {
		t.Errorf("FailDifference = %+v, P %v", g, g.P())
	}
}

func TestFailDifferenceErrors(t *testing.T) {
	if _, err := FailDifference(nil, 0); err == nil {
		t.Error("no rows: no error")
	}
	if _, err := FailDifference([][]bool{{true, false}}, 2); err == nil {
		t.Error("column out of range: no error")
	}
	if _, err := FailDifference([][]bool{{true, false}, {true}}, 0); err == nil {
		t.Error("ragged: no error")
	}
}
func TestShufflesFollowTheGridsSize(t *testing.T) {
	tests := []struct {
		opt   Options
		cells int
		want  int
	}{
		{Options{}, 27, 9999},
		{Options{}, 200, 9999},
		{Options{}, 2000, 1000},
		{Options{}, 8100, 999},
		{Options{}, 1_000_000, 999},
		{Options{Shuffles: 50}, 8100, 50},
	}
	for _, tt := range tests {
		if got := tt.opt.shuffles(tt.cells); got != tt.want {
			t.Errorf("shuffles(%d) with %+v = %d, want %d", tt.cells, tt.opt, got, tt.want)
		}
	}
	// A large grid's random test draws the fewer shuffles it says it drew.
	grid := make([][]float64, 1000)
	for i := range grid {
		grid[i] = []float64{float64(i % 7), float64(i % 5), float64(i % 3)}
	}
	test, err := ColumnTest(grid, Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if test.Exact || test.Arrangements != 1+999 {
		t.Errorf("a 1000x3 grid: exact %v, %d arrangements; want 999 random ones and the observed one", test.Exact, test.Arrangements)
	}
}

// benchGrid is the bench corpus's shape: 900 sections by 3 writers.
func benchGrid() [][]float64 {
	grid := make([][]float64, 900)
	for i := range grid {
		grid[i] = []float64{float64(i*7919%97) + 1, float64((i*104729+13)%97) + 1, float64((i*1299709+29)%97) + 1}
	}
	return grid
}

func TestRandomArrangementsStayTheSame(t *testing.T) {
	// The figures a site publishes depend on the exact shuffles: a faster
	// draw must give the same arrangements (these counts were made before
	// the draws were made faster).
	grid := benchGrid()
	tests := []struct {
		name string
		test func([][]float64, Options) (Test, error)
		want int
	}{
		{"columns", ColumnTest, 989},
		{"rows", RowTest, 37},
	}
	for _, tt := range tests {
		got, err := tt.test(grid, Options{Seed: 20260701})
		if err != nil {
			t.Fatal(err)
		}
		if got.AtLeast != tt.want || got.Arrangements != 1000 {
			t.Errorf("%s: %d of %d arrangements at least as large, want %d of 1000", tt.name, got.AtLeast, got.Arrangements, tt.want)
		}
	}
}

func BenchmarkPermutationTests(b *testing.B) {
	grid := benchGrid()
	for b.Loop() {
		if _, err := ColumnTest(grid, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
		if _, err := RowTest(grid, Options{Seed: 1}); err != nil {
			b.Fatal(err)
		}
	}
}
