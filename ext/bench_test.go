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
