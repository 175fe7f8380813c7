package udf

import (
	"context"
	"errors"
	"math"
	"testing"
)

// TestBootstrapStops: an interrupted query stops a long bootstrap (100,000
// values × 100,000 resamples ran 95 s past Ctrl-C before).
func TestBootstrapStops(t *testing.T) {
	vals := make([]float64, 100_000)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, _, err := BootstrapCI(ctx, vals, 100_000, 0.95, 1)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestBootstrapLimits(t *testing.T) {
	if _, _, err := BootstrapCI(context.Background(), []float64{1}, MaxResamples+1, 0.95, 0); err == nil {
		t.Error("too many resamples accepted")
	}
	iv, ok, err := BootstrapCI(context.Background(), []float64{1e308, 1e308, 1e308}, 100, 0.95, 0)
	if err != nil || !ok || iv.Mid != 1e308 || math.IsNaN(iv.Low) {
		t.Errorf("overflow: %+v %v %v", iv, ok, err)
	}
}
