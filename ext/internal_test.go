package ext

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
)

// TestRawVectorLayout fails when duckdb-go's Vector layout changes: the
// raw result path would then silently fall back to the slow one.
func TestRawVectorLayout(t *testing.T) {
	if !rawOK {
		t.Fatal("duckdb.Vector no longer has the fields rawData reads; re-check ext/rawvec.go against the driver")
	}
}

// bareConn is a connection to a DuckDB that did not go through Register.
func bareConn(t *testing.T) *sql.Conn {
	t.Helper()
	db, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

func TestPanicBecomesError(t *testing.T) {
	conn := bareConn(t)
	boom := catalog.Scalar{Name: "boom", Params: []string{"VARCHAR"}, Result: "BIGINT",
		Eval: func([]any) (any, error) { panic("kaboom") }}
	boomInt := catalog.Scalar{Name: "boom_int", Params: []string{"VARCHAR"}, Result: "BIGINT",
		StrInt: func(string) int64 { panic("kaboom") }}
	boomPar := catalog.Scalar{Name: "boom_par", Params: []string{"VARCHAR"}, Result: "BIGINT", Parallel: true,
		Eval: func(a []any) (any, error) {
			if a[0].(string) == "x" {
				panic("kaboom")
			}
			return int64(1), nil
		}}
	boomCtx := catalog.Scalar{Name: "boom_ctx", Params: []string{"VARCHAR"}, Result: "BIGINT",
		EvalContext: func(context.Context, []any) (any, error) { panic("kaboom") }}
	for _, s := range []catalog.Scalar{boom, boomInt, boomPar, boomCtx} {
		f, err := newScalarFunc(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := duckdb.RegisterScalarUDF(conn, s.Name, f); err != nil {
			t.Fatal(err)
		}
		var n int64
		err = conn.QueryRowContext(context.Background(), "SELECT "+s.Name+"('x')").Scan(&n)
		if err == nil || !strings.Contains(err.Error(), s.Name+": internal error: kaboom") {
			t.Errorf("%s: got %v, want an error naming the function", s.Name, err)
		}
		if err := conn.QueryRowContext(context.Background(), "SELECT 41 + 1").Scan(&n); err != nil || n != 42 {
			t.Errorf("next query after a panic: %d, %v", n, err)
		}
	}
}

func TestCheckNamesRefusesBuiltins(t *testing.T) {
	conn := bareConn(t)
	err := checkNames(context.Background(), conn, []string{"word_count", "length"})
	if !errors.Is(err, ErrNameTaken) || !strings.Contains(err.Error(), "length") {
		t.Fatalf("got %v, want ErrNameTaken naming length", err)
	}
	if err := checkNames(context.Background(), conn, []string{"word_count"}); err != nil {
		t.Fatalf("word_count is free in a bare DuckDB: %v", err)
	}
}

// An EvalContext function sees the query's context: interrupting the query
// (the shell's Ctrl-C cancels it) stops a long knn or bm25 at once.
func TestEvalContextSeesCancel(t *testing.T) {
	conn := bareConn(t)
	var sawCancel atomic.Bool
	wait := catalog.Scalar{Name: "wait_cancel", Params: []string{"VARCHAR"}, Result: "VARCHAR",
		EvalContext: func(ctx context.Context, _ []any) (any, error) {
			select {
			case <-ctx.Done():
				sawCancel.Store(true)
				return nil, ctx.Err()
			case <-time.After(20 * time.Second):
				return "never cancelled", nil
			}
		}}
	f, err := newScalarFunc(wait)
	if err != nil {
		t.Fatal(err)
	}
	if err := duckdb.RegisterScalarUDF(conn, wait.Name, f); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	var s string
	err = conn.QueryRowContext(ctx, "SELECT wait_cancel('x')").Scan(&s)
	// DuckDB, interrupted too, may report either.
	if err == nil || !sawCancel.Load() || !strings.Contains(err.Error(), "context canceled") && !strings.Contains(err.Error(), "Interrupted") {
		t.Fatalf("got %q, %v (function saw the cancel: %v); want the query cancelled", s, err, sawCancel.Load())
	}
}
