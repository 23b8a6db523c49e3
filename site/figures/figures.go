// Package figures words the statistics the pages and the prose quote, as
// the findings computed them (reports/findings, with reports/stats): how
// longest run and overlap split between sections and writers, with their
// permutation tests, and how often chance alone gives a writer a FAIL gap
// as large as a hypothesis's. It computes nothing but the words.
package figures

import (
	"fmt"
	"github.com/evalpress/evalpress/internal/numfmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/stats"
)

// Spread is one measure's split between sections (the grid's rows) and
// writers (its columns), as the pages word it.
type Spread struct {
	Measure string // "longest run", "overlap"
	stats.Spread
}

// Spreads are the decompositions of longest run and of overlap.
type Spreads struct {
	Run, Overlap Spread
	Omitted      []string // sections left out: not measured for every writer
}

// Of returns the view's statistics as the pages word them.
func Of(p *public.Public) Spreads {
	st := p.Statistics
	return Spreads{Run: Spread{"longest run", st.Run}, Overlap: Spread{"overlap", st.Overlap}, Omitted: st.Omitted}
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
		sp.Measure, sp.Rows, sp.Columns, WholePercent(d.RowShare()), WholePercent(d.ColumnShare()), WholePercent(d.ResidualShare()),
		testOdds(sp.ByRow), testOdds(sp.ByColumn))
}

// testOdds says how often a test's arrangements reached the observed value.
func testOdds(t stats.Test) string {
	how := "every arrangement counted"
	if !t.Exact {
		how = "the observed arrangement and random ones"
	}
	return fmt.Sprintf("%s of the time (%s of %s, %s)", ChancePercent(t.P()), Thousands(int64(t.AtLeast)), Thousands(int64(t.Arrangements)), how)
}

// FigureNames are the names Figure knows, in the order docs/documents.md lists them.
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
		x = sp.ByRow.P()
	case "writer_chance":
		x = sp.ByColumn.P()
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

// ChanceOf returns the chance figure of a hypothesis as the pages word it;
// nil when it has none (it names no writer, or nothing compares).
func ChanceOf(h public.Hypothesis) *Chance {
	if h.Chance == nil {
		return nil
	}
	return &Chance{Writer: h.Model, Gap: *h.Chance}
}

// Sentence states the chance figure with its numbers.
func (c *Chance) Sentence() string {
	g := c.Gap
	return fmt.Sprintf("%s has %d FAIL%s in the %d sections where every writer has a verdict, against %s on average for the others. "+
		"If each section's verdicts were handed out among the writers at random, a gap at least that large, either way, would come up in %s of %s equally likely outcomes (%s).",
		c.Writer, g.Fails, Plural(g.Fails), g.Rows, Decimal(g.Others, 1), bigThousands(g.AtLeast), bigThousands(g.Arrangements), ChancePercent(g.P()))
}

// WholePercent writes a share as every page does (numfmt.Percent: one
// decimal, none when whole); its name is kept for its callers.
func WholePercent(x float64) string { return numfmt.Percent(x) }

// ChancePercent writes a probability as every page does (numfmt.Chance).
func ChancePercent(p float64) string { return numfmt.Chance(p) }

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
