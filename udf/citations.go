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

var ncnAnchored = regexp.MustCompile("^" + ncnRE.String())

var (
	ncnRE = regexp.MustCompile(`(?i)[\[(\]]` + ws + `?((?:1[89]|20)\d\d)` + ws + `?[\])\[]` + ws + `*` +
		`(UKSC|UKPC|UKHL|UKIPTrib|EWCA|EWHC|EWCH|EHWC|EWCOP|EWFC|EWCC|EWCR|UKUT|UKFTT|UKAIT|UKEAT|EAT|CAT|UKET|EWPCC|CSIH|CSOH|HCJAC|NICA|NIQB|NICh|IESC|IECA|IEHC)` +
		`(?:` + ws + `*\(?(Civ|Crim)\)?\.?)?` +
		`(?:` + ws + `+(Admin|Admlty|Ch|Comm|Costs|Fam|IPEC|KB|QB|Pat|SCCO|TCC|Mercantile))?` +
		ws + `+(\d{1,6}(?:[_/]\d{1,6})?)` +
		`(?:` + ws + `?\(?(Admin|Admlty|Ch|Comm|Costs|Fam|IPEC|KB|QB|Pat|SCCO|TCC|Mercantile|AAC|IAC|LC|TC|GRC|PC|HESC|B|T1|T2|T3|COP|Civ|Crim)\.?\)?)?\b`)

	euRE = regexp.MustCompile(`(?:Joined` + ws + `+)?Cases?` + ws + `+([CTE])` + dash + `?` + ws + `?(\d{1,4})/(\d{2})(?:(?:` + ws + `*(?:,|and)` + ws + `*[CTE]` + dash + `?` + ws + `?\d{1,4}/\d{2})*)` +
		`|\bECLI:EU:[CT]:\d{4}:\d+|\bEU:[CT]:\d{4}:\d+|\bOpinion` + ws + `+\d/\d{2}\b`)
	echrRE = regexp.MustCompile(`(?i)\b(?:App(?:lication)?\.?` + ws + `*(?:nos?\.?|numbers?)` + ws + `*\d{1,6}/\d{2}(?:(?:,|and|` + ws + `)+\d{1,6}/\d{2})*)` +
		`|\bECLI:CE:ECHR:[\w.:]+|\bECHR` + ws + `+\d{4}-[IVX]+`)
	usRE = regexp.MustCompile(`\b(\d{1,4})` + ws + `+(U\.` + ws + `?S\.|S\.` + ws + `?Ct\.|L\.` + ws + `?Ed\.(?:` + ws + `?2d)?|F\.` + ws + `?(?:2d|3d|4th)|F\.` + ws + `?Supp\.(?:` + ws + `?[23]d)?|Fed\.` + ws + `?Appx\.)` +
		`(?:` + ws + `*\((\d{1,2})` + ws + `+(Dall\.|Cranch|Wheat\.|Pet\.|How\.|Black|Wall\.)\))?` + ws + `+(\d{1,5}|_{2,})`)
	pageRE = regexp.MustCompile(`^\s*(?:,\s*)?at\s+(?:pp?\.?\s*)?(\d{1,5})([A-H])?(?:\s*` + dash + `\s*\d{0,5}[A-H]?)?`)
)

