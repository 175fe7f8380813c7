package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// casesTable is the one shape of SCOTUS cases, from PDFs or dataset files.
const casesTable = `CREATE TABLE IF NOT EXISTS cases (case_id VARCHAR PRIMARY KEY, source VARCHAR, file VARCHAR,
	case_no VARCHAR, decided DATE, year INTEGER, opinion VARCHAR, syllabus VARCHAR,
	start_rule VARCHAR, end_rule VARCHAR, ok BOOLEAN)`

func sqlQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// loadScotusPDF loads every case of the PDFs into cases, in one transaction.
func loadScotusPDF(ctx context.Context, db *sql.DB, paths []string, ignore bool, stderr io.Writer) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	start := time.Now()
	for _, s := range []string{casesTable, `CREATE TABLE IF NOT EXISTS rejected_files (file VARCHAR, reason VARCHAR)`, "BEGIN TRANSACTION"} {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("lexduck load: %w", err)
		}
	}
	var parts []string
	for _, p := range paths {
		parts = append(parts, "SELECT * FROM read_scotus_pdf("+sqlQuote(p)+", ignore_errors := true)")
	}
	steps := []string{
		"CREATE OR REPLACE TEMP TABLE _lx_pdf AS " + strings.Join(parts, " UNION ALL "),
		// A case is identified by its file's content and its place in it,
		// not by how the path was spelled: the same file named twice, or
		// loaded again beside new files, adds each case once.
		`CREATE OR REPLACE TEMP TABLE _lx_new AS
		SELECT *, case_id IN (SELECT case_id FROM cases) AS already FROM (
			SELECT coalesce(case_no, 'p' || first_page) || '#' || left(file_sha256, 12) AS case_id, * FROM _lx_pdf WHERE error IS NULL
			QUALIFY row_number() OVER (PARTITION BY case_id ORDER BY file) = 1)`,
		`DELETE FROM rejected_files WHERE file IN (SELECT file FROM _lx_pdf)`,
		`INSERT INTO rejected_files SELECT DISTINCT file, error FROM _lx_pdf WHERE error IS NOT NULL ORDER BY file`,
		`INSERT INTO cases SELECT case_id, 'pdf', file, case_no, decided, year(decided), opinion, syllabus, start_rule, end_rule, ok
		FROM _lx_new WHERE NOT already ORDER BY file, first_page`,
	}
	fail := func(err error) error {
		conn.ExecContext(context.Background(), "ROLLBACK")
		return fmt.Errorf("lexduck load: %w; nothing was loaded", err)
	}
	for _, s := range steps {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			return fail(err)
		}
	}
	var files, cases, withSyllabus, already int
	if err := conn.QueryRowContext(ctx, `SELECT (SELECT count(DISTINCT file) FROM _lx_pdf), count(*) FILTER (WHERE NOT already),
		count(*) FILTER (WHERE ok AND NOT already), count(*) FILTER (WHERE already) FROM _lx_new`).Scan(&files, &cases, &withSyllabus, &already); err != nil {
		return fail(err)
	}
	rejected, err := queryPairs(ctx, conn, "SELECT file, error FROM _lx_pdf WHERE error IS NOT NULL ORDER BY file")
	if err != nil {
		return fail(err)
	}
	if len(rejected) > 0 && !ignore {
		return fail(fmt.Errorf("%s: %s (-ignore-errors loads the other files and reports this one)", rejected[0][0], rejected[0][1]))
	}
	for _, t := range []string{"_lx_pdf", "_lx_new"} {
		if _, err := conn.ExecContext(ctx, "DROP TABLE "+t); err != nil {
			return fail(err)
		}
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stderr, "read %d files in %.1fs: %d cases written, %d with a syllabus; %d already loaded; %d rejected\n",
		files, time.Since(start).Seconds(), cases, withSyllabus, already, len(rejected))
	for _, r := range rejected {
		fmt.Fprintf(stderr, "  rejected %s: %s\n", r[0], r[1])
	}
	return nil
}

func queryPairs(ctx context.Context, conn *sql.Conn, q string) ([][2]string, error) {
	rows, err := conn.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]string
	for rows.Next() {
		var p [2]string
		if err := rows.Scan(&p[0], &p[1]); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// loadCaseSumm loads CaseSumm's own dataset files (Parquet, JSON lines or
// CSV, read by DuckDB) with opinion and syllabus columns, plus whatever id
// and date columns they have, into cases.
func loadCaseSumm(ctx context.Context, db *sql.DB, paths []string, stderr io.Writer) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, casesTable); err != nil {
		return fmt.Errorf("lexduck load: %w", err)
	}
	// One transaction: a file that fails undoes the files before it.
	if _, err := conn.ExecContext(ctx, "BEGIN TRANSACTION"); err != nil {
		return fmt.Errorf("lexduck load: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			conn.ExecContext(context.Background(), "ROLLBACK")
		}
	}()
	var report []string
	for _, p := range paths {
		src := "SELECT * FROM " + sqlQuote(p)
		rows, err := conn.QueryContext(ctx, "SELECT column_name FROM (DESCRIBE "+src+")")
		if err != nil {
			return fmt.Errorf("lexduck load casesumm: %s: %w", p, err)
		}
		var cols []string
		for rows.Next() {
			var c string
			rows.Scan(&c)
			cols = append(cols, strings.ToLower(c))
		}
		rows.Close()
		for _, need := range []string{"opinion", "syllabus"} {
			if !slices.Contains(cols, need) {
				return fmt.Errorf("lexduck load casesumm: %s has no %q column (columns: %s)", p, need, strings.Join(cols, ", "))
			}
		}
		pick := func(names ...string) string {
			for _, n := range names {
				if slices.Contains(cols, n) {
					return `"` + n + `"`
				}
			}
			return "NULL"
		}
		id := pick("id", "case_id", "citation", "docket_number", "docket", "case_name")
		date := pick("date", "decision_date", "decided", "date_decided")
		year := pick("year", "term")
		base := filepath.Base(p)
		// A case is its id (if the file has one) and a hash of its text:
		// the same file named twice, or the same case in two files, is
		// written once; different cases never share an id.
		q := fmt.Sprintf(`INSERT INTO cases
			SELECT * FROM (
				SELECT coalesce(%[2]s::VARCHAR, 'case') || '#' || left(sha256(coalesce(opinion, '') || chr(0) || coalesce(syllabus, '')), 12) AS case_id,
				       'dataset', %[1]s, NULL,
				       try_cast(%[3]s AS DATE), coalesce(year(try_cast(%[3]s AS DATE)), try_cast(%[4]s AS INTEGER)),
				       opinion, syllabus, NULL, NULL, syllabus IS NOT NULL AND opinion IS NOT NULL
				FROM (%[5]s)
				QUALIFY row_number() OVER (PARTITION BY case_id) = 1)
			WHERE case_id NOT IN (SELECT case_id FROM cases)`, sqlQuote(base), id, date, year, src)
		res, err := conn.ExecContext(ctx, q)
		if err != nil {
			return fmt.Errorf("lexduck load casesumm: %s: %w; nothing was loaded", p, err)
		}
		n, _ := res.RowsAffected()
		report = append(report, fmt.Sprintf("%s: %d cases written", p, n))
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return fmt.Errorf("lexduck load casesumm: %w; nothing was loaded", err)
	}
	committed = true
	for _, r := range report {
		fmt.Fprintln(stderr, r)
	}
	return nil
}
