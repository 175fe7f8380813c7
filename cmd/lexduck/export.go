package main

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lexduck/lexduck/ext"
)

// ExportCommand hands UK-PRBench to the embedding-model ecosystem:
// lexduck export ukprbench -db FILE -out DIR.
type ExportCommand struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

func (c *ExportCommand) usage() {
	fmt.Fprintln(c.Stderr, `Usage: lexduck export ukprbench -db FILE -out DIR

Writes the UK-PRBench instances of FILE (built by .run ukprbench/01_instances)
to DIR, one directory per configuration (SP, CP), in the BEIR layout that
BEIR's and MTEB's loaders read unchanged:
  DIR/SP/corpus.jsonl         {"_id", "title", "text"} per candidate paragraph
  DIR/SP/queries.jsonl        {"_id", "text"} per query (anchor paragraph)
  DIR/SP/qrels/SPLIT.tsv      query-id, corpus-id, score (1 per positive)
  DIR/SP/triplets/SPLIT.parquet  anchor, positive, negative (sentence-transformers)
Rows are sorted and the files are the same byte for byte on every run. DIR
must not exist; it appears whole or not at all.`)
}

// Run runs the export subcommand; args follow "export".
func (c *ExportCommand) Run(ctx context.Context, args []string) error {
	if len(args) == 0 || args[0] != "ukprbench" {
		c.usage()
		return exitError{2}
	}
	fs := flag.NewFlagSet("lexduck export ukprbench", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database `FILE` with the UK-PRBench tables (required)")
	out := fs.String("out", "", "output `DIR` (must not exist)")
	if err := fs.Parse(args[1:]); err != nil || *dbPath == "" || *out == "" || fs.NArg() > 0 {
		c.usage()
		return exitError{2}
	}
	if _, err := os.Stat(*out); err == nil {
		return fmt.Errorf("lexduck export: %s exists; name a new directory", *out)
	}
	db, err := openExisting("lexduck export", *dbPath, true)
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := checkUKPRBench(ctx, conn, *dbPath); err != nil {
		return err
	}
	// Written beside DIR and renamed at the end: DIR is whole or absent.
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(*out)), "."+filepath.Base(*out)+".tmp-")
	if err != nil {
		return fmt.Errorf("lexduck export: %w", err)
	}
	defer os.RemoveAll(tmp)
	counts, err := exportUKPRBench(ctx, conn, tmp)
	if err != nil {
		return fmt.Errorf("lexduck export: %w; nothing was written", err)
	}
	if err := os.Rename(tmp, *out); err != nil {
		return fmt.Errorf("lexduck export: %w", err)
	}
	fmt.Fprintf(c.Stderr, "wrote %s: %s\n", *out, counts)
	return nil
}

// openExisting opens a database file that must exist already: a typo
// would otherwise create an empty database.
func openExisting(cmd, path string, readOnly bool) (*sql.DB, error) {
	if st, err := os.Stat(path); err != nil || st.IsDir() {
		return nil, fmt.Errorf("%s: no database file %q (lexduck load … -db FILE makes one)", cmd, path)
	}
	return ext.OpenFile(path, readOnly)
}

// checkUKPRBench names what is missing before anything is written.
func checkUKPRBench(ctx context.Context, conn *sql.Conn, path string) error {
	for _, t := range []string{"ukprbench_queries", "ukprbench_paragraphs", "ukprbench_pool", "retrieval_qrels"} {
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM duckdb_tables() WHERE table_name = ? AND database_name = current_database()", t).Scan(&n); err != nil {
			return fmt.Errorf("lexduck export: %w", err)
		}
		if n == 0 {
			return fmt.Errorf("lexduck export: %s has no table %s (load judgments, then run .run ukprbench/01_instances)", path, t)
		}
	}
	var queries int
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM ukprbench_queries").Scan(&queries); err != nil {
		return fmt.Errorf("lexduck export: %w", err)
	}
	if queries == 0 {
		return fmt.Errorf("lexduck export: %s has no UK-PRBench instances (no citation with a pinpoint resolved to a judgment in the collection)", path)
	}
	return nil
}

