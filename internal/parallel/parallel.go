// Package parallel runs independent loop iterations on all cores.
package parallel

import (
	"runtime"
	"sync"
)

// For calls fn(i) for every i in [0, n) on up to GOMAXPROCS goroutines and
// returns the error of the lowest i that failed, or nil. Every iteration runs
// even when one fails; iterations must not depend on each other.
func For(n int, fn func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(n, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = fn(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
