// Command rouge measures ROUGE throughput on generated syllabus-like pairs
// (bench.Text): pure Go on one core, then SQL (rouge(c, r, true), all four
// types) with DuckDB threads=1 and threads=2, and prints pairs/s and the
// time per pair beside rouge-score's 3.6 s per 2,500-word pair.
//
//	go run -tags duckdb_arrow ./bench/rouge [-pairs 200]
//
// rouge-score itself is not installable here (PyPI is unreachable and
// Debian does not package it), so its figure is the one measured for the
// issue on this machine class, not re-measured by this program.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"runtime"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/bench"
	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/udf"
)

const rougeScoreSecondsPer2500 = 3.6

func main() {
	pairs := flag.Int("pairs", 200, "pairs per size")
	flag.Parse()
	vocab, err := bench.Vocabulary("testdata/vectors/rouge_public.jsonl")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%-6s %-22s %10s %12s %14s\n", "words", "path", "pairs/s", "ms/pair", "vs rouge-score")
	for _, n := range []int{750, 2500} {
		cands, refs := make([]string, *pairs), make([]string, *pairs)
		for i := range cands {
			cands[i], refs[i] = bench.Text(vocab, n, uint64(2*i+1)), bench.Text(vocab, n, uint64(2*i+2))
		}
		runtime.GOMAXPROCS(1)
		start := time.Now()
		sum := 0.0
		for i := range cands {
			sum += udf.ROUGE(cands[i], refs[i], true).RougeLsum.F
		}
		report(n, "Go, 1 core", *pairs, time.Since(start))
		runtime.GOMAXPROCS(runtime.NumCPU())
		for _, threads := range []int{1, 2} {
			got, d := viaSQL(cands, refs, threads)
			if diff := got - sum; diff > 1e-9 || diff < -1e-9 {
				log.Fatalf("SQL sum %v != Go sum %v", got, sum)
			}
			report(n, fmt.Sprintf("SQL, threads=%d", threads), *pairs, d)
		}
	}
}

func report(words int, path string, pairs int, d time.Duration) {
	per := d.Seconds() / float64(pairs)
	ratio := "-"
	if words == 2500 {
		ratio = fmt.Sprintf("%.0fx faster", rougeScoreSecondsPer2500/per)
	}
	fmt.Printf("%-6d %-22s %10.1f %12.3f %14s\n", words, path, float64(pairs)/d.Seconds(), per*1000, ratio)
}

// viaSQL loads the pairs with the Appender and times one query over them.
func viaSQL(cands, refs []string, threads int) (float64, time.Duration) {
	db, err := ext.Open(fmt.Sprintf("?threads=%d", threads))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	ctx := context.Background()
	if _, err := db.Exec("CREATE TABLE pairs(i INTEGER, c VARCHAR, r VARCHAR)"); err != nil {
		log.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		log.Fatal(err)
	}
	err = conn.Raw(func(dc any) error {
		app, err := duckdb.NewAppenderFromConn(dc.(*duckdb.Conn), "", "pairs")
		if err != nil {
			return err
		}
		for i := range cands {
			if err := app.AppendRow(int32(i), cands[i], refs[i]); err != nil {
				return err
			}
		}
		return app.Close()
	})
	conn.Close()
	if err != nil {
		log.Fatal(err)
	}
	var sum float64
	start := time.Now()
	if err := db.QueryRow("SELECT sum(rouge(c, r, true).rougeLsum.f) FROM pairs").Scan(&sum); err != nil {
		log.Fatal(err)
	}
	return sum, time.Since(start)
}
