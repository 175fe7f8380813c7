//go:build lexduck_ext && lexduck_paniccheck

package main

import (
	"github.com/lexduck/lexduck/ext/catalog"
)

// Functions that panic on purpose, only in the test build: a Go panic in
// a scalar callback, in a table function's bind and in its scan must each
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
	testTables = append(testTables, catalog.Table{
		Name: "lexduck_panic_scan", Params: []string{"BOOLEAN"}, Columns: []catalog.Column{{Name: "x", Type: "INTEGER"}},
		Open: func(args []any) (catalog.Rows, error) {
			if args[0].(bool) {
				panic("panic in bind")
			}
			return panicRows{}, nil
		},
	})
}

type panicRows struct{}

func (panicRows) Next([]any) (bool, error) { panic("panic in scan") }
func (panicRows) Close() error             { return nil }
