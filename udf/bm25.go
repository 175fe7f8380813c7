package udf

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// LegalTokens splits text for lexical retrieval of legal documents: lower
// case, runs of letters and digits (any script, accents kept), and a
// bracketed or parenthesised number kept whole with its brackets, so the
// year of "[2020] EWCA Civ 1337" and the pinpoint "at [45]" stay
// distinguishable from a bare 2020 or 45. Unlike DuckDB's fts (not
// available offline, and it drops digits), numbers are kept.
func LegalTokens(text string) []string {
	var out []string
	i := 0
	for i < len(text) {
		r, size := utf8.DecodeRuneInString(text[i:])
		if r == '[' || r == '(' {
			closer := byte(']')
			if r == '(' {
				closer = ')'
			}
			j := i + 1
			for j < len(text) && text[j] >= '0' && text[j] <= '9' {
				j++
			}
			if j > i+1 && j < len(text) && text[j] == closer {
				out = append(out, text[i:j+1])
				i = j + 1
				continue
			}
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			j := i + size
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if !unicode.IsLetter(r2) && !unicode.IsDigit(r2) && !unicode.Is(unicode.Mn, r2) {
					break
				}
				j += s2
			}
			out = append(out, strings.ToLower(text[i:j]))
			i = j
			continue
		}
		i += size
	}
	return out
}

// BM25Params are Okapi BM25's parameters.
type BM25Params struct{ K1, B float64 }

// DefaultBM25 is the usual K1 = 1.2, B = 0.75.
var DefaultBM25 = BM25Params{K1: 1.2, B: 0.75}

// BM25Index is an inverted index over tokenized candidate documents.
type BM25Index struct {
	ids      []string
	length   []float64
	avgLen   float64
	postings map[string][]posting
	p        BM25Params
}

type posting struct {
	doc int32
	tf  int32
}

// NewBM25Index indexes docs (token lists) under ids.
func NewBM25Index(ids []string, docs [][]string, p BM25Params) *BM25Index {
	ix := &BM25Index{ids: ids, length: make([]float64, len(docs)), postings: map[string][]posting{}, p: p}
	total := 0.0
	for d, toks := range docs {
		ix.length[d] = float64(len(toks))
		total += float64(len(toks))
		counts := map[string]int32{}
		for _, t := range toks {
			counts[t]++
		}
		terms := make([]string, 0, len(counts))
		for t := range counts {
			terms = append(terms, t)
		}
		slices.Sort(terms) // deterministic posting order
		for _, t := range terms {
			ix.postings[t] = append(ix.postings[t], posting{doc: int32(d), tf: counts[t]})
		}
	}
	if len(docs) > 0 {
		ix.avgLen = total / float64(len(docs))
	}
	return ix
}

// idf is Lucene's non-negative BM25 idf: ln(1 + (N − df + 0.5)/(df + 0.5)).
func (ix *BM25Index) idf(df int) float64 {
	n := float64(len(ix.ids))
	return math.Log(1 + (n-float64(df)+0.5)/(float64(df)+0.5))
}

// Search returns the k best documents for a tokenized query, score
// descending, ties by id: Σ over query tokens (repeats count) of
// idf · tf·(K1+1) / (tf + K1·(1 − B + B·len/avglen)). Documents sharing no
// token with the query are not returned. allowed, if not nil, restricts
// the documents (a candidate pool).
func (ix *BM25Index) Search(query []string, k int, allowed []int) []Neighbor {
	scores := map[int32]float64{}
	var ok map[int32]bool
	if allowed != nil {
		ok = make(map[int32]bool, len(allowed))
		for _, d := range allowed {
			ok[int32(d)] = true
		}
	}
	for _, t := range query {
		ps := ix.postings[t]
		if len(ps) == 0 {
			continue
		}
		w := ix.idf(len(ps))
		for _, p := range ps {
			if ok != nil && !ok[p.doc] {
				continue
			}
			tf := float64(p.tf)
			norm := ix.p.K1 * (1 - ix.p.B + ix.p.B*ix.length[p.doc]/ix.avgLen)
			scores[p.doc] += w * tf * (ix.p.K1 + 1) / (tf + norm)
		}
	}
	res := make([]Neighbor, 0, len(scores))
	for d, s := range scores {
		res = append(res, Neighbor{Index: int(d), Score: s})
	}
	slices.SortFunc(res, func(a, b Neighbor) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(ix.ids[a.Index], ix.ids[b.Index])
	})
	return res[:min(k, len(res))]
}

// BM25 ranks candidates for every query text with BM25 over LegalTokens,
// queries spread over all cores; pool as in KNN.
func BM25(ctx context.Context, queries []string, candIDs, cands []string, k int, p BM25Params, pool [][]int) ([][]Neighbor, error) {
	if k < 1 {
		return nil, fmt.Errorf("bm25: k must be at least 1, got %d", k)
	}
	docs := make([][]string, len(cands))
	for i, c := range cands {
		docs[i] = LegalTokens(c)
	}
	ix := NewBM25Index(candIDs, docs, p)
	out := make([][]Neighbor, len(queries))
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(queries) || ctx.Err() != nil {
					return
				}
				var allowed []int
				if pool != nil {
					allowed = pool[i]
					if allowed == nil {
						allowed = []int{}
					}
				}
				out[i] = ix.Search(LegalTokens(queries[i]), k, allowed)
			}
		}()
	}
	wg.Wait()
	return out, ctx.Err()
}
