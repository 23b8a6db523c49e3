// Package figures computes, from the public view alone, the statistics the
// pages and the prose quote: how longest run and overlap split between
// sections and writers (with permutation tests), and how often chance
// alone gives a writer a FAIL gap as large as a hypothesis's. The numbers
// come from reports/stats; this package picks the cells and words them.
package figures

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// Seed fixes the shuffles of the permutation tests: the same view always
// gives the same figures.
const Seed = 20260701

// Spread is how the variation of one measure splits between sections and
// writers, over the sections that every writer was measured on.
type Spread struct {
	Measure  string // "longest run", "overlap"
	Sections int    // complete sections used
	Writers  int
	Parts    stats.Decomposition
	// BySection shuffles each writer's values among the sections; ByWriter
	// shuffles each section's values among the writers.
	BySection, ByWriter stats.Test
	OK                  bool // there were enough complete sections and writers
}

// Spreads are the decompositions of longest run and of overlap.
type Spreads struct {
	Run, Overlap Spread
	Omitted      []string // sections left out: not measured for every writer
}

// CompleteGrid returns, for the sections that every writer was measured
// on, value(cell) by section (rows) and writer (columns, in p.Writers
// order), with those sections' names and the names of the others.
func CompleteGrid[T any](p *public.Public, value func(public.Cell) T) (grid [][]T, sections, omitted []string) {
	col := map[string]int{}
	for i, w := range p.Writers {
		col[w.Alias] = i
	}
	bySection := map[string][]*public.Cell{}
	for i := range p.Cells {
		c := &p.Cells[i]
		if _, ok := col[c.Writer]; ok && c.HasExample {
			if bySection[c.Section] == nil {
				bySection[c.Section] = make([]*public.Cell, len(p.Writers))
			}
			bySection[c.Section][col[c.Writer]] = c
		}
	}
	for _, s := range p.Sections {
		cells, complete := bySection[s], bySection[s] != nil
		for _, c := range cells {
			complete = complete && c != nil
		}
		if !complete {
			omitted = append(omitted, s)
			continue
		}
		row := make([]T, len(cells))
		for j, c := range cells {
			row[j] = value(*c)
		}
		grid = append(grid, row)
		sections = append(sections, s)
	}
	return grid, sections, omitted
}

// Compute decomposes longest run and overlap over the complete sections
// and tests both shares. The four permutation tests, each with its own
// seeded draws, run on all cores.
func Compute(p *public.Public) Spreads {
	var s Spreads
	measures := []struct {
		name  string
		value func(public.Cell) float64
		out   *Spread
	}{
		{"longest run", func(c public.Cell) float64 { return float64(c.Run) }, &s.Run},
		{"overlap", func(c public.Cell) float64 { return c.Overlap }, &s.Overlap},
	}
	grids := make([][][]float64, len(measures))
	for i, m := range measures {
		grid, sections, omitted := CompleteGrid(p, m.value)
		grids[i], s.Omitted = grid, omitted
		*m.out = Spread{Measure: m.name, Sections: len(sections), Writers: len(p.Writers)}
	}
	// Each measure's decomposition and its two tests; a measure whose
	// grid cannot be decomposed or tested is not OK.
	errs := make([]error, 2*len(measures))
	_ = parallel.For(len(errs), func(k int) error {
		grid, sp := grids[k/2], measures[k/2].out
		opt := stats.Options{Seed: Seed}
		if k%2 == 0 {
			if sp.Parts, errs[k] = stats.Decompose(grid); errs[k] == nil {
				sp.BySection, errs[k] = stats.RowTest(grid, opt)
			}
			return nil
		}
		sp.ByWriter, errs[k] = stats.ColumnTest(grid, opt)
		return nil
	})
	for i, m := range measures {
		if errs[2*i] != nil {
			m.out.ByWriter = stats.Test{} // not tested after a failed decomposition or row test
		}
		m.out.OK = errs[2*i] == nil && errs[2*i+1] == nil
	}
	return s
}

// Measure returns the spread of "run" or "overlap".
func (s Spreads) Measure(name string) (Spread, bool) {
	switch name {
	case "run":
		return s.Run, true
	case "overlap":
		return s.Overlap, true
	}
	return Spread{}, false
}

// Sentence states the split and both tests in one sentence with the numbers.
func (sp Spread) Sentence() string {
	if !sp.OK {
		return fmt.Sprintf("The %s cannot be split between sections and writers: that needs at least two sections measured for every writer, and at least two writers.", sp.Measure)
	}
	d := sp.Parts
	return fmt.Sprintf("Of the variation in %s across %d sections by %d writers, %s lies between sections, %s between writers and %s in neither, "+
		"and rearranging the same values at random gives a section share that large %s and a writer share that large %s.",
		sp.Measure, sp.Sections, sp.Writers, WholePercent(d.RowShare()), WholePercent(d.ColumnShare()), WholePercent(d.ResidualShare()),
		testOdds(sp.BySection), testOdds(sp.ByWriter))
}

