package udf_test

import (
	"compress/gzip"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/lexduck/lexduck/udf"
)

// adversarial are paragraphs built to make a careless scanner quadratic:
// every position a possible citation start, a pinpoint list that never
// closes, Id. after Id.
var adversarial = []string{"[2020] ", "[", "(2020) 1 WLR ", "2020 ", "[2020] EWCA Civ 1 at [", "at [1], [",
	"(at paragraph ", "1 U.S. 1, ", "Id. at 5. ", "Smith, supra, ", "Case C-1/12 and ", "LR 1 QB "}

// TestExtractCitationsLinear scans 1 MB of each adversarial paragraph.
// The bound is generous (a second for the citation-free ones, where the
// issue sets it, and five where the text is 100,000 citations): it is
// there to catch quadratic behaviour, which on 1 MB takes minutes;
// BenchmarkExtractCitationsAdversarial gives the figures.
func TestExtractCitationsLinear(t *testing.T) {
	for _, unit := range adversarial {
		s := strings.Repeat(unit, 1<<20/len(unit))
		start := time.Now()
		n := len(udf.ExtractCitations(s))
		udf.MaskCitations(s, "[CITATION]")
		limit := time.Second
		if n > 0 {
			limit = 5 * time.Second
		}
		if d := time.Since(start); d > limit {
			t.Errorf("1 MB of %q (%d citations): %v", unit, n, d)
		}
	}
}

func BenchmarkExtractCitationsAdversarial(b *testing.B) {
	for _, unit := range adversarial {
		s := strings.Repeat(unit, 1<<20/len(unit))
		b.Run(strings.TrimSpace(unit), func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for i := 0; i < b.N; i++ {
				udf.ExtractCitations(s)
			}
		})
	}
}

// BenchmarkExtractCitationsDevSet scans the 12,212 paragraphs of the
// pinpoint development set (real Court of Appeal text).
func BenchmarkExtractCitationsDevSet(b *testing.B) {
	f := openDevSet(b)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		b.Fatal(err)
	}
	var texts []string
	size := 0
	dec := json.NewDecoder(zr)
	for dec.More() {
		var p struct{ Text string }
		if err := dec.Decode(&p); err != nil {
			b.Fatal(err)
		}
		texts = append(texts, p.Text)
		size += len(p.Text)
	}
	b.SetBytes(int64(size))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, s := range texts {
			udf.ExtractCitations(s)
		}
	}
}
