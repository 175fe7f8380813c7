package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"flag"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/lexduck/lexduck"
	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/ext/render"
	"github.com/lexduck/lexduck/ext/stmt"
	"github.com/lexduck/lexduck/loaders"
)

// ReportCommand runs the ready-made analyses of queries/ and writes a report.
type ReportCommand struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// section is one query's part of the report.
type section struct {
	Query    lexduck.Query
	Columns  []string
	Numeric  []bool
	Rows     [][]string
	Error    string
	Markdown string
	CSVName  string
}

// Run runs lexduck report [-db FILE] [-out DIR] [-only NAME…] [-stamp].
func (c *ReportCommand) Run(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("lexduck report", flag.ContinueOnError)
	fs.SetOutput(c.Stderr)
	dbPath := fs.String("db", "", "database `FILE` with judgments/cases tables (default: the bundled sample corpus)")
	out := fs.String("out", "", "also write report.md, report.html, one CSV per table and SVG plots into `DIR`")
	stamp := fs.Bool("stamp", false, "print the date and time in the report")
	var only stringList
	fs.Var(&only, "only", "run only queries whose name contains `NAME` (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(c.Stderr, "Usage: lexduck report [-db FILE] [-out DIR] [-only NAME]... [-stamp]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return exitError{2}
	}
	var db *sql.DB
	var err error
	corpus := *dbPath
	if *dbPath != "" {
		// read-write: analyses such as ukprbench/01_instances build tables
		db, err = openExisting("lexduck report", *dbPath, false)
	} else {
		corpus = "the bundled sample corpus (testdata/corpus)"
		db, err = openSampleCorpus(ctx)
	}
	if err != nil {
		return err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()

	queries, err := lexduck.LoadQueries()
	if err != nil {
		return err
	}
	for _, o := range only { // a typo would otherwise give an empty report
		matched := false
		for _, q := range queries {
			matched = matched || containsAny(q.Name, []string{o})
		}
		if !matched {
			return fmt.Errorf("lexduck report: -only %q matches no analysis (.queries in the shell lists them)", o)
		}
	}
	var sections []*section
	for _, q := range queries {
		if len(only) > 0 && !containsAny(q.Name, only) {
			continue
		}
		sections = append(sections, runSection(ctx, conn, q))
	}
	var md bytes.Buffer
	fmt.Fprintf(&md, "# lexduck report\n\nCorpus: %s.\n", corpus)
	if *stamp {
		fmt.Fprintf(&md, "Generated %s.\n", time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	}
	var plots []figure
	if *out != "" {
		if plots, err = makePlots(ctx, conn); err != nil {
			return err
		}
		fmt.Fprintln(&md, "\nPlots: "+plotLinks(plots)+".")
	}
	for _, s := range sections {
		md.WriteString("\n" + s.Markdown)
	}
	if _, err := c.Stdout.Write(md.Bytes()); err != nil {
		return err
	}
	if *out == "" {
		return nil
	}
	return writeReportFiles(*out, md.Bytes(), sections, plots, corpus)
}

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// openSampleCorpus loads the embedded sample corpus into a fresh in-memory
// database: UK judgments, SCOTUS PDFs and the SCOTUS texts.
func openSampleCorpus(ctx context.Context) (*sql.DB, error) {
	dir, err := os.MkdirTemp("", "lexduck-corpus-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	if err := os.CopyFS(dir, lexduck.Corpus); err != nil {
		return nil, fmt.Errorf("lexduck report: unpack the sample corpus: %w", err)
	}
	root := filepath.Join(dir, "testdata", "corpus")
	files, err := loaders.ExpandPaths(filepath.Join(root, "uk-judgments"), ".xml")
	if err != nil {
		return nil, err
	}
	db, err := ext.Open("")
	if err != nil {
		return nil, err
	}
	if err := loadJudgments(ctx, db, files, false, io.Discard); err != nil {
		db.Close()
		return nil, err
	}
	if err := loadScotusPDF(ctx, db, []string{filepath.Join(root, "scotus-pdf")}, false, io.Discard); err != nil {
		db.Close()
		return nil, err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO cases
		SELECT regexp_extract(filename, '[^/]+$'), 'text', regexp_extract(filename, 'testdata/corpus/.*$'), NULL, d, coalesce(year(d), y),
		       s.opinion, s.syllabus, s.start_rule, s.end_rule, s.ok
		FROM (SELECT filename, extract_syllabus(content) AS s, case_year(content) AS y,
		             try_strptime(regexp_extract(content, 'Decided (\w+ \d{1,2}, \d{4})', 1), '%B %d, %Y')::DATE AS d
		      FROM read_text(?))`, filepath.Join(root, "scotus-text", "*.txt"))
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("lexduck report: load the sample texts: %w", err)
	}
	// The corpus's PDF file names are relative to the repository, not the
	// temporary directory, so the report reads the same on every machine.
	if _, err := db.ExecContext(ctx, `UPDATE cases SET file = regexp_extract(file, 'testdata/corpus/.*$'),
		case_id = regexp_replace(case_id, '^.*(testdata/corpus/)', '\1');
		UPDATE judgments SET file = regexp_extract(file, 'testdata/corpus/.*$')`); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// runSection runs one query file: every statement, the last one's result
// becoming the section's table. A failure is shown in place, naming the
// file and the line of the failing statement.
func runSection(ctx context.Context, conn *sql.Conn, q lexduck.Query) *section {
	s := &section{Query: q, CSVName: strings.ReplaceAll(q.Name, "/", "_") + ".csv"}
	stmts, rest := stmt.Split(q.SQL)
	if !stmt.Blank(rest) {
		stmts = append(stmts, rest)
	}
	var body []string
	line := 1
	for _, st := range stmts {
		startLine := line + strings.Count(st[:len(st)-len(strings.TrimLeft(st, " \t\r\n"))], "\n")
		line += strings.Count(st, "\n")
		if stmt.Blank(strings.TrimSuffix(strings.TrimSpace(st), ";")) {
			continue
		}
		body = append(body, st)
		if len(body) < countReal(stmts) {
			if _, err := conn.ExecContext(ctx, st); err != nil {
				s.Error = fmt.Sprintf("queries/%s.sql line %d: %s", q.Name, startLine, ext.ErrorText(err))
				break
			}
			continue
		}
		err := ext.QueryArrow(ctx, conn, st, func(rr array.RecordReader) error {
			var md bytes.Buffer
			w := render.New(render.Markdown, &md, render.Options{Header: true})
			schema := rr.Schema()
			if err := w.Header(schema); err != nil {
				return err
			}
			for _, f := range schema.Fields() {
				s.Columns = append(s.Columns, f.Name)
				s.Numeric = append(s.Numeric, render.IsNumeric(f.Type))
			}
			for rr.Next() {
				rec := rr.RecordBatch()
				if err := w.Rows(rec); err != nil {
					return err
				}
				for i := range int(rec.NumRows()) {
					row := make([]string, rec.NumCols())
					for c := range row {
						row[c], _ = render.Text(rec.Column(c), i)
					}
					s.Rows = append(s.Rows, row)
				}
			}
			if err := w.Footer(); err != nil {
				return err
			}
			s.Markdown = md.String()
			return nil
		})
		if err != nil {
			s.Error = fmt.Sprintf("queries/%s.sql line %d: %s", q.Name, startLine, ext.ErrorText(err))
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n", q.Title)
	if q.Reproduces != "" {
		fmt.Fprintf(&b, "Reproduces %s.\n", q.Reproduces)
	}
	if q.Description != "" {
		fmt.Fprintf(&b, "%s\n", q.Description)
	}
	b.WriteString("\n")
	if s.Error != "" {
		fmt.Fprintf(&b, "**This analysis failed:** `%s`\n", strings.ReplaceAll(strings.SplitN(s.Error, "\n", 2)[0], "`", "'"))
	} else if len(s.Rows) == 0 {
		b.WriteString(s.Markdown + "\n(no rows)\n")
	} else {
		b.WriteString(s.Markdown)
	}
	s.Markdown = b.String()
	return s
}

func countReal(stmts []string) int {
	n := 0
	for _, st := range stmts {
		if !stmt.Blank(strings.TrimSuffix(strings.TrimSpace(st), ";")) {
			n++
		}
	}
	return n
}

func writeReportFiles(dir string, md []byte, sections []*section, plots []figure, corpus string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "report.md"), md, 0o644); err != nil {
		return err
	}
	for _, s := range sections {
		if s.Error != "" {
			continue
		}
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		w.Write(s.Columns)
		w.WriteAll(s.Rows)
		if err := os.WriteFile(filepath.Join(dir, s.CSVName), b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	for _, p := range plots {
		if err := os.WriteFile(filepath.Join(dir, p.File), p.SVG, 0o644); err != nil {
			return err
		}
	}
	var h bytes.Buffer
	if err := reportHTML.Execute(&h, map[string]any{"Corpus": corpus, "Sections": sections, "Plots": plots}); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "report.html"), h.Bytes(), 0o644)
}

