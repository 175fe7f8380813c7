package ext_test

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"
	_ "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/ext/render"
)

// record is one SQLLogicTest record.
type record struct {
	line     int
	kind     string // "statement ok", "statement error", "query", "require"
	types    string // query column types: I integer, R real, T text
	sort     bool   // rowsort
	sql      string
	expected []string
}

// parseTest reads the SQLLogicTest subset: statement ok|error, query
// <types> [rowsort], ---- and expected rows (tab-separated), and
// "require lexduck", which switches from a bare DuckDB to one that went
// through ext.Open.
func parseTest(path string) ([]record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var recs []record
	n := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		n++
		return sc.Text(), true
	}
	for {
		line, ok := next()
		if !ok {
			break
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Fields(line)
		r := record{line: n}
		switch {
		case fields[0] == "require" && len(fields) == 2 && fields[1] == "lexduck":
			r.kind = "require"
			recs = append(recs, r)
			continue
		case fields[0] == "statement" && len(fields) == 2 && (fields[1] == "ok" || fields[1] == "error"):
			r.kind = line
		case fields[0] == "query" && len(fields) >= 2:
			r.kind, r.types = "query", fields[1]
			r.sort = slices.Contains(fields[2:], "rowsort")
		default:
			return nil, fmt.Errorf("%s:%d: unknown record %q", path, n, line)
		}
		var sqlLines []string
		inResult := false
		for {
			l, ok := next()
			if !ok || strings.TrimSpace(l) == "" {
				break
			}
			if l == "----" {
				inResult = true
				continue
			}
			if inResult {
				r.expected = append(r.expected, l)
			} else {
				sqlLines = append(sqlLines, l)
			}
		}
		r.sql = strings.ReplaceAll(strings.Join(sqlLines, "\n"), "__TESTDATA__", testdataDir)
		recs = append(recs, r)
	}
	return recs, sc.Err()
}

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
	recs, err := parseTest(path)
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
		where := fmt.Sprintf("%s:%d", filepath.Base(path), r.line)
		if r.kind == "require" {
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
		if !required && r.kind == "statement error" {
			negatives++
		}
		runRecord(t, db, where, r)
	}
	if !required {
		t.Fatalf("%s: no 'require lexduck'", path)
	}
}

func runRecord(t *testing.T, db *sql.DB, where string, r record) {
	t.Helper()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var rows [][]string
	err = ext.QueryArrow(ctx, conn, r.sql, func(rr array.RecordReader) error {
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
	switch r.kind {
	case "statement ok":
		if err != nil {
			t.Errorf("%s: %v\n%s", where, err, r.sql)
		}
	case "statement error":
		if err == nil {
			t.Errorf("%s: statement succeeded, want an error\n%s", where, r.sql)
		} else if len(r.expected) > 0 && !strings.Contains(err.Error(), strings.Join(r.expected, "\n")) {
			t.Errorf("%s: error %q does not contain %q", where, err, strings.Join(r.expected, "\n"))
		}
	case "query":
		if err != nil {
			t.Errorf("%s: %v\n%s", where, err, r.sql)
			return
		}
		got := make([]string, len(rows))
		for i, row := range rows {
			if len(row) != len(r.types) {
				t.Errorf("%s: %d columns, types say %d", where, len(row), len(r.types))
				return
			}
			got[i] = strings.Join(row, "\t")
		}
		want := slices.Clone(r.expected)
		if r.sort {
			slices.Sort(got)
			slices.Sort(want)
		}
		if !rowsEqual(got, want, r.types) {
			t.Errorf("%s: query\n%s\ngot:\n%s\nwant:\n%s", where, r.sql, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// rowsEqual compares rendered rows; R columns match within 1e-12.
func rowsEqual(got, want []string, types string) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		g, w := strings.Split(got[i], "\t"), strings.Split(want[i], "\t")
		if len(g) != len(w) {
			return false
		}
		for c := range g {
			if g[c] == w[c] {
				continue
			}
			if c < len(types) && types[c] == 'R' {
				gf, e1 := strconv.ParseFloat(g[c], 64)
				wf, e2 := strconv.ParseFloat(w[c], 64)
				if e1 == nil && e2 == nil && math.Abs(gf-wf) <= 1e-12 {
					continue
				}
			}
			return false
		}
	}
	return true
}
