package findings

import (
	"math"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/hypotheses"
	"github.com/evalpress/evalpress/reports/stats"
)

// runFindings makes findings of two writers on two sections over three
// runs of one episode, C5 at max_run 12: run[w][s][r] is the longest run.
func runFindings(t *testing.T, run [2][2][3]int) *Findings {
	t.Helper()
	s := with(t, criteria.Settings{}, criteria.C5, criteria.C5Settings{C5Thresholds: criteria.C5Thresholds{MaxRun: 12, MaxOverlap: 1, NGram: 8}})
	f := &Findings{Criteria: s, SectionNames: []string{"HOOK", "ACT 1"}}
	f.Writers = []Writer{{Script: "A", Alias: "Model 1"}, {Script: "B", Alias: "Model 2"}}
	for r := range 3 {
		for w, script := range []string{"A", "B"} {
			for sec, name := range f.SectionNames {
				c := Cell{}
				c.Script, c.Name, c.Repeat, c.HasExample = script, name, r, true
				c.Comparison.Run = run[w][sec][r]
				add(f, c)
			}
		}
	}
	return f
}

func TestRepeats(t *testing.T) {
	t.Parallel()
	f := runFindings(t, [2][2][3]int{
		{{4, 20, 6}, {2, 2, 2}},   // Model 1: HOOK fails in one run of three
		{{30, 25, 13}, {1, 3, 2}}, // Model 2: HOOK fails in every run
	})
	r := f.repeats([]int{3})
	if r == nil {
		t.Fatal("no repeats for three runs")
	}
	if len(r.Cells) != 4 {
		t.Fatalf("%d cells over runs, want 4", len(r.Cells))
	}
	hook := r.Cells[0]
	if hook.Script != "A" || hook.Name != "HOOK" || hook.Run != (stats.Summary{N: 3, Min: 4, Median: 6, Max: 20}) {
		t.Errorf("Model 1's HOOK over runs: %+v", hook)
	}
	if c5 := hook.Shares.Of(criteria.Key{Criterion: criteria.C5}); c5.Fail != 1 || c5.Scored() != 3 {
		t.Errorf("Model 1's HOOK fails in %d of %d runs, want 1 of 3", c5.Fail, c5.Scored())
	}
	// Model 1 passes 2/2, 1/2, 2/2 over the runs; Model 2 1/2 in each.
	rates := map[string]stats.Interval{}
	for _, w := range r.Writers {
		for _, pr := range w.Rates {
			if pr.Key.Criterion == criteria.C5 {
				rates[w.Alias] = pr.Interval
			}
		}
	}
	if m := rates["Model 1"]; math.Abs(m.Mean-5.0/6) > 1e-12 || m.N != 3 || m.Low >= m.Mean || m.High != 1 {
		t.Errorf("Model 1's pass rate %+v, want 5/6 with an interval clamped at 1", m)
	}
	if m := rates["Model 2"]; m.Mean != 0.5 || m.Low != 0.5 || m.High != 0.5 {
		t.Errorf("Model 2's pass rate %+v, want 1/2 with no spread", m)
	}
	if !r.SplitOK || r.Run.NReps != 3 || r.Run.NRows != 2 || r.Run.Within <= 0 {
		t.Errorf("run split %+v (%s)", r.Run, r.SplitWhy)
	}
	if one := runFindingsOneRun(t); one.repeats([]int{1}) != nil {
		t.Error("repeats for a single run")
	}
}

func runFindingsOneRun(t *testing.T) *Findings {
	f := runFindings(t, [2][2][3]int{})
	f.Cells = f.Cells[:4]
	return f
}

// TestHypothesesOverRuns: with several runs a hypothesis must register how
// the runs decide it, and each rule decides as documented.
func TestHypothesesOverRuns(t *testing.T) {
	t.Parallel()
	f := runFindings(t, [2][2][3]int{
		{{20, 20, 6}, {2, 2, 2}}, // Model 1 fails HOOK in runs 1 and 2
		{{1, 1, 13}, {1, 3, 2}},  // Model 2 fails HOOK in run 3
	})
	tests := []struct {
		rule, verdict, reason string
	}{
		{"", "", `hypothesis "H1" registers no rule over runs, and the inputs hold 3 runs`},
		// Pooled: Model 1 2 FAILs of 6, Model 2 1 of 6.
		{hypotheses.RunsPooled, Refuted, "over 3 runs, pooled: Model 1 does not have strictly the fewest FAILs. FAIL counts: Model 1 2 of 6, Model 2 1 of 6"},
		// Per run: refuted, refuted, supported.
		{hypotheses.RunsMajority, Refuted, "decided in each of 3 runs: supported in 1, refuted in 2, inconclusive in 0"},
	}
	for _, tc := range tests {
		h := hypotheses.Hypothesis{ID: "H1", Line: 7, Prediction: hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "Model 1", Runs: tc.rule}}
		s := registered(f.Criteria, h)
		s.ConfigFile = "config.toml"
		res, err := EvaluateHypotheses(s, f)
		if tc.verdict == "" {
			if err == nil || !strings.Contains(err.Error(), "config.toml:7: "+tc.reason) {
				t.Errorf("rule %q: error %v, want %q", tc.rule, err, tc.reason)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if res[0].Verdict != tc.verdict || !strings.HasPrefix(res[0].Reason, tc.reason) {
			t.Errorf("rule %q: %s (%s), want %s (%s)", tc.rule, res[0].Verdict, res[0].Reason, tc.verdict, tc.reason)
		}
	}
}
