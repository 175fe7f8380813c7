package ext

import (
	"database/sql"
	"runtime"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
)

// column is one output column of a table function.
type column = catalog.Column

func columnInfos(cols []column) ([]duckdb.ColumnInfo, error) {
	out := make([]duckdb.ColumnInfo, len(cols))
	for i, c := range cols {
		t, err := parseType(c.Type)
		if err != nil {
			return nil, err
		}
		out[i] = duckdb.ColumnInfo{Name: c.Name, T: t}
	}
	return out, nil
}

// chunkSource is a sequential table function source: fill writes up to
// capacity rows into the chunk and returns how many (0 ends the scan). It
// is the panic boundary of every chunked table function.
//
// DuckDB binds once but initialises once per execution: a prepared
// statement executed again must scan again, so Init calls restart (when
// set) from the second execution on; an error there surfaces at the first
// FillChunk.
type chunkSource struct {
	name    string
	cols    []duckdb.ColumnInfo
	fill    func(ch duckdb.DataChunk, capacity int) (int, error)
	restart func() error
	inits   int
	initErr error
}

func (s *chunkSource) ColumnInfos() []duckdb.ColumnInfo     { return s.cols }
func (s *chunkSource) Cardinality() *duckdb.CardinalityInfo { return nil }
func (s *chunkSource) Init() {
	s.inits++
	if s.inits > 1 && s.restart != nil {
		func() {
			defer recoverTo(s.name, &s.initErr)
			s.initErr = s.restart()
		}()
	}
}

func (s *chunkSource) FillChunk(ch duckdb.DataChunk) (err error) {
	defer recoverTo(s.name, &err)
	if s.initErr != nil {
		return named(s.name, s.initErr)
	}
	n, err := s.fill(ch, duckdb.GetDataChunkCapacity())
	if err != nil {
		return named(s.name, err)
	}
	return ch.SetSize(n)
}

// argTypes parses a table function's argument types.
func argTypes(args ...string) ([]duckdb.TypeInfo, error) {
	types := make([]duckdb.TypeInfo, len(args))
	for i, a := range args {
		t, err := parseType(a)
		if err != nil {
			return nil, err
		}
		types[i] = t
	}
	return types, nil
}

func registerChunkTable(conn *sql.Conn, name string, args []string, bind func(args []any) (*chunkSource, error)) error {
	types, err := argTypes(args...)
	if err != nil {
		return err
	}
	return duckdb.RegisterTableUDF(conn, name, duckdb.ChunkTableFunction{
		Config: duckdb.TableFunctionConfig{Arguments: types},
		BindArguments: func(_ map[string]any, args ...any) (src duckdb.ChunkTableSource, err error) {
			defer recoverTo(name, &err)
			s, err := bind(args)
			if err != nil {
				return nil, err
			}
			return s, nil
		},
	})
}

// setRow writes one row's values, column by column.
func setRow(ch duckdb.DataChunk, row int, vals ...any) error {
	for c, v := range vals {
		if err := ch.SetValue(c, row, v); err != nil {
			return err
		}
	}
	return nil
}

// The table functions of package catalog, shared with the loadable
// extension, registered through duckdb-go.
func init() {
	for _, t := range catalog.Tables() {
		if t.Name == catalog.JudgmentsTable {
			continue // judgments.go: a scan that skips unread citations and reports progress
		}
		tableFuncs = append(tableFuncs, tableFunc{
			name: t.Name, sig: t.Signature(), doc: t.Doc,
			register: func(conn *sql.Conn, _ *sql.DB) error {
				if t.Files != nil {
					return registerFileScan(conn, t)
				}
				return registerChunkTable(conn, t.Name, t.Params, func(args []any) (*chunkSource, error) {
					return catalogSource(t, args)
				})
			},
		})
	}
}

// catalogSource adapts a catalog.Rows scan to a chunkSource; the scan is
// closed at its end, or when the source is collected if the query stops
// early (LIMIT).
func catalogSource(t catalog.Table, args []any) (*chunkSource, error) {
	infos, err := columnInfos(t.Columns)
	if err != nil {
		return nil, err
	}
	if err := t.CheckArgs(args); err != nil {
		return nil, err
	}
	first, err := t.Start(args)
	if err != nil {
		return nil, err
	}
	scan := &scanCell{rows: first} // the current scan; restart replaces it
	src := &chunkSource{name: t.Name, cols: infos}
	src.restart = func() error {
		scan.rows.Close()
		rows, err := t.Start(args)
		if err != nil {
			scan.rows = emptyRows{}
			return err
		}
		scan.rows = rows
		return nil
	}
	row := make([]any, len(t.Columns))
	src.fill = func(ch duckdb.DataChunk, capacity int) (int, error) {
		n := 0
		for n < capacity {
			ok, err := scan.rows.Next(row)
			if err != nil {
				return 0, err
			}
			if !ok {
				break
			}
			if err := setRow(ch, n, row...); err != nil {
				return 0, err
			}
			n++
		}
		return n, nil
	}
	// A scan a query stopped early (LIMIT) is closed when the source is
	// collected.
	runtime.AddCleanup(src, func(c *scanCell) { c.rows.Close() }, scan)
	return src, nil
}

type scanCell struct{ rows catalog.Rows }

type emptyRows struct{}

func (emptyRows) Next([]any) (bool, error) { return false, nil }
func (emptyRows) Close() error             { return nil }
