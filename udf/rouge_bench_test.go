package udf_test

import (
	"fmt"
	"testing"

	"github.com/lexduck/lexduck/bench"
	"github.com/lexduck/lexduck/udf"
)

// BenchmarkROUGE scores one generated pair (all four types, stemmer on) per
// iteration on one goroutine: 750 words is syllabus-sized, 2,500 the size
// at which rouge-score takes about 3.6 s per pair.
func BenchmarkROUGE(b *testing.B) {
	vocab, err := bench.Vocabulary("../testdata/vectors/rouge_public.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{750, 2500} {
		c, r := bench.Text(vocab, n, 1), bench.Text(vocab, n, 2)
		b.Run(fmt.Sprintf("words=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				udf.ROUGE(c, r, true)
			}
		})
	}
}