func exportUKPRBench(ctx context.Context, conn *sql.Conn, dir string) (string, error) {
	var summary []string
	for _, config := range []string{"SP", "CP"} {
		base := filepath.Join(dir, config)
		for _, d := range []string{base, filepath.Join(base, "qrels"), filepath.Join(base, "triplets")} {
			if err := os.MkdirAll(d, 0o755); err != nil {
				return "", err
			}
		}
		text := strings.ToLower(config) + "_text"
		cfg := sqlString(config)
		steps := []string{
			// the candidate paragraphs of the pool, once each
			`COPY (SELECT paragraph_id AS _id, '' AS title, ` + text + ` AS text FROM ukprbench_paragraphs
			      WHERE paragraph_id IN (SELECT candidate_id FROM ukprbench_pool WHERE config = ` + cfg + `) ORDER BY _id)
			 TO ` + sqlString(filepath.Join(base, "corpus.jsonl")) + ` (FORMAT JSON)`,
			`COPY (SELECT query_id AS _id, text FROM ukprbench_queries WHERE config = ` + cfg + ` ORDER BY _id)
			 TO ` + sqlString(filepath.Join(base, "queries.jsonl")) + ` (FORMAT JSON)`,
		}
		for _, split := range []string{"train", "dev", "test"} {
			s := sqlString(split)
			steps = append(steps,
				`COPY (SELECT r.query_id AS "query-id", r.candidate_id AS "corpus-id", 1 AS score
				       FROM retrieval_qrels r JOIN ukprbench_queries q USING (config, query_id)
				       WHERE r.config = `+cfg+` AND q.split = `+s+` ORDER BY ALL)
				 TO `+sqlString(filepath.Join(base, "qrels", split+".tsv"))+` (HEADER, DELIMITER '\t', QUOTE '')`,
				// each positive with one hard negative (another paragraph of
				// the cited judgment), chosen by md5 so the choice repeats
				`COPY (WITH negatives AS (
				           SELECT q.config, q.query_id, p.paragraph_id AS candidate_id
				           FROM ukprbench_queries q JOIN ukprbench_paragraphs p ON p.judgment_id = q.cited_id
				           WHERE NOT list_contains(q.positive_positions, p.position)
				           QUALIFY row_number() OVER (PARTITION BY q.config, q.query_id ORDER BY md5(q.query_id || p.paragraph_id)) = 1)
				       SELECT q.text AS anchor, pos.`+text+` AS positive, neg.`+text+` AS negative
				       FROM ukprbench_queries q
				       JOIN retrieval_qrels r ON r.config = q.config AND r.query_id = q.query_id
				       JOIN ukprbench_paragraphs pos ON pos.paragraph_id = r.candidate_id
				       JOIN negatives n ON n.config = q.config AND n.query_id = q.query_id
				       JOIN ukprbench_paragraphs neg ON neg.paragraph_id = n.candidate_id
				       WHERE q.config = `+cfg+` AND q.split = `+s+`
				       ORDER BY q.query_id, r.candidate_id)
				 TO `+sqlString(filepath.Join(base, "triplets", split+".parquet"))+` (FORMAT PARQUET)`)
		}
		for _, q := range steps {
			if _, err := conn.ExecContext(ctx, q); err != nil {
				return "", fmt.Errorf("%s: %w", config, err)
			}
		}
		var corpus, queries, qrels int
		if err := conn.QueryRowContext(ctx, `SELECT
			(SELECT count(DISTINCT candidate_id) FROM ukprbench_pool WHERE config = `+cfg+`),
			(SELECT count(*) FROM ukprbench_queries WHERE config = `+cfg+`),
			(SELECT count(*) FROM retrieval_qrels WHERE config = `+cfg+`)`).Scan(&corpus, &queries, &qrels); err != nil {
			return "", err
		}
		summary = append(summary, fmt.Sprintf("%s %d paragraphs, %d queries, %d qrels", config, corpus, queries, qrels))
	}
	return strings.Join(summary, "; "), nil
}
