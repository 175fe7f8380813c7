//go:build duckdb_arrow

package ext

import (
	"context"
	"database/sql"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
	"github.com/lexduck/lexduck/udf"
)

func init() {
	tableFuncs = append(tableFuncs, tableFunc{
		name: "_lx_bm25", sig: "_lx_bm25(queries, candidates, k, id, text, k1, b, pool)",
		register: func(conn *sql.Conn, db *sql.DB) error {
			types, err := argTypes("VARCHAR", "VARCHAR", "INTEGER", "VARCHAR", "VARCHAR", "DOUBLE", "DOUBLE", "VARCHAR")
			if err != nil {
				return err
			}
			return duckdb.RegisterTableUDF(conn, "_lx_bm25", duckdb.ChunkTableFunction{
				Config: duckdb.TableFunctionConfig{Arguments: types},
				BindArgumentsContext: func(ctx context.Context, _ map[string]any, args ...any) (src duckdb.ChunkTableSource, err error) {
					defer recoverTo("bm25", &err)
					queries, cands, id, text, pool := args[0].(string), args[1].(string), args[3].(string), args[4].(string), args[7].(string)
					k := int(args[2].(int32))
					p := udf.BM25Params{K1: args[5].(float64), B: args[6].(float64)}
					if err := catalog.CheckBM25(k, p); err != nil {
						return nil, err
					}
					return rankingSource("bm25", func() ([]string, []string, [][]udf.Neighbor, error) {
						conn, err := db.Conn(ctx)
						if err != nil {
							return nil, nil, nil, err
						}
						defer conn.Close()
						qids, qtexts, err := readTexts(ctx, conn, "bm25", queries, id, text)
						if err != nil {
							return nil, nil, nil, err
						}
						cids, ctexts, err := readTexts(ctx, conn, "bm25", cands, id, text)
						if err != nil {
							return nil, nil, nil, err
						}
						poolIdx, err := readPool(ctx, conn, "bm25", pool, qids, cids)
						if err != nil {
							return nil, nil, nil, err
						}
						res, err := udf.BM25(ctx, qtexts, cids, ctexts, k, p, poolIdx)
						return qids, cids, res, err
					})
				},
			})
		},
	})
}
