package c5

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestCountNGramsWaysAgree holds the hash set and the sort (the way of
// sections of more than sortAbove n-grams) to a map of the n-grams, with the
// keys countNGrams makes and with keys whose hashes all collide.
func TestCountNGramsWaysAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	tests := []struct{ words, vocab, n int }{
		{1, 1, 1}, {5, 1, 2}, {40, 2, 3}, {200, 3, 4}, {300, 50, 8}, {1000, 4, 1}, {64, 2, 64},
	}
	for range 30 {
		tests = append(tests, struct{ words, vocab, n int }{1 + rng.IntN(300), 1 + rng.IntN(6), 1 + rng.IntN(6)})
	}
	for _, tc := range tests {
		words := make([]int32, tc.words)
		for i := range words {
			words[i] = int32(rng.IntN(tc.vocab))
		}
		var c Comparer
		c.long = make([]uint64, (len(words)+63)/64)
		for i := range c.long {
			c.long[i] = rng.Uint64()
		}
		// What occurs in the example is a property of the n-gram: the
		// bit of its last word, at its first occurrence.
		seen := map[string]bool{}
		wantDistinct, wantShared := 0, 0
		for s := 0; s+tc.n <= len(words); s++ {
			g := fmt.Sprint(words[s : s+tc.n])
			if _, ok := seen[g]; ok {
				end := s + tc.n - 1
				if seen[g] { // keep the bits consistent with the n-gram
					c.long[end/64] |= 1 << (end % 64)
				} else {
					c.long[end/64] &^= 1 << (end % 64)
				}
				continue
			}
			seen[g] = c.occurs(s, tc.n)
			wantDistinct++
			if seen[g] {
				wantShared++
			}
		}
		sorted := func(words []int32, n int) (int, int) {
			d, s, _ := c.countSorted(nil, words, n)
			return d, s
		}
		ways := []struct {
			name    string
			collide bool
			count   func([]int32, int) (int, int)
		}{
			{"set", false, c.countInSet}, {"sort", false, sorted},
			{"set, hashes colliding", true, c.countInSet}, {"sort, hashes colliding", true, sorted},
		}
		for _, way := range ways {
			c.countNGrams(nil, words, tc.n) // makes the keys
			if way.collide {
				for i := range c.keys {
					c.keys[i] = 0xABCD<<32 | uint64(i)
				}
			}
			var d, s int
			if tc.n <= len(words) {
				d, s = way.count(words, tc.n)
			}
			if d != wantDistinct || s != wantShared {
				t.Errorf("%d words of %d, n=%d, %s: %d distinct, %d shared; want %d, %d", tc.words, tc.vocab, tc.n, way.name, d, s, wantDistinct, wantShared)
			}
		}
	}
}
