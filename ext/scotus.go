package ext

import (
	"context"
	"database/sql"
	"runtime"
	"sync/atomic"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
)

// registerFileScan registers a parallel table function over the files a
// path expands to: threads claim files through a shared cursor, each file
// gives rows (rows of one file stay together, in order).
func registerFileScan(conn *sql.Conn, t catalog.Table) error {
	name, args, cols, scan := t.Name, t.Params, t.Columns, t.Files
	public, read := t.Public(), scan.Read
	types, err := argTypes(args...)
	if err != nil {
		return err
	}
	return duckdb.RegisterTableUDF(conn, name, duckdb.ParallelChunkTableFunction{
		Config: duckdb.TableFunctionConfig{Arguments: types},
		BindArgumentsContext: func(ctx context.Context, _ map[string]any, a ...any) (src duckdb.ParallelChunkTableSource, err error) {
			defer recoverTo(public, &err)
			if err := t.CheckArgs(a); err != nil {
				return nil, err
			}
			files, err := scan.Files(a)
			if err != nil {
				return nil, err
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
	s.next.Store(0) // once per execution: a prepared statement executed again scans again
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
