//go:build duckdb_arrow

package main

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/lexduck/lexduck/ext"
)

// benchData is created in both databases: 20,000 summary pairs of about 60
// words, 200,000 pairs of 64-dim FLOAT vectors, and from them knn's
// tables (1,000 queries, 20,000 candidates) and bm25's (200, 20,000).
var benchData = []string{
	`CREATE TABLE pairs AS SELECT i,
		(SELECT string_agg('w' || ((i * 7 + j * 13) % 400), ' ') FROM range(60) s(j)) AS a,
		(SELECT string_agg('w' || ((i * 3 + j * 11) % 400), ' ') FROM range(60) s(j)) AS b
	 FROM range(20000) r(i)`,
	`CREATE TABLE vecs AS SELECT i,
		list_transform(range(64), j -> sin(i * 0.37 + j)::FLOAT)::FLOAT[] AS x,
		list_transform(range(64), j -> cos(i * 0.11 + j)::FLOAT)::FLOAT[] AS y
	 FROM range(200000) r(i)`,
	"CREATE TABLE kq AS SELECT i AS id, x AS embedding FROM vecs WHERE i < 1000",
	"CREATE TABLE kc AS SELECT i AS id, y AS embedding FROM vecs WHERE i < 20000",
	"CREATE TABLE bq AS SELECT i AS id, a AS text FROM pairs WHERE i < 200",
	"CREATE TABLE bc AS SELECT i AS id, b AS text FROM pairs",
	"SET threads = 1",
}

// rowCost cases: the query and its row count. Single-threaded, so ns/row
// is CPU per row; for knn and bm25 a "row" is a query. BenchmarkRowCost adds read_judgments over the 126 UK
// fixtures (23 MB), where a "row" is a judgment.
var rowCost = []struct {
	name, query string
	rows        int
	builtin     bool // the query uses only DuckDB builtins
}{
	{"rouge", "SELECT sum(rouge(a, b).rougeL.f) FROM pairs", 20000, false},
	{"cosine_similarity", "SELECT sum(cosine_similarity(x, y)) FROM vecs", 200000, false},
	{"list_cosine_similarity", "SELECT sum(list_cosine_similarity(x, y)) FROM vecs", 200000, true},
	{"knn", "SELECT sum(score) FROM knn('kq', 'kc', 10)", 1000, false},
	{"bm25", "SELECT sum(score) FROM bm25('bq', 'bc', 10)", 200, false},
}

// BenchmarkRowCost measures lexduck's functions loaded into stock DuckDB
// 1.5.6 (the C host) and embedded through duckdb-go, and DuckDB's builtin,
// in one run; bench/ext/run.sh prints the ratios.
func BenchmarkRowCost(b *testing.B) {
	h, err := startHost(hostBin, extPath)
	if err != nil {
		b.Fatal(err)
	}
	defer h.close()
	for _, q := range append([]string{"LOAD lexduck", "SET search_path = 'main,lx_sys.main'"}, benchData...) {
		if _, err := h.query(q); err != nil {
			b.Fatal(err)
		}
	}
	db, err := ext.Open("")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // SET threads and the tables live on one connection
	for _, q := range benchData {
		if _, err := db.Exec(q); err != nil {
			b.Fatal(err)
		}
	}
	uk, err := filepath.Abs("../../testdata/fixtures/uk-judgments")
	if err != nil {
		b.Fatal(err)
	}
	cases := append(rowCost[:len(rowCost):len(rowCost)], struct {
		name, query string
		rows        int
		builtin     bool
	}{"read_judgments", "SELECT sum(len(citations))::DOUBLE FROM read_judgments('" + uk + "')", 126, false})
	for _, c := range cases {
		paths := []string{"loaded", "embedded"}
		if c.builtin {
			paths = []string{"builtin"}
		}
		for _, p := range paths {
			b.Run(c.name+"/"+p, func(b *testing.B) {
				for b.Loop() {
					if p == "embedded" {
						var s sql.NullFloat64
						if err := db.QueryRowContext(context.Background(), c.query).Scan(&s); err != nil {
							b.Fatal(err)
						}
					} else if _, err := h.scalar(c.query); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(c.rows), "ns/row")
			})
		}
	}
}
