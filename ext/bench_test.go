package ext_test

import (
	"testing"
)

// BenchmarkTextUDF compares word_count (a Go UDF reading VARCHAR through
// vector views and writing BIGINT straight into the result vector) with
// DuckDB's builtins over the same 1M generated strings (~120 bytes each):
//
//	go test -tags duckdb_arrow -run '^$' -bench TextUDF -count 6 ./ext | benchstat -col /f -
func BenchmarkTextUDF(b *testing.B) {
	db := openDB(b, "?threads=2")
	if _, err := db.Exec(`CREATE TABLE docs AS
		SELECT repeat('the court held that ', (i % 12)::INTEGER) || 'case ' || i::VARCHAR AS s
		FROM range(1000000) r(i)`); err != nil {
		b.Fatal(err)
	}
	for _, f := range []string{"length", "strlen", "word_count"} {
		b.Run("f="+f, func(b *testing.B) {
			for b.Loop() {
				var n int64
				if err := db.QueryRow("SELECT sum(" + f + "(s))::BIGINT FROM docs").Scan(&n); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ns/row")
		})
	}
}

// BenchmarkCosine compares the cosine_similarity macro with the builtins
// it wraps, over 200K pairs of FLOAT[384]:
//
//	go test -tags duckdb_arrow -run '^$' -bench Cosine -count 6 ./ext | benchstat -col /f -
func BenchmarkCosine(b *testing.B) {
	db := openDB(b, "?threads=2")
	if _, err := db.Exec(`SELECT setseed(0.1); CREATE TABLE v AS
		SELECT i, array_agg(random()::FLOAT ORDER BY d)::FLOAT[384] AS a, array_agg(random()::FLOAT ORDER BY d DESC)::FLOAT[384] AS b
		FROM range(200000) r(i), range(384) s(d) GROUP BY i`); err != nil {
		b.Fatal(err)
	}
	for _, f := range []string{"array_cosine_similarity", "list_cosine_similarity", "cosine_similarity"} {
		b.Run("f="+f, func(b *testing.B) {
			for b.Loop() {
				var s float64
				if err := db.QueryRow("SELECT sum(" + f + "(a, b)) FROM v").Scan(&s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
