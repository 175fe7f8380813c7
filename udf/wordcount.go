package udf

import "unicode/utf8"

// WordCount returns the number of whitespace-separated tokens in s, exactly
// as Python's len(s.split()) counts them: the papers' definition of "words".
// Whitespace is Python's str.isspace set, which is Go's unicode.IsSpace plus
// the ASCII separators U+001C..U+001F. An empty or all-space s has 0 words.
func WordCount(s string) int64 {
	var n int64
	in := false
	for i := 0; i < len(s); {
		c := s[i]
		var space bool
		if c < utf8.RuneSelf {
			space = asciiSpace[c]
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			space = isPySpace(r)
			i += size
		}
		if space {
			in = false
		} else if !in {
			in = true
			n++
		}
	}
	return n
}

// Compression returns WordCount(summary) / WordCount(source), CaseSumm's
// compression ratio (a fraction, not a percentage). ok is false when the
// source has no words, where the ratio is undefined (SQL NULL).
func Compression(summary, source string) (ratio float64, ok bool) {
	d := WordCount(source)
	if d == 0 {
		return 0, false
	}
	return float64(WordCount(summary)) / float64(d), true
}

var asciiSpace = func() (t [utf8.RuneSelf]bool) {
	for _, c := range "\t\n\v\f\r \x1c\x1d\x1e\x1f" {
		t[c] = true
	}
	return t
}()

// isPySpace reports whether r is whitespace for Python's str.isspace.
func isPySpace(r rune) bool {
	if r < utf8.RuneSelf {
		return asciiSpace[r]
	}
	switch r {
	case 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}
