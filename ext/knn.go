//go:build duckdb_arrow

package ext

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/apache/arrow-go/v18/arrow/array"
	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
	"github.com/lexduck/lexduck/udf"
)

func init() {
	tableFuncs = append(tableFuncs, tableFunc{
		name: "_lx_knn", sig: "_lx_knn(queries, candidates, k, metric, id, vector, pool)",
		register: func(conn *sql.Conn, db *sql.DB) error {
			types, err := argTypes("VARCHAR", "VARCHAR", "INTEGER", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR")
			if err != nil {
				return err
			}
			return duckdb.RegisterTableUDF(conn, "_lx_knn", duckdb.ChunkTableFunction{
				Config: duckdb.TableFunctionConfig{Arguments: types},
				BindArgumentsContext: func(ctx context.Context, _ map[string]any, args ...any) (src duckdb.ChunkTableSource, err error) {
					defer recoverTo("knn", &err)
					return bindKNN(ctx, db, args)
				},
			})
		},
	})
}

// knnQuery is a bound knn call; its tables are read at the first FillChunk.
type knnQuery struct {
	queries, cands, id, vector, pool string
	k                                int
	metric                           udf.Metric
}

func bindKNN(ctx context.Context, db *sql.DB, args []any) (duckdb.ChunkTableSource, error) {
	kq := knnQuery{
		queries: args[0].(string), cands: args[1].(string), k: int(args[2].(int32)),
		metric: udf.Metric(args[3].(string)), id: args[4].(string), vector: args[5].(string), pool: args[6].(string),
	}
	if err := catalog.CheckKNN(kq.k, kq.metric); err != nil {
		return nil, err
	}
	return rankingSource("knn", func() ([]string, []string, [][]udf.Neighbor, error) { return kq.run(ctx, db) })
}

// rankingSource streams (query_id, candidate_id, rank, score) rows from a
// ranking computed at the first FillChunk (bind must not query the
// database: it runs while the calling connection is binding).
func rankingSource(name string, compute func() (qids, cids []string, res [][]udf.Neighbor, err error)) (*chunkSource, error) {
	infos, err := columnInfos([]column{{Name: "query_id", Type: "VARCHAR"}, {Name: "candidate_id", Type: "VARCHAR"}, {Name: "rank", Type: "INTEGER"}, {Name: "score", Type: "DOUBLE"}})
	if err != nil {
		return nil, err
	}
	var rows [][]udf.Neighbor
	var qids, cids []string
	qi, r := 0, 0
	src := &chunkSource{name: name, cols: infos}
	src.restart = func() error { // an executed-again prepared statement ranks the tables as they are now
		rows, qids, cids, qi, r = nil, nil, nil, 0, 0
		return nil
	}
	src.fill = func(ch duckdb.DataChunk, capacity int) (int, error) {
		if rows == nil {
			var err error
			if qids, cids, rows, err = compute(); err != nil {
				return 0, err
			}
		}
		n := 0
		for n < capacity && qi < len(rows) {
			if r >= len(rows[qi]) {
				qi, r = qi+1, 0
				continue
			}
			nb := rows[qi][r]
			if err := setRow(ch, n, qids[qi], cids[nb.Index], int32(r+1), nb.Score); err != nil {
				return 0, err
			}
			n++
			r++
		}
		return n, nil
	}
	return src, nil
}

// quoteName quotes a possibly qualified table or column name ("s.t" → "s"."t").
func quoteName(name string) string {
	parts := strings.Split(name, ".")
	for i, p := range parts {
		parts[i] = `"` + strings.ReplaceAll(p, `"`, `""`) + `"`
	}
	return strings.Join(parts, ".")
}

func (kq knnQuery) run(ctx context.Context, db *sql.DB) (qids, cids []string, res [][]udf.Neighbor, err error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, nil, nil, err
	}
	defer conn.Close()
	q, err := readVectors(ctx, conn, kq.queries, kq.id, kq.vector)
	if err != nil {
		return nil, nil, nil, err
	}
	c, err := readVectors(ctx, conn, kq.cands, kq.id, kq.vector)
	if err != nil {
		return nil, nil, nil, err
	}
	pool, err := readPool(ctx, conn, "knn", kq.pool, q.IDs, c.IDs)
	if err != nil {
		return nil, nil, nil, err
	}
	res, err = udf.KNN(ctx, q, c, kq.k, kq.metric, pool)
	return q.IDs, c.IDs, res, err
}

