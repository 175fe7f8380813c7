package ext

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
	"github.com/lexduck/lexduck/loaders"
)

// Progress counts a loader's work while a query runs, for a progress bar.
type Progress struct {
	Files, Done, Rejected atomic.Int64
	Bytes                 atomic.Int64
}

var progressMu sync.Mutex
var progressByToken = map[string]*Progress{}

// TrackProgress returns the counters that read_judgments(…, progress :=
// token) updates; Untrack forgets them.
func TrackProgress(token string) *Progress {
	progressMu.Lock()
	defer progressMu.Unlock()
	p := &Progress{}
	progressByToken[token] = p
	return p
}

// Untrack forgets a token's counters.
func Untrack(token string) {
	progressMu.Lock()
	delete(progressByToken, token)
	progressMu.Unlock()
}

func tracked(token string) *Progress {
	progressMu.Lock()
	defer progressMu.Unlock()
	if p, ok := progressByToken[token]; ok {
		return p
	}
	return &Progress{}
}

// ExpandPaths turns a file, a directory (every *.xml below it, or ext) or a
// glob into a sorted list of files; see loaders.ExpandPaths.
func ExpandPaths(pattern, ext string) ([]string, error) { return loaders.ExpandPaths(pattern, ext) }

func init() {
	tableFuncs = append(tableFuncs, tableFunc{
		name: catalog.JudgmentsTable, sig: catalog.JudgmentsTable + "(glob, ignore_errors, progress)",
		register: func(conn *sql.Conn, _ *sql.DB) error {
			t, ok := catalog.TableNamed(catalog.JudgmentsTable)
			if !ok {
				return fmt.Errorf("catalog has no %s", catalog.JudgmentsTable)
			}
			types, err := argTypes(t.Params...)
			if err != nil {
				return err
			}
			return duckdb.RegisterTableUDF(conn, t.Name, duckdb.ParallelChunkTableFunction{
				Config: duckdb.TableFunctionConfig{Arguments: types},
				BindArgumentsContext: func(ctx context.Context, _ map[string]any, args ...any) (src duckdb.ParallelChunkTableSource, err error) {
					defer recoverTo("read_judgments", &err)
					if err := t.CheckArgs(args); err != nil {
						return nil, err
					}
					files, err := t.Files.Files(args)
					if err != nil {
						return nil, err
					}
					infos, err := columnInfos(t.Columns)
					if err != nil {
						return nil, err
					}
					p := tracked(args[2].(string))
					p.Files.Add(int64(len(files)))
					return &judgmentScan{ctx: ctx, files: files, ignore: args[1].(bool), cols: infos, progress: p}, nil
				},
			})
		},
	})
}

// judgmentScan parses one file per row; threads claim files through a
// shared cursor, so rows arrive in no fixed order (sort by judgment_id).
// Unlike the generic file scan it skips the citation scanner when the
// query does not read citations, and it reports progress.
type judgmentScan struct {
	ctx      context.Context
	files    []string
	next     atomic.Int64
	ignore   bool
	cols     []duckdb.ColumnInfo
	progress *Progress
}

func (s *judgmentScan) ColumnInfos() []duckdb.ColumnInfo { return s.cols }
func (s *judgmentScan) Cardinality() *duckdb.CardinalityInfo {
	return &duckdb.CardinalityInfo{Cardinality: uint(len(s.files)), Exact: true}
}
func (s *judgmentScan) Init() duckdb.ParallelTableSourceInfo {
	s.next.Store(0) // once per execution: a prepared statement executed again scans again
	return duckdb.ParallelTableSourceInfo{MaxThreads: min(len(s.files), 4*runtime.GOMAXPROCS(0))}
}
func (s *judgmentScan) NewLocalState() any { return &struct{}{} }

// judgmentsPerChunk bounds the memory of one chunk of nested rows.
const judgmentsPerChunk = 16

func (s *judgmentScan) FillChunk(_ any, ch duckdb.DataChunk) (err error) {
	defer recoverTo("read_judgments", &err)
	projected := func(col int) bool { _, err := ch.GetVector(col); return err == nil }
	wantCitations := projected(catalog.JudgmentCitations)
	n := 0
	for n < judgmentsPerChunk {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		i := int(s.next.Add(1) - 1)
		if i >= len(s.files) {
			break
		}
		row, size, rejected, err := catalog.JudgmentRow(s.files[i], s.ignore, wantCitations)
		if size > 0 {
			s.progress.Bytes.Add(size)
		}
		s.progress.Done.Add(1)
		if err != nil {
			return err
		}
		if rejected {
			s.progress.Rejected.Add(1)
		}
		if err := setRow(ch, n, row...); err != nil {
			return err
		}
		n++
	}
	return ch.SetSize(n)
}
