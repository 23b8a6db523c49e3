package site

import (
	"reflect"
	"testing"

	"github.com/evalpress/evalpress/reports/criteria"
)

func TestCompareReleases(t *testing.T) {
	t.Parallel()
	cell := func(model, section, c5, g1 string) ResultsCell {
		return ResultsCell{Model: model, Section: section, Verdict: c5,
			Criteria: map[string]criteria.Record{"C5": {Verdict: c5}, "G1": {Verdict: g1}}}
	}
	th := func(maxRun float64) ResultsThresholds {
		return ResultsThresholds{{Name: "max_run", Value: maxRun}, {Name: "max_overlap", Value: 0.1}}
	}
	v1 := &Results{Thresholds: th(12), Cells: []ResultsCell{cell("Model 1", "HOOK", "pass", "pass"), cell("Model 2", "HOOK", "FAIL", "pass")}}
	tests := []struct {
		name    string
		b       *Results
		flips   []releaseFlip
		newEval bool
		summary string
	}{
		{"same", v1, nil, false, "0 verdicts changed, 0 thresholds"},
		{"flips", &Results{Thresholds: th(20), Cells: []ResultsCell{cell("Model 1", "HOOK", "pass", "FAIL"), cell("Model 2", "HOOK", "pass", "pass")}},
			[]releaseFlip{{"Model 1", "HOOK", "G1", "pass", "FAIL"}, {"Model 2", "HOOK", "C5", "FAIL", "pass"}}, false, "2 verdicts changed, 1 threshold"},
		{"other sections", &Results{Thresholds: th(12), Cells: []ResultsCell{cell("Model 1", "INTRO", "FAIL", "pass")}}, nil, true, "a new evaluation: no writer, or no section, in common"},
		{"other writers", &Results{Thresholds: th(12), Cells: []ResultsCell{cell("Model 9", "HOOK", "FAIL", "pass")}}, nil, true, "a new evaluation: no writer, or no section, in common"},
	}
	for _, tt := range tests {
		p := compareReleases("v1", "v2", v1, tt.b)
		if !reflect.DeepEqual(p.Flips, tt.flips) || p.NewEvaluation != tt.newEval || p.summary() != tt.summary {
			t.Errorf("%s: flips %v, new evaluation %v, %q; want %v, %v, %q", tt.name, p.Flips, p.NewEvaluation, p.summary(), tt.flips, tt.newEval, tt.summary)
		}
	}
}

func TestReleasesOfLinks(t *testing.T) {
	t.Parallel()
	old := &Results{Thresholds: ResultsThresholds{{Name: "max_run", Value: 12}}}
	list := []Release{{Name: "v1", Date: "2026-11-01", Number: 1, Results: old}, {Name: "v2", Date: "2026-12-01", Number: 2}}
	for _, tt := range []struct {
		here string
		link string
	}{{"", "releases/v1/index.html"}, {"v2", "../v1/index.html"}} {
		d := releasesOf(list, old, tt.here)
		if d.Rows[0].Link != tt.link || d.Rows[1].Here != (tt.here == "v2") || len(d.Pairs) != 1 || d.Pairs[0].ID != "v1--v2" {
			t.Errorf("here %q: rows %+v, pairs %+v", tt.here, d.Rows, d.Pairs)
		}
	}
	if d := releasesOf(nil, old, ""); d != nil {
		t.Errorf("no releases: %+v, want nil", d)
	}
}
