package ext

import (
	"database/sql"
	"fmt"
	"io"
	"os"
	"runtime"

	duckdb "github.com/duckdb/duckdb-go/v2"
)

// column is one output column of a table function.
type column struct {
	name, typ string
}

func columnInfos(cols []column) ([]duckdb.ColumnInfo, error) {
	out := make([]duckdb.ColumnInfo, len(cols))
	for i, c := range cols {
		t, err := parseType(c.typ)
		if err != nil {
			return nil, err
		}
		out[i] = duckdb.ColumnInfo{Name: c.name, T: t}
	}
	return out, nil
}

// chunkSource is a sequential table function source: fill writes up to
// capacity rows into the chunk and returns how many (0 ends the scan). It
// is the panic boundary of every chunked table function.
type chunkSource struct {
	name string
	cols []duckdb.ColumnInfo
	fill func(ch duckdb.DataChunk, capacity int) (int, error)
}

func (s *chunkSource) ColumnInfos() []duckdb.ColumnInfo     { return s.cols }
func (s *chunkSource) Cardinality() *duckdb.CardinalityInfo { return nil }
func (s *chunkSource) Init()                                {}

func (s *chunkSource) FillChunk(ch duckdb.DataChunk) (err error) {
	defer recoverTo(s.name, &err)
	n, err := s.fill(ch, duckdb.GetDataChunkCapacity())
	if err != nil {
		return named(s.name, err)
	}
	return ch.SetSize(n)
}

// fileSource opens path for a table function that streams it; the file is
// closed at the end of the scan, or when the source is collected if the
// query stops early (LIMIT).
func fileSource(name, path string, cols []column, start func(r io.Reader, name string) func(ch duckdb.DataChunk, row int) (bool, error)) (*chunkSource, error) {
	infos, err := columnInfos(cols)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	next := start(f, path)
	done := false
	src := &chunkSource{name: name, cols: infos}
	src.fill = func(ch duckdb.DataChunk, capacity int) (int, error) {
		n := 0
		for !done && n < capacity {
			ok, err := next(ch, n)
			if err != nil {
				return 0, err
			}
			if !ok {
				done = true
				f.Close()
				break
			}
			n++
		}
		return n, nil
	}
	runtime.AddCleanup(src, func(f *os.File) { f.Close() }, f)
	return src, nil
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
