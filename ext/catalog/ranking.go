package catalog

import (
	"context"
	"fmt"
	"math"

	"github.com/lexduck/lexduck/udf"
)

// knn and bm25 (sql/retrieval.sql) rank one table's rows against another's,
// both named by strings. They are table macros on both registration paths:
// query() reads the tables in the caller's transaction, list() gathers each
// into one row, and the scalars below rank them. (A table function could
// not: one registered through the C API cannot query at all, and one that
// opens a second connection sees neither temporary tables nor the caller's
// uncommitted rows.)

// rankingResult is the type the ranking scalars return, one element per
// (query, rank).
const rankingResult = "STRUCT(query_id VARCHAR, candidate_id VARCHAR, rank INTEGER, score DOUBLE)[]"

// rankingRows turns rankings into rankingResult's elements, query by
// query, best first.
func rankingRows(qids, cids []string, res [][]udf.Neighbor) []any {
	n := 0
	for _, r := range res {
		n += len(r)
	}
	out := make([]any, 0, n)
	for q, r := range res {
		for i, nb := range r {
			out = append(out, map[string]any{"query_id": qids[q], "candidate_id": cids[nb.Index], "rank": int32(i + 1), "score": nb.Score})
		}
	}
	return out
}

// strs converts a VARCHAR[] value; NULL elements are reported in nulls.
func strs(v any) (out []string, nulls []bool) {
	list, _ := v.([]any) // NULL list: no rows
	out, nulls = make([]string, len(list)), make([]bool, len(list))
	for i, x := range list {
		if x == nil {
			nulls[i] = true
			continue
		}
		out[i] = x.(string)
	}
	return out, nulls
}

// vectors checks and gathers one knn input table, given as its list of
// ids and its list of FLOAT[] vectors.
func vectors(table, id, vector string, ids, vecs any) (*udf.Vectors, error) {
	names, nulls := strs(ids)
	rows, _ := vecs.([]any)
	if len(rows) != len(names) {
		return nil, fmt.Errorf("knn: %s: %d ids but %d vectors", table, len(names), len(rows))
	}
	v := &udf.Vectors{IDs: names}
	for i, name := range names {
		if nulls[i] {
			return nil, fmt.Errorf("knn: %s: a row has a NULL %s", table, id)
		}
		if rows[i] == nil {
			return nil, fmt.Errorf("knn: %s: %s %q has a NULL %s", table, id, name, vector)
		}
		n := 0
		switch r := rows[i].(type) {
		case []float32:
			n = len(r)
		case []any:
			n = len(r)
		}
		if i == 0 {
			v.Dim = n
		}
		if n != v.Dim {
			return nil, fmt.Errorf("knn: %s: %s %q has %d dimensions, the first row %d", table, id, name, n, v.Dim)
		}
		finite := true
		if f, ok := rows[i].([]float32); ok { // unboxed: no NULL element
			for _, x := range f {
				finite = finite && !math.IsInf(float64(x), 0) && !math.IsNaN(float64(x))
			}
			v.Data = append(v.Data, f...)
		} else {
			for _, x := range rows[i].([]any) {
				switch x := x.(type) {
				case float32:
					finite = finite && !math.IsInf(float64(x), 0) && !math.IsNaN(float64(x))
					v.Data = append(v.Data, x)
				case float64:
					finite = finite && !math.IsInf(x, 0) && !math.IsNaN(x)
					v.Data64 = append(v.Data64, x)
				default:
					return nil, fmt.Errorf("knn: %s: %s %q has a NULL element", table, id, name)
				}
			}
		}
		// An infinite or NaN element has no cosine and no usable inner
		// product (an -inf score was silently dropped): refuse it by name.
		if !finite {
			return nil, fmt.Errorf("knn: %s: %s %q has an infinite or NaN element", table, id, name)
		}
	}
	if v.Data64 == nil {
		return v, nil
	}
	// DOUBLE vectors whose values a float32 holds exactly take KNN's fast
	// float32 path, as FLOAT ones do; other DOUBLE values keep float64, so
	// ties that doubles separate stay separate and 1e-300 is not zero.
	exact32 := true
	for _, x := range v.Data64 {
		if float64(float32(x)) != x {
			exact32 = false
			break
		}
	}
	if exact32 {
		v.Data = make([]float32, len(v.Data64))
		for i, x := range v.Data64 {
			v.Data[i] = float32(x)
		}
		v.Data64 = nil
	}
	return v, nil
}

// pool maps the (query_id, candidate_id) pairs of a pool table, given as
// two aligned lists of distinct pairs, to candidate indices per query; no
// table ("") means no pool (nil). A pair for a query not asked about is
// ignored; a candidate not among the candidates is an error.
func pool(fn, table string, qs, cs any, qids, cids []string) ([][]int, error) {
	if table == "" {
		return nil, nil
	}
	q, _ := strs(qs) // a NULL id reads as "", which matches no real id
	c, _ := strs(cs)
	if len(q) != len(c) {
		return nil, fmt.Errorf("%s: pool %s: %d query ids but %d candidate ids", fn, table, len(q), len(c))
	}
	qIndex, cIndex := make(map[string]int, len(qids)), make(map[string]int, len(cids))
	for i, id := range qids {
		qIndex[id] = i
	}
	for i, id := range cids {
		cIndex[id] = i
	}
	index := make([][]int, len(qids))
	for i := range q {
		qi, ok := qIndex[q[i]]
		if !ok {
			continue
		}
		ci, ok := cIndex[c[i]]
		if !ok {
			return nil, fmt.Errorf("%s: pool %s names candidate %q, which is not in the candidates", fn, table, c[i])
		}
		index[qi] = append(index[qi], ci)
	}
	return index, nil
}

