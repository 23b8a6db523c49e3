package worddiff

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDiffRebuildsBothTexts diffs random texts that share a copied stretch,
// given as an anchor: the equal and inserted words are exactly b, the
// equal and deleted words exactly a, no step is empty, and the anchor
// stays one equal stretch.
func TestDiffRebuildsBothTexts(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(11, 3))
	random := func(n int) []int32 {
		w := make([]int32, n)
		for i := range w {
			w[i] = int32(rng.IntN(16))
		}
		return w
	}
	for i := range 300 {
		a := random(rng.IntN(60))
		b := random(rng.IntN(20))
		var anchors []Anchor
		if len(a) > 10 {
			at := rng.IntN(len(a) - 10)
			anchors = []Anchor{{A: at, B: len(b), N: 10}}
			b = append(b, a[at:at+10]...)
		}
		b = append(b, random(rng.IntN(20))...)
		var gotA, gotB []int32
		kept := false
		for s := range Diff(a, b, anchors) {
			if s.N <= 0 {
				t.Fatalf("case %d: a step of %d words", i, s.N)
			}
			switch s.Kind {
			case Equal:
				if !slices.Equal(a[s.A:s.A+s.N], b[s.B:s.B+s.N]) {
					t.Fatalf("case %d: equal step %+v holds different words", i, s)
				}
				gotA, gotB = append(gotA, a[s.A:s.A+s.N]...), append(gotB, b[s.B:s.B+s.N]...)
				kept = kept || len(anchors) > 0 && s.A <= anchors[0].A && s.A+s.N >= anchors[0].A+10
			case Insert:
				gotB = append(gotB, b[s.B:s.B+s.N]...)
			case Delete:
				gotA = append(gotA, a[s.A:s.A+s.N]...)
			}
		}
		if !slices.Equal(gotA, a) || !slices.Equal(gotB, b) {
			t.Fatalf("case %d: the steps do not rebuild the texts\na %v\nb %v", i, a, b)
		}
		if len(anchors) > 0 && !kept {
			t.Fatalf("case %d: the anchor %+v is not within one equal step", i, anchors[0])
		}
	}
}

func TestPatienceAnchors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b []int32
		want [][2]int
	}{
		{[]int32{1, 2, 3}, []int32{1, 2, 3}, [][2]int{{0, 0}, {1, 1}, {2, 2}}},
		{[]int32{1, 2, 3}, []int32{3, 2, 1}, [][2]int{{2, 0}}},            // one of the three keeps order
		{[]int32{5, 1, 5, 2}, []int32{1, 5, 2}, [][2]int{{1, 0}, {3, 2}}}, // 5 repeats in a
		{[]int32{1, 2}, []int32{3, 4}, nil},
		{nil, []int32{1}, nil},
	} {
		var p patience
		if got, _ := p.anchors(tc.a, tc.b); !slices.Equal(got, tc.want) {
			t.Errorf("anchors(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

// TestChainDropsCrossingAnchors: anchors are taken longest first (in the
// order given), and one that crosses a kept one is dropped.
func TestChainDropsCrossingAnchors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in, want []Anchor
	}{
		{[]Anchor{{A: 10, B: 0, N: 5}, {A: 0, B: 10, N: 3}}, []Anchor{{A: 10, B: 0, N: 5}}},
		{[]Anchor{{A: 10, B: 10, N: 5}, {A: 0, B: 0, N: 3}}, []Anchor{{A: 0, B: 0, N: 3}, {A: 10, B: 10, N: 5}}},
		{[]Anchor{{A: 0, B: 0, N: 5}, {A: 3, B: 8, N: 4}}, []Anchor{{A: 0, B: 0, N: 5}}},
	} {
		if got := chain(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("chain(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
