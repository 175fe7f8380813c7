package catalog

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/lexduck/lexduck/loaders"
)

// The file readers are SQL macros (sql/judgments.sql, sql/scotus.sql) over
// DuckDB's read_blob: DuckDB expands the globs and opens the files, so its
// file-access settings (enable_external_access, allowed_directories,
// symlinks resolved) hold for lexduck's readers exactly as for its own,
// with its error text, on the embedded and the loaded path alike; only
// regular files are listed, so a FIFO or a device never blocks a scan.
// The _lx_ functions below parse one file's bytes each; they never touch
// the file system, so calling them directly opens nothing.

// JudgmentColumns are read_judgments' columns.
var JudgmentColumns = []Column{
	{"judgment_id", "VARCHAR"}, {"file", "VARCHAR"}, {"uri", "VARCHAR"}, {"neutral_citation", "VARCHAR"},
	{"citation_source", "VARCHAR"}, {"court", "VARCHAR"}, {"judgment_date", "DATE"}, {"name", "VARCHAR"},
	{"paragraphs", "STRUCT(num INTEGER, eid VARCHAR, position INTEGER, text VARCHAR)[]"},
	{"footnotes", "STRUCT(para_num INTEGER, marker VARCHAR, text VARCHAR)[]"},
	{"citations", "STRUCT(para_num INTEGER, para_position INTEGER, kind VARCHAR, raw VARCHAR, canonical VARCHAR, court VARCHAR, year INTEGER, pinpoints INTEGER[], pin_type VARCHAR, source VARCHAR, start_offset INTEGER, end_offset INTEGER, group_id INTEGER)[]"},
	{"bytes", "BIGINT"}, {"error", "VARCHAR"},
}

var scotusColumns = []Column{
	{"file", "VARCHAR"}, {"case_no", "VARCHAR"}, {"decided", "DATE"}, {"first_page", "INTEGER"}, {"last_page", "INTEGER"},
	{"text", "VARCHAR"}, {"syllabus", "VARCHAR"}, {"opinion", "VARCHAR"}, {"start_rule", "VARCHAR"}, {"end_rule", "VARCHAR"},
	{"ok", "BOOLEAN"}, {"error", "VARCHAR"},
}

var lineColumns = []Column{
	{"file", "VARCHAR"}, {"page", "INTEGER"}, {"line", "INTEGER"}, {"x", "DOUBLE"}, {"y", "DOUBLE"},
	{"size", "DOUBLE"}, {"role", "VARCHAR"}, {"text", "VARCHAR"}, {"error", "VARCHAR"},
}

// structType renders columns as STRUCT(name TYPE, …).
func structType(cols []Column) string {
	parts := make([]string, len(cols))
	for i, c := range cols {
		parts[i] = c.Name + " " + c.Type
	}
	return "STRUCT(" + strings.Join(parts, ", ") + ")"
}

// structValue names a row's values by column.
func structValue(cols []Column, row []any) map[string]any {
	m := make(map[string]any, len(cols))
	for i, c := range cols {
		m[c.Name] = row[i]
	}
	return m
}

// DisplayName is a file name as text: bytes that are not UTF-8 (a name
// from another system's encoding) are written as \xNN, so the name is
// never lost or NULL.
func DisplayName(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	var b strings.Builder
	for i := 0; i < len(name); {
		r, n := utf8.DecodeRuneInString(name[i:])
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, `\x%02x`, name[i])
		} else {
			b.WriteString(name[i : i+n])
		}
		i += n
	}
	return b.String()
}

// text is a BLOB or VARCHAR argument as a string. File names arrive as
// BLOB (encode(filename)): DuckDB cannot hold a name that is not UTF-8 in
// a VARCHAR value, and such names exist.
func text(v any) string {
	if b, ok := v.([]byte); ok {
		return string(b)
	}
	return v.(string)
}

// fileArgs reads a parser's (file, content, ignore_errors) arguments.
// The file name is only a label: the parsers open nothing.
func fileArgs(fn string, a []any) (file string, data []byte, ignore bool, err error) {
	if len(a) > 2 {
		if a[2] == nil {
			return "", nil, false, fmt.Errorf("%s: ignore_errors must be true or false, not NULL", fn)
		}
		ignore = a[2].(bool)
	}
	if a[0] == nil {
		return "", nil, false, fmt.Errorf("%s: file name is NULL", fn)
	}
	file = DisplayName(text(a[0]))
	switch c := a[1].(type) {
	case []byte:
		data = c
	case string:
		data = []byte(c)
	}
	return file, data, ignore, nil
}

