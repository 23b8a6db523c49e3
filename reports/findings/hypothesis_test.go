package findings

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/reports/criteria"
)

// writers makes findings whose writers have {fails, sections} C5 counts,
// each section also judged by G1: passing where C5 fails, failing where it
// passes, so that a hypothesis counting the wrong criterion is caught.
func writers(counts ...[2]int) *Findings {
	f := &Findings{Criteria: criteria.Settings{C5: criteria.DefaultC5}}
	for i, c := range counts {
		w := Writer{Script: "s" + string(rune('A'+i)), Alias: "Model " + string(rune('1'+i))}
		for k := range c[1] {
			c5, g1 := criteria.Pass, criteria.Fail
			if k < c[0] {
				c5, g1 = criteria.Fail, criteria.Pass
			}
			outcomes := []criteria.Outcome{{Criterion: criteria.C5, Verdict: c5}, {Criterion: criteria.G1, Verdict: g1}}
			w.Tallies.AddAll(outcomes)
			f.Tallies.AddAll(outcomes)
		}
		f.Writers = append(f.Writers, w)
	}
	return f
}

func intp(n int) *int { return &n }

func TestJudge(t *testing.T) {
	tests := []struct {
		name    string
		p       config.Prediction
		f       *Findings
		verdict string
		reason  string
	}{
		{"fewest, strictly", config.Prediction{Kind: config.FewestFails, Model: "Model 2"}, writers([2]int{7, 9}, [2]int{5, 9}, [2]int{6, 9}), Supported, "strictly the fewest"},
		{"fewest, refuted by more", config.Prediction{Kind: config.FewestFails, Model: "Model 2"}, writers([2]int{7, 9}, [2]int{8, 9}, [2]int{7, 9}), Refuted, "Model 2 8 of 9"},
		{"fewest, a tie is not strictly fewest", config.Prediction{Kind: config.FewestFails, Model: "Model 1"}, writers([2]int{5, 9}, [2]int{5, 9}), Refuted, "does not have strictly"},
		{"most, strictly", config.Prediction{Kind: config.MostFails, Model: "Model 3"}, writers([2]int{1, 9}, [2]int{2, 9}, [2]int{3, 9}), Supported, "most"},
		{"unequal section counts cannot decide", config.Prediction{Kind: config.FewestFails, Model: "Model 1"}, writers([2]int{1, 9}, [2]int{5, 8}), Inconclusive, "different numbers of sections"},
		{"no measured section", config.Prediction{Kind: config.MostFails, Model: "Model 1"}, writers([2]int{0, 0}, [2]int{5, 9}), Inconclusive, "no measured section"},
		{"alone", config.Prediction{Kind: config.MostFails, Model: "Model 1"}, writers([2]int{3, 9}), Inconclusive, "no other writer"},
		{"at most, overall", config.Prediction{Kind: config.FailsAtMost, Fails: intp(3)}, writers([2]int{1, 9}, [2]int{2, 9}), Supported, "observed 3 of 18"},
		{"at least, one writer", config.Prediction{Kind: config.FailsAtLeast, Model: "Model 2", Fails: intp(3)}, writers([2]int{1, 9}, [2]int{2, 9}), Refuted, "observed 2 of 9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			verdict, reason := judge(tc.p, tallies(tc.f, tc.p.Key()), "FAIL counts")
			if verdict != tc.verdict || !strings.Contains(reason, tc.reason) {
				t.Errorf("got %s (%s), want %s containing %q", verdict, reason, tc.verdict, tc.reason)
			}
		})
	}
}

func TestJudgeCountsTheNamedCriterionOnly(t *testing.T) {
	// C5: Model 1 fails 1 of 3, Model 2 2 of 3; G1 is the other way round.
	f := writers([2]int{1, 3}, [2]int{2, 3})
	for _, tc := range []struct {
		p       config.Prediction
		verdict string
		reason  string
	}{
		{config.Prediction{Kind: config.FewestFails, Model: "Model 1"}, Supported, "FAIL counts: Model 1 1 of 3, Model 2 2 of 3"},
		{config.Prediction{Kind: config.FewestFails, Model: "Model 1", Criterion: "C5"}, Supported, "FAIL counts: Model 1 1 of 3"},
		{config.Prediction{Kind: config.FewestFails, Model: "Model 1", Criterion: "G1"}, Refuted, "G1 FAIL counts: Model 1 2 of 3, Model 2 1 of 3"},
		{config.Prediction{Kind: config.FailsAtMost, Fails: intp(2), Criterion: "G1"}, Refuted, "observed 3 of 6"},
	} {
		what := "FAIL counts"
		if tc.p.Criterion != "" {
			what = tc.p.Criterion + " FAIL counts"
		}
		verdict, reason := judge(tc.p, tallies(f, tc.p.Key()), what)
		if verdict != tc.verdict || !strings.Contains(reason, tc.reason) {
			t.Errorf("%+v: got %s (%s), want %s containing %q", tc.p, verdict, reason, tc.verdict, tc.reason)
		}
	}
}

