package matcher

import (
	"math/rand/v2"
	"testing"
)

// TestFoldTableAgreesWithFoldRune: the lazily made blocks of the fold table
// say what foldRune and unicode say, for every code point of the plane,
// whatever order the blocks are made in.
func TestFoldTableAgreesWithFoldRune(t *testing.T) {
	for _, r := range rand.New(rand.NewPCG(1, 2)).Perm(0x10000) {
		c := rune(r)
		if got, want := foldOf(c), foldRune(c); got != want {
			t.Fatalf("foldOf(%U) = %q, want %q", c, got, want)
		}
		if got, want := isMark(c), joinsWord(c); got != want {
			t.Fatalf("isMark(%U) = %v, want %v", c, got, want)
		}
	}
}

// TestQuickTextRoomIsBounded: a fold is made with room for a large text's
// at most: a 45 MB masked page folds to little.
func TestQuickTextRoomIsBounded(t *testing.T) {
	for _, tc := range []struct{ n, folded int }{{1000, 1000}, {largeText, largeText}, {45 << 20, largeText}} {
		var q QuickText
		q.reset(tc.n)
		if cap(q.b) < tc.folded || cap(q.b) > tc.folded+tc.folded/8+64 || cap(q.starts) > tc.folded/8+tc.folded/64+16 {
			t.Errorf("n=%d: room for %d folded bytes and %d words, want %d and %d", tc.n, cap(q.b), cap(q.starts), tc.folded, tc.folded/8)
		}
	}
}
