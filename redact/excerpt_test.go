package redact

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/evalpress/evalpress/matcher"
	"github.com/evalpress/evalpress/reports/c5"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/findings"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/measure"
)

// TestExcerptRedactsBeforeCutting: a term that straddles the cut is
// redacted whole, and the cut falls at a word boundary.
func TestExcerptRedactsBeforeCutting(t *testing.T) {
	m := matcher.New([]matcher.Term{{Text: "Northwind Media Group", Kind: matcher.KindRedact}})
	run := strings.Repeat("word ", 16) + "northwind media group and then a good many more words after it"
	got := Excerpt(m, run)
	if m.Contains(got) || strings.Contains(got, "northwind") {
		t.Fatalf("Excerpt = %q holds the term", got)
	}
	if !strings.Contains(got, "[redacted]") {
		t.Fatalf("Excerpt = %q: the term was cut before it was redacted", got)
	}
	if n := utf8.RuneCountInString(got); n > ExcerptChars {
		t.Fatalf("Excerpt has %d characters", n)
	}
	body := strings.TrimSuffix(got, ellipsis)
	if body == got || !strings.HasPrefix(strings.ReplaceAll(run, "northwind media group", "[redacted]"), body+" ") {
		t.Fatalf("Excerpt = %q is not cut at a word with an ellipsis", got)
	}
	if short := "a short run"; Excerpt(m, short) != short {
		t.Fatalf("a short run was changed")
	}
}

// TestExcerptRedactsTheTextAsWritten: terms are found in the run as it
// is written, before normalising (which would fold "Zoë" to "zo", a
// spelling no term has), across line breaks, whatever their case; the
// placeholder survives normalising and a cut, and the words around it
// are C5's.
func TestExcerptRedactsTheTextAsWritten(t *testing.T) {
	m := matcher.New([]matcher.Term{
		{Text: "Zoë Whitfield", Kind: matcher.KindRedact},
		{Text: "Šárka Novotná", Kind: matcher.KindRedact},
		{Text: "Brightwave Studios", Kind: matcher.KindMandated},
	})
	long := strings.Repeat("word ", 17)
	for _, tc := range []struct{ name, written, want string }{
		{"non-ASCII", "It was something Zoë Whitfield did, twice.", "it was something [redacted] did twice"},
		{"non-ASCII, other case", "ZOË WHITFIELD's plan", "[redacted] s plan"},
		{"letters outside Latin-1", "Ask Šárka Novotná (again)!", "ask [redacted] again"},
		{"across a line break", "something Zoë\nWhitfield did", "something [redacted] did"},
		{"across a blank line", "something Zoë\n\n  Whitfield did", "something [redacted] did"},
		{"a phrase", "Say hello to Brightwave\nStudios now", "say hello to [mandated phrase] now"},
		// 17 words and "and" take 88 characters: the term, from 90 on, runs
		// past the limit; redacted first, its placeholder fits.
		{"a term across the limit", long + "and Zoë Whitfield did more", strings.TrimSpace(long) + " and [redacted]…"},
		// 19 words take 94 characters: the placeholder does not fit, and
		// goes whole, never cut to "zo wh" or "[reda".
		{"a term past the limit", strings.Repeat("word ", 19) + "Zoë Whitfield did more", strings.TrimSpace(strings.Repeat("word ", 19)) + "…"},
		{"a placeholder at the limit", strings.Repeat("word ", 18) + "Zoë Whitfield", strings.Repeat("word ", 18) + "[redacted]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Excerpt(m, tc.written)
			if got != tc.want {
				t.Errorf("Excerpt(%q) = %q, want %q", tc.written, got, tc.want)
			}
			lower := strings.ToLower(got)
			for _, part := range []string{"zo", "whitfield", "novotn", "brightwave"} {
				if strings.Contains(strings.ReplaceAll(lower, "word", ""), part) {
					t.Errorf("Excerpt(%q) = %q holds %q", tc.written, got, part)
				}
			}
			if n := utf8.RuneCountInString(got); n > ExcerptChars {
				t.Errorf("Excerpt(%q) has %d characters", tc.written, n)
			}
		})
	}
	if got := Excerpt(m, strings.Repeat("x", 150)); got != strings.Repeat("x", 99)+ellipsis {
		t.Errorf("one long word: %q", got)
	}
}

