package ext_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext"
)

func openDB(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	db, err := ext.Open(dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestRegisterIsIdempotentAndEveryConnectionSeesIt(t *testing.T) {
	db := openDB(t, "")
	if err := ext.Register(context.Background(), db); err != nil {
		t.Fatalf("second Register: %v", err)
	}
	db.SetMaxOpenConns(4)
	ctx := context.Background()
	var conns []*sql.Conn
	for range 4 { // hold four at once so the pool must open new ones
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for i, c := range conns {
		var n float64
		if err := c.QueryRowContext(ctx, "SELECT compression_pct('a', 'a b')").Scan(&n); err != nil || n != 50 {
			t.Errorf("connection %d: %v, %v", i, n, err)
		}
		c.Close()
	}
}

func TestMacrosStayOutOfTheUsersFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lexduck.duckdb")
	db := openDB(t, path)
	if _, err := db.Exec("CREATE TABLE t AS SELECT 1 AS x"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	plain, err := sql.Open("duckdb", path)
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	var n int
	if err := plain.QueryRow("SELECT count(*) FROM duckdb_functions() WHERE function_name = 'compression_pct'").Scan(&n); err != nil || n != 0 {
		t.Fatalf("macro found in the user's file: %d, %v", n, err)
	}
}

func TestMissingExtensionFailsFast(t *testing.T) {
	db := openDB(t, "")
	_, err := db.Exec("LOAD fts")
	if err == nil {
		t.Fatal("LOAD fts succeeded offline")
	}
}

func ExampleOpen() {
	db, err := ext.Open("")
	if err != nil {
		panic(err)
	}
	defer db.Close()
	var n int64
	if err := db.QueryRow("SELECT word_count('The Court held  that')").Scan(&n); err != nil {
		panic(err)
	}
	fmt.Println(n)
	// Output: 4
}
