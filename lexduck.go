// Package lexduck embeds the SQL that ships with lexduck: the macros in sql/
// (created by ext.Register) and the ready-made analyses in queries/ (run by
// the shell's .run command and by lexduck report).
package lexduck

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// SQL holds sql/*.sql, the macro and view definitions, created in file-name order.
//
//go:embed sql/*.sql
var SQL embed.FS

// Queries holds queries/, one analysis per .sql file, each headed by
// "-- title:", "-- reproduces:" and "-- description:" comment lines.
//
//go:embed queries
var Queries embed.FS

// Corpus holds the bundled sample corpus (testdata/corpus) that lexduck
// report loads when it is given no database.
//
//go:embed testdata/corpus
var Corpus embed.FS

// Query is one ready-made analysis from queries/.
type Query struct {
	Name        string // path under queries/ without ".sql", e.g. "casesumm/rouge_table"
	Title       string
	Reproduces  string
	Description string
	SQL         string
}

// LoadQueries returns every query in queries/, sorted by name. Each file
// must carry a "-- title:" header line.
func LoadQueries() ([]Query, error) {
	var out []Query
	err := fs.WalkDir(Queries, "queries", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".sql") {
			return err
		}
		b, err := fs.ReadFile(Queries, p)
		if err != nil {
			return err
		}
		q := Query{Name: strings.TrimSuffix(strings.TrimPrefix(p, "queries/"), ".sql"), SQL: string(b)}
		for _, line := range strings.Split(q.SQL, "\n") {
			if !strings.HasPrefix(line, "--") {
				break
			}
			key, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "--")), ":")
			if !ok {
				continue
			}
			val = strings.TrimSpace(val)
			switch key {
			case "title":
				q.Title = val
			case "reproduces":
				q.Reproduces = val
			case "description":
				q.Description = val
			}
		}
		if q.Title == "" {
			return fmt.Errorf("lexduck: %s: no \"-- title:\" header", p)
		}
		out = append(out, q)
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}
