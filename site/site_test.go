package site

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/reports/criteria"
)

var update = flag.Bool("update", false, "rewrite golden files")

func fixture() *public.Public {
	return publictest.Judge(&public.Public{
		Title:      "Fixture",
		Thresholds: public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8, MinRun: 8},
		Writers:    []public.Writer{{Alias: "Model 1"}, {Alias: "Model 2"}},
		Sections:   []string{"HOOK", "ACT 1"},
		Cells: []public.Cell{
			{Writer: "Model 1", Section: "HOOK", HasExample: true, Words: 30, Run: 4, Distinct: 23},
			{Writer: "Model 1", Section: "ACT 1", HasExample: true, Words: 80, Run: 40, Overlap: 0.5, Shared: 36, Distinct: 72},
			{Writer: "Model 2", Section: "HOOK", HasExample: true, Words: 31, Run: 11, Overlap: 0.125, Shared: 3, Distinct: 24},
			{Writer: "Model 2", Section: "ACT 1", HasExample: true, Words: 82, Run: 82, Overlap: 1, Shared: 75, Distinct: 75},
		},
		Hypotheses:      []public.Hypothesis{{ID: "H1", Verdict: "refuted", Statement: "Model 2 copies least.", Registered: "2026-07-01"}},
		MandatedPhrases: 3,
	})
}