// fileScalar is one of the parsers behind the file-reading macros: a
// NULL-aware, parallel (file, content, ignore_errors) scalar whose errors
// name the macro.
func fileScalar(name, macro, result, doc string, parse func(file string, data []byte, ignore bool) (any, error)) Scalar {
	return Scalar{
		Name: name, Params: []string{"BLOB", "BLOB", "BOOLEAN"}, Result: result, Doc: doc,
		Behind: macro, NullAware: true, Parallel: true,
		Eval: func(a []any) (any, error) {
			file, data, ignore, err := fileArgs(macro, a)
			if err != nil {
				return nil, err
			}
			return parse(file, data, ignore)
		},
	}
}

func init() {
	add(fileScalar("_lx_judgment", "read_judgments", structType(JudgmentColumns),
		"_lx_judgment(file, content, ignore_errors): one Find Case Law XML file's bytes as a read_judgments row",
		func(file string, data []byte, ignore bool) (any, error) {
			row, err := judgmentRow(file, data, ignore)
			if err != nil {
				return nil, err
			}
			return structValue(JudgmentColumns, row), nil
		}),
		fileScalar("_lx_scotus_pdf", "read_scotus_pdf", structType(scotusColumns)+"[]",
			"_lx_scotus_pdf(file, content, ignore_errors): one PDF's bytes as read_scotus_pdf rows, one per case",
			func(file string, data []byte, ignore bool) (any, error) {
				rows, err := scotusRows(file, data, ignore)
				return structList(scotusColumns, rows, err)
			}),
		fileScalar("_lx_pdf_lines", "read_pdf_lines", structType(lineColumns)+"[]",
			"_lx_pdf_lines(file, content, ignore_errors): one PDF's bytes as read_pdf_lines rows",
			func(file string, data []byte, ignore bool) (any, error) {
				rows, err := lineRows(file, data, ignore)
				return structList(lineColumns, rows, err)
			}))
}

func structList(cols []Column, rows [][]any, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	out := make([]any, len(rows))
	for i, r := range rows {
		out[i] = structValue(cols, r)
	}
	return out, nil
}

// judgmentRow parses one Find Case Law XML file's bytes into a row of
// JudgmentColumns. A broken file fails, or with ignore is a row naming the
// file and the error.
func judgmentRow(file string, data []byte, ignore bool) (row []any, err error) {
	size := int64(len(data))
	var j *loaders.Judgment
	if size > loaders.MaxJudgmentBytes {
		err = &loaders.FileError{File: file, Err: fmt.Errorf("%d bytes is more than the %d a judgment may have here", size, loaders.MaxJudgmentBytes)}
	} else {
		j, err = loaders.ParseJudgmentBytes(data, file)
	}
	if err != nil {
		if !ignore {
			var fe *loaders.FileError
			hint := ""
			if errors.As(err, &fe) && fe.Hint == "" {
				hint = " (read_judgments(…, ignore_errors := true) loads the other files and reports this one in the error column)"
			}
			return nil, fmt.Errorf("read_judgments: %w%s", err, hint)
		}
		row = make([]any, len(JudgmentColumns))
		row[0], row[1], row[len(row)-2], row[len(row)-1] = filepath.Base(file), file, size, err.Error()
		return row, nil
	}
	var date any
	if j.Date != "" {
		if t, err := time.Parse("2006-01-02", j.Date); err == nil {
			date = t
		}
	}
	paras := make([]any, len(j.Paragraphs))
	for k, p := range j.Paragraphs {
		paras[k] = map[string]any{"num": nullIfZero(p.Num), "eid": nullIfEmpty(p.EID), "position": int32(p.Position), "text": p.Text}
	}
	notes := make([]any, len(j.Footnotes))
	for k, f := range j.Footnotes {
		notes[k] = map[string]any{"para_num": nullIfZero(f.ParaNum), "marker": nullIfEmpty(f.Marker), "text": f.Text}
	}
	cites := []any{}
	for _, c := range j.Citations() {
		pins := make([]any, len(c.Pinpoints))
		for k, p := range c.Pinpoints {
			pins[k] = int32(p)
		}
		var group any
		if c.Group >= 0 {
			group = int32(c.Group)
		}
		cites = append(cites, map[string]any{
			"para_num": nullIfZero(c.ParaNum), "para_position": nullIfZero(c.Position), "kind": c.Kind, "raw": c.Raw, "canonical": c.Canonical, "court": nullIfEmpty(c.Court),
			"year": nullIfZero(c.Year), "pinpoints": pins, "pin_type": nullIfEmpty(c.PinType), "source": c.Source,
			"start_offset": int32(c.Start), "end_offset": int32(c.End), "group_id": group,
		})
	}
	return []any{j.ID, file, nullIfEmpty(j.URI), nullIfEmpty(j.NeutralCitation), nullIfEmpty(j.CitationSource), nullIfEmpty(j.Court), date,
		nullIfEmpty(j.Name), paras, notes, cites, size, nil}, nil
}

