package ext

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/loaders"
)

var scotusColumns = []column{
	{"file", "VARCHAR"}, {"case_no", "VARCHAR"}, {"decided", "DATE"}, {"first_page", "INTEGER"}, {"last_page", "INTEGER"},
	{"text", "VARCHAR"}, {"syllabus", "VARCHAR"}, {"opinion", "VARCHAR"}, {"start_rule", "VARCHAR"}, {"end_rule", "VARCHAR"},
	{"ok", "BOOLEAN"}, {"error", "VARCHAR"},
}

var lineColumns = []column{
	{"file", "VARCHAR"}, {"page", "INTEGER"}, {"line", "INTEGER"}, {"x", "DOUBLE"}, {"y", "DOUBLE"},
	{"size", "DOUBLE"}, {"role", "VARCHAR"}, {"text", "VARCHAR"},
}

func init() {
	tableFuncs = append(tableFuncs,
		tableFunc{
			name: "_lx_read_scotus_pdf", sig: "_lx_read_scotus_pdf(path, ignore_errors)",
			register: func(conn *sql.Conn, _ *sql.DB) error {
				return registerFileScan(conn, "_lx_read_scotus_pdf", "read_scotus_pdf", []string{"VARCHAR", "BOOLEAN"}, scotusColumns, scotusRows)
			},
		},
		tableFunc{
			name: "_lx_read_pdf_lines", sig: "_lx_read_pdf_lines(path)",
			register: func(conn *sql.Conn, _ *sql.DB) error {
				return registerFileScan(conn, "_lx_read_pdf_lines", "read_pdf_lines", []string{"VARCHAR"}, lineColumns, lineRows)
			},
		},
	)
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

// registerFileScan registers a parallel table function over the files a
// path expands to: threads claim files through a shared cursor, each file
// gives rows (rows of one file stay together, in order).
func registerFileScan(conn *sql.Conn, name, public string, args []string, cols []column, read func(file string, args []any) ([][]any, error)) error {
	types, err := argTypes(args...)
	if err != nil {
		return err
	}
	return duckdb.RegisterTableUDF(conn, name, duckdb.ParallelChunkTableFunction{
		Config: duckdb.TableFunctionConfig{Arguments: types},
		BindArgumentsContext: func(ctx context.Context, _ map[string]any, a ...any) (src duckdb.ParallelChunkTableSource, err error) {
			defer recoverTo(public, &err)
			path := a[0].(string)
			files, err := ExpandPaths(path, ".pdf")
			if err != nil {
				return nil, fmt.Errorf("%s: %q: %w", public, path, err)
			}
			if len(files) == 0 {
				return nil, fmt.Errorf("%s: no files match %q", public, path)
			}
			infos, err := columnInfos(cols)
			if err != nil {
				return nil, err
			}
			return &fileScan{ctx: ctx, name: public, files: files, args: a, cols: infos, read: read}, nil
		},
	})
}

type fileScan struct {
	ctx   context.Context
	name  string
	files []string
	args  []any
	next  atomic.Int64
	cols  []duckdb.ColumnInfo
	read  func(string, []any) ([][]any, error)
}

type fileScanState struct {
	rows [][]any // the rest of the current file's rows
}

func (s *fileScan) ColumnInfos() []duckdb.ColumnInfo     { return s.cols }
func (s *fileScan) Cardinality() *duckdb.CardinalityInfo { return nil }
func (s *fileScan) Init() duckdb.ParallelTableSourceInfo {
	return duckdb.ParallelTableSourceInfo{MaxThreads: min(len(s.files), 4*runtime.GOMAXPROCS(0))}
}
func (s *fileScan) NewLocalState() any { return &fileScanState{} }

func (s *fileScan) FillChunk(local any, ch duckdb.DataChunk) (err error) {
	defer recoverTo(s.name, &err)
	st := local.(*fileScanState)
	capacity := duckdb.GetDataChunkCapacity()
	n := 0
	for n < capacity {
		if len(st.rows) == 0 {
			if err := s.ctx.Err(); err != nil {
				return err
			}
			i := int(s.next.Add(1) - 1)
			if i >= len(s.files) {
				break
			}
			rows, err := s.read(s.files[i], s.args)
			if err != nil {
				return err
			}
			st.rows = rows
			if len(rows) == 0 {
				continue
			}
			if n > 0 && len(rows) > capacity-n { // keep a file's rows together when they fit a chunk
				break
			}
		}
		if err := setRow(ch, n, st.rows[0]...); err != nil {
			return err
		}
		st.rows = st.rows[1:]
		n++
	}
	return ch.SetSize(n)
}