// TestWrittenRunIsTheRunAsWritten: the run's words from the first's start
// to the last's end in the original text, whatever lies between them.
func TestWrittenRunIsTheRunAsWritten(t *testing.T) {
	text := "Before. It was Zoë\nWhitfield's idea, really — after."
	var tokens c5.Tokens
	c5.NewNormaliser(nil).TokeniseWithOffsets(text, c5.NewDict(), &tokens)
	// before it was zo whitfield s idea really after
	if got := WrittenRun(text, &tokens, 1, 7); got != "It was Zoë\nWhitfield's idea, really" {
		t.Errorf("WrittenRun = %q", got)
	}
	if got := WrittenRun(text, &tokens, 1, 0); got != "" {
		t.Errorf("an empty run: %q", got)
	}
}

// TestCellExcerptsFollowThePrivateVerdicts: only failing cells with an
// example have an excerpt, and only theirs are read.
func TestCellExcerptsFollowThePrivateVerdicts(t *testing.T) {
	th := criteria.C5Thresholds{MaxRun: 10, MaxOverlap: 0.5, NGram: 8}
	cells := []measure.Cell{
		{HasExample: true, Comparison: c5.Comparison{Run: 11}},
		{HasExample: true, Comparison: c5.Comparison{Run: 3, Overlap: 0.6}},
		{HasExample: true, Comparison: c5.Comparison{Run: 10}},
		{HasExample: false, Comparison: c5.Comparison{Run: 40}},
	}
	runs := []string{"Fails by its run.", "Fails by OVERLAP", "passes", "no example"}
	var read []int
	got, err := CellExcerpts(matcher.New(nil), cells, func(i int) (string, error) { read = append(read, i); return runs[i], nil }, th)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"fails by its run", "fails by overlap", "", ""}
	if !slices.Equal(got, want) || !slices.Equal(read, []int{0, 1}) {
		t.Errorf("excerpts %q (read %v), want %q", got, read, want)
	}
}

// TestFindingsExcerptsAreCellExcerpts: the excerpts a build makes once
// for its view and its permits are CellExcerpts of the findings' cells,
// each run as written in its section, and the permits are those that are
// not "", in order.
func TestFindingsExcerptsAreCellExcerpts(t *testing.T) {
	th := criteria.C5Thresholds{MaxRun: 10, MaxOverlap: 0.5, NGram: 8}
	s, _ := criteria.Settings{}.With(criteria.Default().Lookup(criteria.C5), criteria.C5Settings{C5Thresholds: th})
	f := &findings.Findings{Criteria: s}
	var cells []measure.Cell
	var written []string
	for i := range 50 {
		raw := fmt.Sprintf("Run %d of Northwind Media Group, said Zoë Whitfield: %s.", i, strings.Repeat("and more ", i%20))
		text := &findings.Text{Raw: raw}
		c5.NewNormaliser(nil).TokeniseWithOffsets(raw, c5.NewDict(), &text.Tokens)
		c := measure.Cell{HasExample: i%7 != 0, Comparison: c5.Comparison{Run: i % 20, RunSectionAt: 1}}
		c.Run = min(c.Run, text.Tokens.Len()-1)
		cells = append(cells, c)
		written = append(written, WrittenRun(raw, &text.Tokens, 1, c.Run))
		f.Cells = append(f.Cells, findings.Cell{Cell: c, SectionText: text})
	}
	folder := &inputs.Folder{Redact: []inputs.Term{{Text: "Northwind Media Group", File: "redact.txt", Line: 1}, {Text: "Zoë Whitfield", File: "redact.txt", Line: 2}}}
	got := FindingsExcerpts(folder, f)
	want, err := CellExcerpts(matcher.New(matcher.Terms(folder)), cells, func(i int) (string, error) { return written[i], nil }, th)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("FindingsExcerpts %q, CellExcerpts %q", got, want)
	}
	var nonEmpty []string
	for _, e := range want {
		if e != "" {
			nonEmpty = append(nonEmpty, e)
			if l := strings.ToLower(e); strings.Contains(l, "northwind") || strings.Contains(l, "whitfield") {
				t.Fatalf("excerpt %q holds a private term", e)
			}
		}
	}
	if len(nonEmpty) == 0 || len(nonEmpty) == len(want) || !slices.Equal(Permits(got), nonEmpty) {
		t.Fatalf("permits %q of excerpts %q", Permits(got), got)
	}
}
