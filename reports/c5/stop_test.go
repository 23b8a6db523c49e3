package c5

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"
)

// largeTexts are a section and an example of n words each from a 2,000-word
// vocabulary, tokenised.
func largeTexts(n int) (*Tokens, *Tokens) {
	rng := rand.New(rand.NewPCG(5, 6))
	gen := func() string {
		ws := make([]string, n)
		for i := range ws {
			ws[i] = fmt.Sprintf("w%d", rng.IntN(2000))
		}
		return strings.Join(ws, " ")
	}
	norm, dict := NewNormaliser(nil), NewDict()
	var st, et Tokens
	norm.Tokenise(gen(), dict, &st)
	norm.Tokenise(gen(), dict, &et)
	return &st, &et
}

// TestCompareStopsWhenCancelled: with its context done, preparing an
// example and comparing a section stop with the context's error, and a
// stopped example is left empty rather than half built.
func TestCompareStopsWhenCancelled(t *testing.T) {
	t.Parallel()
	st, et := largeTexts(3 * sortAbove)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var ex Example
	if err := ex.PrepareContext(ctx, et); !errors.Is(err, context.Canceled) || ex.Len() != 0 {
		t.Errorf("PrepareContext: %v, %d words; want context.Canceled and none", err, ex.Len())
	}
	ex.Prepare(et)
	var c Comparer
	if r, err := c.CompareContext(ctx, st, &ex, 8); !errors.Is(err, context.Canceled) || r != (Comparison{}) {
		t.Errorf("CompareContext: %+v, %v; want context.Canceled", r, err)
	}
	if r, err := c.CompareContext(context.Background(), st, &ex, 8); err != nil || r != c.Compare(st, &ex, 8) || r.Distinct == 0 {
		t.Errorf("CompareContext not cancelled: %+v, %v", r, err)
	}
}

// TestLongLoopsLookAtDone: each loop that takes seconds on a large text
// stops at a closed done channel.
func TestLongLoopsLookAtDone(t *testing.T) {
	t.Parallel()
	st, et := largeTexts(2 * sortAbove)
	closed := make(chan struct{})
	close(closed)
	var a automaton
	if err := a.build(closed, et.IDs); err == nil {
		t.Error("build went on")
	}
	a.build(nil, et.IDs)
	long := make([]uint64, len(st.IDs)/64+1)
	if _, _, _, err := a.match(closed, st.IDs, 8, long); err == nil {
		t.Error("match went on")
	}
	var c Comparer
	if _, _, err := c.countNGrams(closed, st.IDs, 8); err == nil {
		t.Error("countNGrams went on")
	}
	keys := make([]uint64, 2*sortAbove)
	if err := sortKeys(closed, keys); err == nil {
		t.Error("sortKeys went on")
	}
}

// TestSortKeysSorts: sorting by buckets gives what one sort gives, with
// keys spread over the buckets or all in one.
func TestSortKeysSorts(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, n := range []int{0, 1, 5, 255, 256, 257, 1000, sortAbove + 1, 3 * sortAbove} {
		keys := make([]uint64, n)
		for i := range keys {
			keys[i] = rng.Uint64() >> uint(rng.IntN(40)) // many in bucket 0, and repeats
		}
		want := slices.Sorted(slices.Values(keys))
		if err := sortKeys(nil, keys); err != nil || !slices.Equal(keys, want) {
			t.Errorf("%d keys: %v; not sorted as slices.Sort sorts them", n, err)
		}
	}
}

// BenchmarkStopLarge times how long preparing and comparing texts of a
// million words each take to stop once their context is cancelled, 20 ms
// into the work (the target is a small fraction of a second; before they
// looked at it, they ran to their end: seconds).
func BenchmarkStopLarge(b *testing.B) {
	st, et := largeTexts(1_000_000)
	var ex Example
	ex.Prepare(et)
	var total time.Duration
	n := 0
	for b.Loop() {
		for _, work := range []func(ctx context.Context) error{
			func(ctx context.Context) error { var e Example; return e.PrepareContext(ctx, et) },
			func(ctx context.Context) error {
				var c Comparer
				_, err := c.CompareContext(ctx, st, &ex, 8)
				return err
			},
		} {
			ctx, cancel := context.WithCancel(context.Background())
			var cancelled time.Time
			timer := time.AfterFunc(20*time.Millisecond, func() { cancelled = time.Now(); cancel() })
			err := work(ctx)
			timer.Stop()
			if err != nil {
				total += time.Since(cancelled)
				n++
			}
			cancel()
		}
	}
	if n > 0 {
		b.ReportMetric(float64(total.Microseconds())/float64(n)/1000, "ms-to-stop")
	}
}

// BenchmarkCompareLarge prepares an example and compares a section of a
// million words each: the loops that look at their context.
func BenchmarkCompareLarge(b *testing.B) {
	st, et := largeTexts(1_000_000)
	var ex Example
	var c Comparer
	for b.Loop() {
		ex.Prepare(et)
		c.Compare(st, &ex, 8)
	}
}
