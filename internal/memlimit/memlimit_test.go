package memlimit

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// liveBytes returns n bytes, each written, so that they are live and
// resident while the caller keeps them.
func liveBytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i)
	}
	return b
}

// current returns the runtime's memory limit without changing it.
func current() int64 { return debug.SetMemoryLimit(-1) }

// collectUntil runs five collections or more, until done, for at most two
// seconds: the check runs in the cleanup goroutine after a collection.
func collectUntil(done func() bool) {
	deadline := time.Now().Add(2 * time.Second)
	for i := 0; i < 5 || !done() && time.Now().Before(deadline); i++ {
		runtime.GC()
		time.Sleep(5 * time.Millisecond)
	}
}

func TestBudget(t *testing.T) {
	before := current()
	tests := []struct {
		name      string
		limit     int64
		live      int // bytes kept live while collecting
		wantLimit int64
	}{
		// Live heap well under the limit: it holds.
		{"kept", 1 << 40, 1 << 20, 1 << 40},
		// More than three quarters of the limit live: lifted.
		{"lifted", 8 << 20, 16 << 20, math.MaxInt64},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			keep := liveBytes(tc.live)
			b := start(tc.limit)
			if got := current(); got != tc.limit {
				t.Fatalf("limit %d while the budget starts, want %d", got, tc.limit)
			}
			lifted := func() bool { b.mu.Lock(); defer b.mu.Unlock(); return b.lifted }
			collectUntil(func() bool { return lifted() == (tc.wantLimit == math.MaxInt64) && current() == tc.wantLimit })
			if got := current(); got != tc.wantLimit {
				t.Errorf("limit %d after collections with %d bytes live, want %d", got, tc.live, tc.wantLimit)
			}
			b.end()
			if got := current(); got != before {
				t.Errorf("limit %d after the budget ended, want %d as before it", got, before)
			}
			runtime.KeepAlive(keep)
		})
	}
}

// TestBudgetLeavesAnotherLimit: a limit set while the budget runs (a large
// site's build sets its own) is not lifted with the budget; the budget's
// end restores the limit before it.
func TestBudgetLeavesAnotherLimit(t *testing.T) {
	before := current()
	keep := liveBytes(16 << 20)
	b := start(8 << 20)
	debug.SetMemoryLimit(1 << 40)
	lifted := func() bool { b.mu.Lock(); defer b.mu.Unlock(); return b.lifted }
	collectUntil(lifted)
	if !lifted() {
		t.Fatal("the budget was not lifted with more than three quarters of it live")
	}
	if got := current(); got != 1<<40 {
		t.Errorf("limit %d after the budget was lifted, want the one set meanwhile (%d)", got, int64(1<<40))
	}
	b.end()
	if got := current(); got != before {
		t.Errorf("limit %d after the budget ended, want %d as before it", got, before)
	}
	runtime.KeepAlive(keep)
}

func TestBudgetLeavesGOMEMLIMIT(t *testing.T) {
	t.Setenv("GOMEMLIMIT", "1GiB")
	before := current()
	end := Budget(8 << 20)
	if got := current(); got != before {
		t.Errorf("limit %d with GOMEMLIMIT set, want %d unchanged", got, before)
	}
	end()
	if got := current(); got != before {
		t.Errorf("limit %d after the budget ended, want %d", got, before)
	}
}

// TestBudgetLiftedUnderAnotherLimitStaysLifted: a collection that leaves
// more than three quarters of the budget live while another limit is in
// place (a large site's build sets its own) lifts the budget. When the
// other limit is put back to the budget's (the build restores the limit it
// found), the budget's limit does not come back into force with that live
// heap: the next collection lifts it. Until then, or while the other limit
// stays, the other limit holds.
func TestBudgetLiftedUnderAnotherLimitStaysLifted(t *testing.T) {
	tests := []struct {
		name      string
		restore   bool // the other limit is put back to the budget's
		wantLimit int64
	}{
		{"other limit kept", false, 1 << 40},
		{"other limit restored", true, math.MaxInt64},
	}
	// The budget's check reads the limit, then lifts it: another that sets
	// its own in between has it lifted, and restores the budget's after.
	t.Run("budget's limit restored after it was lifted", func(t *testing.T) {
		before := current()
		keep := liveBytes(16 << 20)
		const limit = 8 << 20
		b := start(limit)
		collectUntil(func() bool { return current() == math.MaxInt64 })
		if got := current(); got != math.MaxInt64 {
			t.Fatalf("limit %d with %d bytes live, want it lifted", got, len(keep))
		}
		debug.SetMemoryLimit(limit)
		collectUntil(func() bool { return current() == math.MaxInt64 })
		if got := current(); got != math.MaxInt64 {
			t.Errorf("limit %d after the budget's was put back with %d bytes live, want it lifted again", got, len(keep))
		}
		b.end()
		if got := current(); got != before {
			t.Errorf("limit %d after the budget ended, want %d as before it", got, before)
		}
		runtime.KeepAlive(keep)
	})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			before := current()
			keep := liveBytes(16 << 20)
			const limit = 8 << 20
			b := start(limit)
			prev := debug.SetMemoryLimit(1 << 40)
			lifted := func() bool { b.mu.Lock(); defer b.mu.Unlock(); return b.lifted }
			collectUntil(lifted)
			if !lifted() {
				t.Fatal("the budget was not lifted with more than three quarters of it live")
			}
			if tc.restore {
				debug.SetMemoryLimit(prev)
			}
			collectUntil(func() bool { return current() == tc.wantLimit })
			if got := current(); got != tc.wantLimit {
				t.Errorf("limit %d after collections with %d bytes live, want %d", got, len(keep), tc.wantLimit)
			}
			b.end()
			if got := current(); got != before {
				t.Errorf("limit %d after the budget ended, want %d as before it", got, before)
			}
			runtime.KeepAlive(keep)
		})
	}
}
