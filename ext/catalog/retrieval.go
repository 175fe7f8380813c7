package catalog

import (
	"fmt"
	"math"
	"strconv"
	"sync/atomic"

	"github.com/lexduck/lexduck/udf"
)

// ids converts a list of document ids (VARCHAR or BIGINT elements) to
// strings; a NULL element keeps its place but matches nothing, not even
// another NULL (an unknown id is not a known match): each becomes a
// string no real id and no other NULL can equal.
func ids(v any) []string {
	list := v.([]any)
	out := make([]string, len(list))
	for i, x := range list {
		switch x := x.(type) {
		case string:
			out[i] = x
		case int64:
			out[i] = strconv.FormatInt(x, 10)
		case nil:
			out[i] = "\x00NULL" + strconv.FormatUint(nullIDs.Add(1), 10)
		default:
			out[i] = fmt.Sprint(x)
		}
	}
	return out
}

// nullIDs numbers NULL ids so that no two are equal.
var nullIDs atomic.Uint64

func cutoff(name string, v any) (int, error) {
	k := int(v.(int32))
	if k < 1 {
		return 0, fmt.Errorf("%s: k must be at least 1, got %d", name, k)
	}
	return k, nil
}

// floats converts a DOUBLE[] or FLOAT[] value; NULL elements become NaN.
func floats(v any) []float64 {
	if f, ok := v.([]float32); ok {
		out := make([]float64, len(f))
		for i, x := range f {
			out[i] = float64(x)
		}
		return out
	}
	list := v.([]any)
	out := make([]float64, len(list))
	for i, x := range list {
		switch x := x.(type) {
		case float64:
			out[i] = x
		case float32:
			out[i] = float64(x)
		default:
			out[i] = math.NaN()
		}
	}
	return out
}

func matrix(v any) ([][]float64, error) {
	rows := v.([]any)
	out := make([][]float64, len(rows))
	for i, r := range rows {
		if r == nil {
			return nil, fmt.Errorf("token %d is NULL", i)
		}
		out[i] = floats(r)
		for _, x := range out[i] {
			if math.IsNaN(x) {
				return nil, fmt.Errorf("token %d has a NULL element", i)
			}
		}
	}
	return out, nil
}

