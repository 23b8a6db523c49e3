package findings

import (
	"testing"

	"github.com/evalpress/evalpress/reports/criteria"
)

// TestOutcomesShareEqualLimits judges cells one after another: an outcome
// shares the previous cell's limits slice where its limits are equal and
// its criterion the same, and keeps its own otherwise.
func TestOutcomesShareEqualLimits(t *testing.T) {
	th := criteria.C5Thresholds{MaxRun: 12, MaxOverlap: 0.1, NGram: 8}
	g1 := criteria.G1Settings{Tolerance: 0.15, Targets: map[string]int{"A": 300, "B": 200}}
	tests := []struct {
		name       string
		prev, next []criteria.Outcome
		share      []bool // by outcome of next
	}{
		{"same thresholds", []criteria.Outcome{th.Judge(3, 0, 0, 5), g1.Judge("A", 280)}, []criteria.Outcome{th.Judge(20, 0.5, 4, 5), g1.Judge("A", 100)}, []bool{true, true}},
		{"another target", []criteria.Outcome{th.Judge(3, 0, 0, 5), g1.Judge("A", 280)}, []criteria.Outcome{th.Judge(3, 0, 0, 5), g1.Judge("B", 280)}, []bool{true, false}},
		{"other thresholds", []criteria.Outcome{th.Judge(3, 0, 0, 5)}, []criteria.Outcome{criteria.C5Thresholds{MaxRun: 20, MaxOverlap: 0.1, NGram: 8}.Judge(3, 0, 0, 5)}, []bool{false}},
		{"another criterion in its place", []criteria.Outcome{g1.Judge("A", 280)}, []criteria.Outcome{th.Judge(3, 0, 0, 5)}, []bool{false}},
		{"no previous cell", nil, []criteria.Outcome{th.Judge(3, 0, 0, 5)}, []bool{false}},
	}
	for _, tt := range tests {
		want := make([][]criteria.Named, len(tt.next))
		for k, o := range tt.next {
			want[k] = append([]criteria.Named(nil), o.Limits...)
		}
		shareLimits(tt.next, tt.prev)
		for k, o := range tt.next {
			shared := k < len(tt.prev) && len(o.Limits) > 0 && &o.Limits[0] == &tt.prev[k].Limits[0]
			if shared != tt.share[k] {
				t.Errorf("%s: outcome %d shares the previous limits: %v, want %v", tt.name, k, shared, tt.share[k])
			}
			if len(o.Limits) != len(want[k]) {
				t.Fatalf("%s: outcome %d has limits %v, want %v", tt.name, k, o.Limits, want[k])
			}
			for i := range want[k] {
				if o.Limits[i] != want[k][i] {
					t.Errorf("%s: outcome %d has limits %v, want %v", tt.name, k, o.Limits, want[k])
				}
			}
		}
	}
}
