package findings

import (
	"strings"
	"testing"

	"github.com/evalpress/evalpress/config"
	"github.com/evalpress/evalpress/reports/c5"
)

func writers(counts ...[2]int) *Findings {
	f := &Findings{Thresholds: c5.DefaultThresholds}
	for i, c := range counts {
		f.Writers = append(f.Writers, Writer{Script: "s" + string(rune('A'+i)), Alias: "Model " + string(rune('1'+i)), Fails: c[0], Sections: c[1]})
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
			if tc.p.Kind == config.FailsAtMost || tc.p.Kind == config.FailsAtLeast {
				// FailCount reads the cells; give the findings cells to match.
				for _, w := range tc.f.Writers {
					for k := range w.Sections {
						c := Cell{}
						c.HasExample = true
						c.Verdict.RunFails = k < w.Fails
						tc.f.Cells = append(tc.f.Cells, c)
					}
				}
			}
			verdict, reason := judge(tc.p, tc.f.Writers, "FAIL counts")
			if verdict != tc.verdict || !strings.Contains(reason, tc.reason) {
				t.Errorf("got %s (%s), want %s containing %q", verdict, reason, tc.verdict, tc.reason)
			}
		})
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

// A hypothesis is judged at its registered thresholds too, from the same
// measurement, when they differ from the build's.
func TestVerdictAtRegisteredThresholds(t *testing.T) {
	f := &Findings{Thresholds: c5.Thresholds{MaxRun: 20, MaxOverlap: 0.5, NGram: 8}}
	f.Writers = []Writer{{Script: "A", Alias: "Model 1"}, {Script: "B", Alias: "Model 2"}}
	add := func(script string, run int, overlap float64) {
		c := Cell{}
		c.Script, c.HasExample = script, true
		c.Comparison.Run, c.Comparison.Overlap = run, overlap
		c.Verdict = f.Thresholds.Judge(c.Comparison)
		f.Cells = append(f.Cells, c)
		w := &f.Writers[map[string]int{"A": 0, "B": 1}[script]]
		w.Sections++
		if c.Verdict.Fail() {
			w.Fails++
		}
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
	f.Thresholds = cfg.C5.Thresholds()
	if res, _ := EvaluateHypotheses(cfg, f); res[0].RegisteredVerdict != "" {
		t.Errorf("a verdict at registered thresholds equal to the build's: %+v", res[0])
	}
}
