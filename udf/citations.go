package udf

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Citation is one citation found in text. Start and End are character
// (not byte) offsets, 0-based, End exclusive: substring(text, Start+1,
// End-Start) in SQL. Kind is "uk_ncn" (a UK neutral citation), "uk_report"
// (a UK law report), "eu" (CJEU/General Court/EFTA, ECR, CMLR), "echr"
// (Strasbourg: EHRR, application numbers) or "us" (U.S. reporters).
// Canonical is the normalised form ("[2020] EWCA Civ 621"). Court is the
// citation's court or series ("EWCA-Civ", "EWHC-Ch", "UKSC", "WLR"). Group
// numbers citations that stand together (a neutral citation and its
// parallel reports). Pinpoints are the paragraph numbers the group points
// at (ranges expanded), PinType says how they were written ("para",
// "section", "page"); page pinpoints are not paragraph numbers and leave
// Pinpoints empty.
type Citation struct {
	Kind, Raw, Canonical, Court string
	Year                        int
	Start, End                  int
	Group                       int
	Pinpoints                   []int
	PinType                     string
	Malformed                   bool // the raw text was not in canonical form
	pinStart, pinEnd            int  // character span of the pinpoint, for masking
}

const (
	ws   = `[\s\x{00A0}\x{2009}\x{202F}]`
	dash = `[-‐‑‒–—]`
)

var (
	euRE = regexp.MustCompile(`(?:Joined` + ws + `+)?[Cc]ases?` + ws + `+([CTE])` + dash + `?` + ws + `?(\d{1,4})/(\d{2})(?:(?:` + ws + `*(?:,|and)` + ws + `*[CTE]` + dash + `?` + ws + `?\d{1,4}/\d{2})*)` +
		`|\bECLI:EU:[CT]:\d{4}:\d+|\bEU:[CT]:\d{4}:\d+|\bOpinion` + ws + `+\d/\d{2}\b`)
	euCaseRE = regexp.MustCompile(`([CTE])` + dash + `?` + ws + `?(\d{1,4})/(\d{2})`)
	echrRE   = regexp.MustCompile(`(?i)\b(?:App(?:lication)?\.?` + ws + `*(?:nos?\.?|numbers?)` + ws + `*\d{1,6}/\d{2}(?:(?:,|and|` + ws + `)+\d{1,6}/\d{2})*)` +
		`|\bECLI:CE:ECHR:[\w.:]+|\bECHR` + ws + `+\d{4}-[IVX]+`)
	usRE = regexp.MustCompile(`\b(\d{1,4})` + ws + `+(U\.` + ws + `?S\.|S\.` + ws + `?Ct\.|L\.` + ws + `?Ed\.(?:` + ws + `?2d)?|F\.` + ws + `?(?:2d|3d|4th)|F\.` + ws + `?Supp\.(?:` + ws + `?[23]d)?|Fed\.` + ws + `?Appx\.)` +
		`(?:` + ws + `*\((\d{1,2})` + ws + `+(Dall\.|Cranch|Wheat\.|Pet\.|How\.|Black|Wall\.)\))?` + ws + `+(\d{1,5}|_{2,})`)
	pageRE = regexp.MustCompile(`^\s*(?:,\s*)?at\s+(?:pp?\.?\s*)?(\d{1,5})([A-H])?(?:\s*` + dash + `\s*\d{0,5}[A-H]?)?`)
	// Old Law Reports: "LR 1 QB 123", "(1880) 5 App Cas 25", "1 Ch D 123", "1 TC 123".
	oldReportRE = regexp.MustCompile(`(?:\(((?:1[6-9])\d\d)\)` + ws + `+)?\b(?:LR` + ws + `+(\d{1,3})` + ws + `+(QB|CP|Eq|Exch|PC|HL|Ch` + ws + `*App|A&E|AE|PD|CCR|Sc` + ws + `*Div|Ir` + ws + `*Eq|Ad` + ws + `*&` + ws + `*Ecc)` +
		`|(\d{1,3})` + ws + `+(QBD|Q\.?` + ws + `?B\.?` + ws + `?D\.?|ChD|Ch\.?` + ws + `?D\.?|CPD|C\.?` + ws + `?P\.?` + ws + `?D\.?|ExD|Ex\.?` + ws + `?D\.?|PD|App\.?` + ws + `+Cas\.?|TC))` + ws + `+(\d{1,5})\b`)
)

