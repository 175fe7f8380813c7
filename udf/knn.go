package udf

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas32"

	"github.com/lexduck/lexduck/internal/par"
)

// Vectors is a set of equal-length vectors with ids, stored row by row in
// one slice: float32 in Data, or, for values a float32 cannot hold
// exactly (DOUBLE vectors), float64 in Data64 (Data is then nil).
type Vectors struct {
	IDs    []string
	Dim    int
	Data   []float32 // len(IDs) * Dim
	Data64 []float64 // len(IDs) * Dim, when set
}

// Row returns vector i.
func (v *Vectors) Row(i int) []float32 { return v.Data[i*v.Dim : (i+1)*v.Dim] }

// Neighbor is one result of KNN: an index into the candidates and its score.
type Neighbor struct {
	Index int
	Score float64
}

// Metric is how KNN scores a pair of vectors.
type Metric string

// The metrics.
const (
	MetricCosine Metric = "cosine" // cosine similarity
	MetricIP     Metric = "ip"     // inner product
)

// CheckKNN validates KNN's k and metric, so a caller can refuse them before
// gathering any vectors.
func CheckKNN(k int, metric Metric) error {
	if k < 1 {
		return fmt.Errorf("knn: k must be at least 1, got %d", k)
	}
	if metric != MetricCosine && metric != MetricIP {
		return fmt.Errorf("knn: unknown metric %q (cosine, ip)", metric)
	}
	return nil
}

