// Package stmt splits DuckDB SQL text into statements the way DuckDB's own
// parser would see them: a ';' ends a statement only outside '…' strings
// (a doubled quote escapes a quote; E'…' strings also take backslash
// escapes), "…" identifiers,
// $tag$…$tag$ strings, -- comments and nested /* */ comments.
//
// Usage rule: pure Go, no DuckDB; the shell feeds it one line at a time and
// runs each statement as soon as it is complete.
package stmt

import "strings"

// Split returns the complete statements at the start of text, each ending
// with its ';', and the incomplete rest. The pieces are exact substrings:
// strings.Join(stmts, "") + rest == text, so nothing is lost or rewritten.
func Split(text string) (stmts []string, rest string) {
	start := 0
	i := 0
	for i < len(text) {
		c := text[i]
		switch {
		case c == ';':
			i++
			stmts = append(stmts, text[start:i])
			start = i
			continue
		case c == '\'':
			esc := i > 0 && (text[i-1] == 'e' || text[i-1] == 'E') && (i < 2 || !identByte(text[i-2]))
			i = skipQuoted(text, i+1, '\'', esc)
			continue
		case c == '"':
			i = skipQuoted(text, i+1, '"', false)
			continue
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			if j := strings.IndexByte(text[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(text)
			}
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			i = skipBlockComment(text, i+2)
			continue
		case c == '$' && (i == 0 || !identByte(text[i-1])):
			if tag, ok := dollarTag(text, i); ok {
				if j := strings.Index(text[i+len(tag):], tag); j >= 0 {
					i += len(tag) + j + len(tag)
				} else {
					i = len(text)
				}
				continue
			}
		}
		i++
	}
	return stmts, text[start:]
}

// Complete reports whether text ends a statement: Split leaves no rest
// beyond white space and comments.
func Complete(text string) bool {
	_, rest := Split(text)
	return Blank(rest)
}

// Blank reports whether text holds nothing but white space and complete or
// unterminated comments, so there is no statement in it to run.
func Blank(text string) bool {
	i := 0
	for i < len(text) {
		switch c := text[i]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == '-' && i+1 < len(text) && text[i+1] == '-':
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				return true
			}
			i += j + 1
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			i = skipBlockComment(text, i+2)
		default:
			return false
		}
	}
	return true
}

func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// skipQuoted returns the index after the closing quote q, or len(text).
func skipQuoted(text string, i int, q byte, backslash bool) int {
	for i < len(text) {
		switch text[i] {
		case '\\':
			if backslash {
				i += 2
				continue
			}
		case q:
			if i+1 < len(text) && text[i+1] == q {
				i += 2
				continue
			}
			return i + 1
		}
		i++
	}
	return len(text)
}

// skipBlockComment returns the index after the */ that closes a comment
// opened just before i, honouring nesting as PostgreSQL's grammar does.
func skipBlockComment(text string, i int) int {
	depth := 1
	for i < len(text) {
		switch {
		case text[i] == '*' && i+1 < len(text) && text[i+1] == '/':
			depth--
			i += 2
			if depth == 0 {
				return i
			}
		case text[i] == '/' && i+1 < len(text) && text[i+1] == '*':
			depth++
			i += 2
		default:
			i++
		}
	}
	return len(text)
}

// dollarTag returns "$tag$" when a dollar-quoted string opens at i.
// "$1" (a parameter) and "$name" without a closing '$' are not quotes.
func dollarTag(text string, i int) (string, bool) {
	j := i + 1
	for j < len(text) && identByte(text[j]) {
		if j == i+1 && text[j] >= '0' && text[j] <= '9' {
			return "", false
		}
		j++
	}
	if j < len(text) && text[j] == '$' {
		return text[i : j+1], true
	}
	return "", false
}
