package site

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
)

var update = flag.Bool("update", false, "rewrite golden files")

func fixture() *public.Public {
	return &public.Public{
		Title:      "Fixture",
		Thresholds: public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8, MinRun: 8},
		Writers:    []public.Writer{{Alias: "Model 1", Fails: 1, Sections: 2}, {Alias: "Model 2", Fails: 2, Sections: 2}},
		Sections:   []string{"HOOK", "ACT 1"},
		Cells: []public.Cell{
			{Writer: "Model 1", Section: "HOOK", HasExample: true, Words: 30, Run: 4, Distinct: 23},
			{Writer: "Model 1", Section: "ACT 1", HasExample: true, Words: 80, Run: 40, Overlap: 0.5, Shared: 36, Distinct: 72, Fail: true, RunFails: true, OverlapFails: true},
			{Writer: "Model 2", Section: "HOOK", HasExample: true, Words: 31, Run: 11, Overlap: 0.125, Shared: 3, Distinct: 24, Fail: true, OverlapFails: true},
			{Writer: "Model 2", Section: "ACT 1", HasExample: true, Words: 82, Run: 82, Overlap: 1, Shared: 75, Distinct: 75, Fail: true, RunFails: true, OverlapFails: true},
		},
		Hypotheses:      []public.Hypothesis{{ID: "H1", Verdict: "refuted", Statement: "Model 2 copies least.", Registered: "2026-07-01"}},
		MandatedPhrases: 3,
	}
}

func TestPlaceholders(t *testing.T) {
	p := fixture()
	tests := []struct{ in, want, err string }{
		{"{{count fails}} of {{count cells}}", "3 of 4", ""},
		{"{{ count  passes }}", "1", ""},
		{"{{threshold max_run}} / {{threshold max_overlap}} / {{threshold ngram}}", "12 / 10% / 8", ""},
		{`{{writer "Model 2" fails}} of {{writer "Model 2" sections}} ({{writer "Model 1" fail_rate}})`, "2 of 2 (50%)", ""},
		{`{{cell "Model 2" "HOOK" overlap}} {{cell "Model 2" "HOOK" rules}} {{cell "Model 2" "HOOK" verdict}}`, "12.5% overlap FAIL", ""},
		{"{{hypothesis H1 verdict}}", "refuted", ""},
		{"`{{count fails}}` and \\{{literal}}", "`{{count fails}}` and {{literal}}", ""},
		{"{{count bananas}}", "", "unknown placeholder {{count bananas}}"},
		{`{{writer "Model 9" fails}}`, "", `no writer "Model 9"`},
		{`{{cell "Model 1" "CTA" run}}`, "", `no cell for writer "Model 1" and section "CTA"`},
		{"{{count fails", "", `not closed`},
	}
	for _, tc := range tests {
		got, _, err := expandPlaceholders(tc.in+"\n", p)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || strings.TrimSpace(got) != tc.want {
			t.Errorf("%q: got %q (%v), want %q", tc.in, got, err, tc.want)
		}
	}
	// Fenced code is left alone; a block placeholder becomes a marker.
	got, blocks, err := expandPlaceholders("```\n{{count fails}}\n```\n\n{{ hypotheses }}\n", p)
	if err != nil || !strings.Contains(got, "```\n{{count fails}}\n```") || len(blocks) != 1 || blocks[0].name != "hypotheses" || blocks[0].line != 5 {
		t.Errorf("got %q %v %v", got, blocks, err)
	}
}

const goldenDoc = `# Überblick: the document

Numbers: {{count fails}} of {{count cells}}; limit {{threshold max_run}}.

## Tables and notes

| a | b |
| --- | --- |
| 1 | 2 |

A footnote.[^1]

[^1]: The note.

## Links

[Other](other.md#part), [same page](#tables-and-notes), [web](https://example.org/), [bad](javascript:alert(1)).

<script>alert("raw html stays off")</script>

` + "```go\nfunc main() {}\n```\n" + `
### Überblick
`