// KNN returns, for each query, the k candidates with the highest score,
// best first, ties broken by candidate id (ascending). It is exact: scores
// are computed in float64 from the float32 inputs. The bulk of the work is
// a float32 matrix product over blocks of queries on every core (gonum's
// Sgemm); for each query every candidate within the float32 error bound of
// the k-th score is then rescored in float64, so float32 rounding can
// neither drop nor reorder a true neighbour.
//
// pool, when not nil, restricts query i to the candidate indices pool[i]
// (scored exactly in float64). A zero query or candidate vector has no
// cosine and is never returned for the cosine metric.
func KNN(ctx context.Context, queries, cands *Vectors, k int, metric Metric, pool [][]int) ([][]Neighbor, error) {
	if queries.Dim != cands.Dim && len(queries.IDs) > 0 && len(cands.IDs) > 0 {
		return nil, fmt.Errorf("knn: %w: queries have %d dimensions, candidates %d", ErrLengthMismatch, queries.Dim, cands.Dim)
	}
	if err := CheckKNN(k, metric); err != nil {
		return nil, err
	}
	out := make([][]Neighbor, len(queries.IDs))
	if len(queries.IDs) == 0 || len(cands.IDs) == 0 {
		return out, nil
	}
	if queries.Data64 != nil || cands.Data64 != nil {
		return knn64(ctx, queries, cands, k, metric, pool)
	}
	e := newExact(queries, cands, metric)
	if pool != nil {
		for i := range out {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			out[i] = e.best(i, pool[i], k)
		}
		return out, nil
	}
	// Approximate scores: normalised (cosine) float32 rows, Q·Cᵀ per block.
	qn, cn := e.scaled(queries, e.qnorm), e.scaled(cands, e.cnorm)
	const block = 128
	nc := len(cands.IDs)
	var zero []int // candidates without a cosine: never shortlisted
	if metric == MetricCosine {
		for c, n := range e.cnorm {
			if n == 0 {
				zero = append(zero, c)
			}
		}
	}
	blocks := (len(queries.IDs) + block - 1) / block
	err := par.Do(ctx, blocks, func() func(int) error {
		scores := make([]float32, block*nc)
		var keep []int
		return func(b int) error {
			lo := b * block
			hi := min(lo+block, len(queries.IDs))
			blas32.Gemm(blas.NoTrans, blas.Trans, 1,
				blas32.General{Rows: hi - lo, Cols: qn.Dim, Stride: qn.Dim, Data: qn.Data[lo*qn.Dim : hi*qn.Dim]},
				blas32.General{Rows: nc, Cols: cn.Dim, Stride: cn.Dim, Data: cn.Data},
				0, blas32.General{Rows: hi - lo, Cols: nc, Stride: nc, Data: scores[:(hi-lo)*nc]})
			for q := lo; q < hi; q++ {
				row := scores[(q-lo)*nc : (q-lo+1)*nc]
				for _, c := range zero {
					row[c] = float32(math.Inf(-1))
				}
				keep = e.shortlist(q, row, k, keep[:0])
				out[q] = e.best(q, keep, k)
			}
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// exact scores pairs in float64 and bounds the float32 error.
type exact struct {
	q, c         *Vectors
	metric       Metric
	qnorm, cnorm []float64
	cmax         float64 // largest candidate norm (ip error bound)
}

func newExact(q, c *Vectors, metric Metric) *exact {
	e := &exact{q: q, c: c, metric: metric, qnorm: norms(q), cnorm: norms(c)}
	for _, n := range e.cnorm {
		e.cmax = max(e.cmax, n)
	}
	return e
}

func norms(v *Vectors) []float64 {
	out := make([]float64, len(v.IDs))
	for i := range out {
		s := 0.0
		for _, x := range v.Row(i) {
			s += float64(x) * float64(x)
		}
		out[i] = math.Sqrt(s)
	}
	return out
}

// scaled returns v divided by its norms for the cosine metric (zero rows
// stay zero), or v itself for the inner product.
func (e *exact) scaled(v *Vectors, norm []float64) *Vectors {
	if e.metric != MetricCosine {
		return v
	}
	out := &Vectors{IDs: v.IDs, Dim: v.Dim, Data: make([]float32, len(v.Data))}
	for i := range v.IDs {
		if norm[i] == 0 {
			continue
		}
		src, dst := v.Row(i), out.Row(i)
		for d, x := range src {
			dst[d] = float32(float64(x) / norm[i])
		}
	}
	return out
}

// score is the float64 score of query q and candidate c; ok is false for a
// zero vector under cosine.
func (e *exact) score(q, c int) (float64, bool) {
	a, b := e.q.Row(q), e.c.Row(c)
	dot := 0.0
	for d := range a {
		dot += float64(a[d]) * float64(b[d])
	}
	if e.metric == MetricIP {
		return dot, true
	}
	if e.qnorm[q] == 0 || e.cnorm[c] == 0 {
		return 0, false
	}
	return dot / (e.qnorm[q] * e.cnorm[c]), true
}

// slack bounds |float32 score − float64 score| for query q: a dot product
// of length d in float32 errs by at most d·2⁻²³·Σ|aᵢbᵢ| ≤ d·2⁻²³·‖a‖‖b‖,
// doubled for the rounding of the normalised inputs.
func (e *exact) slack(q int) float64 {
	bound := 2 * float64(e.q.Dim+2) * 0x1p-23
	if e.metric == MetricIP {
		bound *= e.qnorm[q] * e.cmax
	}
	return bound + 1e-12
}

// shortlist returns every candidate whose approximate score is within
// twice the error bound of the k-th best approximate score.
func (e *exact) shortlist(q int, row []float32, k int, keep []int) []int {
	if k >= len(row) {
		for c, s := range row {
			if !math.IsInf(float64(s), -1) {
				keep = append(keep, c)
			}
		}
		return keep
	}
	kth := kthLargest(row, k)
	cut := float32(float64(kth) - 2*e.slack(q))
	for c, s := range row {
		if s >= cut && !math.IsInf(float64(s), -1) {
			keep = append(keep, c)
		}
	}
	return keep
}

// kthLargest returns the k-th largest value of row with a size-k min-heap.
func kthLargest(row []float32, k int) float32 {
	h := make([]float32, 0, k)
	for _, s := range row {
		if len(h) < k {
			h = append(h, s)
			for i := len(h) - 1; i > 0 && h[(i-1)/2] > h[i]; i = (i - 1) / 2 {
				h[i], h[(i-1)/2] = h[(i-1)/2], h[i]
			}
			continue
		}
		if s <= h[0] {
			continue
		}
		h[0] = s
		for i := 0; ; {
			l, r, m := 2*i+1, 2*i+2, i
			if l < k && h[l] < h[m] {
				m = l
			}
			if r < k && h[r] < h[m] {
				m = r
			}
			if m == i {
				break
			}
			h[i], h[m] = h[m], h[i]
			i = m
		}
	}
	return h[0]
}

// best rescores candidates exactly and returns the top k, ties by id.
func (e *exact) best(q int, candidates []int, k int) []Neighbor {
	res := make([]Neighbor, 0, len(candidates))
	for _, c := range candidates {
		if s, ok := e.score(q, c); ok {
			res = append(res, Neighbor{Index: c, Score: s})
		}
	}
	slices.SortFunc(res, func(a, b Neighbor) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(e.c.IDs[a.Index], e.c.IDs[b.Index])
	})
	return res[:min(k, len(res))]
}

// knn64 is KNN for vectors with float64 values: every pair is scored in
// float64 (no float32 shortlist, whose error bound and range do not hold
// for such values). Cosine scales each vector by its largest element
// first, so neither 1e300 nor 1e-300 overflows or underflows.
func knn64(ctx context.Context, queries, cands *Vectors, k int, metric Metric, pool [][]int) ([][]Neighbor, error) {
	q, c := rows64(queries, metric), rows64(cands, metric)
	out := make([][]Neighbor, len(queries.IDs))
	err := par.Do(ctx, len(out), func() func(int) error {
		var all []int
		return func(i int) error {
			cs := all
			if pool != nil {
				cs = pool[i]
			} else if all == nil {
				all = make([]int, len(cands.IDs))
				for j := range all {
					all[j] = j
				}
				cs = all
			}
			res := make([]Neighbor, 0, len(cs))
			a := q.row(i)
			for _, j := range cs {
				if metric == MetricCosine && (q.norm[i] == 0 || c.norm[j] == 0) {
					continue
				}
				b := c.row(j)
				dot := 0.0
				for d := range a {
					dot += a[d] * b[d]
				}
				if metric == MetricCosine {
					dot /= math.Sqrt(q.norm[i] * c.norm[j]) // as DuckDB's list_cosine_similarity: a vector with itself is 1
				}
				res = append(res, Neighbor{Index: j, Score: dot})
			}
			slices.SortFunc(res, func(x, y Neighbor) int {
				if o := cmp.Compare(y.Score, x.Score); o != 0 {
					return o
				}
				return cmp.Compare(cands.IDs[x.Index], cands.IDs[y.Index])
			})
			out[i] = res[:min(k, len(res))]
			return nil
		}
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// vectors64 is a set of vectors as float64 rows, for cosine each divided
// by its largest absolute element, with the squared norm of the scaled row.
type vectors64 struct {
	dim  int
	data []float64
	norm []float64
}

func (v *vectors64) row(i int) []float64 { return v.data[i*v.dim : (i+1)*v.dim] }

func rows64(v *Vectors, metric Metric) *vectors64 {
	out := &vectors64{dim: v.Dim, data: v.Data64, norm: make([]float64, len(v.IDs))}
	if out.data == nil {
		out.data = make([]float64, len(v.Data))
		for i, x := range v.Data {
			out.data[i] = float64(x)
		}
	}
	if metric != MetricCosine {
		return out
	}
	scaled := make([]float64, len(out.data))
	for i := range v.IDs {
		r := out.row(i)
		m := 0.0
		for _, x := range r {
			m = max(m, math.Abs(x))
		}
		if m == 0 {
			continue
		}
		s, sum := scaled[i*v.Dim:(i+1)*v.Dim], 0.0
		for d, x := range r {
			s[d] = x / m
			sum += s[d] * s[d]
		}
		out.norm[i] = sum
	}
	out.data = scaled
	return out
}
