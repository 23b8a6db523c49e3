package stats

import (
	"math"
	"testing"
)

// TestWilson checks the interval against values computed independently
// (R's prop.test without continuity correction, binom::binom.wilson).
func TestWilson(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		{0, 5, 0, 0.4345},
		{5, 5, 0.5655, 1},
		{7, 9, 0.4526, 0.9368},
		{1, 5, 0.0362, 0.6245},
		{22, 27, 0.6334, 0.9178},
		{0, 0, 0, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 5e-4 || math.Abs(hi-tc.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f to %.4f, want %.4f to %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}
