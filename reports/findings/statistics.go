package findings

import (
	"slices"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// Seed fixes the shuffles of the permutation tests: the same findings
// always give the same figures.
const Seed = 20260701

// Statistics are how the two measures of C5's comparison, the longest run
// and the overlap, split between sections and writers, over the sections
// that every writer was measured on (those with an example), each share
// tested by permutation.
type Statistics struct {
	Run, Overlap stats.Spread
	// Omitted are the sections left out, as written (private): not
	// measured for every writer.
	Omitted []string
}

// grids are the two grids the statistics test: sections down, writers
// across, of the sections measured for every writer.
type grids struct {
	run, overlap [][]float64
	writers      int
	omitted      []string
}

// comparisonGrids makes the grids of f's cells, in the order of f's
// sections and writers. With several episodes a row is a section of one
// episode; with several runs a value is the median of the cell's runs.
func (f *Findings) comparisonGrids() grids {
	col := f.columns()
	type row struct {
		episode int
		name    string
	}
	byRow := map[row][][]float64{} // [writer] -> runs, for run then overlap
	byRowOverlap := map[row][][]float64{}
	episodes := 0
	for i := range f.Cells {
		c := &f.Cells[i]
		episodes = max(episodes, c.Episode+1)
		if j, ok := col[c.Script]; ok && c.HasExample {
			r := row{c.Episode, c.Name}
			if byRow[r] == nil {
				byRow[r], byRowOverlap[r] = make([][]float64, len(f.Writers)), make([][]float64, len(f.Writers))
			}
			byRow[r][j] = append(byRow[r][j], float64(c.Run))
			byRowOverlap[r][j] = append(byRowOverlap[r][j], c.Overlap)
		}
	}
	g := grids{writers: len(f.Writers)}
	for e := range max(episodes, 1) {
		for _, s := range f.SectionNames {
			r := row{e, s}
			runs, complete := byRow[r], byRow[r] != nil
			for _, v := range runs {
				complete = complete && len(v) > 0
			}
			if !complete {
				if _, ok := f.sectionIn(e, s); ok && !slices.Contains(g.omitted, s) {
					g.omitted = append(g.omitted, s)
				}
				continue
			}
			run, overlap := make([]float64, len(runs)), make([]float64, len(runs))
			for j := range runs {
				run[j], overlap[j] = stats.Summarize(runs[j]).Median, stats.Summarize(byRowOverlap[r][j]).Median
			}
			g.run, g.overlap = append(g.run, run), append(g.overlap, overlap)
		}
	}
	return g
}

// sectionIn reports whether episode e has a cell of section name.
func (f *Findings) sectionIn(e int, name string) (int, bool) {
	for i := range f.Cells {
		if f.Cells[i].Episode == e && f.Cells[i].Name == name {
			return i, true
		}
	}
	return 0, false
}

// statistics decomposes and tests the grids, the two measures at once.
func (g grids) statistics() Statistics {
	s := Statistics{Omitted: g.omitted}
	done := make(chan struct{})
	go func() {
		s.Overlap = stats.SpreadOf(g.overlap, g.writers, Seed)
		close(done)
	}()
	s.Run = stats.SpreadOf(g.run, g.writers, Seed)
	<-done
	return s
}

// chance returns how often shuffling each section's verdicts on k among
// the writers gives writer alias a FAIL gap at least as large as it has:
// over the sections in which every writer has a pass or a FAIL. nil when
// alias is no writer or there is nothing to compare.
func (f *Findings) chance(alias string, k criteria.Key) *stats.FailGap {
	col, target := map[string]int{}, -1
	for i, w := range f.Writers {
		col[w.Script] = i
		if w.Alias == alias {
			target = i
		}
	}
	if target < 0 {
		return nil
	}
	// A row is one section of one run of one episode: the writers'
	// verdicts in it are what chance could have shuffled.
	type place struct {
		unit Unit
		name string
	}
	bySection := map[place][]*criteria.Outcome{}
	for _, c := range f.Cells {
		j, ok := col[c.Script]
		o, found := criteria.Find(c.Outcomes, k)
		if !ok || !found || !o.Scored() {
			continue
		}
		p := place{Unit{c.Episode, c.Repeat}, c.Name}
		if bySection[p] == nil {
			bySection[p] = make([]*criteria.Outcome, len(f.Writers))
		}
		bySection[p][j] = &o
	}
	var grid [][]bool
	for _, u := range f.units() {
		for _, s := range f.SectionNames {
			if row, ok := verdictRow(bySection[place{u, s}], len(f.Writers)); ok {
				grid = append(grid, row)
			}
		}
	}
	if len(grid) == 0 {
		return nil
	}
	g, err := stats.FailDifference(grid, target)
	if err != nil {
		return nil
	}
	return &g
}

// verdictRow returns a row of FAILs when every writer has a verdict.
func verdictRow(outcomes []*criteria.Outcome, writers int) ([]bool, bool) {
	row, complete := make([]bool, writers), outcomes != nil
	for j, o := range outcomes {
		complete = complete && o != nil
		if o != nil {
			row[j] = o.Fail()
		}
	}
	return row, complete
}

// columns maps each writer's script heading to its index in f.Writers:
// its column in every grid of writers.
func (f *Findings) columns() map[string]int {
	col := make(map[string]int, len(f.Writers))
	for i, w := range f.Writers {
		col[w.Script] = i
	}
	return col
}
