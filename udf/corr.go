package udf

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
)

// ErrLengthMismatch means two paired lists differ in length.
var ErrLengthMismatch = errors.New("lists differ in length")

// Rank returns the average ranks of x (1-based; tied values share the mean
// of their ranks), SciPy's rankdata(method="average").
func Rank(x []float64) []float64 {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return x[idx[a]] < x[idx[b]] })
	r := make([]float64, len(x))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && x[idx[j+1]] == x[idx[i]] {
			j++
		}
		avg := float64(i+j)/2 + 1
		for t := i; t <= j; t++ {
			r[idx[t]] = avg
		}
		i = j + 1
	}
	return r
}

// Spearman returns Spearman's ρ as SciPy 1.10's spearmanr computes it: the
// Pearson correlation (numpy.corrcoef) of the average ranks, so ties are
// handled exactly rather than with 1 − 6Σd²/(n(n²−1)). It is NaN, as in
// SciPy, when n < 2, when either input is constant, or when an input holds
// NaN.
func Spearman(x, y []float64) (float64, error) {
	if len(x) != len(y) {
		return 0, fmt.Errorf("spearman: %w (%d and %d)", ErrLengthMismatch, len(x), len(y))
	}
	if len(x) < 2 || hasNaN(x) || hasNaN(y) {
		return math.NaN(), nil
	}
	return pearson(Rank(x), Rank(y)), nil
}

func hasNaN(x []float64) bool { return slices.ContainsFunc(x, math.IsNaN) }

// pearson is numpy.corrcoef(x, y)[0, 1]: the covariance over the product of
// the standard deviations, divided one at a time, clipped to [-1, 1]; NaN
// when either side is constant.
func pearson(x, y []float64) float64 {
	n := float64(len(x))
	mx, my := 0.0, 0.0
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= n
	my /= n
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	fact := 1 / (n - 1)
	r := sxy * fact / math.Sqrt(sxx*fact) / math.Sqrt(syy*fact)
	return max(-1, min(1, r))
}

// KendallTau returns Kendall's τ-b as SciPy 1.10's kendalltau computes it:
// (concordant − discordant) / sqrt(pairs − ties in x) / sqrt(pairs − ties in
// y), counted exactly in O(n log n). It is NaN, as in SciPy, for empty
// input, when x or y is entirely tied (including n = 1), or with NaN input.
func KendallTau(x, y []float64) (float64, error) {
	if len(x) != len(y) {
		return 0, fmt.Errorf("kendall_tau: %w (%d and %d)", ErrLengthMismatch, len(x), len(y))
	}
	n := len(x)
	if n == 0 || hasNaN(x) || hasNaN(y) {
		return math.NaN(), nil
	}
	idx := make([]int, n)
	for i := range idx {
		idx[i] = i
	}
	// Sort by (x, y): pairs tied in x are then in y order and are never
	// counted as discordant.
	sort.Slice(idx, func(a, b int) bool {
		if x[idx[a]] != x[idx[b]] {
			return x[idx[a]] < x[idx[b]]
		}
		return y[idx[a]] < y[idx[b]]
	})
	tieGroups := func(eq func(a, b int) bool) int64 {
		var t int64
		for i := 0; i < n; {
			j := i
			for j+1 < n && eq(idx[j+1], idx[i]) {
				j++
			}
			c := int64(j - i + 1)
			t += c * (c - 1) / 2
			i = j + 1
		}
		return t
	}
	xtie := tieGroups(func(a, b int) bool { return x[a] == x[b] })
	ntie := tieGroups(func(a, b int) bool { return x[a] == x[b] && y[a] == y[b] })
	ys := make([]float64, n)
	for i, k := range idx {
		ys[i] = y[k]
	}
	dis := countInversions(ys, make([]float64, n))
	sorted := slices.Clone(y)
	slices.Sort(sorted)
	var ytie int64
	for i := 0; i < n; {
		j := i
		for j+1 < n && sorted[j+1] == sorted[i] {
			j++
		}
		c := int64(j - i + 1)
		ytie += c * (c - 1) / 2
		i = j + 1
	}
	tot := int64(n) * int64(n-1) / 2
	if xtie == tot || ytie == tot {
		return math.NaN(), nil
	}
	cmd := tot - xtie - ytie + ntie - 2*dis
	tau := float64(cmd) / math.Sqrt(float64(tot-xtie)) / math.Sqrt(float64(tot-ytie))
	return max(-1, min(1, tau)), nil
}

// countInversions sorts a (merge sort, buf as scratch) and returns the
// number of pairs i < j with a[i] > a[j].
func countInversions(a, buf []float64) int64 {
	if len(a) < 2 {
		return 0
	}
	mid := len(a) / 2
	inv := countInversions(a[:mid], buf[:mid]) + countInversions(a[mid:], buf[mid:])
	i, j, k := 0, mid, 0
	for i < mid && j < len(a) {
		if a[j] < a[i] {
			inv += int64(mid - i)
			buf[k] = a[j]
			j++
		} else {
			buf[k] = a[i]
			i++
		}
		k++
	}
	k += copy(buf[k:], a[i:mid])
	copy(buf[k:], a[j:])
	copy(a, buf[:len(a)])
	return inv
}