func nullIfZero(n int) any {
	if n == 0 {
		return nil
	}
	return int32(n)
}

// scotusRows reads one PDF into one row per case; a broken file is one
// row with the error (ignore) or fails the query.
func scotusRows(file string, data []byte, ignore bool) ([][]any, error) {
	d, err := loaders.ParsePDF(file, data)
	if err != nil {
		if !ignore {
			return nil, fmt.Errorf("read_scotus_pdf: %w", err)
		}
		row := make([]any, len(scotusColumns))
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

func lineRows(file string, data []byte, ignore bool) ([][]any, error) {
	d, err := loaders.ParsePDF(file, data)
	if err != nil {
		if !ignore {
			return nil, fmt.Errorf("read_pdf_lines: %w", err)
		}
		row := make([]any, len(lineColumns))
		row[0], row[len(row)-1] = file, err.Error()
		return [][]any{row}, nil
	}
	rows := make([][]any, len(d.Lines))
	n := map[int]int32{}
	for i, l := range d.Lines {
		n[l.Page]++
		rows[i] = []any{file, int32(l.Page), n[l.Page], l.X, l.Y, l.Size, l.Role, l.Text, nil}
	}
	return rows, nil
}

var runLineType = "STRUCT(query_id VARCHAR, q0 VARCHAR, doc_id VARCHAR, rank INTEGER, score DOUBLE, tag VARCHAR)"
var qrelLineType = "STRUCT(query_id VARCHAR, iteration VARCHAR, doc_id VARCHAR, relevance INTEGER)"

// lineArgs reads a line parser's (file, line_no, line) arguments; blank
// reports a line with no fields, which the readers skip.
func lineArgs(a []any) (file string, no int64, fields []string) {
	if a[0] != nil {
		file = DisplayName(text(a[0]))
	}
	if n, ok := a[1].(int64); ok {
		no = n
	}
	if a[2] != nil {
		fields = strings.Fields(a[2].(string))
	}
	return file, no, fields
}

func init() {
	add(Scalar{
		Name: "_lx_trec_run_line", Params: []string{"BLOB", "BIGINT", "VARCHAR"}, Result: runLineType,
		Behind: "read_trec_run", NullAware: true,
		Doc: "_lx_trec_run_line(file, line_no, line): one line of a TREC run, NULL for a blank line",
		Eval: func(a []any) (any, error) {
			file, no, f := lineArgs(a)
			if len(f) == 0 {
				return nil, nil
			}
			l, err := loaders.ParseRunFields(f)
			if err != nil {
				return nil, fmt.Errorf("read_trec_run: %s line %d: %w", file, no, err)
			}
			return map[string]any{"query_id": l.QueryID, "q0": l.Q0, "doc_id": l.DocID, "rank": l.Rank, "score": l.Score, "tag": l.Tag}, nil
		},
	}, Scalar{
		Name: "_lx_qrels_line", Params: []string{"BLOB", "BIGINT", "VARCHAR"}, Result: qrelLineType,
		Behind: "read_qrels", NullAware: true,
		Doc: "_lx_qrels_line(file, line_no, line): one line of a TREC qrels file, NULL for a blank line",
		Eval: func(a []any) (any, error) {
			file, no, f := lineArgs(a)
			if len(f) == 0 {
				return nil, nil
			}
			q, err := loaders.ParseQrelFields(f)
			if err != nil {
				return nil, fmt.Errorf("read_qrels: %s line %d: %w", file, no, err)
			}
			return map[string]any{"query_id": q.QueryID, "iteration": q.Iteration, "doc_id": q.DocID, "relevance": q.Relevance}, nil
		},
	})
}
