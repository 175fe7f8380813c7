//go:build duckdb_arrow

package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportRoundTrip: lexduck export ukprbench writes what BEIR's loader
// reads (every qrels id is in corpus or queries, every query has a
// positive), the same bytes twice, and embeddings made elsewhere come back
// through knn into retrieval_runs and recall_table.
func TestExportRoundTrip(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "uk.duckdb")
	if r := runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments", "-db", db, "-ignore-errors"); r.code != 0 {
		t.Fatalf("load: %+v", r)
	}
	if r := runCLI(t, "", db, "-bail", "-c", ".run ukprbench/01_instances"); r.code != 0 {
		t.Fatalf("instances: %+v", r)
	}
	// Bad input first: tables missing, DIR taken.
	empty := filepath.Join(dir, "empty.duckdb")
	runCLI(t, "", empty, "-c", "CREATE TABLE x AS SELECT 1")
	if r := runCLI(t, "", "export", "ukprbench", "-db", empty, "-out", filepath.Join(dir, "e")); r.code != 1 || !strings.Contains(r.stderr, "has no table ukprbench_queries") {
		t.Errorf("no tables: %+v", r)
	}
	if _, err := os.Stat(filepath.Join(dir, "e")); err == nil {
		t.Error("a failed export left its directory")
	}
	nothing := filepath.Join(dir, "nothing.duckdb") // a collection with no judgment: an error, not empty tables
	runCLI(t, "", "load", "judgments", "../../testdata/fixtures/other", "-db", nothing, "-ignore-errors")
	if r := runCLI(t, "", nothing, "-c", ".run ukprbench/01_instances"); r.code != 1 || !strings.Contains(r.stderr, "the judgments table is empty") {
		t.Errorf("empty collection: %+v", r)
	}
	one := filepath.Join(dir, "one.duckdb") // one judgment: nothing it cites is in the collection
	runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments/2020-ewca-621-civ.xml", "-db", one)
	runCLI(t, "", one, "-c", ".run ukprbench/01_instances")
	if r := runCLI(t, "", "export", "ukprbench", "-db", one, "-out", filepath.Join(dir, "e")); r.code != 1 || !strings.Contains(r.stderr, "has no UK-PRBench instances") {
		t.Errorf("no instances: %+v", r)
	}
	out1, out2 := filepath.Join(dir, "beir1"), filepath.Join(dir, "beir2")
	for _, out := range []string{out1, out2} {
		if r := runCLI(t, "", "export", "ukprbench", "-db", db, "-out", out); r.code != 0 || !strings.Contains(r.stderr, "SP 2991 paragraphs, 19 queries, 90 qrels") {
			t.Fatalf("export: %+v", r)
		}
	}
	if r := runCLI(t, "", "export", "ukprbench", "-db", db, "-out", out1); r.code != 1 || !strings.Contains(r.stderr, "exists") {
		t.Errorf("existing DIR: %+v", r)
	}
	if a, b := treeHash(t, out1), treeHash(t, out2); a != b {
		t.Errorf("two exports differ: %s %s", a, b)
	}
	for _, config := range []string{"SP", "CP"} {
		base := filepath.Join(out1, config)
		corpus := jsonlIDs(t, filepath.Join(base, "corpus.jsonl"), "title")
		queries := jsonlIDs(t, filepath.Join(base, "queries.jsonl"), "")
		positives := map[string]int{}
		for _, split := range []string{"train", "dev", "test"} {
			f, err := os.Open(filepath.Join(base, "qrels", split+".tsv"))
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(f)
			sc.Scan()
			if sc.Text() != "query-id\tcorpus-id\tscore" {
				t.Errorf("%s %s header %q", config, split, sc.Text())
			}
			for sc.Scan() {
				f := strings.Split(sc.Text(), "\t")
				if len(f) != 3 || !queries[f[0]] || !corpus[f[1]] || f[2] != "1" {
					t.Errorf("%s %s qrels line %q: id missing or bad score", config, split, sc.Text())
				}
				positives[f[0]]++
			}
			f.Close()
		}
		for q := range queries {
			if positives[q] == 0 {
				t.Errorf("%s query %s has no positive", config, q)
			}
		}
		if len(queries) != 19 || len(corpus) != 2991 {
			t.Errorf("%s: %d queries, %d paragraphs", config, len(queries), len(corpus))
		}
	}
	// The way back: embeddings from "a model" (here: each query gets its
	// first positive's vector, every paragraph a hash-made one) as Parquet,
	// ranked by knn over the pools, into retrieval_runs and Table 5.
	emb := func(expr string) string {
		return "list_transform(range(8), d -> ((hash(" + expr + ", d) % 1000)::FLOAT / 1000 - 0.5))::FLOAT[8]"
	}
	sp := filepath.Join(out1, "SP")
	script := fmt.Sprintf(`
COPY (SELECT _id AS id, %s AS embedding FROM read_json('%s/corpus.jsonl') ORDER BY id) TO '%s/corpus_emb.parquet';
COPY (SELECT q."query-id" AS id, any_value(%s) AS embedding
      FROM (SELECT "query-id", min("corpus-id") AS cid FROM read_csv('%s/qrels/*.tsv', delim='\t', header=true) GROUP BY 1) q
      GROUP BY 1 ORDER BY 1) TO '%s/query_emb.parquet';
.run ukprbench/03_baselines
CREATE TABLE qe AS FROM '%s/query_emb.parquet';
CREATE TABLE ce AS FROM '%s/corpus_emb.parquet';
CREATE VIEW qe_train AS FROM qe WHERE id IN (SELECT id FROM ukprbench_sp_q_train);
CREATE VIEW ce_train AS FROM ce WHERE id IN (SELECT id FROM ukprbench_sp_c_train);
CREATE VIEW qe_dev AS FROM qe WHERE id IN (SELECT id FROM ukprbench_sp_q_dev);
CREATE VIEW ce_dev AS FROM ce WHERE id IN (SELECT id FROM ukprbench_sp_c_dev);
CREATE VIEW qe_test AS FROM qe WHERE id IN (SELECT id FROM ukprbench_sp_q_test);
CREATE VIEW ce_test AS FROM ce WHERE id IN (SELECT id FROM ukprbench_sp_c_test);
INSERT INTO retrieval_runs SELECT 'dense', 'SP', query_id, candidate_id, rank FROM knn('qe_train', 'ce_train', 50);
INSERT INTO retrieval_runs SELECT 'dense', 'SP', query_id, candidate_id, rank FROM knn('qe_dev', 'ce_dev', 50);
INSERT INTO retrieval_runs SELECT 'dense', 'SP', query_id, candidate_id, rank FROM knn('qe_test', 'ce_test', 50);
SELECT system, queries, r1, r50 FROM recall_table('retrieval_runs', 'retrieval_qrels') WHERE config = 'SP' AND system = 'dense';
`, emb("_id"), sp, sp, emb("q.cid"), sp, sp, sp, sp)
	r := runCLI(t, script, db, "-csv", "-noheader", "-bail")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	last := lines[len(lines)-1]
	if r.code != 0 || !strings.HasPrefix(last, "dense,19,") {
		t.Fatalf("round trip: %+v", r)
	}
	var r1, r50 float64
	fmt.Sscanf(strings.TrimPrefix(last, "dense,19,"), "%g,%g", &r1, &r50)
	// Each query's vector is one of its positives', so that positive ranks
	// first (recall@1 counts it over all of the query's positives).
	if r1 < 50 || r50 < r1 {
		t.Errorf("dense recall@1 %v, @50 %v: each query's own positive vector should rank first", r1, r50)
	}
	// A run naming a query the qrels do not judge is an error naming it.
	r = runCLI(t, "INSERT INTO retrieval_runs VALUES ('dense', 'SP', 'no-such-query', 'x', 1);\nSELECT * FROM recall_table('retrieval_runs', 'retrieval_qrels');\n", db, "-bail")
	if r.code != 1 || !strings.Contains(r.stderr, "ranks query no-such-query (SP), which retrieval_qrels does not judge") {
		t.Errorf("unknown query: %+v", r)
	}
}

func jsonlIDs(t *testing.T, path, need string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ids := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var row map[string]any
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		id, ok := row["_id"].(string)
		if _, hasText := row["text"].(string); !ok || !hasText {
			t.Fatalf("%s: row without _id or text: %.100s", path, sc.Text())
		}
		if _, ok := row[need]; need != "" && !ok {
			t.Fatalf("%s: row without %s", path, need)
		}
		ids[id] = true
	}
	return ids
}

func treeHash(t *testing.T, root string) string {
	t.Helper()
	h := sha256.New()
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		fmt.Fprintf(h, "%s %d\n", rel, len(b))
		h.Write(b)
		return nil
	})
	return fmt.Sprintf("%x", h.Sum(nil))
}
