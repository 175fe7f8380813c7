package ext_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/lexduck/lexduck/ext"
)

// DuckDB binds a prepared statement once and initialises it per execution:
// every table function must scan again when the statement runs again.
func TestTableFunctionsRerunPrepared(t *testing.T) {
	db, err := ext.Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	td, _ := filepath.Abs("../testdata")
	for _, q := range []string{
		"CREATE TABLE kq AS SELECT 'q' || i AS id, [i, 1]::FLOAT[] AS embedding, 'w' || i AS text FROM range(5) r(i)",
		"CREATE TABLE kc AS SELECT 'c' || i AS id, [1, i]::FLOAT[] AS embedding, 'w' || i AS text FROM range(9) r(i)",
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	for name, q := range map[string]string{
		"read_trec_run":   "SELECT count(*) FROM read_trec_run('" + td + "/vectors/trec/run.txt')",
		"read_qrels":      "SELECT count(*) FROM read_qrels('" + td + "/vectors/trec/qrels.txt')",
		"read_judgments":  "SELECT count(*) FROM read_judgments('" + td + "/fixtures/uk-judgments')",
		"read_scotus_pdf": "SELECT count(*) FROM read_scotus_pdf('" + td + "/fixtures/scotus-pdf/24-808_lkgn.pdf')",
		"read_pdf_lines":  "SELECT count(*) FROM read_pdf_lines('" + td + "/fixtures/scotus-pdf/24-808_lkgn.pdf')",
		"knn":             "SELECT count(*) FROM knn('kq', 'kc', 3)",
		"bm25":            "SELECT count(*) FROM bm25('kq', 'kc', 3)",
	} {
		if _, err := conn.ExecContext(ctx, "PREPARE p_"+name+" AS "+q); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var first, second int64
		if err := conn.QueryRowContext(ctx, "EXECUTE p_"+name).Scan(&first); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := conn.QueryRowContext(ctx, "EXECUTE p_"+name).Scan(&second); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if first == 0 || second != first {
			t.Errorf("%s: first execution %d rows, second %d", name, first, second)
		}
	}
}