// oldSeries spells the old Law Reports series canonically, by seriesKey.
var oldSeries = map[string]string{"chapp": "Ch App", "a&e": "AE", "scdiv": "ScDiv", "ireq": "Ir Eq", "ad&ecc": "Ad & Ecc",
	"qbd": "QBD", "chd": "ChD", "cpd": "CPD", "exd": "ExD", "appcas": "App Cas"}

// canonical division spellings for neutral citations.
var divisions = map[string]string{}

func init() {
	for _, d := range strings.Split("Civ Crim Admin Admlty Ch Comm Costs Fam IPEC KB QB Pat SCCO TCC Mercantile AAC IAC LC TC GRC PC HESC B T1 T2 T3 COP", " ") {
		divisions[strings.ToLower(d)] = d
	}
}

// byteToRune converts byte offsets of s to character offsets.
type offsets struct {
	s     string
	byteI []int // byteI[k] = byte offset of rune k; the last entry is len(s)
}

func newOffsets(s string) *offsets {
	o := &offsets{s: s, byteI: make([]int, 0, len(s)+1)}
	for i := range s {
		o.byteI = append(o.byteI, i)
	}
	o.byteI = append(o.byteI, len(s))
	return o
}

func (o *offsets) rune(b int) int { return sort.SearchInts(o.byteI, b) }

// hasLRVolume reports whether text has "LR" and a number after it, where an
// old Law Reports citation ("LR 1 QB 123") starts.
func hasLRVolume(text string) bool {
	for i := strings.Index(text, "LR"); i >= 0; {
		j := i + 2
		for j < len(text) && text[j] == ' ' {
			j++
		}
		if j > i+2 && j < len(text) && isDigit(text[j]) {
			return true
		}
		n := strings.Index(text[i+2:], "LR")
		if n < 0 {
			break
		}
		i += 2 + n
	}
	return false
}

