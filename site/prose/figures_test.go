package prose

import (
	"bytes"
	"github.com/evalpress/evalpress/reports/criteria"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/text"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/reports/stats"
)

// spreadFixture holds runs {1,2}, {3,4}, {5,9} by section for writers A
// and B: 31 of the 40 of variation between sections, 6 between writers,
// and exact tests of 6 in 36 and 2 in 8 (worked in reports/stats), with
// the statistics the findings compute of them.
func spreadFixture() *public.Public {
	p := &public.Public{
		Thresholds: public.Thresholds{MaxRun: 3, MaxOverlap: 0.5, NGram: 8},
		Writers:    []public.Writer{{Alias: "A"}, {Alias: "B"}},
		Sections:   []string{"S1", "S2", "S3"},
		Hypotheses: []public.Hypothesis{{ID: "H1", Kind: "fewest_fails", Model: "B"}, {ID: "H2", Kind: "fails_at_least"}},
	}
	var runs, overlaps [][]float64
	for i, r := range [][2]int{{1, 2}, {3, 4}, {5, 9}} {
		runs, overlaps = append(runs, []float64{float64(r[0]), float64(r[1])}), append(overlaps, []float64{float64(r[0]) / 10, float64(r[1]) / 10})
		for j, w := range []string{"A", "B"} {
			p.Cells = append(p.Cells, public.Cell{Writer: w, Section: p.Sections[i], HasExample: true, Run: r[j], Overlap: float64(r[j]) / 10})
		}
	}
	p.Statistics = public.Statistics{Run: stats.SpreadOf(runs, 2, 1), Overlap: stats.SpreadOf(overlaps, 2, 1)}
	// FAILs (runs over 3): S2 B's, S3 both; B has 2.
	gap, _ := stats.FailDifference([][]bool{{false, false}, {false, true}, {true, true}}, 1)
	p.Hypotheses[0].Chance = &gap
	return publictest.Judge(p)
}

func TestSpreadAndChance(t *testing.T) {
	p := spreadFixture()
	for in, want := range map[string]string{
		"{{spread(run, sections)}} {{spread(run, writers)}} {{spread(run, neither)}}": "77.5% 15% 7.5%",
		"{{spread(run, section_chance)}} {{spread(overlap, writer_chance)}}":          "16.7% 25%",
		// FAILs: S2 B, S3 both. B gets S3's always, S2's half the time:
		// 1 or 2 FAILs, a gap |2f − 3| = 1 either way: always.
		"{{hypothesis(H1, chance)}} {{hypothesis(H2, chance)}}":         "100% n/a",
		"{{if spread(run, sections) > spread(run, writers)}}yes{{end}}": "yes",
	} {
		doc := &Doc{}
		m := goldmark.New(goldmark.WithExtensions(New(p, criteria.Default(), nil, doc)))
		var b bytes.Buffer
		if err := m.Renderer().Render(&b, []byte(in), m.Parser().Parse(text.NewReader([]byte(in)))); err != nil {
			t.Fatal(err)
		}
		if len(doc.Problems) > 0 {
			t.Errorf("%s: %v", in, doc.Problems[0].Msg)
			continue
		}
		if got := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(b.String()), "<p>"), "</p>"); got != want {
			t.Errorf("%s: got %q, want %q", in, got, want)
		}
	}
	got, doc := render(t, "{{spread(run, bananas)}}\n")
	if len(doc.Problems) == 0 || !strings.Contains(doc.Problems[0].Msg, `unknown field "bananas"`) {
		t.Errorf("unknown figure: %q, %v", got, doc.Problems)
	}
}