func TestRenderMarkdownGolden(t *testing.T) {
	docs := map[string]bool{"index.md": true, "other.md": true}
	pg, err := renderMarkdown(public.Document{Path: "index.md", Markdown: goldenDoc}, "content/index.md", docs, nil, fixture())
	if err != nil {
		t.Fatal(err)
	}
	got := "title: " + pg.Title + "\ntoc:"
	for _, e := range pg.TOC {
		got += " " + e.ID
	}
	got += "\n" + string(pg.Body)
	path := filepath.Join("testdata", "doc.golden.html")
	if *update {
		os.WriteFile(path, []byte(got), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if got != string(want) {
		t.Errorf("rendered document differs from %s:\n%s", path, got)
	}
	for _, must := range []string{`href="other.html#part"`, `id="überblick-the-document"`, `id="überblick"`, `class="footnotes"`, `class="hl-`, `<!-- raw HTML omitted -->`} {
		if !strings.Contains(got, must) {
			t.Errorf("rendered document lacks %q", must)
		}
	}
	if strings.Contains(got, "javascript:") || strings.Contains(got, "<script>") {
		t.Error("a script or javascript: link reached the page")
	}
}

func TestRenderMarkdownLinkErrors(t *testing.T) {
	docs := map[string]bool{"a/index.md": true}
	tests := []struct{ md, want string }{
		{"# T\n\n[x](missing.md)\n", `content/a/index.md:3: link to a missing document "missing.md"`},
		{"# T\n\ntext\n\n[x](#nowhere)\n", `content/a/index.md:5: link to a missing anchor "#nowhere"`},
		{"# T\n\n[x](/abs.html)\n", "is an absolute path"},
		{"# T\n\n[x](../../up.md)\n", "leaves the site folder"},
		{"# T\n\n![img](pic.png)\n", `link to a missing file "pic.png"`},
		{"# T\n\n{{summary}}\n\n{{hypotheses}}\n\n[x](gone.md)\n", `content/a/index.md:7: link to a missing document "gone.md"`},
		{"# T\ntext\n{{summary}}\n", `content/a/index.md:3: block placeholder {{summary}} must stand alone`},
	}
	for _, tc := range tests {
		_, err := renderMarkdown(public.Document{Path: "a/index.md", Markdown: tc.md}, "content/a/index.md", docs, nil, fixture())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.md, err, tc.want)
		}
	}
}

func TestSensitivityMarksConfiguredValues(t *testing.T) {
	s := computeSensitivity(fixture())
	var configured []string
	for _, pt := range append(s.Run, s.Overlap...) {
		if pt.Configured {
			configured = append(configured, pt.Label)
		}
	}
	if strings.Join(configured, ",") != "12,10" {
		t.Fatalf("configured points %v", configured)
	}
	for _, pt := range s.Run {
		if pt.Label == "40" && (pt.Fails[0] != 1 || pt.Fails[1] != 2) { // overlap still fails them
			t.Errorf("max_run 40: fails %v", pt.Fails)
		}
	}
}

// TestBaselineOfResultsIsWhatParsingItsJSONGives: a build caches
// Results.Baseline in place of parsing its results.json again.
func TestBaselineOfResultsIsWhatParsingItsJSONGives(t *testing.T) {
	p := fixture()
	for i := range p.Cells {
		p.Cells[i].Runs = []public.Run{{ID: 1, Words: p.Cells[i].Run, Text: "some words"}}
	}
	r := buildResults(p, []Change{{Model: "Model 1", Section: "HOOK", Before: "pass", After: "FAIL", Rules: []string{"run"}}})
	data, err := encodeJSON(r)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := ParseBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Baseline(); !reflect.DeepEqual(got, parsed) {
		t.Fatalf("Baseline() = %+v\nparsed   = %+v", got, parsed)
	}
}
