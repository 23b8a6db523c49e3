package findings

import (
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
// sections and writers.
func (f *Findings) comparisonGrids() grids {
	col := map[string]int{}
	for i, w := range f.Writers {
		col[w.Script] = i
	}
	bySection := map[string][]*Cell{}
	for i := range f.Cells {
		c := &f.Cells[i]
		if j, ok := col[c.Script]; ok && c.HasExample {
			if bySection[c.Name] == nil {
				bySection[c.Name] = make([]*Cell, len(f.Writers))
			}
			bySection[c.Name][j] = c
		}
	}
	g := grids{writers: len(f.Writers)}
	for _, s := range f.SectionNames {
		cells, complete := bySection[s], bySection[s] != nil
		for _, c := range cells {
			complete = complete && c != nil
		}
		if !complete {
			g.omitted = append(g.omitted, s)
			continue
		}
		run, overlap := make([]float64, len(cells)), make([]float64, len(cells))
		for j, c := range cells {
			run[j], overlap[j] = float64(c.Run), c.Overlap
		}
		g.run, g.overlap = append(g.run, run), append(g.overlap, overlap)
	}
	return g
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
	bySection := map[string][]*criteria.Outcome{}
	for _, c := range f.Cells {
		j, ok := col[c.Script]
		o, found := criteria.Find(c.Outcomes, k)
		if !ok || !found || !o.Scored() {
			continue
		}
		if bySection[c.Name] == nil {
			bySection[c.Name] = make([]*criteria.Outcome, len(f.Writers))
		}
		bySection[c.Name][j] = &o
	}
	var grid [][]bool
	for _, s := range f.SectionNames {
		row, complete := make([]bool, len(f.Writers)), bySection[s] != nil
		for j, o := range bySection[s] {
			complete = complete && o != nil
			if o != nil {
				row[j] = o.Fail()
			}
		}
		if complete {
			grid = append(grid, row)
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
