package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/internal/testtree"
	"github.com/evalpress/evalpress/reports/criteria"
)

// x7Settings are the toy criterion's settings, read from [x7].
type x7Settings struct {
	MaxWords   int `toml:"max_words"`
	Registered *struct {
		MaxWords int `toml:"max_words"`
	} `toml:"registered"`
}

// sentenceEnd ends a sentence for the toy criterion.
var sentenceEnd = regexp.MustCompile(`[.!?]+`)

// longestSentence is the toy's measurement: the words of the section's
// longest sentence.
func longestSentence(text string) float64 {
	longest := 0
	for _, s := range sentenceEnd.Split(text, -1) {
		longest = max(longest, len(strings.Fields(s)))
	}
	return float64(longest)
}

// toyCriteria returns the evaluation's criteria with a toy criterion
// added the way another program adds its own (criteria.Default().With):
// X7 fails a section whose longest sentence passes max_words words. It is
// a quality criterion, neither the headline nor a gate, nor judged, and
// it defines the text measure it needs. Its ID is one no criterion of the
// evaluation will take.
func toyCriteria() criteria.Set {
	var x7 *criteria.Criterion
	x7 = criteria.New(criteria.Def[x7Settings]{
		ID: "X7", Title: "longest sentence", Kind: criteria.Quality, Block: "x7",
		Defaults: x7Settings{MaxWords: 60},
		Reports:  "pass rate per writer, and each section's longest sentence verdict",
		Needs:    []string{"longest_sentence"},
		Measures: []criteria.TextMeasure{{Name: "longest_sentence", Of: longestSentence}},
		Values:   []string{"longest"}, Limits: []string{"max_words"},
		Rules: []criteria.Rule{{Name: "sentence", Value: "longest", Limit: "max_words", Op: criteria.AtMost}},
		Judge: func(s x7Settings, m *criteria.Measurements) []criteria.Outcome {
			v, _ := m.Value("longest_sentence")
			return []criteria.Outcome{x7.JudgeRules([]criteria.Named{{Name: "longest", Value: v}}, []criteria.Named{{Name: "max_words", Value: float64(s.MaxWords)}})}
		},
		Registered: func(s x7Settings) (x7Settings, bool) {
			if s.Registered == nil {
				return s, false
			}
			s.MaxWords = s.Registered.MaxWords
			return s, true
		},
		Thresholds: func(s x7Settings) []criteria.Threshold {
			return []criteria.Threshold{{Key: "x7.max_words", Name: "x7.max_words", Label: "X7 longest sentence limit (words)",
				Value: float64(s.MaxWords), Now: "a longest sentence of %s words", Then: "%s words"}}
		},
		Words: func(s x7Settings) string { return fmt.Sprintf("a sentence of more than %d words fails", s.MaxWords) },
		Explain: func(o criteria.Outcome) []criteria.Check {
			v, _ := o.Value("longest")
			l, _ := o.Limit("max_words")
			return []criteria.Check{{Rule: "sentence", Failed: o.Fail(), Text: fmt.Sprintf("longest sentence %v words, at most %v: %s", v, l, o.Label())}}
		},
	})
	return criteria.Default().With(x7)
}

