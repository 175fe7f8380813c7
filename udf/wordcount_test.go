package udf_test

import (
	"strings"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

func TestWordCount(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		want int64
	}{
		{"empty", "", 0},
		{"spaces only", " \t\n ", 0},
		{"collapses runs", "a  b c", 3},
		{"leading and trailing", "  a b  ", 2},
		{"punctuation is a word", "Held: the Court - agreed.", 5},
		{"nbsp splits like python", "a\u00a0b", 2},
		{"em space and ideographic space", "a\u2003b\u3000c", 3},
		{"file separator splits like python", "a\x1cb", 2},
		{"zero width space does not split", "a\u200bb", 1},
		{"non-breaking narrow space", "a\u202fb", 2},
		{"invalid utf8 is a word char", "a \xff b", 3},
		{"unicode words", "café naïve 東京", 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := udf.WordCount(tc.in); got != tc.want {
				t.Errorf("WordCount(%q) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}

func TestCompression(t *testing.T) {
	r, ok := udf.Compression("a b", "a b c d e f g h")
	if !ok || r != 0.25 {
		t.Fatalf("Compression = %v, %v; want 0.25, true", r, ok)
	}
	if _, ok := udf.Compression("a", "   "); ok {
		t.Fatal("Compression over an empty source must be undefined")
	}
}

func BenchmarkWordCount(b *testing.B) {
	s := strings.Repeat("The Court held that the statute applies. ", 50)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		udf.WordCount(s)
	}
}
