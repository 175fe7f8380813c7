package catalog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/lexduck/lexduck/loaders"
)

// JudgmentsTable is the table function behind the read_judgments macro
// (sql/judgments.sql): arguments path, ignore_errors, progress (a token
// the lexduck shell's loader watches; other hosts pass ”).
const JudgmentsTable = "_lx_read_judgments"

// Column positions of the judgment rows.
const (
	JudgmentParagraphs = 7
	JudgmentFootnotes  = 8
	JudgmentCitations  = 9
)

func init() {
	addTable(Table{
		Name: JudgmentsTable, Params: []string{"VARCHAR", "BOOLEAN", "VARCHAR", "INTEGER"},
		Columns: []Column{
			{"judgment_id", "VARCHAR"}, {"file", "VARCHAR"}, {"uri", "VARCHAR"}, {"neutral_citation", "VARCHAR"},
			{"court", "VARCHAR"}, {"judgment_date", "DATE"}, {"name", "VARCHAR"},
			{"paragraphs", "STRUCT(num INTEGER, eid VARCHAR, position INTEGER, text VARCHAR)[]"},
			{"footnotes", "STRUCT(para_num INTEGER, marker VARCHAR, text VARCHAR)[]"},
			{"citations", "STRUCT(para_num INTEGER, kind VARCHAR, raw VARCHAR, canonical VARCHAR, court VARCHAR, year INTEGER, pinpoints INTEGER[], pin_type VARCHAR, source VARCHAR, start_offset INTEGER, end_offset INTEGER, group_id INTEGER)[]"},
			{"bytes", "BIGINT"}, {"error", "VARCHAR"},
		},
		Files: &FileScan{Ext: ".xml", Public: "read_judgments", Read: func(file string, args []any) ([][]any, error) {
			row, _, _, err := JudgmentRow(file, args[1].(bool), true)
			if err != nil {
				return nil, err
			}
			return [][]any{row}, nil
		}},
	})
}

// JudgmentRow parses one Find Case Law XML file into a row of the
// judgments table. A broken file fails, or with ignore is a row naming
// the file and the error (rejected = true). Without citations the
// citations column is NULL and the scanner does not run. size is the
// file's size in bytes (-1 if unknown), also for a broken file, for
// progress reports.
func JudgmentRow(file string, ignore, citations bool) (row []any, size int64, rejected bool, err error) {
	size = -1
	st, statErr := os.Stat(file)
	if statErr == nil {
		size = st.Size()
	}
	j, err := loaders.ReadJudgment(file)
	if err != nil {
		if !ignore {
			var fe *loaders.FileError
			hint := ""
			if errors.As(err, &fe) && fe.Hint == "" {
				hint = " (read_judgments(…, ignore_errors := true) loads the other files and reports this one in the error column)"
			}
			return nil, size, false, fmt.Errorf("read_judgments: %w%s", err, hint)
		}
		row = make([]any, 12)
		row[0], row[1], row[len(row)-1] = filepath.Base(file), file, err.Error()
		return row, size, true, nil
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
	if citations {
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
	var bytes any
	if size >= 0 {
		bytes = size
	}
	return []any{j.ID, file, nullIfEmpty(j.URI), nullIfEmpty(j.NeutralCitation), nullIfEmpty(j.Court), date,
		nullIfEmpty(j.Name), paras, notes, cites, bytes, nil}, size, false, nil
}

func nullIfZero(n int) any {
	if n == 0 {
		return nil
	}
	return int32(n)
}
