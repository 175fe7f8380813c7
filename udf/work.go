package udf

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// work runs tasks 0 … n−1 on up to GOMAXPROCS goroutines. Each goroutine
// gets its own task function from newWorker (so it can keep scratch space)
// and takes task indices in turn from a shared counter. The first error,
// a panic in a task (as an error: the caller's recover cannot see another
// goroutine's panic, which would end the process), or ctx's cancellation
// stops the handing out of tasks and is returned.
func work(ctx context.Context, n int, newWorker func() func(i int) error) error {
	var next atomic.Int64
	var once sync.Once
	var first error
	fail := func(err error) {
		once.Do(func() { first = err })
		next.Store(int64(n)) // no more tasks
	}
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					fail(fmt.Errorf("internal error: %v", r))
				}
			}()
			task := newWorker()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				if err := task(i); err != nil {
					fail(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}