// hasCaseNumber reports whether text has a European case number: C, T or
// E, a dash or not, 1 to 4 digits, '/', 2 digits ("C-123/12", "T 1/99").
func hasCaseNumber(text string) bool {
	for i := strings.IndexByte(text, '/'); i >= 0; {
		if i+2 < len(text) && isDigit(text[i+1]) && isDigit(text[i+2]) {
			j := i
			for j > 0 && i-j < 4 && isDigit(text[j-1]) {
				j--
			}
			if j < i {
				k := j - 1
				for k >= 0 && (text[k] == ' ' || text[k] == '-' || text[k] >= 0x80) && j-k < 5 {
					k-- // a space, a hyphen or the bytes of a Unicode dash
				}
				if k >= 0 && (text[k] == 'C' || text[k] == 'T' || text[k] == 'E') {
					return true
				}
			}
		}
		n := strings.IndexByte(text[i+1:], '/')
		if n < 0 {
			break
		}
		i += 1 + n
	}
	return false
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func containsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

func shift(m []int, by int) {
	for i := range m {
		if m[i] >= 0 {
			m[i] += by
		}
	}
}

// ExtractCitations finds the case citations in text (legal.md A.8): UK
// neutral citations (every court code, divisions, malformed variants
// normalised), UK law reports, European citations (kinds eu and echr, for
// removal), U.S. reporters, citation groups and typed pinpoints. A
// pinpoint followed by "above", "below" or "of this judgment" refers to the
// citing judgment itself and is dropped.
func ExtractCitations(text string) []Citation {
	type span struct {
		start, end int // bytes
		c          Citation
		joinPrev   bool // a parallel U.S. citation: same group as the one before
		pinS, pinE int  // a U.S. pin cite's bytes, or -1
	}
	var found []span
	add := func(loc []int, c Citation) {
		c.Raw = text[loc[0]:loc[1]]
		found = append(found, span{loc[0], loc[1], c, false, -1, -1})
	}
	// Neutral citations and law reports start at a year.
	sc := ukScanner{text}
	last := 0
	yearCandidates(text, func(y int) int {
		if y < last {
			return 0
		}
		start, end, c, ok := sc.at(y)
		if !ok || start < last {
			return 0
		}
		add([]int{start, end}, c)
		last = end
		return end
	})
	if !hasLRVolume(text) && !containsAny(text, "QBD", "Q.B.D", "Q B D", "ChD", "Ch D", "Ch. D", "CPD", "C.P.D", "C P D",
		"ExD", "Ex D", "Ex. D", "App Cas", "App. Cas", " PD ", " P D ", " TC ") {
		goto eu
	}
	for _, m := range oldReportRE.FindAllStringSubmatchIndex(text, -1) {
		g := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return text[m[2*i]:m[2*i+1]]
		}
		year, _ := strconv.Atoi(g(1))
		canon := ""
		if year > 0 {
			canon = "(" + g(1) + ") "
		}
		if g(2) != "" {
			sr := strings.Join(strings.Fields(g(3)), " ")
			if o, ok := oldSeries[seriesKey(sr)]; ok {
				sr = o
			}
			canon += "LR " + g(2) + " " + sr + " " + g(6)
		} else {
			sr := strings.Join(strings.Fields(g(5)), " ")
			if o, ok := oldSeries[seriesKey(sr)]; ok {
				sr = o
			}
			canon += g(4) + " " + sr + " " + g(6)
		}
		add(m[:2], Citation{Kind: "uk_report", Canonical: canon, Court: "LR", Year: year, Malformed: canon != text[m[0]:m[1]]})
	}
eu:
	// The remaining patterns need a slash or a reporter abbreviation;
	// most paragraphs have neither, and skip them.
	if strings.Contains(text, "EU:") || hasCaseNumber(text) && containsAny(text, "Case", "case", "Opinion") {
		for _, m := range euRE.FindAllStringIndex(text, -1) {
			raw := text[m[0]:m[1]]
			canon := strings.Join(strings.Fields(euCaseRE.ReplaceAllString(raw, "$1-$2/$3")), " ")
			if canon[0] == 'c' {
				canon = "C" + canon[1:]
			}
			add(m, Citation{Kind: "eu", Canonical: canon, Court: "CJEU", Malformed: canon != raw})
		}
	}
	if containsAny(text, "ECLI:CE", "ECHR 1", "ECHR 2") || strings.Contains(text, "/") && containsAny(text, "pplication no", "pplication No",
		"pplication num", "pplication Num", "pp. no", "pp. No", "pp no", "pp No", "pps. no", "pps no", "PP. NO", "PP NO", "PPLICATION N") {
		for _, m := range echrRE.FindAllStringIndex(text, -1) {
			raw := text[m[0]:m[1]]
			add(m, Citation{Kind: "echr", Canonical: strings.Join(strings.Fields(raw), " "), Court: "ECtHR"})
		}
	}
	for _, u := range usCitations(text) {
		u.c.Raw = text[u.start:u.end]
		found = append(found, span{u.start, u.end, u.c, u.joinPrev, u.pinStart, u.pinEnd})
	}
	// Overlaps: the earlier start wins, then the longer match.
	sort.Slice(found, func(i, j int) bool {
		if found[i].start != found[j].start {
			return found[i].start < found[j].start
		}
		return found[i].end > found[j].end
	})
	var kept []span
	for _, f := range found {
		if len(kept) > 0 && f.start < kept[len(kept)-1].end {
			continue
		}
		kept = append(kept, f)
	}
	if len(kept) == 0 {
		return nil
	}
	// Groups: citations separated only by ';', ',', "and", "at" nothing else.
	group := 0
	for i := range kept {
		if i > 0 && !kept[i].joinPrev && !joins(text[kept[i-1].end:kept[i].start]) {
			group++
		}
		kept[i].c.Group = group
	}
	// Pinpoints: in the window after each group, up to the next citation
	// or the end of the sentence (at most 200 bytes).
	off := newOffsets(text)
	out := make([]Citation, len(kept))
	for i := range kept {
		c := kept[i].c
		c.Start, c.End = off.rune(kept[i].start), off.rune(kept[i].end)
		c.pinStart, c.pinEnd = -1, -1
		if kept[i].pinS >= 0 {
			c.pinStart, c.pinEnd = off.rune(kept[i].pinS), off.rune(kept[i].pinE)
		}
		out[i] = c
	}
	for i := 0; i < len(kept); {
		j := i
		for j+1 < len(kept) && kept[j+1].c.Group == kept[i].c.Group {
			j++
		}
		if strings.HasPrefix(kept[i].c.Kind, "us") { // U.S. pin cites are read with the citation
			i = j + 1
			continue
		}
		winEnd := len(text)
		if j+1 < len(kept) {
			winEnd = kept[j+1].start
		}
		winEnd = min(winEnd, kept[j].end+200)
		window := text[kept[j].end:winEnd]
		window = window[:sentenceEnd(window)]
		if pins, typ, ps, pe := pinpoints(window); typ != "" {
			for k := i; k <= j; k++ {
				out[k].Pinpoints, out[k].PinType = pins, typ
				out[k].pinStart, out[k].pinEnd = off.rune(kept[j].end+ps), off.rune(kept[j].end+pe)
			}
		}
		i = j + 1
	}
	return out
}

