//go:build lexduck_ext && lexduck_paniccheck

package main

import (
	"github.com/lexduck/lexduck/ext/catalog"
)

// Functions that panic on purpose, only in the test build: a Go panic in
// a scalar callback, on the callback's goroutine or a fan-out one, must
// fail the query with "name: internal error: …" and leave the host running.
func init() {
	testScalars = append(testScalars, catalog.Scalar{
		Name: "lexduck_panic", Params: []string{"VARCHAR"}, Result: "VARCHAR",
		Eval: func(a []any) (any, error) {
			var m map[string]int
			//lint:ignore SA5000 the panic is the point
			m[a[0].(string)] = 1 // assignment to entry in nil map
			return nil, nil
		},
	})
	testScalars = append(testScalars, catalog.Scalar{ // the same on a fan-out goroutine
		Name: "lexduck_panic_par", Params: []string{"VARCHAR"}, Result: "VARCHAR", Parallel: true,
		Eval: func(a []any) (any, error) {
			if a[0].(string) == "boom" {
				var m map[string]int
				//lint:ignore SA5000 the panic is the point
				m["x"] = 1
			}
			return a[0], nil
		},
	})
}
