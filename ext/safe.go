package ext

import (
	"context"
	"database/sql/driver"
	"fmt"
	"strings"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// recoverTo is the one panic boundary of lexduck's SQL functions: deferred in
// every executor and table-function callback, it turns a Go panic (which
// would otherwise kill the process from inside a DuckDB thread) into an error
// that names the function. DuckDB fails the query; the next query works.
func recoverTo(name string, err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: internal error: %v", name, r)
	}
}

func safeRow(name string, f func([]driver.Value) (any, error)) duckdb.RowExecutorFn {
	return func(v []driver.Value) (out any, err error) {
		defer recoverTo(name, &err)
		out, err = f(v)
		return out, named(name, err)
	}
}

func safeChunk(name string, f duckdb.ChunkContextExecutorFn) duckdb.ChunkContextExecutorFn {
	return func(ctx context.Context, st *duckdb.ChunkIteratorState) (err error) {
		defer recoverTo(name, &err)
		return named(name, f(ctx, st))
	}
}

// named prefixes err with the function's name unless it already starts with it.
func named(name string, err error) error {
	if err == nil || strings.HasPrefix(err.Error(), name+":") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}
