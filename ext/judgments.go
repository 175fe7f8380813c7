package ext

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"

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

var judgmentColumns = []column{
	{"judgment_id", "VARCHAR"}, {"file", "VARCHAR"}, {"uri", "VARCHAR"}, {"neutral_citation", "VARCHAR"},
	{"court", "VARCHAR"}, {"judgment_date", "DATE"}, {"name", "VARCHAR"},
	{"paragraphs", "STRUCT(num INTEGER, eid VARCHAR, position INTEGER, text VARCHAR)[]"},
	{"footnotes", "STRUCT(para_num INTEGER, marker VARCHAR, text VARCHAR)[]"},
	{"citations", "STRUCT(para_num INTEGER, kind VARCHAR, raw VARCHAR, canonical VARCHAR, court VARCHAR, year INTEGER, pinpoints INTEGER[], pin_type VARCHAR, source VARCHAR, start_offset INTEGER, end_offset INTEGER, group_id INTEGER)[]"},
	{"bytes", "BIGINT"}, {"error", "VARCHAR"},
}

const (
	colParagraphs = 7
	colFootnotes  = 8
	colCitations  = 9
)

func init() {
	tableFuncs = append(tableFuncs, tableFunc{
		name: "_lx_read_judgments", sig: "_lx_read_judgments(glob, ignore_errors, progress)",
		register: func(conn *sql.Conn, _ *sql.DB) error {
			types, err := argTypes("VARCHAR", "BOOLEAN", "VARCHAR")
			if err != nil {
				return err
			}
			return duckdb.RegisterTableUDF(conn, "_lx_read_judgments", duckdb.ParallelChunkTableFunction{
				Config: duckdb.TableFunctionConfig{Arguments: types},
				BindArgumentsContext: func(ctx context.Context, _ map[string]any, args ...any) (src duckdb.ParallelChunkTableSource, err error) {
					defer recoverTo("read_judgments", &err)
					glob := args[0].(string)
					files, err := ExpandPaths(glob, ".xml")
					if err != nil {
						return nil, fmt.Errorf("read_judgments: %q: %w", glob, err)
					}
					if len(files) == 0 {
						return nil, fmt.Errorf("read_judgments: no files match %q", glob)
					}
					infos, err := columnInfos(judgmentColumns)
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
	return duckdb.ParallelTableSourceInfo{MaxThreads: min(len(s.files), 4*runtime.GOMAXPROCS(0))}
}
func (s *judgmentScan) NewLocalState() any { return &struct{}{} }

// judgmentsPerChunk bounds the memory of one chunk of nested rows.
const judgmentsPerChunk = 16

func (s *judgmentScan) FillChunk(_ any, ch duckdb.DataChunk) (err error) {
	defer recoverTo("read_judgments", &err)
	projected := func(col int) bool { _, err := ch.GetVector(col); return err == nil }
	wantCitations := projected(colCitations)
	n := 0
	for n < judgmentsPerChunk {
		if err := s.ctx.Err(); err != nil {
			return err
		}
		i := int(s.next.Add(1) - 1)
		if i >= len(s.files) {
			break
		}
		if err := s.row(ch, n, s.files[i], wantCitations); err != nil {
			return err
		}
		n++
	}
	return ch.SetSize(n)
}

func (s *judgmentScan) row(ch duckdb.DataChunk, n int, file string, wantCitations bool) error {
	st, statErr := os.Stat(file)
	j, err := loaders.ReadJudgment(file)
	if statErr == nil {
		s.progress.Bytes.Add(st.Size())
	}
	s.progress.Done.Add(1)
	if err != nil {
		if !s.ignore {
			var fe *loaders.FileError
			hint := ""
			if errors.As(err, &fe) && fe.Hint == "" {
				hint = " (read_judgments(…, ignore_errors := true) loads the other files and reports this one in the error column)"
			}
			return fmt.Errorf("read_judgments: %w%s", err, hint)
		}
		s.progress.Rejected.Add(1)
		vals := make([]any, len(judgmentColumns))
		vals[0], vals[1], vals[len(vals)-1] = filepath.Base(file), file, err.Error()
		return setRow(ch, n, vals...)
	}
	var date any
	if j.Date != "" {
		if t, err := time.Parse("2006-01-02", j.Date); err == nil {
			date = t
		}
	}
	paras := make([]any, len(j.Paragraphs))
	for k, p := range j.Paragraphs {
		paras[k] = map[string]any{"num": int32(p.Num), "eid": nullIfEmpty(p.EID), "position": int32(p.Position), "text": p.Text}
	}
	notes := make([]any, len(j.Footnotes))
	for k, f := range j.Footnotes {
		notes[k] = map[string]any{"para_num": nullIfZero(f.ParaNum), "marker": nullIfEmpty(f.Marker), "text": f.Text}
	}
	var cites []any
	if wantCitations {
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
				"para_num": int32(c.ParaNum), "kind": c.Kind, "raw": c.Raw, "canonical": c.Canonical, "court": nullIfEmpty(c.Court),
				"year": nullIfZero(c.Year), "pinpoints": pins, "pin_type": nullIfEmpty(c.PinType), "source": c.Source,
				"start_offset": int32(c.Start), "end_offset": int32(c.End), "group_id": group,
			})
		}
		if cites == nil {
			cites = []any{}
		}
	}
	var size any
	if statErr == nil {
		size = st.Size()
	}
	return setRow(ch, n, j.ID, file, nullIfEmpty(j.URI), nullIfEmpty(j.NeutralCitation), nullIfEmpty(j.Court), date,
		nullIfEmpty(j.Name), paras, notes, cites, size, nil)
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullIfZero(n int) any {
	if n == 0 {
		return nil
	}
	return int32(n)
}