func init() {
	type atK struct {
		name, doc string
		f         func(ranked, relevant []string, k int) float64
	}
	for _, m := range []atK{
		{"recall_at_k", "recall_at_k(ranked, relevant, k): trec_eval recall_k, relevant ids in the top k over all relevant ids (0 if none)", udf.RecallAtK},
		{"precision_at_k", "precision_at_k(ranked, relevant, k): trec_eval P_k, relevant ids in the top k over k (always k)", udf.PrecisionAtK},
		{"success_at_k", "success_at_k(ranked, relevant, k): trec_eval success_k, 1 if a relevant id is in the top k (DPR's top-k accuracy)", udf.SuccessAtK},
	} {
		for _, idType := range []string{"VARCHAR[]", "BIGINT[]"} {
			add(Scalar{
				Name: m.name, Params: []string{idType, idType, "INTEGER"}, Result: "DOUBLE", Doc: m.doc,
				Eval: func(a []any) (any, error) {
					k, err := cutoff(m.name, a[2])
					if err != nil {
						return nil, err
					}
					return m.f(ids(a[0]), ids(a[1]), k), nil
				},
			})
		}
	}
	for _, idType := range []string{"VARCHAR[]", "BIGINT[]"} {
		add(Scalar{
			Name: "reciprocal_rank", Params: []string{idType, idType}, Result: "DOUBLE",
			Doc:  "reciprocal_rank(ranked, relevant): trec_eval recip_rank, 1 / rank of the first relevant id in the whole list (0 if none)",
			Eval: func(a []any) (any, error) { return udf.ReciprocalRank(ids(a[0]), ids(a[1])), nil },
		}, Scalar{
			Name: "average_precision", Params: []string{idType, idType}, Result: "DOUBLE",
			Doc:  "average_precision(ranked, relevant): trec_eval map for one query, mean precision at each relevant id over all relevant ids",
			Eval: func(a []any) (any, error) { return udf.AveragePrecision(ids(a[0]), ids(a[1])), nil },
		}, Scalar{
			Name: "ndcg_at_k", Params: []string{idType, idType, "INTEGER"}, Result: "DOUBLE",
			Doc: "ndcg_at_k(ranked, relevant | grades MAP(id, INTEGER), k): trec_eval ndcg_cut_k, raw grades as gains, log2(rank+1) discount",
			Eval: func(a []any) (any, error) {
				k, err := cutoff("ndcg_at_k", a[2])
				if err != nil {
					return nil, err
				}
				grades := map[string]int64{}
				for _, d := range ids(a[1]) {
					grades[d] = 1
				}
				return udf.NDCGAtK(ids(a[0]), grades, k), nil
			},
		})
	}
	for _, idType := range []string{"VARCHAR[]", "BIGINT[]"} {
		add(Scalar{
			Name: "ndcg_at_k", Params: []string{idType, idType, "INTEGER[]", "INTEGER"}, Result: "DOUBLE",
			Doc: "ndcg_at_k(ranked, ids, grades, k): ndcg_cut_k with graded relevance as two aligned lists (ids and their INTEGER grades), linear in their length; the MAP form costs the square of the map's size on the embedded path (duckdb-go decodes maps so)",
			Eval: func(a []any) (any, error) {
				k, err := cutoff("ndcg_at_k", a[3])
				if err != nil {
					return nil, err
				}
				keys, vals := ids(a[1]), a[2].([]any)
				if len(keys) != len(vals) {
					return nil, fmt.Errorf("ndcg_at_k: %d ids but %d grades", len(keys), len(vals))
				}
				grades := make(map[string]int64, len(keys))
				for i, key := range keys {
					if vals[i] != nil {
						grades[key] = int64(vals[i].(int32))
					}
				}
				return udf.NDCGAtK(ids(a[0]), grades, k), nil
			},
		})
	}
	for _, keyType := range []string{"VARCHAR", "BIGINT"} {
		add(Scalar{
			Name: "ndcg_at_k", Params: []string{keyType + "[]", "MAP(" + keyType + ", INTEGER)", "INTEGER"}, Result: "DOUBLE",
			Doc: "ndcg_at_k(ranked, relevant | grades MAP(id, INTEGER), k): trec_eval ndcg_cut_k, raw grades as gains, log2(rank+1) discount",
			Eval: func(a []any) (any, error) {
				k, err := cutoff("ndcg_at_k", a[2])
				if err != nil {
					return nil, err
				}
				grades := map[string]int64{}
				for key, g := range a[1].(map[any]any) {
					if g == nil {
						continue
					}
					grades[ids([]any{key})[0]] = int64(g.(int32))
				}
				return udf.NDCGAtK(ids(a[0]), grades, k), nil
			},
		})
	}
	add(Scalar{
		Name: "spearman", Params: []string{"DOUBLE[]", "DOUBLE[]"}, Result: "DOUBLE",
		Doc: "spearman(x, y): Spearman's rho with SciPy 1.10's average ranks for ties; NaN (as SciPy) for constant input, n < 2 or NULL elements; error on a length mismatch",
		Eval: func(a []any) (any, error) {
			return udf.Spearman(floats(a[0]), floats(a[1]))
		},
	}, Scalar{
		Name: "kendall_tau", Params: []string{"DOUBLE[]", "DOUBLE[]"}, Result: "DOUBLE",
		Doc: "kendall_tau(x, y): Kendall's tau-b as SciPy 1.10 computes it; NaN (as SciPy) for all-tied input, n < 2 or NULL elements; error on a length mismatch",
		Eval: func(a []any) (any, error) {
			return udf.KendallTau(floats(a[0]), floats(a[1]))
		},
	})
	bert := func(a []any) (any, error) {
		c, err := matrix(a[0])
		if err != nil {
			return nil, fmt.Errorf("bertscore: candidate %w", err)
		}
		r, err := matrix(a[1])
		if err != nil {
			return nil, fmt.Errorf("bertscore: reference %w", err)
		}
		var cw, rw []float64
		if len(a) > 2 {
			cw, rw = floats(a[2]), floats(a[3])
		}
		s, err := udf.BERTScore(c, r, cw, rw)
		if err != nil {
			return nil, err
		}
		return prf(s), nil
	}
	for _, emb := range []string{"DOUBLE[][]", "FLOAT[][]"} {
		add(Scalar{
			Name: "bertscore", Params: []string{emb, emb}, Result: prfType, Eval: bert,
			Doc: "bertscore(cand_emb, ref_emb [, cand_idf, ref_idf]): bert_score 0.3.12 greedy matching over supplied token embeddings, as (p, r, f); no tokens gives zeros",
		}, Scalar{
			Name: "bertscore", Params: []string{emb, emb, "DOUBLE[]", "DOUBLE[]"}, Result: prfType, Eval: bert,
			Doc: "bertscore(cand_emb, ref_emb [, cand_idf, ref_idf]): bert_score 0.3.12 greedy matching over supplied token embeddings, as (p, r, f); no tokens gives zeros",
		})
	}
}

func init() {
	add(Scalar{
		Name: "legal_tokens", Params: []string{"VARCHAR"}, Result: "VARCHAR[]",
		Doc: "legal_tokens(text): bm25's tokens, lower-case letter/digit runs plus bracketed numbers kept whole ([2020], [45], (3))",
		Eval: func(a []any) (any, error) {
			t := udf.LegalTokens(a[0].(string))
			if t == nil {
				t = []string{}
			}
			return t, nil
		},
	})
}
