package loaders_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lexduck/lexduck/loaders"
)

// BenchmarkReadJudgments parses every fixture judgment and scans its
// citations, on one goroutine; MB/s is of XML read.
func BenchmarkReadJudgments(b *testing.B) {
	files, _ := filepath.Glob("../testdata/fixtures/uk-judgments/*.xml")
	var size int64
	for _, f := range files {
		st, _ := os.Stat(f)
		size += st.Size()
	}
	for _, scan := range []bool{false, true} {
		name := "parse"
		if scan {
			name = "parse+citations"
		}
		b.Run(name, func(b *testing.B) {
			b.SetBytes(size)
			for b.Loop() {
				for _, f := range files {
					j, err := loaders.ReadJudgment(f)
					if err != nil {
						b.Fatal(err)
					}
					if scan {
						j.Citations()
					}
				}
			}
		})
	}
}