// readVectors reads (id, vector) rows through Arrow: ids as VARCHAR,
// vectors (FLOAT[], FLOAT[N], DOUBLE[] …) as float32 lists.
func readVectors(ctx context.Context, conn *sql.Conn, table, id, vector string) (*udf.Vectors, error) {
	t := catalog.NewVectorTable(table, id, vector)
	query := fmt.Sprintf("SELECT CAST(%s AS VARCHAR), CAST(%s AS FLOAT[]) FROM %s", quoteName(id), quoteName(vector), quoteName(table))
	err := QueryArrow(ctx, conn, query, func(rr array.RecordReader) error {
		for rr.Next() {
			rec := rr.RecordBatch()
			ids := rec.Column(0).(*array.String)
			lists := rec.Column(1).(*array.List)
			elems := lists.ListValues().(*array.Float32)
			vals := elems.Float32Values()
			for i := range int(rec.NumRows()) {
				start, end := lists.ValueOffsets(i)
				elemNull := false
				for j := start; j < end && elems.NullN() > 0; j++ {
					elemNull = elemNull || elems.IsNull(int(j))
				}
				if err := t.Add(ids.Value(i), ids.IsNull(i), vals[start:end], lists.IsNull(i), elemNull); err != nil {
					return err // Add copies: Value points into the batch, freed on Next
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("knn: read %s: %w", table, err)
	}
	return t.Vectors(), nil
}

// readPool reads the (query_id, candidate_id) pairs of table into
// candidate indices per query; no table ("") means no pool (nil).
func readPool(ctx context.Context, conn *sql.Conn, fn, table string, qids, cids []string) ([][]int, error) {
	if table == "" {
		return nil, nil
	}
	p := catalog.NewPool(fn, table, qids, cids)
	query := "SELECT DISTINCT CAST(query_id AS VARCHAR), CAST(candidate_id AS VARCHAR) FROM " + quoteName(table) + " ORDER BY 1, 2"
	err := QueryArrow(ctx, conn, query, func(rr array.RecordReader) error {
		for rr.Next() {
			rec := rr.RecordBatch()
			qs, cs := rec.Column(0).(*array.String), rec.Column(1).(*array.String)
			for i := range int(rec.NumRows()) {
				if err := p.Add(qs.Value(i), cs.Value(i)); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: read pool %s: %w", fn, table, err)
	}
	return p.Index(), nil
}

// readTexts reads (id, text) rows through Arrow, ids and texts as VARCHAR;
// a NULL text is an empty document.
func readTexts(ctx context.Context, conn *sql.Conn, fn, table, id, text string) (ids, texts []string, err error) {
	query := fmt.Sprintf("SELECT CAST(%s AS VARCHAR), CAST(%s AS VARCHAR) FROM %s", quoteName(id), quoteName(text), quoteName(table))
	err = QueryArrow(ctx, conn, query, func(rr array.RecordReader) error {
		for rr.Next() {
			rec := rr.RecordBatch()
			is, ts := rec.Column(0).(*array.String), rec.Column(1).(*array.String)
			for i := range int(rec.NumRows()) {
				if is.IsNull(i) {
					return catalog.NullIDError(fn, table, id)
				}
				ids = append(ids, strings.Clone(is.Value(i)))
				texts = append(texts, strings.Clone(ts.Value(i)))
			}
		}
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("%s: read %s: %w", fn, table, err)
	}
	return ids, texts, nil
}