// reportSeries lists the UK (and European) law report series the scanner
// knows, in canonical spelling; kind is uk_report unless noted.
var reportSeries = []struct{ canonical, kind string }{
	{"AC", ""}, {"QB", ""}, {"KB", ""}, {"Ch", ""}, {"Fam", ""}, {"WLR", ""}, {"WLR (D)", ""}, {"All ER", ""},
	{"All ER (Comm)", ""}, {"All ER (D)", ""}, {"Lloyd's Rep", ""}, {"Lloyd's Rep Med", ""}, {"Lloyd's Rep IR", ""},
	{"Cr App R", ""}, {"Cr App R (S)", ""}, {"FLR", ""}, {"FCR", ""}, {"BCLC", ""}, {"BCC", ""}, {"Bus LR", ""},
	{"Costs LR", ""}, {"HRLR", ""}, {"EMLR", ""}, {"Env LR", ""}, {"FSR", ""}, {"ICR", ""}, {"IRLR", ""},
	{"L&TR", ""}, {"LGR", ""}, {"P&CR", ""}, {"EGLR", ""}, {"PIQR", ""}, {"PNLR", ""}, {"PTSR", ""}, {"RPC", ""},
	{"STC", ""}, {"ACD", ""}, {"UKHRR", ""}, {"Imm AR", ""}, {"INLR", ""}, {"BMLR", ""}, {"Med LR", ""}, {"CLC", ""},
	{"TLR", ""}, {"EG", ""}, {"JPL", ""}, {"PLR", ""}, {"BLR", ""}, {"Con LR", ""}, {"Crim LR", ""}, {"HLR", ""},
	{"ELR", ""}, {"IRLR", ""}, {"Pens LR", ""}, {"SC", ""}, {"SLT", ""}, {"NI", ""}, {"IR", ""}, {"TC", ""},
	{"EHRR", "echr"}, {"ECR", "eu"}, {"CMLR", "eu"}, {"ECR I", "eu"}, {"ECR II", "eu"},
}

var reportAnchored, oldReportRE *regexp.Regexp
var seriesByKey = map[string]struct{ canonical, kind string }{}