// TestAToyCriterionReachesEverySurface is the criteria seam's proof: a
// criterion defined here, and nowhere else in the project, is read from
// its config block, measured, judged, counted per writer, shown in the
// results tables, on its cell pages, in results.csv and results.json,
// in the reporting template (its page and its download), quoted by a
// document's placeholder,
// decides a hypothesis that names it, and its flipped verdicts are changes
// after a rebuild that changes its setting with --set.
func TestAToyCriterionReachesEverySurface(t *testing.T) {
	t.Parallel()
	crit := toyCriteria()
	dir := testtree.Write(t, t.TempDir(), readArchive(t, "seam.txtar"), nil)
	if code, stderr := buildSiteWith(t, crit, dir); code != 0 {
		t.Fatalf("build failed (%d): %s", code, stderr)
	}
	out := filepath.Join(dir, "public")
	files := testtree.Read(t, out)
	contains := func(file string, wants ...string) {
		t.Helper()
		for _, want := range wants {
			if !strings.Contains(files[file], want) {
				t.Errorf("%s lacks %q", file, want)
			}
		}
	}

	// results.json: every cell's X7 outcome, per-writer and per-criterion
	// totals, the hypothesis on X7.
	r := results(t, out)
	verdicts := map[string]string{}
	for _, c := range r["cells"].([]any) {
		cell := c.(map[string]any)
		rec := cell["criteria"].(map[string]any)["X7"].(map[string]any)
		verdicts[cell["model"].(string)+" "+cell["section"].(string)] = fmt.Sprint(rec["verdict"], " ", rec["values"].(map[string]any)["longest"])
	}
	for cell, want := range map[string]string{"Model 1 MIDDLE": "FAIL 65", "Model 2 END": "pass 45", "Model 1 INTRO": "pass 19"} {
		if verdicts[cell] != want {
			t.Errorf("results.json: %s's X7 is %q, want %q", cell, verdicts[cell], want)
		}
	}
	totals := map[string]string{}
	for _, s := range r["summary"].([]any) {
		w := s.(map[string]any)
		totals[fmt.Sprint(w["model"])] = fmt.Sprint(field(w, "criteria", "X7"))
	}
	// fail_low and fail_high are the FAIL share's 95% Wilson interval: 1 of
	// 3 is 0.061 to 0.792, 0 of 3 is 0 to 0.561, 1 of 6 is 0.030 to 0.564.
	if totals["Model 1"] != "map[ambiguous:0 fail:1 fail_high:0.792 fail_low:0.061 pass:2 unscored:0]" ||
		totals["Model 2"] != "map[ambiguous:0 fail:0 fail_high:0.561 fail_low:0 pass:3 unscored:0]" {
		t.Errorf("results.json: X7 totals per writer %v", totals)
	}
	if x7 := fmt.Sprint(field(r, "totals", "X7")); x7 != "map[ambiguous:0 fail:1 fail_high:0.564 fail_low:0.03 pass:5 unscored:0]" {
		t.Errorf("results.json: X7's totals %v", x7)
	}
	h7 := r["hypotheses"].([]any)[0].(map[string]any)
	if h7["criterion"] != "X7" || h7["verdict"] != "supported" || h7["reason"] != "Model 2 has strictly the fewest FAILs. X7 FAIL counts: Model 1 1 of 3, Model 2 0 of 3" {
		t.Errorf("results.json: H7 %v", h7)
	}
	if th := field(r, "thresholds", "x7_max_words"); th != 60.0 {
		t.Errorf("results.json: X7's threshold %v", th)
	}

	// results.csv: X7's column group.
	csv := strings.Split(files["data/results.csv"], "\n")
	if !strings.Contains(csv[0], "x7_verdict,x7_failed_rules,x7_longest,x7_max_words") {
		t.Errorf("results.csv header %q", csv[0])
	}
	contains("data/results.csv", "Model 1,MIDDLE,", ",FAIL,sentence,65,60,")

	// The results page: X7's per-writer totals, its column in the table of
	// every cell, the hypothesis; the cell page: X7's line.
	contains("results.html", "X7 failures per writer", "<th scope=\"row\">Model 1</th><td>1</td><td>3</td>",
		"Longest sentence (X7)", `data-value="65"`, "counting X7 FAILs", "a sentence of more than 60 words fails")
	contains("index.html", "X7 failures per writer", "1 of 6 sections fail X7.")
	contains("cells/model-1--middle.html", "longest sentence 65 words, at most 60: FAIL")
	contains("cells/model-2--end.html", "longest sentence 45 words, at most 60: pass")

	// The reporting template: X7's slot after the protocol's, saying what
	// it holds in X7's words, in the table and the plain text of the page,
	// and in the page's download.
	c7Slot := "Model 1: 2 of 3 pass; INTRO pass, MIDDLE FAIL, END pass"
	contains("protocol.html", `<th scope="row">X7 longest sentence</th><td>pass rate per writer, and each section&#39;s longest sentence verdict</td><td>`+c7Slot,
		"X7 longest sentence", "Model 2: 3 of 3 pass; INTRO pass, MIDDLE pass, END pass")
	contains("docs/protocol.md", "G1 length (gate)", "X7 longest sentence", c7Slot)
	for _, file := range []string{"protocol.html", "docs/protocol.md"} {
		text := files[file]
		if g1, x7 := strings.LastIndex(text, "G1 length (gate)"), strings.LastIndex(text, "X7 longest sentence"); g1 < 0 || x7 < g1 {
			t.Errorf("%s: X7's slot is not after the protocol's slots (G1 at %d, X7 at %d)", file, g1, x7)
		}
	}

	// A rebuild at 40 words flips Model 2's END: a change, on the changes
	// page and in results.json, and the hypothesis drifts.
	code, stderr := buildSiteWith(t, crit, dir, "--set", "x7.max_words=40")
	if code != 0 {
		t.Fatalf("rebuild failed (%d): %s", code, stderr)
	}
	for _, want := range []string{"x7.max_words 40 (registered 60)", "1 verdict changed since the previous build: Model 2 / END pass → FAIL"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("the rebuild says %q, not %q", stderr, want)
		}
	}
	files = testtree.Read(t, out)
	contains("changes.html", "X7 longest sentence limit (words)</th><td>60</td><td><strong>40</strong> (changed)",
		"1 cell changed its verdict", "<td>Model 2</td>", "X7 sentence")
	contains("results.html", "Verdicts here use a longest sentence of 40 words; the registered thresholds are 60 words.",
		"This build's thresholds differ:</strong> a longest sentence of 40 words (registered: 60 words)")
	r = results(t, out)
	changes := r["changes"].([]any)
	if len(changes) != 1 || fmt.Sprint(changes[0]) != "map[after:FAIL after_overlap:<nil> after_run:<nil> before:pass before_overlap:<nil> before_run:<nil> criterion:X7 model:Model 2 page:cells/model-2--end.html rules:[X7 sentence] section:END]" {
		t.Errorf("results.json: changes %v", changes)
	}
	h7 = r["hypotheses"].([]any)[0].(map[string]any)
	if h7["verdict"] != "refuted" || h7["verdict_registered"] != "supported" || fmt.Sprint(h7["threshold_drift"]) != "[x7.max_words 60 -> 40]" {
		t.Errorf("results.json: H7 at 40 words %v", h7)
	}
}

// field returns the value at the keys of JSON objects nested in v, or nil.
func field(v any, keys ...string) any {
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}
