package figures

import (
	"reflect"
	"strings"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
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

// statsFixture is a view whose statistics are those of a 3 × 2 grid worked
// by hand in reports/stats: runs {1,2},{3,4},{5,9} by section, overlaps a
// tenth of them; S4 was left out. H1 names writer A, whose FAILs (runs over
// 3: S2 B's, S3 both) give it 1 of 3.
func statsFixture(t *testing.T) *public.Public {
	runs := [][]float64{{1, 2}, {3, 4}, {5, 9}}
	overlaps := [][]float64{{0.1, 0.2}, {0.3, 0.4}, {0.5, 0.9}}
	gap, err := stats.FailDifference([][]bool{{false, false}, {false, true}, {true, true}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	return &public.Public{
		Statistics: public.Statistics{Run: stats.SpreadOf(runs, 2, 7), Overlap: stats.SpreadOf(overlaps, 2, 7), Omitted: []string{"S4"}},
		Hypotheses: []public.Hypothesis{{ID: "H1", Kind: "fewest_fails", Model: "A", Chance: &gap}, {ID: "H2", Kind: "fails_at_least"}},
	}
}

func TestSpreads(t *testing.T) {
	s := Of(statsFixture(t))
	if !reflect.DeepEqual(s.Omitted, []string{"S4"}) || s.Run.Measure != "longest run" || s.Overlap.Measure != "overlap" {
		t.Errorf("spreads %+v", s)
	}
	if m, ok := s.Measure("overlap"); !ok || m.Measure != "overlap" {
		t.Errorf("Measure(overlap) = %+v", m)
	}
	// 31/40, 6/40, 3/40; exact tests: 6 of 36 and 2 of 8 (see reports/stats).
	sentence := s.Run.Sentence()
	for _, part := range []string{"across 3 sections by 2 writers", "77.5% lies between sections, 15% between writers and 7.5% in neither",
		"section share that large 16.7% of the time (6 of 36, every arrangement counted)", "writer share that large 25% of the time (2 of 8, every arrangement counted)"} {
		if !strings.Contains(sentence, part) {
			t.Errorf("sentence %q lacks %q", sentence, part)
		}
	}
	for key, want := range map[string]string{"sections": "77.5%", "writers": "15%", "neither": "7.5%", "section_chance": "16.7%", "writer_chance": "25%"} {
		if got, ok := figureText(s.Run, key); !ok || got != want {
			t.Errorf("value %s = %q, want %q", key, got, want)
		}
	}
	if got, _ := figureText(s.Overlap, "writers"); got != "15%" {
		t.Errorf("overlap writer share %q", got)
	}
}

func TestSpreadTooSmall(t *testing.T) {
	sp := Spread{Measure: "longest run", Spread: stats.SpreadOf([][]float64{{1}, {2}, {3}}, 1, 7)}
	if sp.OK || !strings.Contains(sp.Sentence(), "cannot be split") {
		t.Errorf("one writer: %+v %q", sp, sp.Sentence())
	}
	if v, _ := figureText(sp, "sections"); v != "n/a" {
		t.Errorf("one writer: section share %q, want n/a", v)
	}
}

func TestHypothesisChance(t *testing.T) {
	p := statsFixture(t)
	// A gets S3's FAIL always and S2's half the time: 1 or 2 FAILs, a gap
	// of |2·f − 3| = 1 either way, so every one of the 2³ outcomes.
	c := ChanceOf(p.Hypotheses[0])
	if c == nil || c.Writer != "A" || c.Gap.Fails != 1 || c.Gap.AtLeast.Int64() != 8 || c.Gap.Arrangements.Int64() != 8 {
		t.Fatalf("chance %+v", c)
	}
	if s := c.Sentence(); !strings.Contains(s, "A has 1 FAIL in the 3 sections") || !strings.Contains(s, "8 of 8 equally likely outcomes (100%)") {
		t.Errorf("sentence %q", s)
	}
	if ChanceOf(p.Hypotheses[1]) != nil {
		t.Error("a hypothesis without a chance figure has one")
	}
}

func TestFormatting(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{ChancePercent(1.0 / 3), "33.3%"}, {ChancePercent(0.037), "3.7%"}, {ChancePercent(0.0012), "0.1%"}, {ChancePercent(0.0003), "0.03%"}, {ChancePercent(0), "0%"},
		{WholePercent(0.775), "77.5%"}, {Decimal(7, 1), "7"}, {Decimal(7.25, 1), "7.2"}, {Decimal(2.5, 1), "2.5"},
		{Thousands(19683), "19,683"}, {Thousands(100), "100"}, {Thousands(1000000), "1,000,000"}, {Thousands(-1234), "-1,234"},
		{Plural(1), ""}, {Plural(0), "s"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
}
