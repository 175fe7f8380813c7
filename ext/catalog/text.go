package catalog

import "github.com/lexduck/lexduck/udf"

func init() {
	add(
		Scalar{
			Name: "word_count", Params: []string{"VARCHAR"}, Result: "BIGINT",
			Doc:    "word_count(text): whitespace-separated tokens, as Python's len(text.split()) counts them",
			StrInt: udf.WordCount,
		},
		Scalar{
			Name: "compression", Params: []string{"VARCHAR", "VARCHAR"}, Result: "DOUBLE",
			Doc:         "compression(summary, source): word_count(summary) / word_count(source); NULL when the source has no words",
			StrStrFloat: udf.Compression,
		},
		Scalar{ // a function, not a macro: it works right after LOAD, without a search path
			Name: "compression_pct", Params: []string{"VARCHAR", "VARCHAR"}, Result: "DOUBLE",
			Doc: "compression_pct(summary, source): compression as a percentage, 100 · word_count(summary) / word_count(source); NULL when the source has no words",
			StrStrFloat: func(summary, source string) (float64, bool) {
				v, ok := udf.Compression(summary, source)
				return 100 * v, ok
			},
		},
	)
}
