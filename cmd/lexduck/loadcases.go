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
		`INSERT INTO rejected_files SELECT file, error FROM _lx_pdf WHERE error IS NOT NULL ORDER BY file`,
		`INSERT INTO cases SELECT file || '#' || coalesce(case_no, first_page::VARCHAR), 'pdf', file, case_no, decided, year(decided),
			opinion, syllabus, start_rule, end_rule, ok
		FROM _lx_pdf WHERE error IS NULL ORDER BY file, first_page`,
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
	var files, cases, withSyllabus int
	if err := conn.QueryRowContext(ctx, `SELECT count(DISTINCT file), count(*) FILTER (WHERE error IS NULL),
		count(*) FILTER (WHERE ok) FROM _lx_pdf`).Scan(&files, &cases, &withSyllabus); err != nil {
		return fail(err)
	}
	rejected, err := queryPairs(ctx, conn, "SELECT file, error FROM _lx_pdf WHERE error IS NOT NULL ORDER BY file")
	if err != nil {
		return fail(err)
	}
	if len(rejected) > 0 && !ignore {
		return fail(fmt.Errorf("%s: %s (-ignore-errors loads the other files and reports this one)", rejected[0][0], rejected[0][1]))
	}
	if _, err := conn.ExecContext(ctx, "DROP TABLE _lx_pdf"); err != nil {
		return fail(err)
	}
	if _, err := conn.ExecContext(ctx, "COMMIT"); err != nil {
		return fail(err)
	}
	fmt.Fprintf(stderr, "read %d files in %.1fs: %d cases written, %d with a syllabus; %d rejected\n",
		files, time.Since(start).Seconds(), cases, withSyllabus, len(rejected))
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
		q := fmt.Sprintf(`INSERT INTO cases
			SELECT %[1]s || '#' || coalesce(%[2]s::VARCHAR, (row_number() OVER ())::VARCHAR), 'dataset', %[1]s, NULL,
			       try_cast(%[3]s AS DATE), coalesce(year(try_cast(%[3]s AS DATE)), try_cast(%[4]s AS INTEGER)),
			       opinion, syllabus, NULL, NULL, syllabus IS NOT NULL AND opinion IS NOT NULL
			FROM (%[5]s)`, sqlQuote(base), id, date, year, src)
		res, err := conn.ExecContext(ctx, q)
		if err != nil {
			return fmt.Errorf("lexduck load casesumm: %s: %w", p, err)
		}
		n, _ := res.RowsAffected()
		fmt.Fprintf(stderr, "%s: %d cases written\n", p, n)
	}
	return nil
}
