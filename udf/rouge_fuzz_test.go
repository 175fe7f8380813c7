package udf_test

import (
	"regexp"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/lexduck/lexduck/udf"
)

var tokenRE = regexp.MustCompile(`^[a-z0-9]+$`)

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"The Court held.", "İstanbul \u212Aelvin", "café\n\nna\u0301ive", "1990s rulings", "\xff\xfe"} {
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, stem bool) {
		toks := udf.Tokenize(s, stem)
		for _, tok := range toks {
			if !tokenRE.MatchString(tok) {
				t.Fatalf("token %q of %q is not [a-z0-9]+", tok, s)
			}
		}
		if again := udf.Tokenize(s, stem); !slices.Equal(toks, again) {
			t.Fatalf("not deterministic: %q vs %q", toks, again)
		}
	})
}

func FuzzStem(f *testing.F) {
	for _, s := range []string{"running", "skies", "ÉTATS", "yyyy", "ied", "İİİing", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		if !utf8.ValidString(w) {
			return
		}
		got := udf.Stem(w)
		if utf8.RuneCountInString(got) > utf8.RuneCountInString(w)+utf8.RuneCountInString(w) /* İ doubles */ +1 {
			t.Fatalf("Stem(%q) = %q grew", w, got)
		}
	})
}

func FuzzROUGE(f *testing.F) {
	f.Add("the court held\nthat", "the court ruled that\nit held", true)
	f.Add("", "a", false)
	f.Add("a a a\na", "a\na a", false)
	f.Fuzz(func(t *testing.T, c, r string, stem bool) {
		s := udf.ROUGE(c, r, stem)
		swapped := udf.ROUGE(r, c, stem)
		for _, pair := range [][2]udf.Score{{s.Rouge1, swapped.Rouge1}, {s.Rouge2, swapped.Rouge2}, {s.RougeL, swapped.RougeL}, {s.RougeLsum, swapped.RougeLsum}} {
			a, b := pair[0], pair[1]
			for _, v := range []float64{a.P, a.R, a.F} {
				if !(v >= 0 && v <= 1) {
					t.Fatalf("score %+v out of [0,1] for %q / %q", s, c, r)
				}
			}
			// rougeLsum's clipping is not symmetric in general; P and R swap for the others.
			if pair != [2]udf.Score{s.RougeLsum, swapped.RougeLsum} && (a.P != b.R || a.R != b.P) {
				t.Fatalf("swapping texts must swap P and R: %+v vs %+v", a, b)
			}
		}
		if s.RougeLsum.R > s.Rouge1.R+1e-15 || s.RougeLsum.P > s.Rouge1.P+1e-15 {
			t.Fatalf("rougeLsum %+v above rouge1 %+v", s.RougeLsum, s.Rouge1)
		}
	})
}