// A document's placeholders are resolved on its page and in its download;
// a block placeholder becomes a marker; false claims come back together.
func TestPlaceholders(t *testing.T) {
	p := fixture()
	md := "# D {{count fails}}\n\n{{count fails}} of {{count cells}}.{{claim count(fails) == 0}}\n\n```\n{{count fails}}\n```\n\n{{ hypotheses }}\n\n{{claim max(run) < 10}}\n"
	pg, claims, err := renderMarkdown(public.Document{Path: "d.md", Markdown: md}, "content/d.md", map[string]bool{"d.md": true}, nil, p, criteria.Default())
	if err != nil {
		t.Fatal(err)
	}
	body := string(pg.Body)
	if !strings.Contains(body, "<p>3 of 4.</p>") || !strings.Contains(body, "{{count fails}}\n</span>") && !strings.Contains(body, "{{count fails}}") || !strings.Contains(body, "<p>EVALPRESSBLOCK0</p>") {
		t.Errorf("body:\n%s", body)
	}
	if pg.Title != "D 3" {
		t.Errorf("title %q", pg.Title)
	}
	if len(pg.Blocks) != 1 || pg.Blocks[0] != "hypotheses" {
		t.Errorf("blocks %v", pg.Blocks)
	}
	want := []string{
		"content/d.md:3:36: claim does not hold: count(fails) == 0 (count(fails) = 3)",
		"content/d.md:11:1: claim does not hold: max(run) < 10 (max(run) = 82)",
	}
	var got []string
	for _, c := range claims {
		got = append(got, c.Error())
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("claims:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !strings.HasPrefix(pg.Markdown, "# D 3\n\n3 of 4.\n\n```\n{{count fails}}\n```\n\n- **H1** (registered 2026-07-01): Model 2 copies least. Verdict: **refuted**") || strings.Contains(pg.Markdown, "claim") {
		t.Errorf("download:\n%s", pg.Markdown)
	}
	_, _, err = renderMarkdown(public.Document{Path: "d.md", Markdown: "a {{count bananas}}\n\nb {{if count(fails) > 0}}\n"}, "content/d.md", nil, nil, p, criteria.Default())
	if err == nil || err.Error() != "content/d.md:1:11: {{count bananas}}: count: unknown field \"bananas\" (one of: fails, passes, cells, no_example, writers, sections, mandated_phrases, changed_thresholds, registered_thresholds)\n"+
		"content/d.md:3:3: {{if}} is not closed by {{end}} in the same paragraph (a block {{if}} stands alone in its own paragraph)" {
		t.Errorf("error: %v", err)
	}
}

// TestPartialDocumentCheck: a document checked over a view made without
// an input that failed to read (CheckDocuments) reports its syntax, its
// links and the false claims whose values were all computed, but not the
// placeholders that need the missing data nor a claim with a value of n/a.
func TestPartialDocumentCheck(t *testing.T) {
	p := fixture()
	md := "a {{count bananas}} {{claim count(fails) == 0}}\n\n" +
		"{{claim agreement(C1, \"primary\", \"author\", kappa) > 0.5}}\n\n[gone](#nowhere)\n\nb {{if count(fails) > 0}}\n"
	for _, tc := range []struct {
		partial bool
		want    []string
	}{
		{false, []string{"1:11: {{count bananas}}", "1:21: claim does not hold", "3:1: claim does not hold: agreement", "7:3: {{if}} is not closed"}},
		{true, []string{"1:21: claim does not hold", "7:3: {{if}} is not closed"}},
	} {
		_, _, err := renderDocument(public.Document{Path: "d.md", Markdown: md}, "d.md", nil, nil, p, criteria.Default(), tc.partial)
		var got []string
		if err != nil {
			got = strings.Split(err.Error(), "\n")
		}
		ok := len(got) == len(tc.want)
		for i := 0; ok && i < len(got); i++ {
			ok = strings.HasPrefix(got[i], "d.md:"+tc.want[i])
		}
		if !ok {
			t.Errorf("partial %v:\n%s\nwant lines starting\n%s", tc.partial, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
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

` + "```python\ndef kappa(a, b):\n    return 1 if a == b else 0  # agreement\n```\n" + `

` + "```nosuchlanguage\n<script>&amp; +[-->+<]\n```\n" + `
### Überblick
`

func TestRenderMarkdownGolden(t *testing.T) {
	docs := map[string]bool{"index.md": true, "other.md": true}
	pg, _, err := renderMarkdown(public.Document{Path: "index.md", Markdown: goldenDoc}, "content/index.md", docs, nil, fixture(), criteria.Default())
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
	// A language outside the highlighted set is shown as plain text, escaped.
	if !strings.Contains(got, "&lt;script&gt;&amp;amp; +[--&gt;+&lt;]") {
		t.Error("the code block of a language outside the set is not shown escaped")
	}
	if !strings.Contains(got, `<span class="hl-k">def</span>`) {
		t.Error("the Python code block is not highlighted")
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
		{"# T\ntext\n{{summary}}\n", `content/a/index.md:3:1: block placeholder {{summary}} must stand alone`},
		// A data: URL is a file the leak scan cannot read, inside the page.
		{"# T\n\n![y](data:image/png;base64,SGFyYm91cmxpbmU=)\n", `content/a/index.md:3: link "data:image/png;base64,SGFyYm91cmxpbmU=" embeds a file in a data: URL`},
		{"# T\n\n[x](DATA:text/plain,Harbourline)\n", "embeds a file in a data: URL"},
		{"# T\n\n[x][r]\n\n[r]: data:,Harbourline\n", "content/a/index.md:5: link \"data:,Harbourline\" embeds"},
		// A branch not taken at these thresholds is checked all the same:
		// a rebuild that takes it must not meet a broken link.
		{"# T\n\n{{if count(fails) == 0}}\n\nNone fail: [x](gone.md).\n\n{{end}}\n", `content/a/index.md:5: link to a missing document "gone.md"`},
		{"# T\n\nSome {{if count(fails) == 0}}[x](gone.md){{end}} fail.\n", `content/a/index.md:3: link to a missing document "gone.md"`},
		{"# T\n\n{{if count(fails) > 0}}\n\nok\n\n{{else}}\n\n![i](pic.png)\n\n{{end}}\n", `link to a missing file "pic.png"`},
		{"# T\n\n{{if count(fails) == 0}}\n\n[x](#nowhere)\n\n{{end}}\n", `content/a/index.md:5: link to a missing anchor "#nowhere"`},
		// The first problem in the source is the one reported.
		{"# T\n\n{{if count(fails) == 0}}\n\n[x](gone.md)\n\n{{end}}\n\n[y](lost.md)\n", `content/a/index.md:5: link to a missing document "gone.md"`},
	}
	for _, tc := range tests {
		_, _, err := renderMarkdown(public.Document{Path: "a/index.md", Markdown: tc.md}, "content/a/index.md", docs, nil, fixture(), criteria.Default())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.md, err, tc.want)
		}
	}
}

// Links in a branch not taken may point at headings of any branch, and a
// heading a conditional removed takes no ID from the headings that stay.
func TestBranchesNotTakenHeadingsAndAnchors(t *testing.T) {
	md := "# T\n\n{{if count(fails) == 0}}\n\n## Notes\n\n[up](#notes)\n\n{{else}}\n\n## Notes\n\nFails: see [the notes](#notes).\n\n{{end}}\n\n## Notes\n\n[first](#notes) [second](#notes-1)\n"
	pg, _, err := renderMarkdown(public.Document{Path: "a/index.md", Markdown: md}, "content/a/index.md", map[string]bool{"a/index.md": true}, nil, fixture(), criteria.Default())
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, m := range headingID.FindAllStringSubmatch(string(pg.Body), -1) {
		ids = append(ids, m[1])
	}
	// The else branch is taken (the fixture has fails): its heading is
	// "notes", the last one "notes-1", as if the first branch were not there.
	if want := []string{"t", "notes", "notes-1"}; !slices.Equal(ids, want) {
		t.Errorf("ids %q, want %q", ids, want)
	}
}

func TestSensitivityMarksConfiguredValues(t *testing.T) {
	s := computeSensitivity(fixture(), criteria.Default())
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

// TestParseBaselineKeepsWhatTheChangesCompare: a results.json read back as
// a baseline has the thresholds and each cell's names, verdict, rules,
// values and judged grades, and the file's digest.
func TestParseBaselineKeepsWhatTheChangesCompare(t *testing.T) {
	p := fixture()
	for i := range p.Cells {
		p.Cells[i].Runs = []public.Run{{ID: 1, Words: p.Cells[i].Run, Text: "some words"}}
	}
	r := buildResults(p, criteria.Default(), []Change{{Model: "Model 1", Section: "HOOK", Before: "pass", After: "FAIL", Rules: []string{"run"}}})
	data, err := encodeJSON(r)
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := ParseBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	if sum := sha256.Sum256(data); parsed.SHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("parsed digest %q", parsed.SHA256)
	}
	want := &Results{Thresholds: r.Thresholds, SHA256: parsed.SHA256, Inputs: r.Inputs}
	for _, c := range r.Cells {
		want.Cells = append(want.Cells, ResultsCell{Model: c.Model, Section: c.Section, Verdict: c.Verdict, Rules: c.Rules, Judged: c.Judged,
			Run: c.Run, Overlap: c.Overlap, Criteria: c.Criteria, Runs: c.Runs})
	}
	if !reflect.DeepEqual(parsed, want) {
		t.Fatalf("parsed = %+v\nwant   = %+v", parsed, want)
	}
	// A site's copy of its baseline reads back the same, with the
	// digest of the file it was made from, and holds no text.
	copied, err := EncodeBaseline(parsed)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(copied), "some words") {
		t.Errorf("the baseline's copy holds a run's text:\n%s", copied)
	}
	again, err := ParseBaseline(copied)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want.Cells {
		want.Cells[i].Runs = nil
	}
	if !reflect.DeepEqual(again, want) {
		t.Errorf("the copy reads back as %+v\nwant %+v", again, want)
	}
}

func TestDriftWords(t *testing.T) {
	run := func(v float64) criteria.Threshold {
		return criteria.Threshold{Name: "max_run", Value: v, Now: "a longest run of %s words", Then: "%s words"}
	}
	if got, want := driftWords(public.Drift{Name: "max_run", Now: run(20), Registered: run(12)}), "a longest run of 20 words (registered: 12 words)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	bare := criteria.Threshold{Name: "toy", Value: 3}
	if got, want := driftWords(public.Drift{Name: "toy", Now: bare, Registered: criteria.Threshold{Name: "toy", Value: 2}}), "toy 2 → 3"; got != want {
		t.Errorf("without words: got %q, want %q", got, want)
	}
}

func TestThresholdNote(t *testing.T) {
	tests := []struct {
		now, registered *public.Thresholds
		want            string
	}{
		{&public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}, nil, ""},
		{&public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}, &public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}, ""},
		{&public.Thresholds{MaxRun: 20, MaxOverlap: 0.1, NGram: 8}, &public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8},
			"Verdicts here use a longest run of 20 words; the registered thresholds are 12 words."},
		{&public.Thresholds{MaxRun: 20, MaxOverlap: 0.13, NGram: 6}, &public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8},
			"Verdicts here use a longest run of 20 words, an overlap of 13% and 6-grams; the registered thresholds are 12 words, 10% and 8-grams."},
	}
	for _, tc := range tests {
		p := publictest.Thresholds(&public.Public{Thresholds: *tc.now, Registered: tc.registered})
		if got := thresholdNote(p); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	g1 := 0.15
	p := publictest.Thresholds(&public.Public{Thresholds: public.Thresholds{MaxRun: 12}, G1Tolerance: 0.2, RegisteredG1Tolerance: &g1})
	if got, want := thresholdNote(p), "Verdicts here use a length tolerance of 20%; the registered thresholds are 15%."; got != want {
		t.Errorf("G1: got %q, want %q", got, want)
	}
}

// TestParseBaselineReadsWhatADecoderReads: a results.json with more after
// its value (an editor's stray line) is read as it always was, by its
// first value; one that is no JSON at all, or of the wrong shape, is not.
func TestParseBaselineReadsWhatADecoderReads(t *testing.T) {
	data, err := encodeJSON(buildResults(fixture(), criteria.Default(), nil))
	if err != nil {
		t.Fatal(err)
	}
	want, err := ParseBaseline(data)
	if err != nil {
		t.Fatal(err)
	}
	trailing := append(append([]byte(nil), data...), "}\nnot json"...)
	got, err := ParseBaseline(trailing)
	if err != nil {
		t.Fatalf("with more after its value: %v", err)
	}
	got.SHA256, want.SHA256 = "", ""
	if !reflect.DeepEqual(got, want) {
		t.Errorf("with more after its value:\n got %+v\nwant %+v", got, want)
	}
	for _, bad := range []string{"not json", `{"cells": "none"}`, `{"thresholds": {"ngram": 8}, "cells": [{"model": 1}]}`, "[]"} {
		if _, err := ParseBaseline([]byte(bad)); err == nil {
			t.Errorf("%q read as a baseline", bad)
		}
	}
}
