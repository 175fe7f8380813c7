package udf

import (
	"sync"
	"unicode/utf8"
)

// Tokenize returns the tokens rouge-score's tokenizer produces: the text
// lower-cased with Python's str.lower, every run of characters outside
// [a-z0-9] a separator, and, with stem, each token longer than three
// characters replaced by its NLTK Porter stem. Non-ASCII letters are
// separators ("café" → "caf"), except that "İ" lower-cases to "i" plus a
// combining dot ("İstanbul" → "i", "stanbul") and the Kelvin sign to "k".
func Tokenize(text string, stem bool) []string {
	var out []string
	tokenize(text, stem, func(tok []byte, _ bool) { out = append(out, string(tok)) })
	return out
}

// tokenize calls emit for each token of text (the bytes are only valid
// during the call); newline reports whether a '\n' came between this token
// and the previous one, which rougeLsum uses as a sentence break.
func tokenize(text string, stem bool, emit func(tok []byte, newline bool)) {
	var buf [64]byte
	tok := buf[:0]
	newline := false
	flush := func() {
		if len(tok) == 0 {
			return
		}
		if stem && len(tok) > 3 {
			emit(stemCached(tok), newline)
		} else {
			emit(tok, newline)
		}
		tok = tok[:0]
		newline = false
	}
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
				tok = append(tok, c)
			case 'A' <= c && c <= 'Z':
				tok = append(tok, c+'a'-'A')
			default:
				flush()
				if c == '\n' {
					newline = true
				}
			}
			continue
		}
		r, size := utf8.DecodeRuneInString(text[i:])
		i += size
		switch r {
		case '\u0130': // İ; Python: "i" + U+0307, and the combining dot separates
			tok = append(tok, 'i')
			flush()
		case '\u212A': // KELVIN SIGN lower-cases to ASCII "k"
			tok = append(tok, 'k')
		default:
			flush()
		}
	}
	flush()
}

// stemCache memoises stems of lower-case ASCII tokens: corpora reuse a
// small vocabulary, and a cached stem costs a map read instead of eight
// rule passes. It stops growing at stemCacheMax entries.
var stemCache = struct {
	sync.RWMutex
	m map[string][]byte
}{m: make(map[string][]byte)}

const stemCacheMax = 1 << 20

func stemCached(tok []byte) []byte {
	stemCache.RLock()
	s, ok := stemCache.m[string(tok)]
	stemCache.RUnlock()
	if ok {
		return s
	}
	key := string(tok)
	s = stemLowerASCII([]byte(key))
	stemCache.Lock()
	if len(stemCache.m) < stemCacheMax {
		stemCache.m[key] = s
	}
	stemCache.Unlock()
	return s
}
