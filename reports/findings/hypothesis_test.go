package findings

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/hypotheses"
)

// writers makes findings whose writers have {fails, sections} C5 counts,
// each section also judged by G1: passing where C5 fails, failing where it
// passes, so that a hypothesis counting the wrong criterion is caught.
func writers(counts ...[2]int) *Findings {
	f := &Findings{}
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

// with returns s with v as criterion id's settings.
func with(t *testing.T, s criteria.Settings, id criteria.ID, v any) criteria.Settings {
	t.Helper()
	s, err := s.With(criteria.Default().Lookup(id), v)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// registered gives each hypothesis the settings it is registered at under
// s, as config.Load does, and returns the findings' settings.
func registered(s criteria.Settings, hs ...hypotheses.Hypothesis) Settings {
	for i := range hs {
		var declared bool
		hs[i].At, declared = s.Registered(hs[i].Criterion())
		hs[i].Declared = declared || hs[i].Own
	}
	return Settings{Criteria: s, Hypotheses: hs}
}

// add adds a measured cell of script to f, judged under f's settings.
func add(f *Findings, c Cell) {
	c.Outcomes = f.Criteria.Judge(c.Measurements())
	f.Cells = append(f.Cells, c)
	for i := range f.Writers {
		if f.Writers[i].Script == c.Script {
			f.Writers[i].Tallies.AddAll(c.Outcomes)
		}
	}
	f.Tallies.AddAll(c.Outcomes)
}

func TestJudge(t *testing.T) {
	tests := []struct {
		name    string
		p       hypotheses.Prediction
		f       *Findings
		verdict string
		reason  string
	}{
		{"fewest, strictly", hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 2"}, writers([2]int{7, 9}, [2]int{5, 9}, [2]int{6, 9}), Supported, "strictly the fewest"},
		{"fewest, refuted by more", hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 2"}, writers([2]int{7, 9}, [2]int{8, 9}, [2]int{7, 9}), Refuted, "Model 2 8 of 9"},
		{"fewest, a tie is not strictly fewest", hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 1"}, writers([2]int{5, 9}, [2]int{5, 9}), Refuted, "does not have strictly"},
		{"most, strictly", hypotheses.Prediction{Kind: hypotheses.MostFails, Model: "Model 3"}, writers([2]int{1, 9}, [2]int{2, 9}, [2]int{3, 9}), Supported, "most"},
		{"unequal section counts cannot decide", hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 1"}, writers([2]int{1, 9}, [2]int{5, 8}), Inconclusive, "different numbers of sections"},
		{"no measured section", hypotheses.Prediction{Kind: hypotheses.MostFails, Model: "Model 1"}, writers([2]int{0, 0}, [2]int{5, 9}), Inconclusive, "no measured section"},
		{"alone", hypotheses.Prediction{Kind: hypotheses.MostFails, Model: "Model 1"}, writers([2]int{3, 9}), Inconclusive, "no other writer"},
		{"at most, overall", hypotheses.Prediction{Kind: hypotheses.FailsAtMost, Fails: intp(3)}, writers([2]int{1, 9}, [2]int{2, 9}), Supported, "observed 3 of 18"},
		{"at least, one writer", hypotheses.Prediction{Kind: hypotheses.FailsAtLeast, Model: "Model 2", Fails: intp(3)}, writers([2]int{1, 9}, [2]int{2, 9}), Refuted, "observed 2 of 9"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			verdict, reason := judge(tc.p, tallies(tc.f, hypotheses.Hypothesis{Prediction: tc.p}.Key()), "FAIL counts")
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
		p       hypotheses.Prediction
		verdict string
		reason  string
	}{
		{hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 1"}, Supported, "FAIL counts: Model 1 1 of 3, Model 2 2 of 3"},
		{hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 1", Criterion: "C5"}, Supported, "FAIL counts: Model 1 1 of 3"},
		{hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 1", Criterion: "G1"}, Refuted, "G1 FAIL counts: Model 1 2 of 3, Model 2 1 of 3"},
		{hypotheses.Prediction{Kind: hypotheses.FailsAtMost, Fails: intp(2), Criterion: "G1"}, Refuted, "observed 3 of 6"},
	} {
		what := "FAIL counts"
		if tc.p.Criterion != "" {
			what = tc.p.Criterion + " FAIL counts"
		}
		verdict, reason := judge(tc.p, tallies(f, hypotheses.Hypothesis{Prediction: tc.p}.Key()), what)
		if verdict != tc.verdict || !strings.Contains(reason, tc.reason) {
			t.Errorf("%+v: got %s (%s), want %s containing %q", tc.p, verdict, reason, tc.verdict, tc.reason)
		}
	}
}

// A hypothesis is judged at its registered thresholds too, from the same
// measurement, when they differ from the build's.
func TestVerdictAtRegisteredThresholds(t *testing.T) {
	reg := criteria.C5Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}
	s := with(t, criteria.Settings{}, criteria.C5, criteria.C5Settings{C5Thresholds: criteria.C5Thresholds{MaxRun: 20, MaxOverlap: 0.5, NGram: 8}, Registered: &reg})
	f := &Findings{Criteria: s}
	f.Writers = []Writer{{Script: "A", Alias: "Model 1"}, {Script: "B", Alias: "Model 2"}}
	for _, c := range []struct {
		script  string
		run     int
		overlap float64
	}{
		{"A", 15, 0.05}, // fails at 12 words, passes at 20
		{"A", 30, 0.05}, // fails at both
		{"B", 25, 0.2},  // fails at both
		{"B", 5, 0.0},
	} {
		cell := Cell{}
		cell.Script, cell.HasExample = c.script, true
		cell.Comparison.Run, cell.Comparison.Overlap = c.run, c.overlap
		add(f, cell)
	}
	h := hypotheses.Hypothesis{ID: "H1", Prediction: hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 2"}}
	res, err := EvaluateHypotheses(registered(s, h), f)
	if err != nil {
		t.Fatal(err)
	}
	r := res[0]
	if r.Verdict != Refuted || !strings.Contains(r.Reason, "Model 1 1 of 2, Model 2 1 of 2") {
		t.Errorf("current: %s (%s)", r.Verdict, r.Reason)
	}
	if r.RegisteredVerdict != Supported || !strings.Contains(r.RegisteredReason, "Model 1 2 of 2, Model 2 1 of 2") {
		t.Errorf("registered: %s (%s)", r.RegisteredVerdict, r.RegisteredReason)
	}
	if strings.Join(r.Drift, "; ") != "max_run 12 -> 20; max_overlap 10% -> 50%" {
		t.Errorf("drift %q", r.Drift)
	}
	f.Criteria = with(t, s, criteria.C5, criteria.C5Settings{C5Thresholds: reg, Registered: &reg})
	if res, _ := EvaluateHypotheses(registered(f.Criteria, h), f); res[0].RegisteredVerdict != "" || len(res[0].Drift) != 0 {
		t.Errorf("a verdict at registered thresholds equal to the build's: %+v", res[0])
	}
}

// A G1 prediction is judged again at the registered length tolerance.
func TestG1VerdictAtRegisteredTolerance(t *testing.T) {
	s := with(t, criteria.Settings{}, criteria.G1, criteria.G1Settings{Tolerance: 0.3, Targets: map[string]int{"S": 100},
		Registered: &criteria.G1Registered{Tolerance: 0.1}})
	f := &Findings{Criteria: s}
	f.Writers = []Writer{{Script: "A", Alias: "Model 1"}, {Script: "B", Alias: "Model 2"}}
	for _, c := range []struct {
		script  string
		written int
	}{{"A", 80}, {"A", 100}, {"B", 60}, {"B", 100}} { // 80 passes at 30%, fails at 10%; 60 fails at both
		cell := Cell{}
		cell.Script, cell.Name, cell.HasExample = c.script, "S", true
		cell.Measures = []criteria.Named{{Name: criteria.MeasureWritten, Value: float64(c.written)}}
		add(f, cell)
	}
	h := hypotheses.Hypothesis{ID: "H", Prediction: hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 1", Criterion: "G1"}}
	res, err := EvaluateHypotheses(registered(s, h), f)
	if err != nil {
		t.Fatal(err)
	}
	r := res[0]
	if r.Verdict != Supported || r.RegisteredVerdict != Refuted || strings.Join(r.Drift, ";") != "g1.tolerance 10% -> 30%" {
		t.Errorf("G1 at 30%%: %s (%s); at the registered 10%%: %s (%s); drift %q", r.Verdict, r.Reason, r.RegisteredVerdict, r.RegisteredReason, r.Drift)
	}
}
