package figures

import (
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/reports/criteria"
	"github.com/evalpress/evalpress/reports/stats"
)

// figureText writes a figure as the pages do: shares as whole
// percentages, chances with ChancePercent, "n/a" without numbers.
func figureText(sp Spread, name string) (string, bool) {
	x, text, number, ok := sp.Figure(name)
	switch {
	case !ok:
		return "", false
	case text != "":
		return text, true
	case !number:
		return "n/a", true
	case strings.HasSuffix(name, "_chance"):
		return ChancePercent(x), true
	}
	return WholePercent(x), true
}

// statsFixture is a 3 × 2 grid whose decomposition is worked by hand in
// reports/stats: runs {1,2},{3,4},{5,9} by section.
func statsFixture() *public.Public {
	p := &public.Public{
		Thresholds: public.Thresholds{MaxRun: 3, MaxOverlap: 0.5, NGram: 8},
		Writers:    []public.Writer{{Alias: "A"}, {Alias: "B"}},
		Sections:   []string{"S1", "S2", "S3", "S4"},
	}
	runs := [][2]int{{1, 2}, {3, 4}, {5, 9}}
	for i, r := range runs {
		for j, w := range []string{"A", "B"} {
			p.Cells = append(p.Cells, public.Cell{Writer: w, Section: p.Sections[i], HasExample: true, Run: r[j], Overlap: float64(r[j]) / 10})
		}
	}
	// S4 has only one writer's cell with an example: it is left out.
	p.Cells = append(p.Cells, public.Cell{Writer: "A", Section: "S4", HasExample: true, Run: 50}, public.Cell{Writer: "B", Section: "S4"})
	p.Hypotheses = []public.Hypothesis{{ID: "H1", Kind: "fewest_fails", Model: "A"}, {ID: "H2", Kind: "fails_at_least"}}
	return publictest.Judge(p)
}

func TestSpreads(t *testing.T) {
	p := statsFixture()
	s := Compute(p)
	if !reflect.DeepEqual(s.Omitted, []string{"S4"}) {
		t.Errorf("omitted %v, want [S4]", s.Omitted)
	}
	want := stats.Decomposition{NRows: 3, NCols: 2, Mean: 4, Total: 40, Rows: 31, Columns: 6, Residual: 3}
	if !s.Run.OK || s.Run.Parts != want {
		t.Fatalf("run decomposition %+v, want %+v", s.Run.Parts, want)
	}
	// 31/40, 6/40, 3/40; exact tests: 6 of 36 and 2 of 8 (see reports/stats).
	sentence := s.Run.Sentence()
	for _, part := range []string{"across 3 sections by 2 writers", "78% lies between sections, 15% between writers and 8% in neither",
		"section share that large 17% of the time (6 of 36, every arrangement counted)", "writer share that large 25% of the time (2 of 8, every arrangement counted)"} {
		if !strings.Contains(sentence, part) {
			t.Errorf("sentence %q lacks %q", sentence, part)
		}
	}
	for key, want := range map[string]string{"sections": "78%", "writers": "15%", "neither": "8%", "section_chance": "17%", "writer_chance": "25%"} {
		if got, ok := figureText(s.Run, key); !ok || got != want {
			t.Errorf("value %s = %q, want %q", key, got, want)
		}
	}
	// Overlap is run/10: the same shares.
	if got, _ := figureText(s.Overlap, "writers"); got != "15%" {
		t.Errorf("overlap section share %q", got)
	}
}

func TestSpreadTooSmall(t *testing.T) {
	p := statsFixture()
	p.Writers = p.Writers[:1]
	s := Compute(p)
	if s.Run.OK || !strings.Contains(s.Run.Sentence(), "cannot be split") {
		t.Errorf("one writer: %+v %q", s.Run, s.Run.Sentence())
	}
	if v, _ := figureText(s.Run, "sections"); v != "n/a" {
		t.Errorf("one writer: section share %q, want n/a", v)
	}
}

func TestHypothesisChance(t *testing.T) {
	p := statsFixture()
	// FAILs (run over 3): S1 none, S2 B, S3 both; A has 1 of the 3. A gets
	// S3's FAIL always and S2's half the time: 1 or 2 FAILs, a gap of
	// |2·f − 3| = 1 either way, so every one of the 2³ outcomes.
	c := HypothesisChance(p, p.Hypotheses[0])
	if c == nil || c.Gap.Fails != 1 || c.Gap.Others != 2 || c.Gap.AtLeast.Int64() != 8 || c.Gap.Arrangements.Int64() != 8 {
		t.Fatalf("chance %+v", c)
	}
	if s := c.Sentence(); !strings.Contains(s, "A has 1 FAIL in the 3 sections") || !strings.Contains(s, "8 of 8 equally likely outcomes (100%)") {
		t.Errorf("sentence %q", s)
	}
	if HypothesisChance(p, p.Hypotheses[1]) != nil {
		t.Error("a hypothesis naming no writer has a chance figure")
	}
}

func TestFormatting(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{ChancePercent(1.0 / 3), "33%"}, {ChancePercent(0.037), "3.7%"}, {ChancePercent(0.0012), "0.12%"}, {ChancePercent(0), "0%"},
		{WholePercent(0.775), "78%"}, {Decimal(7, 1), "7"}, {Decimal(7.25, 1), "7.2"}, {Decimal(2.5, 1), "2.5"},
		{Thousands(19683), "19,683"}, {Thousands(100), "100"}, {Thousands(1000000), "1,000,000"}, {Thousands(-1234), "-1,234"},
		{Plural(1), ""}, {Plural(0), "s"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}

func TestHypothesisChanceOnAJudgedCriterion(t *testing.T) {
	p := statsFixture()
	// C2 by the primary judge on S1 and S2 only: A fails S1, B fails
	// nothing; S3 has only A's verdict, S4 none. Another judge's FAILs
	// and C5's do not count.
	verdicts := map[[2]string]criteria.Verdict{{"A", "S1"}: criteria.Fail, {"B", "S1"}: criteria.Pass, {"A", "S2"}: criteria.Pass, {"B", "S2"}: criteria.Pass, {"A", "S3"}: criteria.Fail}
	for i := range p.Cells {
		c := &p.Cells[i]
		if v, ok := verdicts[[2]string{c.Writer, c.Section}]; ok {
			c.Outcomes = append(c.Outcomes, criteria.Outcome{Criterion: "C2", Judge: "primary", Verdict: v},
				criteria.Outcome{Criterion: "C2", Judge: "family-1", Verdict: criteria.Fail})
		}
	}
	h := public.Hypothesis{ID: "H3", Kind: "fewest_fails", Model: "A", Criterion: "C2", Judge: "primary"}
	c := HypothesisChance(p, h)
	// Two sections; A has 1 FAIL, B none: |2·1 − 1| = 1, as for 0 FAILs:
	// every one of the 2² outcomes.
	if c == nil || c.Gap.Rows != 2 || c.Gap.Fails != 1 || c.Gap.Others != 0 || c.Gap.AtLeast.Int64() != 4 || c.Gap.Arrangements.Int64() != 4 {
		t.Fatalf("chance %+v", c)
	}
	h.Judge = "nobody"
	if HypothesisChance(p, h) != nil {
		t.Error("a judge with no verdicts has a chance figure")
	}
}
