package site

import (
	"github.com/evalpress/evalpress/reports/criteria"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
)

var headingID = regexp.MustCompile(`<h[1-6] id="([^"]*)"`)

// TestHeadingIDs gives repeated headings the next free number, skipping
// one a heading of its own took.
func TestHeadingIDs(t *testing.T) {
	tests := []struct {
		headings []string
		want     []string
	}{
		{[]string{"h", "h", "h"}, []string{"h", "h-1", "h-2"}},
		{[]string{"h", "h-1", "h", "h"}, []string{"h", "h-1", "h-2", "h-3"}},
		{[]string{"h", "h", "h-1", "h"}, []string{"h", "h-1", "h-1-1", "h-2"}},
		{[]string{"h-2", "h", "h", "h", "h"}, []string{"h-2", "h", "h-1", "h-3", "h-4"}},
		{[]string{"Überblick", "überblick", "!!", "??"}, []string{"überblick", "überblick-1", "section", "section-1"}},
	}
	for _, tt := range tests {
		if got := headingIDs(t, tt.headings); !slices.Equal(got, tt.want) {
			t.Errorf("%q: ids %q, want %q", tt.headings, got, tt.want)
		}
	}
}

func headingIDs(tb testing.TB, headings []string) []string {
	var md strings.Builder
	for _, h := range headings {
		md.WriteString("## " + h + "\n\n")
	}
	pg, _, err := renderMarkdown(public.Document{Path: "d.md", Markdown: md.String()}, "content/d.md", map[string]bool{"d.md": true}, nil, fixture(), criteria.Default())
	if err != nil {
		tb.Fatal(err)
	}
	var ids []string
	for _, m := range headingID.FindAllStringSubmatch(string(pg.Body), -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// BenchmarkDuplicateHeadings renders a page of 50,000 identical headings,
// which took minutes when each ID searched from 1 again.
func BenchmarkDuplicateHeadings(b *testing.B) {
	headings := slices.Repeat([]string{"h"}, 50_000)
	for b.Loop() {
		if ids := headingIDs(b, headings); len(ids) != len(headings) || ids[len(ids)-1] != "h-49999" {
			b.Fatalf("last id %q of %d", ids[len(ids)-1], len(ids))
		}
	}
}