// joins reports whether the text between two citations keeps them in one
// group: only separators (";", ",", "and", white space).
func joins(between string) bool {
	rest := strings.TrimSpace(between)
	for rest != "" {
		switch {
		case strings.HasPrefix(rest, ";"), strings.HasPrefix(rest, ","):
			rest = strings.TrimSpace(rest[1:])
		case strings.HasPrefix(rest, "and "):
			rest = strings.TrimSpace(rest[4:])
		default:
			return false
		}
	}
	return len(between) <= 12
}

// sentenceEnd returns where the first sentence of s ends: a '.', '!' or
// '?' followed by white space and an upper-case letter, unless the word
// before is an abbreviation that precedes numbers (para., paras., p., pp.,
// No.).
func sentenceEnd(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] != '.' && s[i] != '!' && s[i] != '?' {
			continue
		}
		j := i + 1
		for j < len(s) && (s[j] == ' ' || s[j] == '\n' || s[j] == '\t') {
			j++
		}
		if j == i+1 || j >= len(s) {
			if j >= len(s) && j > i+1 {
				return i
			}
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[j:])
		if !(r >= 'A' && r <= 'Z') && !(r >= '0' && r <= '9') && r != '“' && r != '"' {
			continue
		}
		word := s[:i]
		if k := strings.LastIndexAny(word, " \n\t("); k >= 0 {
			word = word[k+1:]
		}
		switch strings.ToLower(word) {
		case "para", "paras", "p", "pp", "no", "nos", "art", "arts", "s", "ss", "reg", "r":
			continue
		}
		return i
	}
	return len(s)
}

// NormalizeCitation returns the canonical form of the first UK neutral
// citation in text ("[2020] ewca civ 0621" → "[2020] EWCA Civ 621"), or
// ok=false if there is none.
func NormalizeCitation(text string) (canonical string, ok bool) {
	sc := ukScanner{text}
	yearCandidates(text, func(y int) int {
		if ok {
			return len(text)
		}
		if _, end, c, found := sc.at(y); found && c.Kind == "uk_ncn" {
			canonical, ok = c.Canonical, true
			return end
		}
		return 0
	})
	return canonical, ok
}

// MaskCitations replaces every citation group, with its pinpoint, by
// placeholder, so that neither the cited case nor the paragraph it points
// at leaks into retrieval text.
func MaskCitations(text, placeholder string) string {
	cs := ExtractCitations(text)
	if len(cs) == 0 {
		return text
	}
	runes := []rune(text)
	var b strings.Builder
	pos := 0
	for i := 0; i < len(cs); {
		j := i
		for j+1 < len(cs) && cs[j+1].Group == cs[i].Group {
			j++
		}
		end := cs[j].End
		if cs[j].pinEnd > end {
			end = cs[j].pinEnd
		}
		b.WriteString(string(runes[pos:cs[i].Start]))
		b.WriteString(placeholder)
		pos = end
		i = j + 1
	}
	b.WriteString(string(runes[pos:]))
	return b.String()
}
