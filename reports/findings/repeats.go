package findings

import (
	"cmp"
	"errors"
	"slices"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// Unit is one run of one episode (0-based indexes): the inputs' unit of
// repetition. The top-level layout is the one unit {0, 0}.
type Unit struct{ Episode, Repeat int }

// Repeats are the findings over several runs or episodes: each cell's
// spread over its runs, each writer's pass rates with an interval over
// runs, and how much of C5's measures varies from run to run. Nil when
// the inputs hold one episode with one run.
type Repeats struct {
	// Runs holds the number of runs of each episode.
	Runs []int
	// Cells are the cells over runs: one per episode, writer and section,
	// by episode, then in the order of the findings' cells.
	Cells []RepeatCell
	// Writers are each writer's pass rates: per episode, then pooled over
	// every run of every episode (Episode -1), in the writers' order.
	Writers []RepeatWriter
	// Run and Overlap split C5's measures into sections, writers, their
	// interaction and run to run (stats.Replicated); OK is false when the
	// runs do not make a balanced grid (Why says why).
	Run, Overlap stats.Replicated
	SplitOK      bool
	SplitWhy     string
}

// RepeatCell is one writer's section in one episode, over its runs.
type RepeatCell struct {
	Episode    int
	Script     string // private
	Name       string
	HasExample bool
	// Run and Overlap are C5's longest run and overlap over the runs
	// with an example.
	Run, Overlap stats.Summary
	// Shares count, per criterion (and judge), the runs that fail of
	// those scored, in the criteria's order.
	Shares criteria.Tallies
}

// RepeatWriter is one writer's pass rates over runs: for each criterion
// (and judge), the mean over runs of the share of its scored sections
// that pass, with Student's t interval over the runs.
type RepeatWriter struct {
	Script  string // private
	Alias   string
	Episode int // -1: pooled over every run of every episode
	Rates   []PassRate
}

// PassRate is a writer's pass rate on one criterion over runs.
type PassRate struct {
	Key criteria.Key
	stats.Interval
}

// units returns the runs f's cells come from, in order.
func (f *Findings) units() []Unit {
	seen := map[Unit]bool{}
	var out []Unit
	for _, c := range f.Cells {
		u := Unit{c.Episode, c.Repeat}
		if !seen[u] {
			seen[u] = true
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b Unit) int {
		return cmp.Or(cmp.Compare(a.Episode, b.Episode), cmp.Compare(a.Repeat, b.Repeat))
	})
	return out
}

// repeats computes f's Repeats, or nil with a single run.
func (f *Findings) repeats(runs []int) *Repeats {
	if len(runs) < 2 && (len(runs) == 0 || runs[0] < 2) {
		return nil
	}
	r := &Repeats{Runs: runs}
	r.Cells = f.repeatCells()
	r.Writers = f.repeatWriters(runs)
	r.Run, r.Overlap, r.SplitWhy = f.runSplit()
	r.SplitOK = r.SplitWhy == ""
	return r
}

// cellKey names a cell over runs.
type cellKey struct {
	episode      int
	script, name string
}

// repeatCells gathers every cell's runs.
func (f *Findings) repeatCells() []RepeatCell {
	at := map[cellKey]int{}
	var out []RepeatCell
	runs, overlaps := map[cellKey][]float64{}, map[cellKey][]float64{}
	for _, c := range f.Cells {
		k := cellKey{c.Episode, c.Script, c.Name}
		i, ok := at[k]
		if !ok {
			i = len(out)
			at[k] = i
			out = append(out, RepeatCell{Episode: c.Episode, Script: c.Script, Name: c.Name})
		}
		rc := &out[i]
		for _, o := range c.Outcomes {
			rc.Shares.Add(o)
		}
		if c.HasExample {
			rc.HasExample = true
			runs[k] = append(runs[k], float64(c.Run))
			overlaps[k] = append(overlaps[k], c.Overlap)
		}
	}
	for k, i := range at {
		out[i].Run, out[i].Overlap = stats.Summarize(runs[k]), stats.Summarize(overlaps[k])
	}
	slices.SortStableFunc(out, func(a, b RepeatCell) int { return cmp.Compare(a.Episode, b.Episode) })
	return out
}

// repeatWriters computes each writer's pass rates per episode and pooled.
func (f *Findings) repeatWriters(runs []int) []RepeatWriter {
	// per writer, unit and key: the tally of that run's outcomes
	type wk struct {
		script string
		unit   Unit
	}
	per := map[wk]*criteria.Tallies{}
	var keys []criteria.Key
	for _, c := range f.Cells {
		k := wk{c.Script, Unit{c.Episode, c.Repeat}}
		if per[k] == nil {
			per[k] = &criteria.Tallies{}
		}
		for _, o := range c.Outcomes {
			per[k].Add(o)
			if !slices.Contains(keys, o.Key()) {
				keys = append(keys, o.Key())
			}
		}
	}
	units := f.units()
	var out []RepeatWriter
	for _, w := range f.Writers {
		for e := range runs {
			out = append(out, writerRates(w, e, keys, units, func(u Unit) *criteria.Tallies { return per[wk{w.Script, u}] }))
		}
		if len(runs) > 1 {
			out = append(out, writerRates(w, -1, keys, units, func(u Unit) *criteria.Tallies { return per[wk{w.Script, u}] }))
		}
	}
	return out
}

// writerRates is w's pass rate on each key over the units of episode e
// (every unit when e is -1): the mean of the units' pass rates, with
// Student's t interval, over the units where w has a scored section.
func writerRates(w Writer, e int, keys []criteria.Key, units []Unit, of func(Unit) *criteria.Tallies) RepeatWriter {
	rw := RepeatWriter{Script: w.Script, Alias: w.Alias, Episode: e}
	for _, k := range keys {
		var rates []float64
		for _, u := range units {
			ts := of(u)
			if ts == nil || e >= 0 && u.Episode != e {
				continue
			}
			if t := ts.Of(k); t.Scored() > 0 {
				rates = append(rates, float64(t.Pass)/float64(t.Scored()))
			}
		}
		if len(rates) > 0 {
			rw.Rates = append(rw.Rates, PassRate{Key: k, Interval: stats.MeanInterval(rates, 0, 1)})
		}
	}
	return rw
}

// runSplit decomposes C5's two measures over a grid of (episode, section)
// rows, writers across and runs as replicates: the sections with an
// example in every run for every writer. why is set when there is no such
// grid.
func (f *Findings) runSplit() (run, overlap stats.Replicated, why string) {
	col := f.columns()
	type row struct {
		episode int
		name    string
	}
	cells := map[row][][]*Cell{} // [writer][unit]
	var rows []row
	for i := range f.Cells {
		c := &f.Cells[i]
		r := row{c.Episode, c.Name}
		if cells[r] == nil {
			cells[r] = make([][]*Cell, len(f.Writers))
			rows = append(rows, r)
		}
		cells[r][col[c.Script]] = append(cells[r][col[c.Script]], c)
	}
	var runGrid, overlapGrid [][][]float64
	for _, r := range rows {
		complete := true
		rg, og := make([][]float64, len(f.Writers)), make([][]float64, len(f.Writers))
		for j, cs := range cells[r] {
			for _, c := range cs {
				complete = complete && c.HasExample
				rg[j], og[j] = append(rg[j], float64(c.Run)), append(og[j], c.Overlap)
			}
			complete = complete && len(cs) > 0
		}
		if complete {
			runGrid, overlapGrid = append(runGrid, rg), append(overlapGrid, og)
		}
	}
	var err error
	if run, err = stats.DecomposeReplicated(runGrid); err == nil {
		overlap, err = stats.DecomposeReplicated(overlapGrid)
	}
	switch {
	case errors.Is(err, stats.ErrShape):
		return run, overlap, "fewer than two sections, or two writers, were measured with an example in every run"
	case err != nil:
		return run, overlap, "the writers were not measured the same number of times on every section"
	}
	return run, overlap, ""
}

// WriterMeasures are a writer's C5 measures over its sections with an
// example (every run's): the longest run and the overlap, as minimum,
// median and maximum.
type WriterMeasures struct {
	Script       string // private
	Alias        string
	Run, Overlap stats.Summary
}

// Measures returns every writer's C5 measures, in the writers' order;
// a writer with no section with an example is left out.
func (f *Findings) Measures() []WriterMeasures {
	runs, overlaps := map[string][]float64{}, map[string][]float64{}
	for _, c := range f.Cells {
		if c.HasExample {
			runs[c.Script] = append(runs[c.Script], float64(c.Run))
			overlaps[c.Script] = append(overlaps[c.Script], c.Overlap)
		}
	}
	var out []WriterMeasures
	for _, w := range f.Writers {
		if len(runs[w.Script]) > 0 {
			out = append(out, WriterMeasures{Script: w.Script, Alias: w.Alias, Run: stats.Summarize(runs[w.Script]), Overlap: stats.Summarize(overlaps[w.Script])})
		}
	}
	return out
}
