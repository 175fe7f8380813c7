package udf

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// MaxResamples bounds bootstrap_ci's resamples (80 MB of means).
const MaxResamples = 10_000_000

// Interval is a bootstrap confidence interval: Low and High are the
// (1-confidence)/2 and 1-(1-confidence)/2 percentiles of the resampled
// means, and Mid is their median (rouge-score's "mid", which its docs call
// the mean).
type Interval struct{ Low, Mid, High float64 }

// BootstrapCI resamples values with replacement resamples times, takes each
// resample's mean, and returns the percentiles of those means with NumPy's
// default linear interpolation, as rouge-score's BootstrapAggregator does.
// Unlike rouge-score (NumPy's unseeded global RNG), the draws come from a
// PCG generator seeded with seed, so results repeat. ok is false for no
// values. The means are kept (8 bytes a resample), so resamples is at most
// MaxResamples; ctx is checked every million draws, so an interrupt stops
// a long run.
func BootstrapCI(ctx context.Context, values []float64, resamples int, confidence float64, seed uint64) (iv Interval, ok bool, err error) {
	if resamples < 1 || resamples > MaxResamples {
		return iv, false, fmt.Errorf("bootstrap_ci: resamples must be between 1 and %d, got %d", MaxResamples, resamples)
	}
	if !(confidence >= 0 && confidence <= 1) {
		return iv, false, fmt.Errorf("bootstrap_ci: confidence must be in [0, 1], got %v", confidence)
	}
	if len(values) == 0 {
		return iv, false, nil
	}
	rng := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	means := make([]float64, resamples)
	n := len(values)
	draws := 0
	idx := make([]int, n) // this resample's draws
	for k := range means {
		if draws += n; draws >= 1<<20 {
			draws = 0
			if err := ctx.Err(); err != nil {
				return iv, false, fmt.Errorf("bootstrap_ci: %w", err)
			}
		}
		sum := 0.0
		for j := range idx {
			idx[j] = rng.IntN(n)
			sum += values[idx[j]]
		}
		mean := sum / float64(n)
		if math.IsInf(sum, 0) { // the sum overflowed; the mean may not have
			mean = 0
			for _, i := range idx {
				mean += values[i] / float64(n)
			}
		}
		means[k] = mean
	}
	slices.Sort(means)
	q := (1 - confidence) / 2 * 100
	return Interval{Low: percentile(means, q), Mid: percentile(means, 50), High: percentile(means, 100-q)}, true, nil
}

// percentile is numpy.percentile(sorted, q) with method="linear",
// including NumPy's two-sided lerp.
func percentile(sorted []float64, q float64) float64 {
	pos := q / 100 * float64(len(sorted)-1)
	lo := int(pos)
	if lo >= len(sorted)-1 {
		return sorted[len(sorted)-1]
	}
	t := pos - float64(lo)
	a, b := sorted[lo], sorted[lo+1]
	if a == b { // also for equal infinities, where the lerp gives NaN
		return a
	}
	if t >= 0.5 {
		return b - (b-a)*(1-t)
	}
	return a + (b-a)*t
}
