package redact

import (
	"strings"
	"unicode/utf8"

	"github.com/evalpress/evalpress/internal/parallel"
	"github.com/evalpress/evalpress/matcher"

	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

// ExcerptChars is the most characters of a run an excerpt shows.
const ExcerptChars = 100

// ellipsis ends an excerpt that was cut.
const ellipsis = "…"

// Excerpt returns what a site may show of a run, given as written in its
// section: first redacted on the text as written (so that every spelling
// the matcher knows, accents and line breaks included, is found before
// normalising could turn it into one it does not know: "Zoë" into "zo"),
// then normalised as C5 reads it (lower case, punctuation dropped, words
// joined by spaces) around the placeholders, then cut at a word to at most
// ExcerptChars characters, with an ellipsis when it was cut. A placeholder
// is never cut.
func Excerpt(m *matcher.Matcher, written string) string {
	var units []string // words and placeholders
	norm := c5.NewNormaliser(nil)
	var tokens c5.Tokens
	dict := c5.NewDict()
	words := func(text string) {
		norm.Tokenise(text, dict, &tokens)
		if n := tokens.Len(); n > 0 {
			// Words joins them with single spaces, and no word holds one:
			// read at once, not word by word (Word seeks each from its mark).
			units = append(units, strings.Split(tokens.Words(0, n), " ")...)
		}
	}
	prev := 0
	for _, mt := range m.Find(written) {
		words(written[prev:mt.Start])
		units = append(units, matcher.Placeholder(mt.Term.Kind))
		prev = mt.End
	}
	words(written[prev:])
	limit := ExcerptChars - utf8.RuneCountInString(ellipsis)
	var b strings.Builder
	n := 0 // characters in b
	for i, u := range units {
		if i > 0 {
			n++
		}
		n += utf8.RuneCountInString(u)
		if n > ExcerptChars || n > limit && i < len(units)-1 {
			if b.Len() == 0 { // one long word: cut it at the limit
				return string([]rune(u)[:limit]) + ellipsis
			}
			return b.String() + ellipsis
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(u)
	}
	return b.String()
}

// WrittenRun returns the words [at, at+n) of a text tokenised with
// offsets as they are written in it, from the first word's start to the
// last's end: what Excerpt takes. "" when n is 0 or the words are not in
// tokens.
func WrittenRun(text string, tokens *c5.Tokens, at, n int) string {
	if n <= 0 || at < 0 || at+n > len(tokens.Start) || at+n > len(tokens.End) {
		return ""
	}
	return text[tokens.Start[at]:tokens.End[at+n-1]]
}

// CellExcerpts returns, for each measured cell, the excerpt of its longest
// run (Excerpt) that a public build with excerpts shows, or "" when it shows
// none: a cell without an example, or one that passes the C5 thresholds.
// written returns cell i's longest run as written (WrittenRun), asked only
// of the cells that show one. It reads only the private measurement and
// the thresholds, never a public view, so that build and check permit the
// same strings whatever a view holds.
func CellExcerpts(m *matcher.Matcher, cells []measure.Cell, written func(i int) (string, error), th criteria.C5Thresholds) ([]string, error) {
	out := make([]string, len(cells))
	for i := range cells {
		if !shows(&cells[i], th) {
			continue
		}
		run, err := written(i)
		if err != nil {
			return nil, err
		}
		out[i] = Excerpt(m, run)
	}
	return out, nil
}

// shows reports whether cell c shows an excerpt under th: it has an
// example and fails C5.
func shows(c *measure.Cell, th criteria.C5Thresholds) bool {
	return c.HasExample && th.Judge(c.Run, c.Overlap, c.Shared, c.Distinct).Fail()
}

// PermittedExcerpts lists the excerpts a public build of folder with
// excerpts on may show (CellExcerpts), from a measurement that kept its
// texts (measure.RunWithTexts): the leak scan permits each as the whole
// string it is, nothing longer.
func PermittedExcerpts(folder *inputs.Folder, res *measure.Result, texts *measure.Texts, th criteria.C5Thresholds) ([]string, error) {
	written := func(i int) (string, error) {
		c := &res.Cells[i]
		text, err := folder.SectionText(c.Section)
		if err != nil {
			return "", err
		}
		return WrittenRun(text, texts.Section[i], c.RunSectionAt, c.Run), nil
	}
	excerpts, err := CellExcerpts(matcher.New(matcher.Terms(folder)), res.Cells, written, th)
	return Permits(excerpts), err
}

// FindingsExcerpts is CellExcerpts of the findings' cells, read where they
// are (a 200,000-cell copy of them took 32 MB), on all cores, each run as
// written in its cell's section text. A build makes them once, for its
// view (Input.Excerpts) and for its leak scan's permits (Permits), both
// from the private findings.
func FindingsExcerpts(folder *inputs.Folder, f *findings.Findings) []string {
	m := matcher.New(matcher.Terms(folder))
	th := f.Criteria.C5().C5Thresholds
	out := make([]string, len(f.Cells))
	_ = parallel.For(len(out), func(i int) error {
		if c := &f.Cells[i]; shows(&c.Cell, th) {
			out[i] = Excerpt(m, cellRun(c))
		}
		return nil
	})
	return out
}

// cellRun is a findings cell's longest run as written ("" without texts).
func cellRun(c *findings.Cell) string {
	if c.SectionText == nil {
		return ""
	}
	return WrittenRun(c.SectionText.Raw, &c.SectionText.Tokens, c.RunSectionAt, c.Run)
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
