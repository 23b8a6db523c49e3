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

// TestCellExcerptsFollowThePrivateVerdicts: only failing cells with an
// example have an excerpt.
func TestCellExcerptsFollowThePrivateVerdicts(t *testing.T) {
	th := criteria.C5Thresholds{MaxRun: 10, MaxOverlap: 0.5, NGram: 8}
	cells := []measure.Cell{
		{HasExample: true, Comparison: c5.Comparison{Run: 11}, RunText: "fails by its run"},
		{HasExample: true, Comparison: c5.Comparison{Run: 3, Overlap: 0.6}, RunText: "fails by overlap"},
		{HasExample: true, Comparison: c5.Comparison{Run: 10}, RunText: "passes"},
		{HasExample: false, Comparison: c5.Comparison{Run: 40}, RunText: "no example"},
	}
	got := CellExcerpts(matcher.New(nil), cells, th)
	want := []string{"fails by its run", "fails by overlap", "", ""}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("cell %d: excerpt %q, want %q", i, got[i], want[i])
		}
	}
}

// TestFindingsExcerptsAreCellExcerpts: the excerpts a build makes once
// for its view and its permits are CellExcerpts of the findings' cells,
// and the permits are those that are not "", in order.
func TestFindingsExcerptsAreCellExcerpts(t *testing.T) {
	th := criteria.C5Thresholds{MaxRun: 10, MaxOverlap: 0.5, NGram: 8}
	s, _ := criteria.Settings{}.With(criteria.Lookup(criteria.C5), criteria.C5Settings{C5Thresholds: th})
	f := &findings.Findings{Criteria: s}
	var cells []measure.Cell
	for i := range 50 {
		c := measure.Cell{HasExample: i%7 != 0, Comparison: c5.Comparison{Run: i % 20}, RunText: fmt.Sprintf("run %d of Northwind Media Group", i)}
		cells = append(cells, c)
		f.Cells = append(f.Cells, findings.Cell{Cell: c})
	}
	folder := &inputs.Folder{Redact: []inputs.Term{{Text: "Northwind Media Group", File: "redact.txt", Line: 1}}}
	got := FindingsExcerpts(folder, f)
	want := CellExcerpts(matcher.New(matcher.Terms(folder)), cells, th)
	if !slices.Equal(got, want) {
		t.Fatalf("FindingsExcerpts %q, CellExcerpts %q", got, want)
	}
	var nonEmpty []string
	for _, e := range want {
		if e != "" {
			nonEmpty = append(nonEmpty, e)
			if strings.Contains(e, "Northwind") {
				t.Fatalf("excerpt %q holds a private term", e)
			}
		}
	}
	if len(nonEmpty) == 0 || len(nonEmpty) == len(want) || !slices.Equal(Permits(got), nonEmpty) {
		t.Fatalf("permits %q of excerpts %q", Permits(got), got)
	}
}
