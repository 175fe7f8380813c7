package udf

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/lexduck/lexduck/internal/par"
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

// Check validates k and the parameters, so a caller can refuse them before
// gathering any texts.
func (p BM25Params) Check(k int) error {
	if k < 1 {
		return fmt.Errorf("bm25: k must be at least 1, got %d", k)
	}
	if p.K1 < 0 || p.B < 0 || p.B > 1 {
		return fmt.Errorf("bm25: want k1 >= 0 and 0 <= b <= 1, got k1 = %v, b = %v", p.K1, p.B)
	}
	return nil
}

// DefaultBM25 is the usual K1 = 1.2, B = 0.75.
var DefaultBM25 = BM25Params{K1: 1.2, B: 0.75}

// BM25Index is an inverted index over tokenized candidate documents.
type BM25Index struct {
	ids      []string
	norm     []float64 // K1·(1 − B + B·len/avglen), by document
	postings map[string][]posting
	p        BM25Params
}

type posting struct {
	doc int32
	tf  int32
}

// NewBM25Index indexes docs (token lists) under ids.
func NewBM25Index(ids []string, docs [][]string, p BM25Params) *BM25Index {
	ix := &BM25Index{ids: ids, norm: make([]float64, len(docs)), postings: map[string][]posting{}, p: p}
	total := 0.0
	counts := map[string]int32{}
	for d, toks := range docs {
		total += float64(len(toks))
		clear(counts)
		for _, t := range toks {
			counts[t]++
		}
		// Map order varies, but each term's postings still arrive in
		// document order, which is all scoring depends on.
		for t, n := range counts {
			ix.postings[t] = append(ix.postings[t], posting{doc: int32(d), tf: n})
		}
	}
	avgLen := 0.0
	if len(docs) > 0 {
		avgLen = total / float64(len(docs))
	}
	for d, toks := range docs {
		ix.norm[d] = p.K1 * (1 - p.B + p.B*float64(len(toks))/avgLen)
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
	return ix.search(query, k, allowed, &bm25Scratch{})
}

// bm25Scratch is one searcher's reusable per-document state: scores are
// accumulated in a dense array (no map on the hot path) and only the
// touched entries are reset afterwards.
type bm25Scratch struct {
	score   []float64
	seen    []bool // scored by some query token
	allow   []bool // in the pool
	touched []int32
	best    bm25Heap
}

func (ix *BM25Index) search(query []string, k int, allowed []int, s *bm25Scratch) []Neighbor {
	if n := len(ix.ids); len(s.score) < n {
		s.score, s.seen, s.allow = make([]float64, n), make([]bool, n), make([]bool, n)
	}
	for _, d := range allowed {
		s.allow[d] = true
	}
	for _, t := range query {
		ps := ix.postings[t]
		if len(ps) == 0 {
			continue
		}
		w := ix.idf(len(ps))
		for _, p := range ps {
			if allowed != nil && !s.allow[p.doc] {
				continue
			}
			if !s.seen[p.doc] {
				s.seen[p.doc] = true
				s.touched = append(s.touched, p.doc)
			}
			tf := float64(p.tf)
			s.score[p.doc] += w * tf * (ix.p.K1 + 1) / (tf + ix.norm[p.doc])
		}
	}
	// The k best by (score desc, id asc), kept in a heap whose root is the
	// worst of them.
	h := &s.best
	h.ids, h.items = ix.ids, h.items[:0]
	for _, d := range s.touched {
		nb := Neighbor{Index: int(d), Score: s.score[d]}
		switch {
		case len(h.items) < k:
			h.push(nb)
		case h.better(nb, h.items[0]):
			h.items[0] = nb
			h.down(0)
		}
		s.score[d], s.seen[d] = 0, false
	}
	s.touched = s.touched[:0]
	for _, d := range allowed {
		s.allow[d] = false
	}
	res := slices.Clone(h.items)
	slices.SortFunc(res, func(a, b Neighbor) int {
		if h.better(a, b) {
			return -1
		}
		if h.better(b, a) {
			return 1
		}
		return 0
	})
	return res
}

// bm25Heap is a min-heap of neighbours under better: the root is the
// worst kept.
type bm25Heap struct {
	ids   []string
	items []Neighbor
}

// better orders by score descending, then id ascending.
func (h *bm25Heap) better(a, b Neighbor) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return h.ids[a.Index] < h.ids[b.Index]
}

func (h *bm25Heap) push(nb Neighbor) {
	h.items = append(h.items, nb)
	for i := len(h.items) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.better(h.items[parent], h.items[i]) {
			break
		}
		h.items[parent], h.items[i] = h.items[i], h.items[parent]
		i = parent
	}
}

func (h *bm25Heap) down(i int) {
	for {
		worst, l, r := i, 2*i+1, 2*i+2
		if l < len(h.items) && h.better(h.items[worst], h.items[l]) {
			worst = l
		}
		if r < len(h.items) && h.better(h.items[worst], h.items[r]) {
			worst = r
		}
		if worst == i {
			return
		}
		h.items[i], h.items[worst] = h.items[worst], h.items[i]
		i = worst
	}
}

// BM25 ranks candidates for every query text with BM25 over LegalTokens,
// queries spread over all cores; pool as in KNN.
func BM25(ctx context.Context, queries []string, candIDs, cands []string, k int, p BM25Params, pool [][]int) ([][]Neighbor, error) {
	if err := p.Check(k); err != nil {
		return nil, err
	}
	docs := make([][]string, len(cands))
	err := par.Do(ctx, len(cands), func() func(int) error {
		return func(i int) error { docs[i] = LegalTokens(cands[i]); return nil }
	})
	if err != nil {
		return nil, err
	}
	ix := NewBM25Index(candIDs, docs, p)
	out := make([][]Neighbor, len(queries))
	err = par.Do(ctx, len(queries), func() func(int) error {
		var scratch bm25Scratch
		return func(i int) error {
			var allowed []int
			if pool != nil {
				allowed = pool[i]
				if allowed == nil {
					allowed = []int{}
				}
			}
			out[i] = ix.search(LegalTokens(queries[i]), k, allowed, &scratch)
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
