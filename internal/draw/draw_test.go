package draw

import (
	"math"
	"slices"
	"testing"
)

// TestSameSeedSameDraws draws the same values from the same seed, and
// others from another.
func TestSameSeedSameDraws(t *testing.T) {
	t.Parallel()
	a, b, c := New(7), New(7), New(8)
	same, differ := true, false
	for range 1000 {
		x, y, z := a.Below(1000), b.Below(1000), c.Below(1000)
		same = same && x == y
		differ = differ || x != z
	}
	if !same || !differ {
		t.Errorf("same seed same draws: %v; another seed other draws: %v", same, differ)
	}
}

// TestBelowIsUniform draws below small and large bounds: every value in
// range, each about as often as the others (within 5 standard errors).
func TestBelowIsUniform(t *testing.T) {
	t.Parallel()
	for _, n := range []int{1, 2, 3, 7, 100, 1 << 16, 1<<16 + 3} {
		s := New(uint64(n))
		const draws = 200000
		counts := map[int]int{}
		for range draws {
			v := s.Below(n)
			if v < 0 || v >= n {
				t.Fatalf("Below(%d) = %d", n, v)
			}
			counts[v]++
		}
		if n > 100 {
			continue // too few draws a value to count
		}
		want := float64(draws) / float64(n)
		for v := range n {
			if d := math.Abs(float64(counts[v]) - want); d > 5*math.Sqrt(want) {
				t.Errorf("Below(%d): %d drawn %d times, want about %.0f", n, v, counts[v], want)
			}
		}
	}
}

// TestShuffleKeepsTheValues shuffles a slice: the same values, another
// order, and every order of three values about as often.
func TestShuffleKeepsTheValues(t *testing.T) {
	t.Parallel()
	s := New(1)
	xs := []float64{1, 2, 3, 4, 5, 6, 7, 8}
	s.Shuffle(xs)
	if sorted := slices.Sorted(slices.Values(xs)); !slices.Equal(sorted, []float64{1, 2, 3, 4, 5, 6, 7, 8}) {
		t.Fatalf("shuffled %v", xs)
	}
	orders := map[[3]float64]int{}
	for range 60000 {
		three := []float64{1, 2, 3}
		s.Shuffle(three)
		orders[[3]float64(three)]++
	}
	if len(orders) != 6 {
		t.Fatalf("%d orders of three, want 6", len(orders))
	}
	for o, n := range orders {
		if n < 9500 || n > 10500 {
			t.Errorf("order %v drawn %d times of 60000", o, n)
		}
	}
}
