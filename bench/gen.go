// Package bench generates the inputs that lexduck's benchmark programs and
// go test benchmarks share, so every figure is measured on the same data.
package bench

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
)

// Vocabulary returns the distinct words of the ROUGE reference vectors'
// legal texts (testdata/vectors/rouge_public.jsonl), sorted.
func Vocabulary(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var row struct{ Candidate, Reference string }
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			return nil, err
		}
		for _, w := range strings.Fields(row.Candidate + " " + row.Reference) {
			seen[w] = true
		}
	}
	words := make([]string, 0, len(seen))
	for w := range seen {
		words = append(words, w)
	}
	sort.Strings(words)
	return words, sc.Err()
}

// Text returns n words drawn Zipf-distributed from vocab (as in real
// prose, a few words are frequent), one sentence of 15 to 35 words per
// line, deterministic for a seed.
func Text(vocab []string, n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 7))
	zipf := rand.NewZipf(rng, 1.1, 2, uint64(len(vocab)-1))
	var b strings.Builder
	left := 15 + rng.IntN(21)
	for i := range n {
		b.WriteString(vocab[zipf.Uint64()])
		left--
		switch {
		case i == n-1:
		case left == 0:
			b.WriteString(".\n")
			left = 15 + rng.IntN(21)
		default:
			b.WriteByte(' ')
		}
	}
	return b.String()
}
