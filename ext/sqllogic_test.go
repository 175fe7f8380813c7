package ext_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/ext/render"
	"github.com/lexduck/lexduck/internal/sqllogic"
)

// testdataDir replaces __TESTDATA__ in test files, so they name data files
// independently of the directory the runner starts in.
var testdataDir, _ = filepath.Abs("../testdata")

func TestSQL(t *testing.T) {
	files, err := filepath.Glob("../testdata/sql/*.test")
	if err != nil || len(files) == 0 {
		t.Fatalf("no SQL tests found: %v", err)
	}
	for _, path := range files {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".test"), func(t *testing.T) {
			t.Parallel()
			runTestFile(t, path)
		})
	}
}

func runTestFile(t *testing.T, path string) {
	recs, err := sqllogic.Parse(path, testdataDir)
	if err != nil {
		t.Fatal(err)
	}
	// Each file starts on a bare DuckDB and must show there that what it
	// tests is absent before registration.
	bare, err := sql.Open("duckdb", "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { bare.Close() })
	db := bare
	negatives, required := 0, false
	for _, r := range recs {
		where := fmt.Sprintf("%s:%d", filepath.Base(path), r.Line)
		if r.Kind == "require" {
			if negatives == 0 {
				t.Fatalf("%s: no 'statement error' before 'require lexduck' shows the functions absent", where)
			}
			db, err = ext.Open("")
			if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			t.Cleanup(func() { db.Close() })
			required = true
			continue
		}
		if !required && r.Kind == "statement error" {
			negatives++
		}
		runRecord(t, db, where, r)
	}
	if !required {
		t.Fatalf("%s: no 'require lexduck'", path)
	}
}

func runRecord(t *testing.T, db *sql.DB, where string, r sqllogic.Record) {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var rows [][]string
	err = ext.QueryArrow(ctx, conn, r.SQL, func(rr array.RecordReader) error {
		for rr.Next() {
			rec := rr.RecordBatch()
			for i := range int(rec.NumRows()) {
				row := make([]string, rec.NumCols())
				for c := range row {
					s, null := render.Text(rec.Column(c), i)
					if null {
						s = "NULL"
					}
					row[c] = s
				}
				rows = append(rows, row)
			}
		}
		return nil
	})
	if err := r.Check(rows, err); err != nil {
		t.Errorf("%s: %v", where, err)
	}
}