var reportHTML = template.Must(template.New("report").Funcs(template.FuncMap{
	"svg": func(b []byte) template.HTML { return template.HTML(b) }, // our own gonum/plot output
}).Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>lexduck report</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
table { border-collapse: collapse; margin: 1rem 0; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; }
th { background: #f3f3f3; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
.error { color: #a00; font-family: monospace; } figure { margin: 1rem 0; } figure svg { max-width: 100%; height: auto; }
</style></head><body>
<h1>lexduck report</h1>
<p>Corpus: {{.Corpus}}.</p>
{{range .Plots}}<figure><figcaption>{{.Title}}</figcaption>{{svg .SVG}}</figure>
{{end}}{{range .Sections}}<h2>{{.Query.Title}}</h2>
{{if .Query.Reproduces}}<p>Reproduces {{.Query.Reproduces}}.</p>{{end}}
{{if .Query.Description}}<p>{{.Query.Description}}</p>{{end}}
{{if .Error}}<p class="error">This analysis failed: {{.Error}}</p>
{{else}}<table><tr>{{range .Columns}}<th>{{.}}</th>{{end}}</tr>
{{$num := .Numeric}}{{range .Rows}}<tr>{{range $i, $v := .}}<td{{if index $num $i}} class="num"{{end}}>{{$v}}</td>{{end}}</tr>
{{end}}</table>{{end}}
{{end}}</body></html>
`))
