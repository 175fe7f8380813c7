package par

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
)

func TestDo(t *testing.T) {
	var sum atomic.Int64
	err := Do(context.Background(), 1000, func() func(int) error {
		return func(i int) error { sum.Add(int64(i)); return nil }
	})
	if err != nil || sum.Load() != 999*1000/2 {
		t.Fatalf("every task once: sum %d, %v", sum.Load(), err)
	}
	// A panic in a worker goroutine is an error, not the end of the process.
	err = Do(context.Background(), 100, func() func(int) error {
		return func(i int) error {
			if i == 37 {
				var m map[string]int
				//lint:ignore SA5000 the panic is the point
				m["x"] = 1
			}
			return nil
		}
	})
	if err == nil || !strings.Contains(err.Error(), "internal error: assignment to entry in nil map") {
		t.Fatalf("panic: %v", err)
	}
	boom := errors.New("boom")
	var ran atomic.Int64
	err = Do(context.Background(), 100000, func() func(int) error {
		return func(i int) error {
			ran.Add(1)
			if i == 3 {
				return boom
			}
			return nil
		}
	})
	if !errors.Is(err, boom) || ran.Load() == 100000 {
		t.Fatalf("error stops the work: %v after %d tasks", err, ran.Load())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := Do(ctx, 10, func() func(int) error { return func(int) error { return nil } }); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if err := Do(context.Background(), 0, func() func(int) error { panic("no worker is needed") }); err != nil {
		t.Fatalf("no tasks: %v", err)
	}
}

// Of several failing tasks, the lowest-numbered one's error is returned,
// however the goroutines are scheduled.
func TestDoFirstFailureInTaskOrder(t *testing.T) {
	for range 200 {
		err := Do(context.Background(), 64, func() func(int) error {
			return func(i int) error {
				if i%7 == 3 {
					return fmt.Errorf("task %d", i)
				}
				return nil
			}
		})
		if err == nil || err.Error() != "task 3" {
			t.Fatalf("got %v, want task 3", err)
		}
	}
}
