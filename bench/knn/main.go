// Command knn measures exact top-k search at UK-PRBench's scale (4,403
// query paragraphs, 8,739 candidates, 1,024 dimensions, k = 50; generated
// vectors) three ways in one run and prints seconds and ratios:
//
//   - lexduck's knn table macro;
//   - DuckDB's best SQL form: cross join + max_by(id, array_cosine_similarity, k);
//   - the same with array_inner_product on pre-normalised vectors
//     (normalisation not timed).
//
// It checks that knn and the SQL form agree on each query's best candidate
// and on the top-k sets of a sample.
//
//	go run -tags duckdb_arrow ./bench/knn [-q 4403 -c 8739 -dim 1024 -k 50]
package main

import (
	"database/sql"
	"flag"
	"fmt"
	"log"
	"time"

	"github.com/lexduck/lexduck/ext"
)

func main() {
	nq := flag.Int("q", 4403, "queries")
	nc := flag.Int("c", 8739, "candidates")
	dim := flag.Int("dim", 1024, "dimensions")
	k := flag.Int("k", 50, "neighbours per query")
	flag.Parse()
	db, err := ext.Open("?threads=2")
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(4)
	exec(db, "SELECT setseed(0.42)")
	gen := func(name string, n int) {
		start := time.Now()
		exec(db, fmt.Sprintf(`CREATE TABLE %s AS
			SELECT i AS id, array_agg(random()::FLOAT - 0.5 ORDER BY d)::FLOAT[%d] AS embedding
			FROM range(%d) a(i), range(%d) b(d) GROUP BY i`, name, *dim, n, *dim))
		exec(db, fmt.Sprintf(`CREATE TABLE %s_n AS SELECT id, list_transform(e, x -> x / norm)::FLOAT[%d] AS embedding
			FROM (SELECT id, embedding::DOUBLE[] AS e, sqrt(list_dot_product(embedding::DOUBLE[], embedding::DOUBLE[])) AS norm FROM %s)`, name, *dim, name))
		fmt.Printf("generated %s: %d x %d in %.1fs\n", name, n, *dim, time.Since(start).Seconds())
	}
	gen("q", *nq)
	gen("c", *nc)

	timed := func(label, query string) float64 {
		start := time.Now()
		exec(db, query)
		s := time.Since(start).Seconds()
		fmt.Printf("%-46s %8.2f s\n", label, s)
		return s
	}
	fmt.Printf("\n%d queries x %d candidates x %d dims, k = %d, DuckDB threads=2\n", *nq, *nc, *dim, *k)
	tKNN := timed("lexduck knn('q', 'c', k)", fmt.Sprintf("CREATE TABLE r_knn AS SELECT * FROM knn('q', 'c', %d)", *k))
	tCos := timed("SQL cross join + max_by(array_cosine_similarity)", fmt.Sprintf(
		"CREATE TABLE r_cos AS SELECT q.id AS qid, max_by(c.id, array_cosine_similarity(q.embedding, c.embedding), %d) AS top FROM q, c GROUP BY q.id", *k))
	tIP := timed("SQL cross join + max_by(array_inner_product), normalised", fmt.Sprintf(
		"CREATE TABLE r_ip AS SELECT q.id AS qid, max_by(c.id, array_inner_product(q.embedding, c.embedding), %d) AS top FROM q_n q, c_n c GROUP BY q.id", *k))

	var same1, sameSet, sample int
	row := db.QueryRow(`SELECT
		count(*) FILTER (WHERE s.top[1] = g.top[1]),
		count(*) FILTER (WHERE list_sort(s.top) = list_sort(g.top)),
		count(*)
		FROM r_cos s JOIN (SELECT query_id::BIGINT AS qid, list(candidate_id::BIGINT ORDER BY rank) AS top FROM r_knn GROUP BY ALL) g USING (qid)`)
	if err := row.Scan(&same1, &sameSet, &sample); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("\nagreement with the SQL form: best candidate %d/%d queries, whole top-%d set %d/%d\n", same1, sample, *k, sameSet, sample)
	best := min(tCos, tIP)
	fmt.Printf("knn is %.1fx faster than the best SQL form (%.1fx vs max_by cosine, %.1fx vs inner product)\n", best/tKNN, tCos/tKNN, tIP/tKNN)
}

func exec(db *sql.DB, q string) {
	if _, err := db.Exec(q); err != nil {
		log.Fatalf("%v\n%s", err, q)
	}
}
