package udf

import (
	"strconv"
	"strings"
)

// The UK scanner reads citations token by token from each year in the
// text ("[2020]", "(1995)", "2022]", a bare "2022"), so that the malformed
// spellings the National Archives' enrichment service corrects ("[2022[",
// "(2022))", "[2022] [EWCA] Civ", "[2022] EWHC (Ch) 123", "[2022] [EWHC
// 123] (Admin)", "Lloyd's Law Reports", "ENV.L.R.") are read by one set of
// rules instead of one regular expression each. Every step looks at a
// bounded number of tokens, so a text is scanned in linear time.

// ukTok is one token: a run of digits ('d'), a word of letters possibly
// followed by digits ('w', "T1"), or one other character ('p').
type ukTok struct {
	kind byte
	s, e int // byte offsets
}

// spaceAt returns the width of the white space at text[i] (ASCII space,
// tab, newline, NBSP, thin and narrow no-break spaces), or 0.
func spaceAt(text string, i int) int {
	switch c := text[i]; {
	case c == ' ' || c == '\t' || c == '\n' || c == '\r':
		return 1
	case c == 0xC2 && i+1 < len(text) && text[i+1] == 0xA0:
		return 2
	case c == 0xE2 && i+2 < len(text) && text[i+1] == 0x80 && (text[i+2] == 0x89 || text[i+2] == 0xAF):
		return 3
	}
	return 0
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// tokAt reads the token at or after byte i, skipping at most 3 white-space
// characters (a citation's parts are never further apart).
func tokAt(text string, i int) (ukTok, bool) {
	for n := 0; i < len(text); n++ {
		w := spaceAt(text, i)
		if w == 0 {
			break
		}
		if n == 3 {
			return ukTok{}, false
		}
		i += w
	}
	if i >= len(text) {
		return ukTok{}, false
	}
	j := i
	switch c := text[i]; {
	case isDigit(c):
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		return ukTok{'d', i, j}, true
	case isLetter(c):
		for j < len(text) && isLetter(text[j]) {
			j++
		}
		for j < len(text) && isDigit(text[j]) {
			j++
		}
		return ukTok{'w', i, j}, true
	case c == 0xE2 && strings.HasPrefix(text[i:], "’"):
		return ukTok{'p', i, i + len("’")}, true
	}
	return ukTok{'p', i, i + 1}, true
}

// courts maps a neutral-citation court code, lower case, to its spelling.
var courts = map[string]string{}

func init() {
	for _, c := range strings.Split("UKSC UKPC UKHL UKIPTrib EWCA EWHC EWCOP EWFC EWCC EWCR UKUT UKFTT UKAIT UKEAT EAT CAT UKET EWPCC CSIH CSOH HCJAC NICA NIQB NICh IESC IECA IEHC", " ") {
		courts[strings.ToLower(c)] = c
	}
	courts["ewch"], courts["ehwc"] = "EWHC", "EWHC" // transposed letters seen in judgments
	divisions["gcr"] = "GRC"                        // TNA corrects this transposition too
}

// ukScanner reads UK citations out of one text.
type ukScanner struct{ text string }

func (s *ukScanner) tok(i int) (ukTok, bool) { return tokAt(s.text, i) }

// punct reports whether the next token after i is the character c, and
// where it ends.
func (s *ukScanner) punct(i int, c byte) (int, bool) {
	t, ok := s.tok(i)
	if ok && t.kind == 'p' && s.text[t.s] == c {
		return t.e, true
	}
	return i, false
}

// yearCandidates calls fn with the byte offset of every four-digit number
// from 1600 to 2099 standing alone (no digit either side).
func yearCandidates(text string, fn func(y int) int) {
	for i := 0; i+4 <= len(text); i++ {
		c := text[i]
		if c != '1' && c != '2' {
			continue
		}
		if i > 0 && isDigit(text[i-1]) {
			continue
		}
		if !isDigit(text[i+1]) || !isDigit(text[i+2]) || !isDigit(text[i+3]) || i+4 < len(text) && isDigit(text[i+4]) {
			i += 3
			continue
		}
		if c == '1' && text[i+1] < '6' || c == '2' && text[i+1] != '0' {
			continue
		}
		if next := fn(i); next > i {
			i = next - 1
		}
	}
}

// ukCitation reads a neutral citation or a law report whose year starts
// at byte y. It returns the citation's byte span.
func (s *ukScanner) at(y int) (start, end int, c Citation, ok bool) {
	text := s.text
	year, _ := strconv.Atoi(text[y : y+4])
	// The opening bracket: '[', '(' or a mistyped ']', possibly one space before the year.
	start, open := y, byte(0)
	if k := y - 1; k >= 0 {
		if text[k] == ' ' && k > 0 && (text[k-1] == '[' || text[k-1] == '(') {
			k--
		}
		if text[k] == '[' || text[k] == '(' || text[k] == ']' {
			start, open = k, text[k]
		}
	}
	// Closing brackets after the year: "]", ")", a mistyped "[" or a doubled "))".
	i, closed, inner := y+4, byte(0), false
	for n := 0; n < 2; n++ {
		t, ok := s.tok(i)
		if !ok || t.kind != 'p' {
			break
		}
		ch := text[t.s]
		if ch == '[' && closed != 0 { // "[2022] [EWCA] Civ", "[2022] [EWHC 123] (Admin)"
			inner = true
			i = t.e
			break
		}
		if ch != ']' && ch != ')' && ch != '[' || closed != 0 && ch != closed {
			break
		}
		if closed == 0 {
			closed = ch
		}
		i = t.e
	}
	bracketed := open != 0 || closed != 0
	if end, c, ok := s.neutral(i, inner, year); ok {
		c.Canonical = "[" + text[y:y+4] + "] " + c.Canonical
		c.Malformed = text[start:end] != c.Canonical
		return start, end, c, true
	}
	if inner {
		return 0, 0, Citation{}, false
	}
	if end, c, ok := s.report(i, bracketed, open == '(' || closed == ')', year); ok {
		c.Malformed = text[start:end] != c.Canonical
		return start, end, c, true
	}
	return 0, 0, Citation{}, false
}

// division reads a court division at i: "Civ", "(Civ)", "Ch.", "(Ch.)". It
// returns the canonical division and where it ends; parenthesised says
// whether it was in brackets.
func (s *ukScanner) division(i int) (div string, end int, parenthesised bool) {
	j, paren := s.punct(i, '(')
	t, ok := s.tok(j)
	if !ok || t.kind != 'w' {
		return "", i, false
	}
	d, ok := divisions[strings.ToLower(s.text[t.s:t.e])]
	if !ok {
		return "", i, false
	}
	end = t.e
	if e, dot := s.punct(end, '.'); dot {
		end = e
	}
	if paren {
		e, closed := s.punct(end, ')')
		if !closed {
			return "", i, false
		}
		end = e
	}
	return d, end, paren
}

// neutral reads "COURT [DIV] NUM [(DIV)]" at i; canonical is returned
// without its year.
func (s *ukScanner) neutral(i int, inner bool, year int) (int, Citation, bool) {
	text := s.text
	t, ok := s.tok(i)
	if !ok || t.kind != 'w' {
		return 0, Citation{}, false
	}
	court, ok := courts[strings.ToLower(text[t.s:t.e])]
	if !ok {
		return 0, Citation{}, false
	}
	i = t.e
	if inner {
		if e, ok := s.punct(i, ']'); ok { // "[EWCA] Civ"
			i, inner = e, false
		}
	}
	div1, e, _ := s.division(i)
	i = e
	if e, ok := s.punct(i, '('); ok { // "EWHC (123 (Admin)"
		if t, ok := s.tok(e); ok && t.kind == 'd' {
			i = e
		}
	}
	t, ok = s.tok(i)
	if !ok || t.kind != 'd' || t.e-t.s > 6 {
		return 0, Citation{}, false
	}
	num := strings.TrimLeft(text[t.s:t.e], "0")
	if num == "" {
		num = "0"
	}
	i = t.e
	if i+1 < len(text) && (text[i] == '_' || text[i] == '/') && isDigit(text[i+1]) {
		j := i + 1
		for j < len(text) && isDigit(text[j]) && j-i <= 6 {
			j++
		}
		num += "_" + text[i+1:j]
		i = j
	}
	if inner {
		if e, ok := s.punct(i, ']'); ok { // "[EWHC 123] (Admin)"
			i = e
		}
	}
	div2, e, paren := s.division(i)
	usesDiv2 := false
	canon, code := court, court
	switch {
	case court == "EWCA":
		d := div1
		if d == "" {
			d, usesDiv2 = div2, paren // "[2022] EWCA 1 (Civ)"
		}
		if d != "Civ" && d != "Crim" {
			return 0, Citation{}, false
		}
		canon, code = "EWCA "+d+" "+num, "EWCA-"+d
	case court == "EWHC" && (div2 == "COP" || div1 == "COP"):
		canon, code, usesDiv2 = "EWCOP "+num, "EWCOP", div2 == "COP"
	case court == "EWHC" || court == "UKUT" || court == "UKFTT":
		d := div2
		usesDiv2 = d != ""
		if d == "" {
			d = div1
		}
		if d == "" || d == "Civ" || d == "Crim" {
			return 0, Citation{}, false // "[2022] EWHC 1" alone is not a complete citation
		}
		canon, code = court+" "+num+" ("+d+")", court+"-"+d
	case court == "EWCOP" && (div2 == "T1" || div2 == "T2" || div2 == "T3") && paren,
		court == "EWFC" && div2 == "B" && paren:
		canon, code, usesDiv2 = court+" "+num+" ("+div2+")", court+"-"+div2, true
	default:
		if div1 != "" {
			return 0, Citation{}, false
		}
		canon = court + " " + num
	}
	if court == "UKET" {
		canon = strings.ReplaceAll(canon, "_", "/")
	}
	if usesDiv2 {
		i = e
	}
	if inner {
		if e, ok := s.punct(i, ']'); ok { // "[2022] [EWCA Civ 123]"
			i = e
		}
	}
	return i, Citation{Kind: "uk_ncn", Canonical: canon, Court: code, Year: year}, true
}

// series describes a law report series.
type series struct {
	canonical, kind string
	round           bool // the year is written in round brackets ("(2020) 71 EHRR 2")
	asWritten       bool // either bracket is canonical ("[2022] 1 Cr App R 1", "(1995) 99 Cr App R 1")
}

// reportSeries lists the UK (and European) law report series the scanner
// knows, in canonical spelling; kind is uk_report unless noted.
var reportSeries = []series{
	{canonical: "AC"}, {canonical: "QB"}, {canonical: "KB"}, {canonical: "Ch"}, {canonical: "Fam"}, {canonical: "P"},
	{canonical: "WLR"}, {canonical: "WLR (D)"}, {canonical: "All ER"}, {canonical: "All ER (Comm)"}, {canonical: "All ER (D)"},
	{canonical: "All ER (EC)"}, {canonical: "Lloyd's Rep"}, {canonical: "Lloyd's Rep Med"}, {canonical: "Lloyd's Rep IR"},
	{canonical: "Lloyd's Rep PN"}, {canonical: "Lloyd's Rep Bank"}, {canonical: "Lloyd's Rep FC"},
	{canonical: "Cr App R", asWritten: true}, {canonical: "Cr App R (S)", asWritten: true}, {canonical: "FLR"}, {canonical: "FCR"},
	{canonical: "BCLC"}, {canonical: "BCC"}, {canonical: "Bus LR"}, {canonical: "Costs LR"}, {canonical: "HRLR"},
	{canonical: "EMLR"}, {canonical: "Env LR"}, {canonical: "FSR"}, {canonical: "ICR"}, {canonical: "IRLR"},
	{canonical: "L&TR"}, {canonical: "LGR"}, {canonical: "P&CR"}, {canonical: "EGLR"}, {canonical: "PIQR"},
	{canonical: "PNLR"}, {canonical: "PTSR"}, {canonical: "RPC"}, {canonical: "STC"}, {canonical: "ACD"},
	{canonical: "UKHRR"}, {canonical: "Imm AR"}, {canonical: "INLR"}, {canonical: "BMLR"}, {canonical: "Med LR"},
	{canonical: "CLC"}, {canonical: "TLR", asWritten: true}, {canonical: "EG"}, {canonical: "JPL"}, {canonical: "PLR"},
	{canonical: "BLR"}, {canonical: "Con LR", asWritten: true}, {canonical: "Crim LR"}, {canonical: "HLR", asWritten: true},
	{canonical: "ELR"}, {canonical: "Pens LR"}, {canonical: "SC"}, {canonical: "SLT"}, {canonical: "NI"},
	{canonical: "IR"}, {canonical: "TC", asWritten: true}, {canonical: "STC (SCD)"}, {canonical: "SFTD"}, {canonical: "WTLR"},
	{canonical: "Fam Law"}, {canonical: "Info TLR"}, {canonical: "Ch D", asWritten: true},
	{canonical: "EHRR", kind: "echr", round: true}, {canonical: "BHRC", asWritten: true},
	{canonical: "ECR", kind: "eu"}, {canonical: "CMLR", kind: "eu"},
}

// seriesAliases are spellings of a series whose letters differ from the
// canonical one's (TNA's manifest lists the Lloyd's variants).
var seriesAliases = map[string]string{
	"lloydslawreports": "Lloyd's Rep", "lloydsreports": "Lloyd's Rep", "lloydslr": "Lloyd's Rep",
	"lloydslawrep": "Lloyd's Rep", "lloydsrepmedical": "Lloyd's Rep Med", "lltr": "L&TR", "ltr": "L&TR",
	"pcr": "P&CR", "pandcr": "P&CR", "lt": "L&TR",
}

var seriesByKey = map[string]series{}

// seriesKey reduces a series as written ("W.L.R.", "Lloyd’s Rep.", "Cr App
// R (S)") to its letters, lower case, and '&'.
func seriesKey(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isLetter(c) {
			b.WriteByte(c | 0x20)
		} else if c == '&' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

func init() {
	for _, s := range reportSeries {
		if s.kind == "" {
			s.kind = "uk_report"
		}
		seriesByKey[seriesKey(s.canonical)] = s
	}
	for alias, canon := range seriesAliases {
		seriesByKey[alias] = seriesByKey[seriesKey(canon)]
	}
}

// report reads "[VOL] SERIES PAGE" at i.
func (s *ukScanner) report(i int, bracketed, round bool, year int) (int, Citation, bool) {
	text := s.text
	vol := ""
	if t, ok := s.tok(i); ok && t.kind == 'd' && t.e-t.s <= 3 {
		vol = strings.TrimLeft(text[t.s:t.e], "0")
		i = t.e
	}
	if !bracketed && vol == "" {
		return 0, Citation{}, false // a bare year needs a volume: "2022 1 WLR 123"
	}
	// The series: up to eight word and punctuation tokens; the longest
	// prefix that names a series and is followed by a page number wins.
	var ends []int
	j := i
	for n := 0; n < 8; n++ {
		t, ok := s.tok(j)
		if !ok {
			break
		}
		if t.kind == 'd' {
			break
		}
		if t.kind == 'p' && !strings.Contains(".&'’()", text[t.s:t.e]) {
			break
		}
		j = t.e
		if t.kind == 'w' || text[t.s] == ')' || text[t.s] == '.' {
			ends = append(ends, j)
		}
	}
	for k := len(ends) - 1; k >= 0; k-- {
		raw := text[i:ends[k]]
		if strings.Count(raw, "(") != strings.Count(raw, ")") && !(strings.HasPrefix(strings.TrimSpace(raw), "(") && strings.Count(raw, "(") == 1 && strings.Count(raw, ")") == 1) {
			continue
		}
		sr, ok := seriesByKey[seriesKey(raw)]
		if !ok {
			continue
		}
		if sr.canonical == "P" && vol != "" || sr.canonical == "TC" || sr.canonical == "Ch D" {
			continue // "[1971] P 123" only; "1 TC 123" and "1 Ch D 1" are read as old series
		}
		page, end, ok := s.page(ends[k], sr.canonical == "ECR")
		if !ok {
			continue
		}
		open, close := "[", "]"
		if sr.round || sr.asWritten && round {
			open, close = "(", ")"
		}
		canon := open + strconv.Itoa(year) + close + " "
		if vol != "" {
			canon += vol + " "
		}
		canon += sr.canonical + " " + page
		return end, Citation{Kind: sr.kind, Canonical: canon, Court: sr.canonical, Year: year}, true
	}
	return 0, Citation{}, false
}

// page reads a page number at i ("123", ECR's "I-1234").
func (s *ukScanner) page(i int, ecr bool) (string, int, bool) {
	t, ok := s.tok(i)
	if !ok {
		return "", 0, false
	}
	if t.kind == 'd' && t.e-t.s <= 5 && (t.e == len(s.text) || !isLetter(s.text[t.e]) || t.e+1 < len(s.text) && !isLetter(s.text[t.e+1])) {
		return s.text[t.s:t.e], t.e, true
	}
	if ecr && t.kind == 'w' && (s.text[t.s:t.e] == "I" || s.text[t.s:t.e] == "II") && t.e+1 < len(s.text) && s.text[t.e] == '-' && isDigit(s.text[t.e+1]) {
		j := t.e + 1
		for j < len(s.text) && isDigit(s.text[j]) {
			j++
		}
		return s.text[t.s:j], j, true
	}
	return "", 0, false
}
