// Package memlimit holds a command to a memory budget while its live heap
// leaves room under it, and lets go of the budget when it does not.
//
// Go's collector lets the heap grow to twice what was live after the last
// collection (GOGC=100): a build whose live heap peaks at 230 MB reaches
// 460 MB and more. A soft memory limit (runtime/debug.SetMemoryLimit) makes
// the collector run before the heap passes the limit, which costs little
// while the live heap is well under it. Near it, the collector would run
// ever more often and the program crawl: so after every collection the live
// heap is read, and once it is more than three quarters of the limit the
// limit is lifted for good. A limit that another has set in its place
// meanwhile stays; once it is put back to the budget's, the next
// collection lifts that too. From then on the collector paces itself as it
// would have without a limit.
package memlimit

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// Budget sets a soft memory limit of limit bytes for the Go runtime and
// keeps it until a collection leaves more than three quarters of it live.
// With GOMEMLIMIT set, the environment's limit holds and Budget does
// nothing. The function it returns ends the budget: the limit is what it
// was before.
func Budget(limit int64) (end func()) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); set || limit <= 0 {
		return func() {}
	}
	return start(limit).end
}

// start sets the limit and watches the collections.
func start(limit int64) *budget {
	b := &budget{limit: limit, before: debug.SetMemoryLimit(limit)}
	b.watch()
	return b
}

// budget is one Budget's state.
type budget struct {
	limit, before int64
	mu            sync.Mutex
	lifted        bool // by a collection that left too much live
	ended         bool
}

// sentinel is allocated to be collected: its cleanup runs after the
// collection that found it unreachable. It holds a pointer so that it is
// not one of the tiny objects the allocator packs together.
type sentinel struct{ _ *byte }

// watch arranges for check to run after the next collection.
func (b *budget) watch() {
	runtime.AddCleanup(new(sentinel), func(b *budget) { b.check() }, b)
}

// check reads what the last collection left live and lifts the limit when
// it is more than three quarters of it; it watches every collection until
// the budget ends, so that a lifted budget's limit put back is lifted again.
func (b *budget) check() {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	live := int64(sample[0].Value.Uint64())
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.ended {
		return
	}
	if b.lifted || live > b.limit/4*3 {
		b.lifted = true
		// A limit set meanwhile by another (a large site's build,
		// pipeline) is theirs: it stays. When they put this budget's
		// back (restoring the limit they found, even one read just before
		// it was lifted), the budget is still lifted: the next collection
		// lets go of it again.
		if debug.SetMemoryLimit(-1) == b.limit {
			debug.SetMemoryLimit(math.MaxInt64)
		}
	}
	b.watch()
}

// end restores the limit that was set before Budget.
func (b *budget) end() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.ended {
		debug.SetMemoryLimit(b.before)
		b.ended = true
	}
}
