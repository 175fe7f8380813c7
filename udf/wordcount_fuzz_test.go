package udf_test

import (
	"strings"
	"testing"
	"unicode"

	"github.com/lexduck/lexduck/udf"
)

// FuzzWordCount checks the byte-table kernel against the obvious
// definition: fields split on Python's str.isspace characters.
func FuzzWordCount(f *testing.F) {
	for _, s := range []string{"", "a b", " \x1c\u00a0\u3000x", "\xff\xfe a", "café  naïve", "a\u200bb"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := len(strings.FieldsFunc(s, func(r rune) bool {
			return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f
		}))
		if got := udf.WordCount(s); got != int64(want) {
			t.Fatalf("WordCount(%q) = %d, want %d", s, got, want)
		}
	})
}