// testOdds says how often a test's arrangements reached the observed value.
func testOdds(t stats.Test) string {
	how := "every arrangement counted"
	if !t.Exact {
		how = "the observed arrangement and random ones"
	}
	return fmt.Sprintf("%s of the time (%s of %s, %s)", ChancePercent(t.P()), Thousands(int64(t.AtLeast)), Thousands(int64(t.Arrangements)), how)
}

// FigureNames are the names Figure knows, in the order the README lists them.
var FigureNames = []string{"sections", "writers", "neither", "section_chance", "writer_chance", "sentence"}

// Figure returns one of the spread's figures by name: the shares
// ("sections", "writers", "neither") and the tests' chances
// ("section_chance", "writer_chance") as fractions, or "sentence". ok is
// false for an unknown name; a spread that could not be computed has no
// numbers (number false).
func (sp Spread) Figure(name string) (x float64, text string, number, ok bool) {
	d := sp.Parts
	switch name {
	case "sections":
		x = d.RowShare()
	case "writers":
		x = d.ColumnShare()
	case "neither":
		x = d.ResidualShare()
	case "section_chance":
		x = sp.BySection.P()
	case "writer_chance":
		x = sp.ByWriter.P()
	case "sentence":
		return 0, sp.Sentence(), false, true
	default:
		return 0, "", false, false
	}
	return x, "", sp.OK, true
}

// Chance is how often shuffling each section's verdicts among the writers
// gives a FAIL gap at least as large as a hypothesis's writer shows.
type Chance struct {
	Writer string
	Gap    stats.FailGap
}

// HypothesisChance computes the chance figure of a hypothesis that names a
// writer, on the verdicts of its criterion (and judge): over the sections
// in which every writer has a pass or a FAIL. nil for a hypothesis that
// names no writer, or when there is nothing to compare.
func HypothesisChance(p *public.Public, h public.Hypothesis) *Chance {
	if h.Model == "" {
		return nil
	}
	key := criteria.Key{Criterion: criteria.ID(h.Criterion), Judge: h.Judge}
	if key.Criterion == "" {
		key.Criterion = criteria.C5
	}
	col := map[string]int{}
	target := -1
	for i, w := range p.Writers {
		col[w.Alias] = i
		if w.Alias == h.Model {
			target = i
		}
	}
	if target < 0 {
		return nil
	}
	bySection := map[string][]*criteria.Outcome{}
	for _, c := range p.Cells {
		j, ok := col[c.Writer]
		o, found := criteria.Find(c.Outcomes, key)
		if !ok || !found || o.Verdict != criteria.Pass && o.Verdict != criteria.Fail {
			continue
		}
		if bySection[c.Section] == nil {
			bySection[c.Section] = make([]*criteria.Outcome, len(p.Writers))
		}
		bySection[c.Section][j] = &o
	}
	var grid [][]bool
	for _, s := range p.Sections {
		row, complete := make([]bool, len(p.Writers)), bySection[s] != nil
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
	return &Chance{Writer: h.Model, Gap: g}
}

// Sentence states the chance figure with its numbers.
func (c *Chance) Sentence() string {
	g := c.Gap
	return fmt.Sprintf("%s has %d FAIL%s in the %d sections where every writer has a verdict, against %s on average for the others. "+
		"If each section's verdicts were handed out among the writers at random, a gap at least that large, either way, would come up in %s of %s equally likely outcomes (%s).",
		c.Writer, g.Fails, Plural(g.Fails), g.Rows, Decimal(g.Others, 1), bigThousands(g.AtLeast), bigThousands(g.Arrangements), ChancePercent(g.P()))
}

// WholePercent writes a share as a whole percentage.
func WholePercent(x float64) string { return strconv.Itoa(int(math.Round(x*100))) + "%" }

// ChancePercent writes a probability as a percentage with as many decimals
// as it takes to show its first significant digit (at most 2).
func ChancePercent(p float64) string {
	d := 2
	switch {
	case p >= 0.1 || p == 0:
		d = 0
	case p >= 0.01:
		d = 1
	}
	return strconv.FormatFloat(p*100, 'f', d, 64) + "%"
}

// Decimal writes x with at most d decimals, no trailing zeros.
func Decimal(x float64, d int) string {
	s := strconv.FormatFloat(x, 'f', d, 64)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// Thousands writes n with commas between groups of three digits.
func Thousands(n int64) string { return bigThousands(big.NewInt(n)) }

func bigThousands(n *big.Int) string {
	s := n.String()
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// Plural returns "s" unless n is 1.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
