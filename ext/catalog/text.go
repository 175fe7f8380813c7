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
	)
}
