package udf

import (
	"fmt"
	"math"
)

// BERTScore computes bert_score 0.3.12's greedy matching (greedy_cos_idf)
// from supplied token embeddings: every vector is L2-normalised, each
// candidate token takes its best cosine against the reference tokens
// (precision) and each reference token its best against the candidate
// (recall), weighted by the normalised weights (idf, or 1 each when nil),
// and F = 2PR/(P+R) with NaN replaced by 0, as bert_score does; F is not
// clipped and P, R, F can be negative.
//
// Departures from bert_score, documented: an empty side (no tokens) gives
// P = R = F = 0, where bert_score would apply its "two special tokens only"
// rule; special tokens ([CLS], [SEP]) are whatever the caller passes, so
// give them weight 0 to match bert_score's idf=False behaviour, which keeps
// them as match targets but not as scored tokens. A zero vector cannot be
// normalised and is an error.
func BERTScore(cand, ref [][]float64, candW, refW []float64) (Score, error) {
	if len(cand) == 0 || len(ref) == 0 {
		return Score{}, nil
	}
	if candW != nil && len(candW) != len(cand) || refW != nil && len(refW) != len(ref) {
		return Score{}, fmt.Errorf("bertscore: %w: weights and tokens", ErrLengthMismatch)
	}
	dim := len(cand[0])
	c, err := normalizeAll(cand, dim)
	if err != nil {
		return Score{}, err
	}
	r, err := normalizeAll(ref, dim)
	if err != nil {
		return Score{}, err
	}
	sim := make([]float64, len(c)*len(r))
	for i := range c {
		for j := range r {
			dot := 0.0
			for d := range dim {
				dot += c[i][d] * r[j][d]
			}
			sim[i*len(r)+j] = dot
		}
	}
	bestC := make([]float64, len(c))
	for i := range c {
		bestC[i] = math.Inf(-1)
		for j := range r {
			bestC[i] = max(bestC[i], sim[i*len(r)+j])
		}
	}
	bestR := make([]float64, len(r))
	for j := range r {
		bestR[j] = math.Inf(-1)
		for i := range c {
			bestR[j] = max(bestR[j], sim[i*len(r)+j])
		}
	}
	p := weighted(bestC, candW)
	rc := weighted(bestR, refW)
	f := 2 * p * rc / (p + rc)
	if math.IsNaN(f) {
		f = 0
	}
	return Score{P: p, R: rc, F: f}, nil
}

// weighted is Σ (w_i / Σw) · v_i, the normalise-then-sum order of bert_score.
func weighted(v, w []float64) float64 {
	if w == nil {
		w = make([]float64, len(v))
		for i := range w {
			w[i] = 1
		}
	}
	total := 0.0
	for _, x := range w {
		total += x
	}
	s := 0.0
	for i := range v {
		s += v[i] * (w[i] / total)
	}
	return s
}

func normalizeAll(vs [][]float64, dim int) ([][]float64, error) {
	out := make([][]float64, len(vs))
	for i, v := range vs {
		if len(v) != dim {
			return nil, fmt.Errorf("bertscore: %w: token %d has %d dimensions, token 0 has %d", ErrLengthMismatch, i, len(v), dim)
		}
		norm := 0.0
		for _, x := range v {
			norm += x * x
		}
		norm = math.Sqrt(norm)
		if norm == 0 {
			return nil, fmt.Errorf("bertscore: token %d is a zero vector", i)
		}
		n := make([]float64, dim)
		for d, x := range v {
			n[d] = x / norm
		}
		out[i] = n
	}
	return out, nil
}

// Cosine returns the cosine similarity of a and b computed in float64;
// ok is false when either is a zero vector (undefined).
func Cosine(a, b []float64) (v float64, ok bool, err error) {
	if len(a) != len(b) {
		return 0, false, fmt.Errorf("cosine_similarity: %w (%d and %d)", ErrLengthMismatch, len(a), len(b))
	}
	var dot, na, nb float64
	for i := range a {
		dot += a[i] * b[i]
		na += a[i] * a[i]
		nb += b[i] * b[i]
	}
	if na == 0 || nb == 0 {
		return 0, false, nil
	}
	return dot / (math.Sqrt(na) * math.Sqrt(nb)), true, nil
}
