package loaders_test

import (
	"testing"

	"github.com/lexduck/lexduck/loaders"
)

// BenchmarkReadPDF reads the 767-page bound volume 557 U.S.
func BenchmarkReadPDF(b *testing.B) {
	for b.Loop() {
		d, err := loaders.ReadPDF("../testdata/fixtures/scotus-pdf/557bv.pdf")
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(d.Pages), "pages/op")
	}
}
