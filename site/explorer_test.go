package site

import (
	"strings"
	"testing"
)

// TestExplorerScriptIsAPartOfResults: the explorer's data keeps the fields
// it reads, numbers as written, and nothing else of results.json: not a
// cell's runs (their excerpts), not the inputs' digests.
func TestExplorerScriptIsAPartOfResults(t *testing.T) {
	t.Parallel()
	results := `{"thresholds": {"max_run": 12, "max_overlap": 0.1},
 "cells": [{"model": "Model 1", "section": "ACT 1", "words": 80, "page": "cells/a.html", "has_example": true,
   "runs": [{"words": 18, "text": "picture a grocery"}],
   "criteria": {"C5": {"verdict": "FAIL", "values": {"run": 18, "shared": 43, "distinct": 80, "overlap": 0.5375}}}}],
 "summary": [{"model": "Model 1", "fails": 1}],
 "hypotheses": [{"id": "H1", "statement": "s", "verdict": "refuted", "reason": "r", "sha256": "ab", "prediction": {"kind": "fewest_fails", "model": "Model 1"}}],
 "inputs": [{"file": "sections.md", "sha256": "cd"}],
 "judged": {"thresholds": {"c1_min_present": 10}, "judges": [{"ID": "primary", "Name": "Primary judge", "Valid": true, "Model": "Basalt"}], "rates": []}}`
	got, err := explorerScript([]byte(results))
	if err != nil {
		t.Fatal(err)
	}
	const want = `// evalpress explorer data: a part of data/results.json, for the results page's explorer.
window.evalpressExplorer = {"cells":[{"criteria":{"C5":{"values":{"distinct":80,"overlap":0.5375,"run":18,"shared":43},"verdict":"FAIL"}},"has_example":true,"model":"Model 1","page":"cells/a.html","section":"ACT 1"}],"hypotheses":[{"id":"H1","prediction":{"kind":"fewest_fails","model":"Model 1"},"reason":"r","verdict":"refuted"}],"judged":{"judges":[{"ID":"primary","Name":"Primary judge","Valid":true}],"thresholds":{"c1_min_present":10}},"summary":[{"model":"Model 1"}],"thresholds":{"max_overlap":0.1,"max_run":12}};
`
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, gone := range []string{"grocery", "sha256", "Basalt", "statement", "words"} {
		if strings.Contains(string(got), gone) {
			t.Errorf("the explorer's data holds %q", gone)
		}
	}
	if _, err := explorerScript([]byte(`{"cells": [`)); err == nil || !strings.Contains(err.Error(), "results.json") {
		t.Errorf("a broken results.json: %v", err)
	}
}
