// Package parallel runs independent loop iterations on all cores.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls fn(i) for every i in [0, n) on up to GOMAXPROCS goroutines and
// returns the error of the lowest i that failed, or nil. Every iteration runs
// even when one fails; iterations must not depend on each other.
//
// Workers take the next index from an atomic counter rather than a channel:
// no goroutine ever waits for another until the end, which matters where
// waking a thread is expensive (sandboxed kernels).
func For(n int, fn func(i int) error) error {
	errs := make([]error, n)
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1)) - 1
			if i >= n {
				return
			}
			errs[i] = fn(i)
		}
	}
	workers := min(runtime.GOMAXPROCS(0), n)
	var wg sync.WaitGroup
	for range workers - 1 {
		wg.Add(1)
		go func() { defer wg.Done(); work() }()
	}
	work()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
