package udf

import (
	"strings"
	"unicode/utf8"
)

// maxPinRange is the longest paragraph range expanded into its members; no
// judgment pins more (numbers have at most four digits, so the bound only
// keeps "[1]-[9999]" from making ten thousand pinpoints).
const maxPinRange = 1000

// pinReader reads the pinpoint in the window after a citation group. The
// forms are those English judgments use: "at [n]", "[n(vi)]" directly
// after the citation, "at [n]-[m]", "at [n] – [m]", "[n] and [m]", "at
// para(s)/paragraph(s) n", "paras n to m", "paragraphs [n] and [m]", "(at
// paragraphs n and m)", ", paragraph n", "§ n"; and the same after a short
// name or a judge put between ("('JCWI') at [133]", "Neuberger MR said at
// [41]", ", where, at [836]"). Page pinpoints ("at p 12", "at 418A-C") give
// the type "page" and no paragraph numbers.
type pinReader struct {
	s    string
	pins []int
}

// skipSpace returns the first byte at or after i that is not white space.
func (p *pinReader) skipSpace(i int) int {
	for i < len(p.s) {
		w := spaceAt(p.s, i)
		if w == 0 {
			break
		}
		i += w
	}
	return i
}

// dashAt returns the width of a dash at i, or 0.
func (p *pinReader) dashAt(i int) int {
	if i >= len(p.s) {
		return 0
	}
	if p.s[i] == '-' {
		return 1
	}
	r, w := utf8.DecodeRuneInString(p.s[i:])
	switch r {
	case '‐', '‑', '‒', '–', '—':
		return w
	}
	return 0
}

// wordAt returns the ASCII word (letters) at i.
func (p *pinReader) wordAt(i int) string {
	j := i
	for j < len(p.s) && isLetter(p.s[j]) {
		j++
	}
	return p.s[i:j]
}

// number reads 1 to 4 digits at i not followed by ".digit" (a dotted
// section number such as 2.9) or a fifth digit.
func (p *pinReader) number(i int) (n, end int, ok bool) {
	j := i
	for j < len(p.s) && isDigit(p.s[j]) {
		n = n*10 + int(p.s[j]-'0')
		j++
	}
	if j == i || j-i > 4 {
		return 0, i, false
	}
	if j+1 < len(p.s) && p.s[j] == '.' && isDigit(p.s[j+1]) {
		return 0, i, false
	}
	return n, j, true
}

// sub skips a sub-paragraph in brackets after a number: "111(i)", "12(a)".
func (p *pinReader) sub(i int) int {
	j := i
	if j+1 < len(p.s) && p.s[j] == ' ' && p.s[j+1] == '(' {
		j++ // "[20 (iii)]"
	}
	if j < len(p.s) && p.s[j] == '(' {
		for k := j + 1; k < len(p.s) && k < j+8; k++ {
			if p.s[k] == ')' {
				return k + 1
			}
			if !isLetter(p.s[k]) && !isDigit(p.s[k]) {
				break
			}
		}
	}
	return i
}

func (p *pinReader) expand(from, to int) {
	switch {
	case to < from:
		p.pins = append(p.pins, from)
	case to-from > maxPinRange:
		p.pins = append(p.pins, from, to)
	default:
		for n := from; n <= to; n++ {
			p.pins = append(p.pins, n)
		}
	}
}

// item reads one pinned paragraph or range at i: "[12]", "[12(iv)]",
// "[8-9]", "[11]-18]", "[3] - [5]", "12", "40 to 42". brackets says
// whether the item must open with '['.
func (p *pinReader) item(i int, brackets bool) (end int, ok bool) {
	open := i < len(p.s) && p.s[i] == '['
	if brackets && !open {
		return i, false
	}
	j := i
	if open {
		j++
	}
	from, j, ok := p.number(j)
	if !ok {
		return i, false
	}
	j = p.sub(j)
	to := -1
	if open { // a range inside the brackets: "[8-9]"
		if w := p.dashAt(j); w > 0 {
			if n, e, ok := p.number(j + w); ok {
				to, j = n, p.sub(e)
			}
		}
		if j >= len(p.s) || p.s[j] != ']' {
			return i, false
		}
		j++
	} else if j < len(p.s) && p.s[j] == ']' { // "[11]-18]": the second bracket of a range
		j++
	}
	if to < 0 { // a range after the item: "-[m]", " – [m]", " to m"
		k := p.skipSpace(j)
		w := p.dashAt(k)
		if w == 0 && strings.HasPrefix(p.s[k:], "to ") {
			w = 2
		}
		if w > 0 {
			k = p.skipSpace(k + w)
			if k < len(p.s) && p.s[k] == '[' {
				k++
			}
			if n, e, ok := p.number(k); ok {
				to, j = n, p.sub(e)
				if j < len(p.s) && p.s[j] == ']' {
					j++
				}
			}
		}
	}
	if open && from >= 1600 && from <= 2099 && to < 0 {
		return i, false // "[2019]": a year, not a paragraph
	}
	if to >= 0 {
		p.expand(from, to)
	} else {
		p.pins = append(p.pins, from)
	}
	return j, true
}

