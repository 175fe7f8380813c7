// Package par runs independent tasks on all cores, with the two rules every
// lexduck worker pool needs: a panic in a task is an error, not the end of
// the process (a recover in the caller cannot see another goroutine's
// panic), and the error reported does not depend on scheduling.
package par

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// Do runs tasks 0 … n−1 on up to GOMAXPROCS goroutines. Each goroutine gets
// its own task function from newWorker (so it can keep scratch space) and
// takes task indices in order from a shared counter. After a task fails
// (returns an error or panics, reported as "internal error: …") or ctx is
// cancelled, no further tasks start. Do returns the error of the
// lowest-numbered failed task — every lower task was started and ran to
// its end, so this is the first failure in task order — else ctx's error.
func Do(ctx context.Context, n int, newWorker func() func(i int) error) error {
	var next atomic.Int64
	var mu sync.Mutex
	firstIdx, first := n, error(nil)
	fail := func(i int, err error) {
		mu.Lock()
		if i < firstIdx {
			firstIdx, first = i, err
		}
		mu.Unlock()
		next.Store(int64(n)) // start no more tasks
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			i := -1
			defer func() {
				if r := recover(); r != nil {
					fail(max(i, 0), fmt.Errorf("internal error: %v", r))
				}
			}()
			task := newWorker()
			for {
				i = int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					next.Store(int64(n))
					return
				}
				if err := task(i); err != nil {
					fail(i, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	return ctx.Err()
}
