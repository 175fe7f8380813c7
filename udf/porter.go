package udf

import (
	"strings"
	"unicode/utf8"
)

// Stem returns the Porter stem of word exactly as NLTK 3.8's
// PorterStemmer() computes it in its default NLTK_EXTENSIONS mode, the
// stemmer rouge-score uses: the word is lower-cased (Python semantics), a
// pool of irregular forms is looked up first ("dying" → "die"), words of
// one or two characters are returned as they are, and steps 1a to 5b run
// with NLTK's departures from Porter's 1980 description.
//
// This is a port written from the algorithm's description and NLTK's
// documented behaviour (NLTK is Apache-2.0), checked word for word against
// 4,000 NLTK outputs in testdata/vectors/porter_public.tsv.
func Stem(word string) string {
	if key, ok := irregular[word]; ok { // NLTK looks up the word as given
		return key
	}
	if isASCII(word) {
		b := []byte(word)
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				b[i] = c + 'a' - 'A'
			}
		}
		if len(b) <= 2 {
			return string(b)
		}
		return string(porter(b))
	}
	lower := []rune(pyLower(word))
	if utf8.RuneCountInString(word) <= 2 {
		return string(lower)
	}
	return string(porter(lower))
}

// stemLowerASCII stems a token that is already lower-case ASCII, as the
// ROUGE tokenizer produces; buf may be reused by the caller.
func stemLowerASCII(tok []byte) []byte {
	if key, ok := irregular[string(tok)]; ok {
		return []byte(key)
	}
	if len(tok) <= 2 {
		return tok
	}
	return porter(tok)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// pyLower is Python's str.lower: Go's simple lower-casing except that
// U+0130 (İ) becomes "i" followed by U+0307, as Unicode's SpecialCasing says.
func pyLower(s string) string {
	return strings.ToLower(strings.ReplaceAll(s, "\u0130", "i\u0307"))
}

// irregular maps NLTK's irregular forms to their stems.
var irregular = map[string]string{
	"sky": "sky", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
	"news": "news", "innings": "inning", "inning": "inning", "outings": "outing",
	"outing": "outing", "cannings": "canning", "canning": "canning", "howe": "howe",
	"proceed": "proceed", "exceed": "exceed", "succeed": "succeed",
}

type letter interface{ byte | rune }

// porter runs steps 1a to 5b on a lower-case word of three or more letters.
// It may modify w in place and returns the stem.
func porter[T letter](w []T) []T {
	w = step1a(w)
	w = step1b(w)
	w = step1c(w)
	w = step2(w)
	w = step3(w)
	w = step4(w)
	w = step5a(w)
	return step5b(w)
}

func isConsonant[T letter](w []T, i int) bool {
	switch w[i] {
	case 'a', 'e', 'i', 'o', 'u':
		return false
	case 'y':
		return i == 0 || !isConsonant(w, i-1)
	}
	return true
}

// measure is m in [C](VC)^m[V]: the number of vowel-consonant sequences.
func measure[T letter](w []T) int {
	m := 0
	prevVowel := false
	for i := range w {
		c := isConsonant(w, i)
		if c && prevVowel {
			m++
		}
		prevVowel = !c
	}
	return m
}

func containsVowel[T letter](w []T) bool {
	for i := range w {
		if !isConsonant(w, i) {
			return true
		}
	}
	return false
}

func endsDoubleConsonant[T letter](w []T) bool {
	n := len(w)
	return n >= 2 && w[n-1] == w[n-2] && isConsonant(w, n-1)
}

// endsCVC is *o: consonant-vowel-consonant, the last not w, x or y; NLTK
// also accepts a two-letter vowel-consonant word.
func endsCVC[T letter](w []T) bool {
	n := len(w)
	if n >= 3 && isConsonant(w, n-3) && !isConsonant(w, n-2) && isConsonant(w, n-1) &&
		w[n-1] != 'w' && w[n-1] != 'x' && w[n-1] != 'y' {
		return true
	}
	return n == 2 && !isConsonant(w, 0) && isConsonant(w, 1)
}

func hasSuffix[T letter](w []T, suf string) bool {
	if len(w) < len(suf) {
		return false
	}
	off := len(w) - len(suf)
	for i := 0; i < len(suf); i++ {
		if w[off+i] != T(suf[i]) {
			return false
		}
	}
	return true
}

// replace returns w without its last n letters and with rep appended.
func replace[T letter](w []T, n int, rep string) []T {
	w = w[:len(w)-n]
	for i := 0; i < len(rep); i++ {
		w = append(w, T(rep[i]))
	}
	return w
}

// cond is a rule's condition on the stem (the word without the suffix).
type cond int

const (
	always   cond = iota
	mGT0          // m > 0
	mGT1          // m > 1
	mGT1ST        // m > 1 and the stem ends in s or t
	logiStem      // m > 0 of the word without "ogi" (NLTK's logi → log)
)

type rule struct {
	suffix, rep string
	cond        cond
}

// applyRules applies the first rule whose suffix matches; if its condition
// fails, no later rule is tried (NLTK's _apply_rule_list).
func applyRules[T letter](w []T, rules []rule) []T {
	for _, r := range rules {
		if !hasSuffix(w, r.suffix) {
			continue
		}
		stem := w[:len(w)-len(r.suffix)]
		ok := true
		switch r.cond {
		case mGT0:
			ok = measure(stem) > 0
		case mGT1:
			ok = measure(stem) > 1
		case mGT1ST:
			ok = measure(stem) > 1 && (stem[len(stem)-1] == 's' || stem[len(stem)-1] == 't')
		case logiStem:
			ok = measure(w[:len(w)-3]) > 0
		}
		if ok {
			return replace(w, len(r.suffix), r.rep)
		}
		return w
	}
	return w
}

func step1a[T letter](w []T) []T {
	if len(w) == 4 && hasSuffix(w, "ies") { // NLTK: "dies" → "die", but "flies" → "fli"
		return replace(w, 3, "ie")
	}
	return applyRules(w, step1aRules)
}

var step1aRules = []rule{{"sses", "ss", always}, {"ies", "i", always}, {"ss", "ss", always}, {"s", "", always}}

func step1b[T letter](w []T) []T {
	if hasSuffix(w, "ied") { // NLTK: "died" → "die", "spied" → "spi"
		if len(w) == 4 {
			return replace(w, 3, "ie")
		}
		return replace(w, 3, "i")
	}
	if hasSuffix(w, "eed") {
		if measure(w[:len(w)-3]) > 0 {
			return replace(w, 3, "ee")
		}
		return w
	}
	var stem []T
	switch {
	case hasSuffix(w, "ed") && containsVowel(w[:len(w)-2]):
		stem = w[:len(w)-2]
	case hasSuffix(w, "ing") && containsVowel(w[:len(w)-3]):
		stem = w[:len(w)-3]
	default:
		return w
	}
	switch {
	case hasSuffix(stem, "at"):
		return replace(stem, 2, "ate")
	case hasSuffix(stem, "bl"):
		return replace(stem, 2, "ble")
	case hasSuffix(stem, "iz"):
		return replace(stem, 2, "ize")
	case endsDoubleConsonant(stem):
		if last := stem[len(stem)-1]; last != 'l' && last != 's' && last != 'z' {
			return stem[:len(stem)-1]
		}
		return stem
	case measure(stem) == 1 && endsCVC(stem):
		return append(stem, 'e')
	}
	return stem
}

func step1c[T letter](w []T) []T {
	// NLTK: y → i only after a consonant that is not the whole stem.
	if n := len(w); hasSuffix(w, "y") && n-1 > 1 && isConsonant(w, n-2) {
		w[n-1] = 'i'
	}
	return w
}

func step2[T letter](w []T) []T {
	// NLTK applies alli → al first and then runs step 2 again.
	if hasSuffix(w, "alli") && measure(w[:len(w)-4]) > 0 {
		return step2(replace(w, 4, "al"))
	}
	return applyRules(w, step2Rules)
}

var step2Rules = []rule{
	{"ational", "ate", mGT0}, {"tional", "tion", mGT0}, {"enci", "ence", mGT0},
	{"anci", "ance", mGT0}, {"izer", "ize", mGT0}, {"bli", "ble", mGT0},
	{"alli", "al", mGT0}, {"entli", "ent", mGT0}, {"eli", "e", mGT0},
	{"ousli", "ous", mGT0}, {"ization", "ize", mGT0}, {"ation", "ate", mGT0},
	{"ator", "ate", mGT0}, {"alism", "al", mGT0}, {"iveness", "ive", mGT0},
	{"fulness", "ful", mGT0}, {"ousness", "ous", mGT0}, {"aliti", "al", mGT0},
	{"iviti", "ive", mGT0}, {"biliti", "ble", mGT0}, {"fulli", "ful", mGT0},
	{"logi", "log", logiStem},
}

func step3[T letter](w []T) []T { return applyRules(w, step3Rules) }

var step3Rules = []rule{
	{"icate", "ic", mGT0}, {"ative", "", mGT0}, {"alize", "al", mGT0},
	{"iciti", "ic", mGT0}, {"ical", "ic", mGT0}, {"ful", "", mGT0}, {"ness", "", mGT0},
}

func step4[T letter](w []T) []T { return applyRules(w, step4Rules) }

var step4Rules = []rule{
	{"al", "", mGT1}, {"ance", "", mGT1}, {"ence", "", mGT1}, {"er", "", mGT1},
	{"ic", "", mGT1}, {"able", "", mGT1}, {"ible", "", mGT1}, {"ant", "", mGT1},
	{"ement", "", mGT1}, {"ment", "", mGT1}, {"ent", "", mGT1}, {"ion", "", mGT1ST},
	{"ou", "", mGT1}, {"ism", "", mGT1}, {"ate", "", mGT1}, {"iti", "", mGT1},
	{"ous", "", mGT1}, {"ive", "", mGT1}, {"ize", "", mGT1},
}

func step5a[T letter](w []T) []T {
	if hasSuffix(w, "e") {
		stem := w[:len(w)-1]
		if m := measure(stem); m > 1 || m == 1 && !endsCVC(stem) {
			return stem
		}
	}
	return w
}

func step5b[T letter](w []T) []T {
	if hasSuffix(w, "ll") && measure(w[:len(w)-1]) > 1 {
		return w[:len(w)-1]
	}
	return w
}