// list reads items separated by ",", "and", "&", ", and", "-" at i.
func (p *pinReader) list(i int, brackets bool) (end int, ok bool) {
	end, ok = p.item(i, brackets)
	if !ok {
		return i, false
	}
	for {
		k := p.skipSpace(end)
		sep := false
		if k < len(p.s) && (p.s[k] == ',' || p.s[k] == '&') {
			k, sep = p.skipSpace(k+1), true
		}
		if w := p.wordAt(k); w == "and" {
			k, sep = p.skipSpace(k+3), true
		}
		if !sep {
			return end, true
		}
		e, ok := p.item(k, brackets)
		if !ok {
			return end, true
		}
		end = e
	}
}

// paraWords are the words that introduce paragraph numbers.
var paraWords = map[string]bool{"para": true, "paras": true, "paragraph": true, "paragraphs": true, "pars": true, "par": true}

// body reads a pinpoint proper at i (after "at" or the lead-in).
func (p *pinReader) body(i int, afterAt bool) (typ string, end int) {
	if i >= len(p.s) {
		return "", i
	}
	if p.s[i] == '[' {
		if e, ok := p.list(i, true); ok {
			return "para", e
		}
		return "", i
	}
	if w := p.wordAt(i); paraWords[strings.ToLower(w)] {
		k := i + len(w)
		if k < len(p.s) && p.s[k] == '.' {
			k++
		}
		k = p.skipSpace(k)
		if e, ok := p.list(k, false); ok {
			return "para", e
		}
		return "", i
	}
	if strings.HasPrefix(p.s[i:], "§") {
		k := i + len("§")
		if strings.HasPrefix(p.s[k:], "§") {
			k += len("§")
		}
		if e, ok := p.list(p.skipSpace(k), false); ok {
			return "section", e
		}
		return "", i
	}
	if afterAt { // pages: "at p 12", "at pp. 12-13", "at page 5", "at 418A-C"
		k := i
		if w := p.wordAt(k); w == "p" || w == "pp" || w == "page" || w == "pages" {
			k += len(w)
			if k < len(p.s) && p.s[k] == '.' {
				k++
			}
			k = p.skipSpace(k)
		}
		if _, e, ok := p.number(k); ok {
			for e < len(p.s) && p.s[e] >= 'A' && p.s[e] <= 'H' {
				e++
			}
			if w := p.dashAt(e); w > 0 {
				j := e + w
				for j < len(p.s) && (isDigit(p.s[j]) || p.s[j] >= 'A' && p.s[j] <= 'H') {
					j++
				}
				e = j
			}
			if e == len(p.s) || !isLetter(p.s[e]) {
				p.pins = nil
				return "page", e
			}
		}
	}
	return "", i
}

// elsewhere are words that, standing between a citation and "at [n]",
// say the pinpoint belongs to another judgment: the one under appeal ("the
// judge below at [41]"), the citing one ("referred to below at paragraph
// 134") or a later case that dealt with the cited one ("followed in X at").
var elsewhere = map[string]bool{"judge": true, "below": true, "above": true, "tribunal": true, "Tribunal": true,
	"FTT": true, "UT": true, "decision": true, "my": true, "I": true, "we": true, "We": true, "our": true, "us": true,
	"followed": true, "applied": true, "approved": true, "adopted": true, "distinguished": true, "overruled": true,
	"considered": true, "explained": false, "here": true, "present": true, "supra": true, "ibid": true, "Ibid": true}

