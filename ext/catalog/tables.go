package catalog

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/lexduck/lexduck/loaders"
)

// Table is a table function both registration paths build from the same
// entry: positional parameters, output columns, and a row source opened at
// bind time.
type Table struct {
	Name    string
	Params  []string // DuckDB type names of the positional arguments
	Names   []string // their names, for signatures in docs and .udfs
	Columns []Column
	Doc     string
	// Exactly one of Open and Files is set. Open starts a scan; arguments
	// arrive as for Scalar.Eval (no NULLs: a NULL argument is an error
	// before Open is called). Files describes a scan over files, which an
	// adapter may run in parallel; Start runs either kind sequentially.
	Open  func(args []any) (Rows, error)
	Files *FileScan
}

// Column is one output column.
type Column struct{ Name, Type string }

// Rows is a sequential scan. Next fills dst (one value per column, as for
// Scalar.Eval results) and reports false at the end; Close releases the
// source and may be called early (LIMIT) or twice.
type Rows interface {
	Next(dst []any) (bool, error)
	Close() error
}

// Public is the name errors carry: the user-facing function's, where t is
// a macro's _lx_ helper.
func (t Table) Public() string {
	if t.Files != nil && t.Files.Public != "" {
		return t.Files.Public
	}
	return t.Name
}

// CheckArgs fails on a NULL argument, which no table function accepts.
func (t Table) CheckArgs(args []any) error {
	for i, a := range args {
		if a == nil {
			return fmt.Errorf("%s: argument %d is NULL", t.Public(), i+1)
		}
	}
	return nil
}

// Signature renders the table function as name(arg, …), or name(TYPE, …)
// where the arguments have no names.
func (t Table) Signature() string {
	args := t.Names
	if len(args) != len(t.Params) {
		args = t.Params
	}
	return t.Name + "(" + strings.Join(args, ", ") + ")"
}

var tables []Table

func addTable(t ...Table) { tables = append(tables, t...) }

// Tables returns every table function, sorted by name.
func Tables() []Table {
	out := append([]Table(nil), tables...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// fileRows streams one file through next, closing it at the end.
type fileRows struct {
	f    *os.File
	next func(dst []any) (bool, error)
}

func (r *fileRows) Next(dst []any) (bool, error) {
	ok, err := r.next(dst)
	if !ok || err != nil {
		r.Close()
	}
	return ok, err
}

func (r *fileRows) Close() error {
	if r.f == nil {
		return nil
	}
	err := r.f.Close()
	r.f = nil
	return err
}

func openFile(name string, args []any, start func(f *os.File) func(dst []any) (bool, error)) (Rows, error) {
	path, ok := args[0].(string)
	if !ok {
		return nil, fmt.Errorf("%s: path must be a string", name)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &fileRows{f: f, next: start(f)}, nil
}

func init() {
	addTable(Table{
		Name: "read_trec_run", Params: []string{"VARCHAR"}, Names: []string{"path"},
		Doc: "read_trec_run(path): a TREC run, one row per line: query_id, q0, doc_id, rank, score, tag (trec_eval ranks by score, not rank)",
		Columns: []Column{
			{"query_id", "VARCHAR"}, {"q0", "VARCHAR"}, {"doc_id", "VARCHAR"},
			{"rank", "INTEGER"}, {"score", "DOUBLE"}, {"tag", "VARCHAR"},
		},
		Open: func(args []any) (Rows, error) {
			return openFile("read_trec_run", args, func(f *os.File) func([]any) (bool, error) {
				rr := loaders.NewRunReader(f, f.Name())
				return func(dst []any) (bool, error) {
					l, err := rr.Read()
					if err == io.EOF {
						return false, nil
					}
					if err != nil {
						return false, err
					}
					dst[0], dst[1], dst[2], dst[3], dst[4], dst[5] = l.QueryID, l.Q0, l.DocID, l.Rank, l.Score, l.Tag
					return true, nil
				}
			})
		},
	}, Table{
		Name: "read_qrels", Params: []string{"VARCHAR"}, Names: []string{"path"},
		Doc:     "read_qrels(path): TREC relevance judgments, one row per line: query_id, iteration, doc_id, relevance",
		Columns: []Column{{"query_id", "VARCHAR"}, {"iteration", "VARCHAR"}, {"doc_id", "VARCHAR"}, {"relevance", "INTEGER"}},
		Open: func(args []any) (Rows, error) {
			return openFile("read_qrels", args, func(f *os.File) func([]any) (bool, error) {
				qr := loaders.NewQrelsReader(f, f.Name())
				return func(dst []any) (bool, error) {
					q, err := qr.Read()
					if err == io.EOF {
						return false, nil
					}
					if err != nil {
						return false, err
					}
					dst[0], dst[1], dst[2], dst[3] = q.QueryID, q.Iteration, q.DocID, q.Relevance
					return true, nil
				}
			})
		},
	})
}

// TableNamed finds a table function by name.
func TableNamed(name string) (Table, bool) {
	for _, t := range tables {
		if t.Name == name {
			return t, true
		}
	}
	return Table{}, false
}
