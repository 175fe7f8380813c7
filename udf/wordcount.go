package udf

import "unicode/utf8"

// WordCount returns the number of whitespace-separated tokens in s, exactly
// as Python's len(s.split()) counts them: the papers' definition of "words".
// Whitespace is Python's str.isspace set, which is Go's unicode.IsSpace plus
// the ASCII separators U+001C..U+001F. An empty or all-space s has 0 words.
func WordCount(s string) int64 {
	var n int64
	prev := byte(1) // 1 if the previous character was a space (or the start)
	for i := 0; i < len(s); {
		cls := byteClass[s[i]]
		if cls == classMulti {
			r, size := utf8.DecodeRuneInString(s[i:])
			cls = 0
			if isPySpace(r) {
				cls = 1
			}
			i += size
		} else {
			i++
		}
		n += int64(prev &^ cls) // a word starts where a non-space follows a space
		prev = cls
	}
	return n
}

const classMulti = 2

// byteClass is 1 for Python's ASCII white space, 0 for other ASCII, and
// classMulti for bytes that start or continue a multi-byte character.
var byteClass = func() (t [256]byte) {
	for c := utf8.RuneSelf; c < 256; c++ {
		t[c] = classMulti
	}
	for _, c := range "\t\n\v\f\r \x1c\x1d\x1e\x1f" {
		t[c] = 1
	}
	return t
}()

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

// isPySpace reports whether r is whitespace for Python's str.isspace.
func isPySpace(r rune) bool {
	if r < utf8.RuneSelf {
		return byteClass[r] == 1
	}
	switch r {
	case 0x85, 0xA0, 0x1680, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000:
		return true
	}
	return r >= 0x2000 && r <= 0x200A
}