// read reads the pinpoint at the start of window, returning the paragraph
// numbers (ranges expanded), the type and the byte span.
func (p *pinReader) read() (typ string, start, end int) {
	i := 0
	// The lead-in: punctuation, then at most one short name in brackets
	// or quotes ("('JCWI')", "(the Rwanda case)").
	for i < len(p.s) {
		i = p.skipSpace(i)
		if i < len(p.s) && strings.IndexByte(",;:", p.s[i]) >= 0 {
			i++
			continue
		}
		break
	}
	direct := i
	if i < len(p.s) && p.s[i] == '(' && i+1 < len(p.s) && p.s[i+1] != '[' && !isDigit(p.s[i+1]) && !strings.HasPrefix(p.s[i+1:], "at ") && !paraWords[strings.ToLower(p.wordAt(i+1))] {
		if k := strings.IndexByte(p.s[i:min(len(p.s), i+80)], ')'); k > 0 && !strings.ContainsAny(p.s[i+1:i+k], "[]().") {
			i = p.skipSpace(i + k + 1)
			for i < len(p.s) && p.s[i] == ',' {
				i = p.skipSpace(i + 1)
			}
		}
	}
	try := func(i int) (string, int, int) {
		if i < len(p.s) && p.s[i] == '(' { // "(at paragraphs 12 and 15)", "([23])"
			i++
		}
		start := i
		if w := p.wordAt(i); w == "at" || w == "At" {
			if typ, e := p.body(p.skipSpace(i+2), true); typ != "" {
				return typ, start, e
			}
			return "", 0, 0
		}
		if typ, e := p.body(i, false); typ != "" {
			return typ, start, e
		}
		return "", 0, 0
	}
	if typ, s, e := try(i); typ != "" {
		return typ, s, e
	}
	if i != direct {
		if typ, s, e := try(direct); typ != "" {
			return typ, s, e
		}
	}
	// Words between the citation and "at": a judge ("Neuberger MR said"),
	// a short name, a clause (", where,", "the test was said (at [62])"),
	// at most 150 bytes of one sentence with no number in them.
	for i < len(p.s) && i < 150 {
		i = p.skipSpace(i)
		if i >= len(p.s) {
			break
		}
		c := p.s[i]
		switch {
		case strings.IndexByte(",'\":()-./", c) >= 0:
			i++
			continue
		case (c == '[' || c == '(') && p.report(i) > i: // a report lexduck does not know: "[2013] NILR 221"
			i = p.report(i)
			continue
		case isDigit(c) || c == '[' || c == ';':
			return "", 0, 0
		case !isLetter(c): // quotes, dashes, letters with accents
			_, w := utf8.DecodeRuneInString(p.s[i:])
			i += w
			continue
		}
		w := p.wordAt(i)
		if w == "at" {
			if typ, e := p.body(p.skipSpace(i+2), true); typ == "para" {
				return typ, i, e
			}
		} else if paraWords[strings.ToLower(w)] { // "(in paragraph 74(vii))", "(para. 1)"
			if typ, e := p.body(i, false); typ == "para" {
				return typ, i, e
			}
		} else if elsewhere[w] {
			return "", 0, 0
		}
		i += len(w)
	}
	return "", 0, 0
}

// report returns the end of a law report citation of any series at i
// ("[2016] ETMR 38", "[2013] NILR 221", "(1916) 115 LT 678"), or i: a year
// in brackets, a volume, one to four words of letters, a page.
func (p *pinReader) report(i int) int {
	if i+6 > len(p.s) || !isDigit(p.s[i+1]) || !isDigit(p.s[i+4]) || p.s[i+5] != ']' && p.s[i+5] != ')' {
		return i
	}
	for k := i + 1; k < i+5; k++ {
		if !isDigit(p.s[k]) {
			return i
		}
	}
	j := p.skipSpace(i + 6)
	if _, e, ok := p.number(j); ok {
		j = p.skipSpace(e)
	}
	words := 0
	for words < 4 && j < len(p.s) && (p.s[j] >= 'A' && p.s[j] <= 'Z' || p.s[j] == '&') {
		j += max(1, len(p.wordAt(j)))
		for j < len(p.s) && (p.s[j] == '.' || p.s[j] == '\'') {
			j++
		}
		j = p.skipSpace(j)
		words++
	}
	if words == 0 {
		return i
	}
	if _, e, ok := p.number(j); ok {
		return e
	}
	return i
}

// pinpoints reads the pinpoint at the start of window (after a citation
// group): paragraph numbers with ranges expanded (a range of more than
// maxPinRange paragraphs keeps its two ends), the pin type, and the byte
// span it covers. A pinpoint followed by "above", "below" or "of this
// judgment" points into the citing judgment and is dropped.
func pinpoints(window string) (pins []int, typ string, start, end int) {
	p := pinReader{s: window}
	typ, start, end = p.read()
	if typ == "" {
		return nil, "", 0, 0
	}
	rest := strings.TrimLeft(window[end:], " \t\n,;:)]")
	if strings.HasPrefix(rest, "above") || strings.HasPrefix(rest, "below") || strings.HasPrefix(rest, "of this judgment") {
		return nil, "", 0, 0
	}
	if typ == "page" {
		return nil, typ, start, end
	}
	return p.pins, typ, start, end
}
