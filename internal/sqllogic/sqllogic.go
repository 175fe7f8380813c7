// Package sqllogic reads lexduck's SQLLogicTest subset and judges results,
// independent of how a database is reached: ext's test runs the files
// through ext.Open, the loadable-extension test through a C host that LOADs
// lexduck.duckdb_extension into stock DuckDB.
//
// Records: "statement ok", "statement error" (optionally followed by ----
// and a substring the error must contain), "query <types> [rowsort]" with
// ---- and tab-separated expected rows, and "require lexduck", which switches
// from a bare DuckDB to one with lexduck's functions. "__TESTDATA__" in SQL
// is replaced by the absolute testdata directory.
package sqllogic

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
)

// Record is one SQLLogicTest record.
type Record struct {
	Line     int
	Kind     string // "statement ok", "statement error", "query", "require"
	Types    string // query column types: I integer, R real, T text
	Sort     bool   // rowsort
	SQL      string
	Expected []string
}

// Parse reads the file at path.
func Parse(path, testdataDir string) ([]Record, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var recs []Record
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
		r := Record{Line: n}
		switch {
		case fields[0] == "require" && len(fields) == 2 && fields[1] == "lexduck":
			r.Kind = "require"
			recs = append(recs, r)
			continue
		case fields[0] == "statement" && len(fields) == 2 && (fields[1] == "ok" || fields[1] == "error"):
			r.Kind = line
		case fields[0] == "query" && len(fields) >= 2:
			r.Kind, r.Types = "query", fields[1]
			r.Sort = slices.Contains(fields[2:], "rowsort")
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
				r.Expected = append(r.Expected, l)
			} else {
				sqlLines = append(sqlLines, l)
			}
		}
		r.SQL = strings.ReplaceAll(strings.Join(sqlLines, "\n"), "__TESTDATA__", testdataDir)
		recs = append(recs, r)
	}
	return recs, sc.Err()
}

// Check judges a statement's outcome: rows as rendered text ("NULL" for
// NULL), err as the database returned it. It returns nil when the record
// holds.
func (r Record) Check(rows [][]string, err error) error {
	switch r.Kind {
	case "statement ok":
		if err != nil {
			return fmt.Errorf("%v\n%s", err, r.SQL)
		}
	case "statement error":
		if err == nil {
			return fmt.Errorf("statement succeeded, want an error\n%s", r.SQL)
		}
		if want := strings.Join(r.Expected, "\n"); len(r.Expected) > 0 && !strings.Contains(err.Error(), want) {
			return fmt.Errorf("error %q does not contain %q", err, want)
		}
	case "query":
		if err != nil {
			return fmt.Errorf("%v\n%s", err, r.SQL)
		}
		got := make([]string, len(rows))
		for i, row := range rows {
			if len(row) != len(r.Types) {
				return fmt.Errorf("%d columns, types say %d", len(row), len(r.Types))
			}
			got[i] = strings.Join(row, "\t")
		}
		want := slices.Clone(r.Expected)
		if r.Sort {
			slices.Sort(got)
			slices.Sort(want)
		}
		if !RowsEqual(got, want, r.Types) {
			return fmt.Errorf("query\n%s\ngot:\n%s\nwant:\n%s", r.SQL, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	return nil
}

// RowsEqual compares rendered rows; R columns match within 1e-12.
func RowsEqual(got, want []string, types string) bool {
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
				if e1 == nil && e2 == nil && (math.Abs(gf-wf) <= 1e-12 || math.IsNaN(gf) && math.IsNaN(wf)) {
					continue
				}
			}
			return false
		}
	}
	return true
}