// A hypothesis is judged at its registered thresholds too, from the same
// measurement, when they differ from the build's.
func TestVerdictAtRegisteredThresholds(t *testing.T) {
	f := &Findings{Criteria: criteria.Settings{C5: criteria.C5Thresholds{MaxRun: 20, MaxOverlap: 0.5, NGram: 8}}}
	f.Writers = []Writer{{Script: "A", Alias: "Model 1"}, {Script: "B", Alias: "Model 2"}}
	add := func(script string, run int, overlap float64) {
		c := Cell{}
		c.Script, c.HasExample = script, true
		c.Comparison.Run, c.Comparison.Overlap = run, overlap
		c.Outcomes = criteria.Judge(&f.Criteria, Measurements(&c.Cell))
		f.Cells = append(f.Cells, c)
		f.Writers[map[string]int{"A": 0, "B": 1}[script]].Tallies.AddAll(c.Outcomes)
		f.Tallies.AddAll(c.Outcomes)
	}
	add("A", 15, 0.05) // fails at 12 words, passes at 20
	add("A", 30, 0.05) // fails at both
	add("B", 25, 0.2)  // fails at both
	add("B", 5, 0.0)
	cfg := &config.Config{C5: config.C5{MaxRun: 20, MaxOverlap: 0.5, NGram: 8, Registered: &config.C5{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}}}
	cfg.Hypotheses = []config.Hypothesis{{ID: "H1", Prediction: config.Prediction{Kind: config.FewestFails, Model: "Model 2"}}}
	res, err := EvaluateHypotheses(cfg, f)
	if err != nil {
		t.Fatal(err)
	}
	h := res[0]
	if h.Verdict != Refuted || !strings.Contains(h.Reason, "Model 1 1 of 2, Model 2 1 of 2") {
		t.Errorf("current: %s (%s)", h.Verdict, h.Reason)
	}
	if h.RegisteredVerdict != Supported || !strings.Contains(h.RegisteredReason, "Model 1 2 of 2, Model 2 1 of 2") {
		t.Errorf("registered: %s (%s)", h.RegisteredVerdict, h.RegisteredReason)
	}
	cfg.C5 = *cfg.C5.Registered
	f.Criteria.C5 = cfg.C5.Thresholds()
	if res, _ := EvaluateHypotheses(cfg, f); res[0].RegisteredVerdict != "" {
		t.Errorf("a verdict at registered thresholds equal to the build's: %+v", res[0])
	}
}
func TestDrift(t *testing.T) {
	got := drift(config.C5{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}, config.C5{MaxRun: 20, MaxOverlap: 0.07, NGram: 8})
	if strings.Join(got, "; ") != "max_run 12 -> 20; max_overlap 10% -> 7%" {
		t.Errorf("drift %q", got)
	}
	if got := drift(config.DefaultC5, config.DefaultC5); len(got) != 0 {
		t.Errorf("no change reported as %q", got)
	}
}

// A G1 prediction is judged again at the registered length tolerance.
func TestG1VerdictAtRegisteredTolerance(t *testing.T) {
	f := &Findings{Criteria: criteria.Settings{C5: criteria.C5Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8},
		G1: criteria.G1Settings{Tolerance: 0.3, Targets: map[string]int{"S": 100}}}}
	f.Writers = []Writer{{Script: "A", Alias: "Model 1"}, {Script: "B", Alias: "Model 2"}}
	for _, c := range []struct {
		script  string
		written int
	}{{"A", 80}, {"A", 100}, {"B", 60}, {"B", 100}} { // 80 passes at 30%, fails at 10%; 60 fails at both
		cell := Cell{}
		cell.Script, cell.Name, cell.Written, cell.HasExample = c.script, "S", c.written, true
		cell.Outcomes = criteria.Judge(&f.Criteria, Measurements(&cell.Cell))
		f.Cells = append(f.Cells, cell)
		f.Writers[map[string]int{"A": 0, "B": 1}[c.script]].Tallies.AddAll(cell.Outcomes)
	}
	cfg := &config.Config{C5: config.C5{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}, G1: f.Criteria.G1}
	cfg.G1.Registered = &criteria.G1Registered{Tolerance: 0.1}
	cfg.Hypotheses = []config.Hypothesis{{ID: "H", Prediction: config.Prediction{Kind: config.FewestFails, Model: "Model 1", Criterion: "G1"}}}
	res, err := EvaluateHypotheses(cfg, f)
	if err != nil {
		t.Fatal(err)
	}
	h := res[0]
	if h.Verdict != Supported || h.RegisteredVerdict != Refuted || strings.Join(h.Drift, ";") != "g1.tolerance 10% -> 30%" {
		t.Errorf("G1 at 30%%: %s (%s); at the registered 10%%: %s (%s); drift %q", h.Verdict, h.Reason, h.RegisteredVerdict, h.RegisteredReason, h.Drift)
	}
}