// seriesKey reduces a series as written ("W.L.R.", "Lloyd’s Rep.") to a lookup key.
func seriesKey(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r == '&' || r == '(' || r == ')' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func init() {
	var alts []string
	for _, s := range reportSeries {
		seriesByKey[seriesKey(s.canonical)] = s
		var parts []string
		for _, word := range strings.Fields(s.canonical) {
			var p strings.Builder
			for i, r := range word {
				switch {
				case r == '\'':
					p.WriteString(`['’]?`)
				case r == '(' || r == ')':
					p.WriteString(`\` + string(r))
				case r == '&':
					p.WriteString(`&`)
				default:
					p.WriteString(regexp.QuoteMeta(string(r)))
					if i < len(word)-1 && r >= 'A' && r <= 'Z' {
						p.WriteString(`\.?`)
					}
				}
			}
			parts = append(parts, p.String()+`\.?`)
		}
		alts = append(alts, strings.Join(parts, ws+`*`))
	}
	sort.Slice(alts, func(i, j int) bool { return len(alts[i]) > len(alts[j]) }) // longest first
	reportAnchored = regexp.MustCompile(`^([\[(])((?:1[6-9]|20)\d\d)([\])])` + ws + `+(?:(\d{1,3})` + ws + `+)?(` + strings.Join(alts, "|") + `)` + ws + `+((?:I{1,2}-)?\d{1,5})\b`)
	oldReportRE = regexp.MustCompile(`(?:\(((?:1[6-9])\d\d)\)` + ws + `+)?\b(?:LR` + ws + `+(\d{1,3})` + ws + `+(QB|CP|Eq|Exch|PC|HL|Ch` + ws + `+App|AE|PD|CCR|Sc` + ws + `*Div)|(\d{1,3})` + ws + `+(QBD|ChD|CPD|ExD|App` + ws + `+Cas))` + ws + `+(\d{1,5})\b`)
}

// canonical division spellings for neutral citations.
var divisions = map[string]string{}

func init() {
	for _, d := range strings.Split("Civ Crim Admin Admlty Ch Comm Costs Fam IPEC KB QB Pat SCCO TCC Mercantile AAC IAC LC TC GRC PC HESC B T1 T2 T3 COP", " ") {
		divisions[strings.ToLower(d)] = d
	}
}

var courtCase = map[string]string{"ukiptrib": "UKIPTrib", "nich": "NICh", "ewch": "EWHC", "ehwc": "EWHC"}

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

// yearBrackets returns the byte positions where a bracket is followed by a
// year ("[2020]", "(1995", "]2022"), the only places a neutral citation or
// a law report can start.
func yearBrackets(text string) []int {
	var out []int
	for i := 0; i+5 < len(text); i++ {
		c := text[i]
		if c != '[' && c != '(' && c != ']' {
			continue
		}
		j := i + 1
		if text[j] == ' ' {
			j++
		} else if strings.HasPrefix(text[j:], "\u00a0") {
			j += 2
		}
		if j+4 <= len(text) && (text[j] == '1' || text[j] == '2') && isDigit(text[j+1]) && isDigit(text[j+2]) && isDigit(text[j+3]) {
			out = append(out, i)
		}
	}
	return out
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
	}
	var found []span
	add := func(loc []int, c Citation) {
		c.Raw = text[loc[0]:loc[1]]
		found = append(found, span{loc[0], loc[1], c})
	}
	// Neutral citations and law reports start at a bracket and a year:
	// run those patterns anchored at such positions only.
	for _, p := range yearBrackets(text) {
		w := text[p:min(len(text), p+240)]
		if m := ncnAnchored.FindStringSubmatchIndex(w); m != nil {
			shift(m, p)
			if c, ok := ncnCitation(text, m); ok {
				add(m[:2], c)
			}
		}
		m := reportAnchored.FindStringSubmatchIndex(w)
		if m == nil {
			continue
		}
		shift(m, p)
		g := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return text[m[2*i]:m[2*i+1]]
		}
		s, ok := seriesByKey[seriesKey(g(5))]
		if !ok {
			continue
		}
		kind := s.kind
		if kind == "" {
			kind = "uk_report"
		}
		year, _ := strconv.Atoi(g(2))
		canon := g(1) + g(2) + g(3) + " "
		if g(4) != "" {
			canon += strings.TrimLeft(g(4), "0") + " "
		}
		canon += s.canonical + " " + g(6)
		add(m[:2], Citation{Kind: kind, Canonical: canon, Court: s.canonical, Year: year, Malformed: canon != text[m[0]:m[1]]})
	}
	if !strings.Contains(text, "LR") && !containsAny(text, "QBD", "ChD", "CPD", "ExD", "App Cas") {
		goto eu
	}
	for _, m := range oldReportRE.FindAllStringSubmatchIndex(text, -1) {
		raw := text[m[0]:m[1]]
		year := 0
		if m[2] >= 0 {
			year, _ = strconv.Atoi(text[m[2]:m[3]])
		}
		add(m[:2], Citation{Kind: "uk_report", Canonical: strings.Join(strings.Fields(raw), " "), Court: "LR", Year: year})
	}
eu:
	// The remaining patterns need a slash or a reporter abbreviation;
	// most paragraphs have neither, and skip them.
	if strings.Contains(text, "EU:") || strings.Contains(text, "/") && containsAny(text, "Case", "Opinion") {
		for _, m := range euRE.FindAllStringIndex(text, -1) {
			raw := text[m[0]:m[1]]
			add(m, Citation{Kind: "eu", Canonical: strings.Join(strings.Fields(raw), " "), Court: "CJEU"})
		}
	}
	if strings.Contains(text, "ECHR") || strings.Contains(text, "/") && containsAny(text, "App", "app", "APP") {
		for _, m := range echrRE.FindAllStringIndex(text, -1) {
			raw := text[m[0]:m[1]]
			add(m, Citation{Kind: "echr", Canonical: strings.Join(strings.Fields(raw), " "), Court: "ECtHR"})
		}
	}
	if containsAny(text, "U. S.", "U.S.", "S. Ct", "S.Ct", "L. Ed", "L.Ed", "F. 2d", "F.2d", "F. 3d", "F.3d", "F. 4th", "F.4th", "Supp.", "Appx.") {
		for _, m := range usRE.FindAllStringSubmatchIndex(text, -1) {
			raw := text[m[0]:m[1]]
			rep := strings.Join(strings.Fields(strings.ReplaceAll(text[m[4]:m[5]], ". ", ".")), "")
			add(m[:2], Citation{Kind: "us", Canonical: strings.Join(strings.Fields(raw), " "), Court: rep})
		}
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
		if i > 0 && !joins(text[kept[i-1].end:kept[i].start]) {
			group++
		}
		kept[i].c.Group = group
	}
	// Pinpoints: in the window after each group, up to the next citation
	// or the end of the sentence (at most 120 bytes).
	off := newOffsets(text)
	out := make([]Citation, len(kept))
	for i := range kept {
		c := kept[i].c
		c.Start, c.End = off.rune(kept[i].start), off.rune(kept[i].end)
		c.pinStart, c.pinEnd = -1, -1
		out[i] = c
	}
	for i := 0; i < len(kept); {
		j := i
		for j+1 < len(kept) && kept[j+1].c.Group == kept[i].c.Group {
			j++
		}
		winEnd := len(text)
		if j+1 < len(kept) {
			winEnd = kept[j+1].start
		}
		winEnd = min(winEnd, kept[j].end+120)
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

var (
	bracketPinRE = regexp.MustCompile(`^[\s,;:(]*(?:(?:at|see|per` + ws + `+[A-Z][^,\[\]]{0,40}?` + ws + `+at)` + ws + `+)?\[(\d{1,4})\]`)
	nextPinRE    = regexp.MustCompile(`^` + ws + `*(?:(` + dash + `|to)` + ws + `*\[?(\d{1,4})\]?|(?:,|and|&)` + ws + `*\[(\d{1,4})\](?:` + ws + `*(?:` + dash + `|to)` + ws + `*\[?(\d{1,4})\]?)?|` + ws + `*and` + ws + `+\[?(\d{1,4})` + dash + `(\d{1,4})\]?)`)
	paraPinRE    = regexp.MustCompile(`(?i)^[\s,;:(]*(?:(?:at|see|in)` + ws + `+)?(?:paras?|paragraphs?)\.?` + ws + `*(\d{1,4})`)
	nextParaRE   = regexp.MustCompile(`^` + ws + `*(?:(` + dash + `|to)` + ws + `*(\d{1,4})|(?:,|and|&)` + ws + `*(\d{1,4}))`)
	sectionPinRE = regexp.MustCompile(`^[\s,;:(]*(?:at` + ws + `+)?§§?` + ws + `*(\d{1,4})(?:` + ws + `*` + dash + ws + `*(\d{1,4}))?`)
	selfRefRE    = regexp.MustCompile(`^[\s,;:)\]]*(?:above|below|of this judgment)\b`)
)

// maxPinRange is the longest paragraph range expanded into its members; no
// judgment pins more (numbers have at most four digits, so the bound only
// keeps "[1]-[9999]" from making ten thousand pinpoints).
const maxPinRange = 1000

// pinpoints reads the pinpoint at the start of window (after a citation
// group): paragraph numbers with ranges expanded (a range of more than
// maxPinRange paragraphs keeps its two ends), the pin type, and the byte
// span it covers.
func pinpoints(window string) (pins []int, typ string, start, end int) {
	expand := func(from, to int) {
		switch {
		case to < from:
			pins = append(pins, from)
		case to-from > maxPinRange:
			pins = append(pins, from, to)
		default:
			for n := from; n <= to; n++ {
				pins = append(pins, n)
			}
		}
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	// A number followed by ".digit" is a dotted section number (para 2.9): no pinpoint.
	dotted := func(rest string) bool {
		return len(rest) >= 2 && rest[0] == '.' && rest[1] >= '0' && rest[1] <= '9'
	}
	if m := bracketPinRE.FindStringSubmatchIndex(window); m != nil {
		start, end = m[2]-1, m[1]
		last := num(window[m[2]:m[3]])
		pins = append(pins, last)
		for {
			n := nextPinRE.FindStringSubmatchIndex(window[end:])
			if n == nil {
				break
			}
			g := func(i int) string {
				if n[2*i] < 0 {
					return ""
				}
				return window[end+n[2*i] : end+n[2*i+1]]
			}
			switch {
			case g(1) != "": // range to
				pins = pins[:len(pins)-1]
				expand(last, num(g(2)))
			case g(3) != "":
				last = num(g(3))
				if g(4) != "" {
					expand(last, num(g(4)))
				} else {
					pins = append(pins, last)
				}
			case g(5) != "":
				expand(num(g(5)), num(g(6)))
			}
			end += n[1]
		}
		typ = "para"
	} else if m := paraPinRE.FindStringSubmatchIndex(window); m != nil && !dotted(window[m[3]:]) {
		start, end = m[2], m[1]
		for k := m[2] - 1; k >= 0; k-- { // include the word "para"
			if window[k] == 'p' || window[k] == 'P' {
				start = k
				break
			}
		}
		last := num(window[m[2]:m[3]])
		pins = append(pins, last)
		for {
			n := nextParaRE.FindStringSubmatchIndex(window[end:])
			if n == nil || dotted(window[end+n[1]:]) {
				break
			}
			if n[2] >= 0 {
				pins = pins[:len(pins)-1]
				expand(last, num(window[end+n[4]:end+n[5]]))
			} else {
				last = num(window[end+n[6] : end+n[7]])
				pins = append(pins, last)
			}
			end += n[1]
		}
		typ = "para"
	} else if m := sectionPinRE.FindStringSubmatchIndex(window); m != nil {
		start, end = strings.IndexRune(window, '§'), m[1]
		from := num(window[m[2]:m[3]])
		if m[4] >= 0 {
			expand(from, num(window[m[4]:m[5]]))
		} else {
			pins = append(pins, from)
		}
		typ = "section"
	} else if m := pageRE.FindStringSubmatchIndex(window); m != nil {
		return nil, "page", strings.Index(window, "at"), m[1]
	} else {
		return nil, "", 0, 0
	}
	if selfRefRE.MatchString(window[end:]) {
		return nil, "", 0, 0
	}
	return pins, typ, start, end
}

// ncnCitation builds a neutral citation from an ncnRE match.
func ncnCitation(text string, m []int) (Citation, bool) {
	g := func(i int) string {
		if m[2*i] < 0 {
			return ""
		}
		return text[m[2*i]:m[2*i+1]]
	}
	year, _ := strconv.Atoi(g(1))
	court := strings.ToUpper(g(2))
	if c, ok := courtCase[strings.ToLower(g(2))]; ok {
		court = c
	}
	div1 := divisions[strings.ToLower(g(3))]
	div0 := divisions[strings.ToLower(g(4))]
	div2 := divisions[strings.ToLower(g(6))]
	num := strings.TrimLeft(g(5), "0")
	if num == "" {
		num = "0"
	}
	num = strings.ReplaceAll(num, "/", "_")
	if court == "UKET" {
		num = strings.ReplaceAll(num, "_", "/")
	}
	canon := "[" + g(1) + "] "
	code := court
	switch {
	case court == "EWCA":
		if div1 == "" {
			div1 = div2 // "[2022] EWCA 1 (Civ)"
		}
		if div1 != "Civ" && div1 != "Crim" {
			return Citation{}, false
		}
		canon += "EWCA " + div1 + " " + num
		code = "EWCA-" + div1
	case court == "EWHC" && (div2 == "COP" || div0 == "COP"):
		canon += "EWCOP " + num
		code = "EWCOP"
	case court == "EWHC" || court == "UKUT" || court == "UKFTT":
		d := div2
		if d == "" {
			d = div0
		}
		if d == "" {
			return Citation{}, false // "[2022] EWHC 1" alone is not a complete citation
		}
		canon += court + " " + num + " (" + d + ")"
		code = court + "-" + d
	case court == "EWCOP" && (div2 == "T1" || div2 == "T2" || div2 == "T3"),
		court == "EWFC" && div2 == "B":
		canon += court + " " + num + " (" + div2 + ")"
		code = court + "-" + div2
	default:
		canon += court + " " + num
	}
	raw := text[m[0]:m[1]]
	return Citation{Kind: "uk_ncn", Canonical: canon, Court: code, Year: year, Malformed: raw != canon}, true
}

// NormalizeCitation returns the canonical form of the first UK neutral
// citation in text ("[2020] ewca civ 0621" → "[2020] EWCA Civ 621"), or
// ok=false if there is none.
func NormalizeCitation(text string) (string, bool) {
	for _, m := range ncnRE.FindAllStringSubmatchIndex(text, -1) {
		if c, ok := ncnCitation(text, m); ok {
			return c.Canonical, true
		}
	}
	return "", false
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
