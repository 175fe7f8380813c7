package catalog

import (
	"context"
	"fmt"

	"github.com/lexduck/lexduck/udf"
)

const (
	prfType   = "STRUCT(p DOUBLE, r DOUBLE, f DOUBLE)"
	rougeType = "STRUCT(rouge1 " + prfType + ", rouge2 " + prfType + ", rougeL " + prfType + ", rougeLsum " + prfType + ")"
)

func prf(s udf.Score) map[string]any { return map[string]any{"p": s.P, "r": s.R, "f": s.F} }

// stemArg reads the optional use_stemmer argument at index i (default false).
func stemArg(args []any, i int) bool {
	if len(args) > i {
		return args[i].(bool)
	}
	return false
}

// withOptionalStemmer returns the overload without and with a trailing
// BOOLEAN use_stemmer parameter.
func withOptionalStemmer(s Scalar) []Scalar {
	with := s
	with.Params = append(append([]string(nil), s.Params...), "BOOLEAN")
	return []Scalar{s, with}
}

func init() {
	add(withOptionalStemmer(Scalar{
		Name: "rouge", Parallel: true, Params: []string{"VARCHAR", "VARCHAR"}, Result: rougeType,
		Doc: "rouge(candidate, reference [, use_stemmer]): rouge1, rouge2, rougeL and rougeLsum (p, r, f) exactly as Google's rouge-score; rougeLsum splits sentences on newlines",
		EvalContext: func(ctx context.Context, a []any) (any, error) {
			s, err := udf.ROUGEContext(ctx, a[0].(string), a[1].(string), stemArg(a, 2))
			if err != nil {
				return nil, err
			}
			return map[string]any{"rouge1": prf(s.Rouge1), "rouge2": prf(s.Rouge2), "rougeL": prf(s.RougeL), "rougeLsum": prf(s.RougeLsum)}, nil
		},
	})...)
	add(withOptionalStemmer(Scalar{
		Name: "rouge_n", Parallel: true, Params: []string{"VARCHAR", "VARCHAR", "INTEGER"}, Result: prfType,
		Doc: "rouge_n(candidate, reference, n [, use_stemmer]): ROUGE-N for n in 1..9 as (p, r, f)",
		Eval: func(a []any) (any, error) {
			s, err := udf.ROUGEN(a[0].(string), a[1].(string), int(a[2].(int32)), stemArg(a, 3))
			if err != nil {
				return nil, err
			}
			return prf(s), nil
		},
	})...)
	add(withOptionalStemmer(Scalar{
		Name: "rouge_l", Parallel: true, Params: []string{"VARCHAR", "VARCHAR"}, Result: prfType,
		Doc: "rouge_l(candidate, reference [, use_stemmer]): LCS over the whole texts as (p, r, f)",
		EvalContext: func(ctx context.Context, a []any) (any, error) {
			s, err := udf.ROUGELContext(ctx, a[0].(string), a[1].(string), stemArg(a, 2))
			if err != nil {
				return nil, err
			}
			return prf(s), nil
		},
	})...)
	add(withOptionalStemmer(Scalar{
		Name: "rouge_lsum", Parallel: true, Params: []string{"VARCHAR", "VARCHAR"}, Result: prfType,
		Doc: "rouge_lsum(candidate, reference [, use_stemmer]): summary-level union LCS over newline-separated sentences as (p, r, f)",
		EvalContext: func(ctx context.Context, a []any) (any, error) {
			s, err := udf.ROUGELsumContext(ctx, a[0].(string), a[1].(string), stemArg(a, 2))
			if err != nil {
				return nil, err
			}
			return prf(s), nil
		},
	})...)
	add(withOptionalStemmer(Scalar{
		Name: "rouge_tokens", Params: []string{"VARCHAR"}, Result: "VARCHAR[]",
		Doc: "rouge_tokens(text [, use_stemmer]): the tokens rouge-score scores ([a-z0-9]+ runs, Porter-stemmed if longer than 3)",
		Eval: func(a []any) (any, error) {
			toks := udf.Tokenize(a[0].(string), stemArg(a, 1))
			if toks == nil {
				toks = []string{}
			}
			return toks, nil
		},
	})...)
	add(Scalar{
		Name: "porter_stem", Params: []string{"VARCHAR"}, Result: "VARCHAR",
		Doc:  "porter_stem(word): NLTK 3.8 PorterStemmer() stem (default NLTK_EXTENSIONS mode), as rouge-score uses",
		Eval: func(a []any) (any, error) { return udf.Stem(a[0].(string)), nil },
	})
	bootstrap := func(ctx context.Context, a []any) (any, error) {
		raw := a[0].([]any)
		vals := make([]float64, 0, len(raw))
		for i, v := range raw {
			if v == nil { // silently skipping it would change the mean's n
				return nil, fmt.Errorf("bootstrap_ci: values[%d] is NULL (list_filter(values, x -> x IS NOT NULL) drops NULLs)", i+1)
			}
			vals = append(vals, v.(float64))
		}
		resamples, conf, seed := 1000, 0.95, int64(0)
		if len(a) > 1 {
			resamples = int(a[1].(int32))
		}
		if len(a) > 2 {
			conf = a[2].(float64)
		}
		if len(a) > 3 {
			seed = a[3].(int64)
		}
		iv, ok, err := udf.BootstrapCI(ctx, vals, resamples, conf, uint64(seed))
		if err != nil || !ok {
			return nil, err
		}
		return map[string]any{"low": iv.Low, "mid": iv.Mid, "high": iv.High}, nil
	}
	params := []string{"DOUBLE[]", "INTEGER", "DOUBLE", "BIGINT"}
	for n := 1; n <= 4; n++ {
		add(Scalar{
			Name: "bootstrap_ci", Params: params[:n], Result: "STRUCT(low DOUBLE, mid DOUBLE, high DOUBLE)",
			Doc: fmt.Sprint("bootstrap_ci(values [, resamples, confidence, seed]) (defaults 1000, 0.95, 0): percentile CI of the mean, ",
				"rouge-score BootstrapAggregator semantics (mid = median of resampled means), seeded; NULL for an empty list; ",
				"a NULL element is an error; resamples at most 10,000,000"),
			EvalContext: bootstrap,
		})
	}
}
