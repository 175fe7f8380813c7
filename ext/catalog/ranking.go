package catalog

import (
	"context"
	_ "embed"
	"fmt"
	"math"
	"strings"

	"github.com/lexduck/lexduck/udf"
)

// knn and bm25 rank one table's rows against another's, both named by
// strings. The embedded path registers them as table functions (_lx_knn,
// _lx_bm25) that read the tables through a second connection. A loaded
// extension's table function cannot query, so there the same names are
// table macros (ranking.sql) that read the tables with DuckDB's query()
// and hand them, gathered into lists, to the scalars below. Both shapes
// check rows with VectorTable, Pool and TextIDs, so their errors agree.

//go:embed ranking.sql
var rankingSQL string

// RankingMacros returns _lx_knn and _lx_bm25 as table macros for hosts
// where a table function cannot read tables: ext/loadable creates them in
// MacroCatalog before sql/'s macros, which call them.
func RankingMacros() ([]Macro, error) { return parseMacros("ranking.sql", rankingSQL) }

// RankingResult is the type the ranking scalars return, one element per
// (query, rank).
const RankingResult = "STRUCT(query_id VARCHAR, candidate_id VARCHAR, rank INTEGER, score DOUBLE)[]"

// VectorTable collects one knn input table, row by row, with knn's checks.
type VectorTable struct {
	Table, ID, Vector string // for error messages
	V                 udf.Vectors
}

// NewVectorTable starts an empty table.
func NewVectorTable(table, id, vector string) *VectorTable {
	return &VectorTable{Table: table, ID: id, Vector: vector, V: udf.Vectors{Dim: -1}}
}

// Add appends one row. idNull and vecNull report NULL values; elemNull a
// NULL element inside vec. id is copied, vec's elements too.
func (t *VectorTable) Add(id string, idNull bool, vec []float32, vecNull, elemNull bool) error {
	switch {
	case idNull:
		return fmt.Errorf("knn: %s: a row has a NULL %s", t.Table, t.ID)
	case vecNull:
		return fmt.Errorf("knn: %s: %s %q has a NULL %s", t.Table, t.ID, id, t.Vector)
	}
	if t.V.Dim < 0 {
		t.V.Dim = len(vec)
	}
	if len(vec) != t.V.Dim {
		return fmt.Errorf("knn: %s: %s %q has %d dimensions, the first row %d", t.Table, t.ID, id, len(vec), t.V.Dim)
	}
	if elemNull {
		return fmt.Errorf("knn: %s: %s %q has a NULL element", t.Table, t.ID, id)
	}
	t.V.IDs = append(t.V.IDs, strings.Clone(id))
	t.V.Data = append(t.V.Data, vec...)
	return nil
}

// Vectors returns the collected rows (dimension 0 when there are none).
func (t *VectorTable) Vectors() *udf.Vectors {
	if t.V.Dim < 0 {
		t.V.Dim = 0
	}
	return &t.V
}

// Pool maps (query_id, candidate_id) rows of a pool table to candidate
// indices per query.
type Pool struct {
	fn, table      string
	qIndex, cIndex map[string]int
	index          [][]int
}

// NewPool starts an empty pool for fn (knn, bm25) over these ids.
func NewPool(fn, table string, qids, cids []string) *Pool {
	p := &Pool{fn: fn, table: table, qIndex: make(map[string]int, len(qids)), cIndex: make(map[string]int, len(cids)), index: make([][]int, len(qids))}
	for i, id := range qids {
		p.qIndex[id] = i
	}
	for i, id := range cids {
		p.cIndex[id] = i
	}
	return p
}

// Add records one pair; pairs must arrive distinct. A pair for a query
// not asked about is ignored; a candidate not among the candidates is an
// error.
func (p *Pool) Add(q, c string) error {
	qi, ok := p.qIndex[q]
	if !ok {
		return nil
	}
	ci, ok := p.cIndex[c]
	if !ok {
		return fmt.Errorf("%s: pool %s names candidate %q, which is not in the candidates", p.fn, p.table, c)
	}
	p.index[qi] = append(p.index[qi], ci)
	return nil
}

// Index returns the candidate indices per query.
func (p *Pool) Index() [][]int { return p.index }

// NullIDError is the error for a row whose id is NULL in a text table.
func NullIDError(fn, table, id string) error {
	return fmt.Errorf("%s: %s: a row has a NULL %s", fn, table, id)
}

