package findings

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/hypotheses"
	"github.com/evalpress/evalpress/reports/inputs"
	"github.com/evalpress/evalpress/reports/judged"
	"github.com/evalpress/evalpress/reports/measure"
	"github.com/evalpress/evalpress/reports/validation"
)

func TestJudgedHypotheses(t *testing.T) {
	sections := []inputs.Section{{Script: "A", Name: "ACT 1"}, {Script: "A", Name: "ACT 2"}, {Script: "B", Name: "ACT 1"}, {Script: "B", Name: "ACT 2"}}
	block := func(c2 string) string {
		return "=== ANALYSIS ===\nsteps\n=== VERDICTS ===\nC1_COVERAGE: 9 of 12\nC2_DEVELOPMENT: " + c2 + "\nC4_ADDITIONS: PASS\nC6_ON_BRIEF: PASS\nAMBIGUOUS: NONE\n"
	}
	fsys := fstest.MapFS{
		"judged/judges.toml": {Data: []byte("[[judge]]\nid = \"primary\"\nrole = \"primary\"\nmodel = \"m\"\nrun = 2026-07-02T09:00:00Z\nprompt_sha256 = \"" + strings.Repeat("a", 64) + "\"\nversion = \"1\"\niterations = 0\norder = \"randomised\"\n")},
		"judged/primary.md": {Data: []byte("# A\n## ACT 1\n" + block("2 of 4") + "## ACT 2\n" + block("2 of 4") +
			"# B\n## ACT 1\n" + block("0 of 4") + "## ACT 2\n" + block("1 of 4"))},
	}
	tier, err := judged.Load(fsys, "in", sections)
	if err != nil {
		t.Fatal(err)
	}
	hyp := func(kind, model, criterion, judge string) hypotheses.Hypothesis {
		return hypotheses.Hypothesis{ID: "H", Prediction: hypotheses.Prediction{Kind: kind, Model: model, Criterion: criterion, Judge: judge}}
	}
	// C5 passes Model 1's sections and fails Model 2's, the opposite of C2.
	f := &Findings{Writers: []Writer{{Script: "A", Alias: "Model 1"}, {Script: "B", Alias: "Model 2"}},
		Judged: tier, JudgedResults: judged.Evaluate(tier, judged.ThresholdsOf(criteria.Settings{}), nil, sections)}
	for _, sec := range sections {
		c := Cell{Cell: measure.Cell{Section: sec, HasExample: true}, Judgments: f.JudgedResults.Judgments(tier, sec.Script, sec.Name, func(string) bool { return true })}
		if sec.Script == "B" {
			c.Comparison.Run = 40
		}
		add(f, c)
	}
	tests := []struct {
		h       hypotheses.Hypothesis
		verdict string
		reason  string
	}{
		// C5 FAIL counts say the opposite of C2's: the prediction reads its own criterion.
		{hyp(hypotheses.FewestFails, "Model 2", "C2", "primary"), Supported, "C2 FAIL counts by Primary judge: Model 1 2 of 2, Model 2 0 of 2"},
		{hyp(hypotheses.FewestFails, "Model 2", "", ""), Refuted, "FAIL counts: Model 1 0 of 2, Model 2 2 of 2"},
		{hyp(hypotheses.FailsAtMost, "", "C2", "primary"), Refuted, "observed 2 of 4"},
		{hyp(hypotheses.FailsAtLeast, "Model 1", "C4", "primary"), Refuted, "observed 0 of 2"},
	}
	for _, tc := range tests {
		if tc.h.Prediction.Fails == nil {
			n := 1
			tc.h.Prediction.Fails = &n
		}
		res, err := EvaluateHypotheses(registered(criteria.Settings{}, tc.h), f)
		if err != nil {
			t.Fatal(err)
		}
		if res[0].Verdict != tc.verdict || !strings.Contains(res[0].Reason, tc.reason) {
			t.Errorf("%+v: %s (%s), want %s containing %q", tc.h.Prediction, res[0].Verdict, res[0].Reason, tc.verdict, tc.reason)
		}
	}
	s := registered(criteria.Settings{}, hyp(hypotheses.FewestFails, "Model 2", "C2", "family-9"))
	s.ConfigFile = "config.toml"
	if _, err := EvaluateHypotheses(s, f); err == nil || !strings.Contains(err.Error(), `names a judge by a name that is no judge's published id (judges: primary)`) {
		t.Errorf("unknown judge: %v", err)
	}
	// At the registered thresholds, under which 2 of 4 groups pass C2,
	// the hypothesis is judged again.
	reg := with(t, criteria.Settings{}, criteria.C2, criteria.C2Settings{MaxUndeveloped: criteria.DefaultC2MaxUndeveloped,
		Registered: &criteria.C2Registered{MaxUndeveloped: 0.5}})
	res, err := EvaluateHypotheses(registered(reg, hyp(hypotheses.FewestFails, "Model 2", "C2", "primary")), f)
	if err != nil {
		t.Fatal(err)
	}
	if h := res[0]; h.Verdict != Supported || h.RegisteredVerdict != Refuted || !strings.Contains(h.RegisteredReason, "Model 1 0 of 2, Model 2 0 of 2") ||
		strings.Join(h.Drift, "; ") != "c2_max_undeveloped 50% -> 33.33%" {
		t.Errorf("at registered thresholds: %+v", h)
	}
	// A judge whose verdicts are no result decides nothing: "not
	// decidable", with why.
	f.Validation = &validation.Report{Judges: []validation.JudgeReport{{ID: "primary",
		Status: validation.Status{Reasons: []validation.Reason{{Condition: validation.CondFixtures, Text: "missed T3"}}}}}}
	res, err = EvaluateHypotheses(registered(reg, hyp(hypotheses.FewestFails, "Model 2", "C2", "primary")), f)
	if err != nil {
		t.Fatal(err)
	}
	if h := res[0]; h.Verdict != NotDecidable || !strings.Contains(h.Reason, "Primary judge's verdicts are no result (missed T3)") || h.RegisteredVerdict != "" {
		t.Errorf("an invalid judge's hypothesis: %+v", h)
	}
	f.Validation = nil
	f.Judged, f.JudgedResults = nil, nil
	if res, err := EvaluateHypotheses(registered(criteria.Settings{}, hyp(hypotheses.FewestFails, "Model 2", "C2", "primary")), f); err != nil || res[0].Verdict != Inconclusive || res[0].Reason != "the judged tier has not been run" {
		t.Errorf("without the tier: %+v, %v", res, err)
	}
}
