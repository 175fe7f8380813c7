package ext

import (
	"database/sql"
	"io"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/loaders"
)

func init() {
	tableFuncs = append(tableFuncs,
		tableFunc{
			name: "read_trec_run", sig: "read_trec_run(path)",
			doc: "read_trec_run(path): a TREC run, one row per line: query_id, q0, doc_id, rank, score, tag (trec_eval ranks by score, not rank)",
			register: func(conn *sql.Conn, _ *sql.DB) error {
				return registerChunkTable(conn, "read_trec_run", []string{"VARCHAR"}, func(args []any) (*chunkSource, error) {
					return fileSource("read_trec_run", args[0].(string), []column{
						{"query_id", "VARCHAR"}, {"q0", "VARCHAR"}, {"doc_id", "VARCHAR"},
						{"rank", "INTEGER"}, {"score", "DOUBLE"}, {"tag", "VARCHAR"},
					}, func(r io.Reader, name string) func(duckdb.DataChunk, int) (bool, error) {
						rr := loaders.NewRunReader(r, name)
						return func(ch duckdb.DataChunk, i int) (bool, error) {
							l, err := rr.Read()
							if err == io.EOF {
								return false, nil
							}
							if err != nil {
								return false, err
							}
							return true, setRow(ch, i, l.QueryID, l.Q0, l.DocID, l.Rank, l.Score, l.Tag)
						}
					})
				})
			},
		},
		tableFunc{
			name: "read_qrels", sig: "read_qrels(path)",
			doc: "read_qrels(path): TREC relevance judgments, one row per line: query_id, iteration, doc_id, relevance",
			register: func(conn *sql.Conn, _ *sql.DB) error {
				return registerChunkTable(conn, "read_qrels", []string{"VARCHAR"}, func(args []any) (*chunkSource, error) {
					return fileSource("read_qrels", args[0].(string), []column{
						{"query_id", "VARCHAR"}, {"iteration", "VARCHAR"}, {"doc_id", "VARCHAR"}, {"relevance", "INTEGER"},
					}, func(r io.Reader, name string) func(duckdb.DataChunk, int) (bool, error) {
						qr := loaders.NewQrelsReader(r, name)
						return func(ch duckdb.DataChunk, i int) (bool, error) {
							q, err := qr.Read()
							if err == io.EOF {
								return false, nil
							}
							if err != nil {
								return false, err
							}
							return true, setRow(ch, i, q.QueryID, q.Iteration, q.DocID, q.Relevance)
						}
					})
				})
			},
		},
	)
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
