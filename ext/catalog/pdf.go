package catalog

import (
	"fmt"
	"time"

	"github.com/lexduck/lexduck/loaders"
)

// The SCOTUS PDF readers behind the read_scotus_pdf and read_pdf_lines
// macros (sql/scotus.sql).
func init() {
	addTable(Table{
		Name: "_lx_read_scotus_pdf", Params: []string{"VARCHAR", "BOOLEAN", "INTEGER"}, Names: []string{"path", "ignore_errors", "threads"},
		Columns: []Column{
			{"file", "VARCHAR"}, {"case_no", "VARCHAR"}, {"decided", "DATE"}, {"first_page", "INTEGER"}, {"last_page", "INTEGER"},
			{"text", "VARCHAR"}, {"syllabus", "VARCHAR"}, {"opinion", "VARCHAR"}, {"start_rule", "VARCHAR"}, {"end_rule", "VARCHAR"},
			{"ok", "BOOLEAN"}, {"error", "VARCHAR"},
		},
		Files: &FileScan{Ext: ".pdf", Public: "read_scotus_pdf", Read: scotusRows},
	}, Table{
		Name: "_lx_read_pdf_lines", Params: []string{"VARCHAR", "INTEGER"}, Names: []string{"path", "threads"},
		Columns: []Column{
			{"file", "VARCHAR"}, {"page", "INTEGER"}, {"line", "INTEGER"}, {"x", "DOUBLE"}, {"y", "DOUBLE"},
			{"size", "DOUBLE"}, {"role", "VARCHAR"}, {"text", "VARCHAR"},
		},
		Files: &FileScan{Ext: ".pdf", Public: "read_pdf_lines", Read: lineRows},
	})
}

// scotusRows reads one PDF into one row per case; a broken file is one
// row with the error (ignore_errors) or fails the query.
func scotusRows(file string, args []any) ([][]any, error) {
	ignore := len(args) > 1 && args[1].(bool)
	d, err := loaders.ReadPDF(file)
	if err != nil {
		if !ignore {
			return nil, fmt.Errorf("read_scotus_pdf: %w", err)
		}
		row := make([]any, 12)
		row[0], row[len(row)-1] = file, err.Error()
		return [][]any{row}, nil
	}
	var rows [][]any
	for _, c := range d.Cases() {
		s := d.Syllabus(c) // text rules, and page heads where those find no end
		var decided any
		if t, err := time.Parse("2006-01-02", c.Decided); err == nil {
			decided = t
		}
		rows = append(rows, []any{file, nullIfEmpty(c.No), decided, int32(c.FirstPage), int32(c.LastPage), c.Text,
			nullIfEmpty(s.Syllabus), nullIfEmpty(s.Opinion), nullIfEmpty(s.StartRule), nullIfEmpty(s.EndRule), s.OK, nil})
	}
	return rows, nil
}

func lineRows(file string, _ []any) ([][]any, error) {
	d, err := loaders.ReadPDF(file)
	if err != nil {
		return nil, fmt.Errorf("read_pdf_lines: %w", err)
	}
	rows := make([][]any, len(d.Lines))
	n := map[int]int32{}
	for i, l := range d.Lines {
		n[l.Page]++
		rows[i] = []any{file, int32(l.Page), n[l.Page], l.X, l.Y, l.Size, l.Role, l.Text}
	}
	return rows, nil
}