// RankingRows turns rankings into RankingResult's elements, query by
// query, best first.
func RankingRows(qids, cids []string, res [][]udf.Neighbor) []any {
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

// float32s converts one FLOAT[] value; ok is false for NULL, elemNull
// reports a NULL element.
func float32s(v any, buf []float32) (out []float32, ok, elemNull bool) {
	if v == nil {
		return nil, false, false
	}
	list := v.([]any)
	out = buf[:0]
	for _, x := range list {
		switch x := x.(type) {
		case float32:
			out = append(out, x)
		case float64:
			out = append(out, float32(x))
		default:
			elemNull = true
			out = append(out, float32(math.NaN()))
		}
	}
	return out, true, elemNull
}

func vectorTable(table, id, vector string, ids, vecs any) (*udf.Vectors, error) {
	t := NewVectorTable(table, id, vector)
	names, nulls := strs(ids)
	rows, _ := vecs.([]any)
	if len(rows) != len(names) {
		return nil, fmt.Errorf("knn: %s: %d ids but %d vectors", table, len(names), len(rows))
	}
	var buf []float32
	for i := range names {
		vec, ok, elemNull := float32s(rows[i], buf)
		if err := t.Add(names[i], nulls[i], vec, !ok, elemNull); err != nil {
			return nil, err
		}
		buf = vec
	}
	return t.Vectors(), nil
}

func pool(fn, table string, qs, cs any, qids, cids []string) ([][]int, error) {
	if table == "" {
		return nil, nil
	}
	p := NewPool(fn, table, qids, cids)
	q, _ := strs(qs) // a NULL id reads as "", as in the embedded path
	c, _ := strs(cs)
	if len(q) != len(c) {
		return nil, fmt.Errorf("%s: pool %s: %d query ids but %d candidate ids", fn, table, len(q), len(c))
	}
	for i := range q {
		if err := p.Add(q[i], c[i]); err != nil {
			return nil, err
		}
	}
	return p.Index(), nil
}

// text returns the arguments that must not be NULL as strings.
func text(args []any, idx ...int) ([]string, error) {
	out := make([]string, len(idx))
	for j, i := range idx {
		s, ok := args[i].(string)
		if !ok {
			return nil, fmt.Errorf("argument %d is NULL", i+1)
		}
		out[j] = s
	}
	return out, nil
}

func init() {
	add(Scalar{
		Name: "_lx_knn_lists", Behind: "knn",
		Params: []string{"VARCHAR[]", "FLOAT[][]", "VARCHAR[]", "FLOAT[][]", "INTEGER", "VARCHAR",
			"VARCHAR[]", "VARCHAR[]", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"},
		Result: RankingResult, NullAware: true,
		Doc: "_lx_knn_lists(qids, qvecs, cids, cvecs, k, metric, pool_q, pool_c, queries, candidates, id, vector, pool): knn over gathered lists (the loaded extension's _lx_knn)",
		Eval: func(a []any) (any, error) {
			names, err := text(a, 5, 8, 9, 10, 11, 12)
			if err != nil {
				return nil, err
			}
			metric, queries, cands, id, vector, poolTable := udf.Metric(names[0]), names[1], names[2], names[3], names[4], names[5]
			k, ok := a[4].(int32)
			if !ok {
				return nil, fmt.Errorf("argument 5 is NULL")
			}
			if err := CheckKNN(int(k), metric); err != nil {
				return nil, err
			}
			q, err := vectorTable(queries, id, vector, a[0], a[1])
			if err != nil {
				return nil, err
			}
			c, err := vectorTable(cands, id, vector, a[2], a[3])
			if err != nil {
				return nil, err
			}
			p, err := pool("knn", poolTable, a[6], a[7], q.IDs, c.IDs)
			if err != nil {
				return nil, err
			}
			res, err := udf.KNN(context.Background(), q, c, int(k), metric, p)
			if err != nil {
				return nil, err
			}
			return RankingRows(q.IDs, c.IDs, res), nil
		},
	}, Scalar{
		Name: "_lx_bm25_lists", Behind: "bm25",
		Params: []string{"VARCHAR[]", "VARCHAR[]", "VARCHAR[]", "VARCHAR[]", "INTEGER", "DOUBLE", "DOUBLE",
			"VARCHAR[]", "VARCHAR[]", "VARCHAR", "VARCHAR", "VARCHAR", "VARCHAR"},
		Result: RankingResult, NullAware: true,
		Doc: "_lx_bm25_lists(qids, qtexts, cids, ctexts, k, k1, b, pool_q, pool_c, queries, candidates, id, pool): bm25 over gathered lists (the loaded extension's _lx_bm25)",
		Eval: func(a []any) (any, error) {
			names, err := text(a, 9, 10, 11, 12)
			if err != nil {
				return nil, err
			}
			queries, cands, id, poolTable := names[0], names[1], names[2], names[3]
			k, ok := a[4].(int32)
			k1, ok1 := a[5].(float64)
			b, ok2 := a[6].(float64)
			if !ok || !ok1 || !ok2 {
				return nil, fmt.Errorf("k, k1 and b must not be NULL")
			}
			params := udf.BM25Params{K1: k1, B: b}
			if err := CheckBM25(int(k), params); err != nil {
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
			res, err := udf.BM25(context.Background(), qtexts, cids, ctexts, int(k), params, p)
			if err != nil {
				return nil, err
			}
			return RankingRows(qids, cids, res), nil
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
			return nil, nil, NullIDError("bm25", table, id)
		}
	}
	return names, docs, nil
}

// CheckKNN validates knn's arguments before any table is read.
func CheckKNN(k int, metric udf.Metric) error {
	if k < 1 {
		return fmt.Errorf("knn: k must be at least 1, got %d", k)
	}
	if metric != udf.MetricCosine && metric != udf.MetricIP {
		return fmt.Errorf("knn: unknown metric %q (cosine, ip)", metric)
	}
	return nil
}

// CheckBM25 validates bm25's arguments before any table is read.
func CheckBM25(k int, p udf.BM25Params) error {
	if k < 1 {
		return fmt.Errorf("bm25: k must be at least 1, got %d", k)
	}
	if p.K1 < 0 || p.B < 0 || p.B > 1 {
		return fmt.Errorf("bm25: want k1 >= 0 and 0 <= b <= 1, got k1 = %v, b = %v", p.K1, p.B)
	}
	return nil
}
