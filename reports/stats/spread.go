package stats

import "sync"

// Spread is how the variation of one measure over a grid (rows =
// sections, columns = writers) splits between the rows and the columns,
// with both shares tested by permutation.
type Spread struct {
	Rows, Columns int
	Parts         Decomposition
	// ByRow shuffles each column's values among the rows (is the row
	// share unusual?); ByColumn shuffles each row's values among the
	// columns.
	ByRow, ByColumn Test
	// Seed fixed the tests' random arrangements.
	Seed uint64
	// OK is set when the grid could be decomposed and both tests run: at
	// least two rows and two columns.
	OK bool
}

// SpreadOf decomposes grid and tests both shares, with the random
// arrangements drawn from seed; the two tests run at once. A grid that
// cannot be decomposed or tested gives a Spread that is not OK.
func SpreadOf(grid [][]float64, columns int, seed uint64) Spread {
	sp := Spread{Rows: len(grid), Columns: columns, Seed: seed}
	opt := Options{Seed: seed}
	var byColumn Test
	var columnErr error
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		byColumn, columnErr = ColumnTest(grid, opt)
	}()
	parts, err := Decompose(grid)
	var byRow Test
	if err == nil {
		byRow, err = RowTest(grid, opt)
	}
	wg.Wait()
	if err != nil {
		return sp // neither share is tested when the rows' cannot be
	}
	sp.Parts, sp.ByRow, sp.ByColumn, sp.OK = parts, byRow, byColumn, columnErr == nil
	return sp
}
