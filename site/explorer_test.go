package site

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/reports/criteria"
)

// TestExplorerScriptIsAPartOfResults: the explorer's data holds the fields
// it reads, each as results.json writes it, and nothing else of
// results.json: not a cell's runs (their excerpts), not a judge's model,
// not the inputs' digests.
func TestExplorerScriptIsAPartOfResults(t *testing.T) {
	t.Parallel()
	fails := 3
	r := Results{
		Thresholds: ResultsThresholds{{"max_run", 12}, {"max_overlap", 0.1}},
		Cells: []ResultsCell{{Model: "Model 1", Section: "ACT 1", HasExample: true, Words: 80, Run: 18, Page: "cells/a.html",
			Runs: []ResultsRun{{Words: 18, Text: "picture a grocery"}},
			Criteria: map[string]criteria.Record{"C5": {Verdict: "FAIL", Rules: []string{"run"},
				Values: map[string]float64{"run": 18, "shared": 43, "distinct": 80}, Limits: map[string]float64{"max_run": 12}}}}},
		Summary:    []ResultsSummary{{Model: "Model 1", Fails: 1, Sections: 1}},
		Hypotheses: []ResultsHypothesis{{ID: "H1", Statement: "s", Verdict: "refuted", Reason: "r", SHA256: "ab", Prediction: ResultsPrediction{Kind: "fails_at_most", Model: "Model 1", Fails: &fails}}},
		Inputs:     []ResultsInput{{File: "sections.md", SHA256: "cd"}},
		Judged:     &ResultsJudged{Judges: []public.JudgedJudge{{ID: "primary", Name: "Primary judge", Valid: true, Model: "Basalt"}}},
	}
	r.Judged.Thresholds.C1MinPresent = 10
	got, err := explorerScript(&r)
	if err != nil {
		t.Fatal(err)
	}
	js, ok := strings.CutPrefix(string(got), "// evalpress explorer data: a part of data/results.json, for the results page's explorer.\nwindow.evalpressExplorer = ")
	if !ok || !strings.HasSuffix(js, ";\n") {
		t.Fatalf("not the explorer's script:\n%s", got)
	}
	var explorer, results any
	if err := json.Unmarshal([]byte(strings.TrimSuffix(js, ";\n")), &explorer); err != nil {
		t.Fatal(err)
	}
	full, _ := encodeJSON(r)
	json.Unmarshal(full, &results)
	if extra := notIn("", explorer, results); len(extra) > 0 {
		t.Errorf("the explorer's data holds what results.json does not: %q", extra)
	}
	for _, want := range []string{`"c1_min_present":10`, `"max_run":12`, `"distinct":80`, `"prediction":{"kind":"fails_at_most","model":"Model 1","fails":3}`, `"ID":"primary","Name":"Primary judge","Valid":true`} {
		if !strings.Contains(js, want) {
			t.Errorf("the explorer's data lacks %s:\n%s", want, js)
		}
	}
	for _, gone := range []string{"grocery", "sha256", "Basalt", "statement", "words"} {
		if strings.Contains(js, gone) {
			t.Errorf("the explorer's data holds %q", gone)
		}
	}
}

// notIn lists the paths of a that b does not hold with the same value.
func notIn(path string, a, b any) []string {
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok {
			return []string{path}
		}
		var out []string
		for k, v := range a {
			out = append(out, notIn(path+"."+k, v, bm[k])...)
		}
		return out
	case []any:
		bs, ok := b.([]any)
		if !ok || len(bs) != len(a) {
			return []string{path}
		}
		var out []string
		for i := range a {
			out = append(out, notIn(fmt.Sprintf("%s[%d]", path, i), a[i], bs[i])...)
		}
		return out
	}
	if fmt.Sprint(a) != fmt.Sprint(b) {
		return []string{path}
	}
	return nil
}
