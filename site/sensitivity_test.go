package site

import (
	"strconv"
	"testing"

	"github.com/evalpress/evalpress/redact/public"
	"github.com/evalpress/evalpress/redact/public/publictest"
	"github.com/evalpress/evalpress/reports/criteria"
)

// benchPublic is a view of the bench corpus's shape: 3 writers by 900
// sections, runs and overlaps spread out.
func benchPublic() *public.Public {
	p := &public.Public{Thresholds: public.Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}}
	for w := range 3 {
		p.Writers = append(p.Writers, public.Writer{Alias: "Model " + strconv.Itoa(w+1)})
	}
	for s := range 900 {
		for w := range 3 {
			c := public.Cell{Writer: p.Writers[w].Alias, Section: "S" + strconv.Itoa(s), HasExample: s%50 != 0, Words: 300,
				Run: (s*7 + w*13) % 60, Overlap: float64((s*11+w*5)%70) / 100, Shared: 3, Distinct: 30}
			publictest.JudgeCell(&c, p.Thresholds)
			p.Cells = append(p.Cells, c)
		}
	}
	return p
}

// TestSensitivityCountsTheFailsAtEachPoint checks every point of both
// sweeps against the outcomes judged again at that point.
func TestSensitivityCountsTheFailsAtEachPoint(t *testing.T) {
	p := benchPublic()
	s := computeSensitivity(p, criteria.Default())
	check := func(points []sensitivityPoint, limit string) {
		if len(points) < 10 {
			t.Fatalf("%s: %d points", limit, len(points))
		}
		for _, pt := range points {
			want := make([]int, len(p.Writers))
			for _, c := range p.Cells {
				if o := c.Outcome(criteria.C5); o.Scored() && criteria.Default().WithLimit(o, limit, pt.Value).Fail() {
					want[int(c.Writer[len(c.Writer)-1]-'1')]++
				}
			}
			for w := range want {
				if pt.Fails[w] != want[w] {
					t.Errorf("%s = %v: %v fails, want %v", limit, pt.Value, pt.Fails, want)
					break
				}
			}
		}
	}
	check(s.Run, criteria.LimitMaxRun)
	check(s.Overlap, criteria.LimitMaxOverlap)
}

func BenchmarkSensitivity(b *testing.B) {
	p := benchPublic()
	for b.Loop() {
		computeSensitivity(p, criteria.Default())
	}
}

func TestSweepNote(t *testing.T) {
	p := &public.Public{Writers: []public.Writer{{Alias: "Model 1"}, {Alias: "Model 2"}, {Alias: "Model 3"}}}
	pts := func(fails ...[]int) []sensitivityPoint {
		var out []sensitivityPoint
		for i, f := range fails {
			out = append(out, sensitivityPoint{Label: strconv.Itoa(5 * i), Fails: f})
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		points []sensitivityPoint
		want   string
		flat   bool
	}{
		{"flat", pts([]int{7, 8, 7}, []int{7, 8, 7}, []int{7, 8, 7}),
			"Across every overlap limit from 0% to 10%, no verdict changes: the FAIL counts stay at Model 1 7, Model 2 8 and Model 3 7.", true},
		{"coinciding, then all", pts([]int{7, 8, 7}, []int{7, 8, 7}, []int{7, 7, 7}, []int{7, 7, 7}),
			"The lines of Model 1 and Model 3 coincide at every point: each is drawn with its own marker and dash. From 10% on, all 3 lines coincide. The FAIL counts of Model 1 and Model 3 stay at 7 across the sweep.", false},
		{"apart", pts([]int{3, 2, 1}, []int{2, 1, 0}),
			"", false},
	} {
		note, flat := sweepNote(p, tc.points, "overlap limit (%)", "%")
		if note != tc.want || flat != tc.flat {
			t.Errorf("%s: %q (flat %v), want %q (flat %v)", tc.name, note, flat, tc.want, tc.flat)
		}
	}
}