// notNull fails on the first NULL among the arguments named in params
// (argument index → the macro's parameter name, in order).
func notNull(args []any, params ...any) error {
	for i := 0; i < len(params); i += 2 {
		if args[params[i].(int)] == nil {
			return fmt.Errorf("%s must not be NULL", params[i+1])
		}
	}
	return nil
}

func init() {
	// One overload for FLOAT and one for DOUBLE vectors (the macro hands
	// the column over uncast, so DOUBLE values are not rounded to FLOAT).
	for _, vt := range []string{"FLOAT[][]", "DOUBLE[][]"} {
		add(Scalar{
			Name: "_lx_knn_lists", Behind: "knn",
			Params: []string{"VARCHAR[]", vt, "VARCHAR[]", vt, "INTEGER", "VARCHAR",
				"VARCHAR[]", "VARCHAR[]", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"},
			Result: rankingResult, NullAware: true,
			Doc: "_lx_knn_lists(qids, qvecs, cids, cvecs, k, metric, pool_q, pool_c, queries, candidates, id, vector, pool): the knn macro's ranking over its gathered tables",
			EvalContext: func(ctx context.Context, a []any) (any, error) {
				if err := notNull(a, 4, "k", 5, "metric", 8, "queries", 9, "candidates", 10, "id", 11, "vector", 12, "pool"); err != nil {
					return nil, err
				}
				k, metric := a[4].(int32), udf.Metric(a[5].(string))
				queries, cands, id, vector, poolTable := a[8].(string), a[9].(string), a[10].(string), a[11].(string), a[12].(string)
				if err := udf.CheckKNN(int(k), metric); err != nil {
					return nil, err
				}
				q, err := vectors(queries, id, vector, a[0], a[1])
				if err != nil {
					return nil, err
				}
				c, err := vectors(cands, id, vector, a[2], a[3])
				if err != nil {
					return nil, err
				}
				p, err := pool("knn", poolTable, a[6], a[7], q.IDs, c.IDs)
				if err != nil {
					return nil, err
				}
				res, err := udf.KNN(ctx, q, c, int(k), metric, p)
				if err != nil {
					return nil, err
				}
				return rankingRows(q.IDs, c.IDs, res), nil
			},
		})
	}
	add(Scalar{
		Name: "_lx_bm25_lists", Behind: "bm25",
		Params: []string{"VARCHAR[]", "VARCHAR[]", "VARCHAR[]", "VARCHAR[]", "INTEGER", "DOUBLE", "DOUBLE",
			"VARCHAR[]", "VARCHAR[]", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"},
		Result: rankingResult, NullAware: true,
		Doc: "_lx_bm25_lists(qids, qtexts, cids, ctexts, k, k1, b, pool_q, pool_c, queries, candidates, id, pool): the bm25 macro's ranking over its gathered tables",
		EvalContext: func(ctx context.Context, a []any) (any, error) {
			if err := notNull(a, 4, "k", 5, "k1", 6, "b", 9, "queries", 10, "candidates", 11, "id", 12, "pool"); err != nil {
				return nil, err
			}
			k, k1, b := a[4].(int32), a[5].(float64), a[6].(float64)
			queries, cands, id, poolTable := a[9].(string), a[10].(string), a[11].(string), a[12].(string)
			params := udf.BM25Params{K1: k1, B: b}
			if err := params.Check(int(k)); err != nil {
				return nil, err
			}
			qids, qtexts, err := textTable(queries, id, a[0], a[1])
			if err != nil {
				return nil, err
			}
			cids, ctexts, err := textTable(cands, id, a[2], a[3])
			if err != nil {
				return nil, err
			}
			p, err := pool("bm25", poolTable, a[7], a[8], qids, cids)
			if err != nil {
				return nil, err
			}
			res, err := udf.BM25(ctx, qtexts, cids, ctexts, int(k), params, p)
			if err != nil {
				return nil, err
			}
			return rankingRows(qids, cids, res), nil
		},
	})
}

// textTable checks one bm25 input table: ids must not be NULL; a NULL text
// is an empty document.
func textTable(table, id string, ids, texts any) ([]string, []string, error) {
	names, nulls := strs(ids)
	docs, _ := strs(texts)
	if len(names) != len(docs) {
		return nil, nil, fmt.Errorf("bm25: %s: %d ids but %d texts", table, len(names), len(docs))
	}
	for i := range names {
		if nulls[i] {
			return nil, nil, fmt.Errorf("bm25: %s: a row has a NULL %s", table, id)
		}
	}
	return names, docs, nil
}
