package findings

import (
	"math"
	"reflect"
	"testing"

	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/hypotheses"
	"github.com/evalpress/evalpress/reports/stats"
)

// statsFixture is a 3 × 2 grid whose decomposition is worked by hand in
// reports/stats: runs {1,2},{3,4},{5,9} by section, overlaps a tenth of
// them; S4 has an example for A only, and is left out. C5 fails a run over
// 3 words.
func statsFixture(t *testing.T) *Findings {
	s := with(t, criteria.Settings{}, criteria.C5, criteria.C5Settings{C5Thresholds: criteria.C5Thresholds{MaxRun: 3, MaxOverlap: 1, NGram: 8}})
	f := &Findings{Criteria: s, Writers: []Writer{{Script: "a", Alias: "A"}, {Script: "b", Alias: "B"}}, SectionNames: []string{"S1", "S2", "S3", "S4"}}
	for i, r := range [][2]int{{1, 2}, {3, 4}, {5, 9}, {50, -1}} {
		for j, script := range []string{"a", "b"} {
			c := Cell{}
			c.Script, c.Name = script, f.SectionNames[i]
			if r[j] >= 0 {
				c.HasExample, c.Comparison.Run, c.Comparison.Overlap = true, r[j], float64(r[j])/10
			}
			add(f, c)
		}
	}
	return f
}

func TestStatistics(t *testing.T) {
	s := statsFixture(t).comparisonGrids().statistics()
	if !reflect.DeepEqual(s.Omitted, []string{"S4"}) {
		t.Errorf("omitted %v, want [S4]", s.Omitted)
	}
	want := stats.Decomposition{NRows: 3, NCols: 2, Mean: 4, Total: 40, Rows: 31, Columns: 6, Residual: 3}
	if !s.Run.OK || s.Run.Parts != want || s.Run.Rows != 3 || s.Run.Columns != 2 || s.Run.Seed != Seed {
		t.Fatalf("run %+v, want the decomposition %+v", s.Run, want)
	}
	// Exact tests: 6 of 36 and 2 of 8 (see reports/stats).
	if r := s.Run; r.ByRow.AtLeast != 6 || r.ByRow.Arrangements != 36 || r.ByColumn.AtLeast != 2 || r.ByColumn.Arrangements != 8 || !r.ByRow.Exact {
		t.Errorf("run tests %+v / %+v", r.ByRow, r.ByColumn)
	}
	// Overlap is run/10: the same shares.
	if got := s.Overlap.Parts.ColumnShare(); !s.Overlap.OK || math.Abs(got-s.Run.Parts.ColumnShare()) > 1e-12 {
		t.Errorf("overlap writer share %v", got)
	}
	f := statsFixture(t)
	f.Writers = f.Writers[:1]
	if s := f.comparisonGrids().statistics(); s.Run.OK || s.Overlap.OK {
		t.Errorf("one writer: %+v", s.Run)
	}
}

func TestHypothesisChance(t *testing.T) {
	f := statsFixture(t)
	// FAILs (run over 3): S1 none, S2 B, S3 both; A has 1 of the 3. A gets
	// S3's FAIL always and S2's half the time: 1 or 2 FAILs, a gap of
	// |2·f − 3| = 1 either way, so every one of the 2³ outcomes.
	g := f.chance("A", criteria.Key{Criterion: criteria.C5})
	if g == nil || g.Fails != 1 || g.Others != 2 || g.Rows != 3 || g.AtLeast.Int64() != 8 || g.Arrangements.Int64() != 8 {
		t.Fatalf("chance %+v", g)
	}
	if f.chance("Z", criteria.Key{Criterion: criteria.C5}) != nil {
		t.Error("a writer that is none has a chance figure")
	}
	// C2 by the primary judge on S1 and S2 only: A fails S1, B nothing;
	// S3 has only A's verdict. Another judge's FAILs and C5's do not count.
	verdicts := map[[2]string]criteria.Verdict{{"a", "S1"}: criteria.Fail, {"b", "S1"}: criteria.Pass, {"a", "S2"}: criteria.Pass, {"b", "S2"}: criteria.Pass, {"a", "S3"}: criteria.Fail}
	for i := range f.Cells {
		c := &f.Cells[i]
		if v, ok := verdicts[[2]string{c.Script, c.Name}]; ok {
			c.Outcomes = append(c.Outcomes, criteria.Outcome{Criterion: "C2", Judge: "primary", Verdict: v},
				criteria.Outcome{Criterion: "C2", Judge: "family-1", Verdict: criteria.Fail})
		}
	}
	// Two sections; A has 1 FAIL, B none: |2·1 − 1| = 1, as for 0 FAILs:
	// every one of the 2² outcomes.
	g = f.chance("A", criteria.Key{Criterion: "C2", Judge: "primary"})
	if g == nil || g.Rows != 2 || g.Fails != 1 || g.Others != 0 || g.AtLeast.Int64() != 4 || g.Arrangements.Int64() != 4 {
		t.Fatalf("C2 chance %+v", g)
	}
	if f.chance("A", criteria.Key{Criterion: "C2", Judge: "nobody"}) != nil {
		t.Error("a judge with no verdicts has a chance figure")
	}
	res, err := EvaluateHypotheses(registered(f.Criteria,
		hypotheses.Hypothesis{ID: "H1", Prediction: hypotheses.Prediction{Kind: hypotheses.FewestFails, Model: "A"}},
		hypotheses.Hypothesis{ID: "H2", Prediction: hypotheses.Prediction{Kind: hypotheses.FailsAtLeast, Fails: intp(1)}}), f)
	if err != nil {
		t.Fatal(err)
	}
	if res[0].Chance == nil || res[0].Chance.Fails != 1 || res[1].Chance != nil {
		t.Errorf("the hypotheses' chances: %+v, %+v", res[0].Chance, res[1].Chance)
	}
}
