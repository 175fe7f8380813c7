package udf

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
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

// TestROUGEStops: rouge_l of two million-token texts ran on past Ctrl-C
// (finding 15); an LCS pass now looks at its context every 1,024 tokens.
func TestROUGEStops(t *testing.T) {
	var a, b strings.Builder
	for i := range 200_000 {
		fmt.Fprintf(&a, "w%d ", i%5000)
		fmt.Fprintf(&b, "w%d ", (i*7)%5000)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ROUGELContext(ctx, a.String(), b.String(), false); !errors.Is(err, context.Canceled) {
		t.Errorf("rouge_l: %v", err)
	}
	if _, err := ROUGEContext(ctx, a.String(), b.String(), false); !errors.Is(err, context.Canceled) {
		t.Errorf("rouge: %v", err)
	}
	if _, err := ROUGELsumContext(ctx, a.String()+"\n"+a.String(), b.String()+"\nx", false); !errors.Is(err, context.Canceled) {
		t.Errorf("rouge_lsum: %v", err)
	}
	// not cancelled: the same as ROUGE
	got, err := ROUGELContext(context.Background(), "the cat sat", "the cat sat down", false)
	if err != nil || got != ROUGEL("the cat sat", "the cat sat down", false) {
		t.Errorf("%v %v", got, err)
	}
}
