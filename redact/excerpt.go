package redact

import (
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/matcher"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

// ExcerptChars is the most characters of a run an excerpt shows.
const ExcerptChars = 100

// ellipsis ends an excerpt that was cut.
const ellipsis = "…"

// Excerpt returns what a site may show of a run's normalised text: the
// whole text redacted first (so that no cut can split a private term into
// something the matcher cannot see), then shortened to at most ExcerptChars
// characters at a word boundary, with an ellipsis when it was cut.
func Excerpt(m *matcher.Matcher, runText string) string {
	redacted := m.Replace(runText)
	if utf8.RuneCountInString(redacted) <= ExcerptChars {
		return redacted
	}
	limit := ExcerptChars - utf8.RuneCountInString(ellipsis)
	cut, at, n := 0, 0, 0 // the last word boundary, the limit, in bytes
	for i, r := range redacted {
		if r == ' ' {
			cut = i
		}
		if n == limit {
			at = i
			break
		}
		n++
	}
	if cut == 0 { // one long word: cut it at the limit
		cut = at
	}
	return strings.TrimRight(redacted[:cut], " ") + ellipsis
}

// CellExcerpts returns, for each measured cell, the excerpt of its longest
// run (Excerpt) that a public build with excerpts shows, or "" when it shows
// none: a cell without an example, or one that passes the C5 thresholds.
// It reads only the private measurement and the thresholds, never a public
// view, so that build and check permit the same strings whatever a view
// holds.
func CellExcerpts(m *matcher.Matcher, cells []measure.Cell, th criteria.C5Thresholds) []string {
	out := make([]string, len(cells))
	for i := range cells {
		out[i] = cellExcerpt(m, &cells[i], th)
	}
	return out
}

// cellExcerpt is one cell's excerpt of CellExcerpts.
func cellExcerpt(m *matcher.Matcher, c *measure.Cell, th criteria.C5Thresholds) string {
	if c.HasExample && th.Judge(c.Run, c.Overlap, c.Shared, c.Distinct).Fail() {
		return Excerpt(m, c.RunText)
	}
	return ""
}

// PermittedExcerpts lists the excerpts a public build of folder with
// excerpts on may show (CellExcerpts): the leak scan permits each as the
// whole string it is, nothing longer.
func PermittedExcerpts(folder *inputs.Folder, cells []measure.Cell, th criteria.C5Thresholds) []string {
	return Permits(CellExcerpts(matcher.New(matcher.Terms(folder)), cells, th))
}

// FindingsExcerpts is CellExcerpts of the findings' cells, read where they
// are (a 200,000-cell copy of them took 32 MB), on all cores. A build
// makes them once, for its view (Input.Excerpts) and for its leak scan's
// permits (Permits), both from the private findings.
func FindingsExcerpts(folder *inputs.Folder, f *findings.Findings) []string {
	m := matcher.New(matcher.Terms(folder))
	out := make([]string, len(f.Cells))
	_ = parallel.For(len(out), func(i int) error {
		out[i] = cellExcerpt(m, &f.Cells[i].Cell, f.Criteria.C5().C5Thresholds)
		return nil
	})
	return out
}

// Permits returns the excerpts of cells (CellExcerpts) that are not "", in
// order: what the leak scan permits.
func Permits(excerpts []string) []string {
	var out []string
	for _, e := range excerpts {
		if e != "" {
			out = append(out, e)
		}
	}
	return out
}
