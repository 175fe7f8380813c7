package udf

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// U.S. citations, at the level of Free Law Project's eyecite for the
// federal reporters: full citations ("410 U.S. 113, 120 (1973)") with the
// reporter's canonical name (the spellings come from reporters-db through
// testdata/reporters/gen.py), pin cites, the year and court of the
// parenthetical, parallel citations in one group, short forms ("410 U.S.,
// at 120", kind us_short) and "Id."/"supra" resolved to their antecedent
// (kinds us_id, us_supra).

type usEdition struct {
	start, end int
	court      string
	nominative bool
}

var (
	usReporterRE   *regexp.Regexp
	usByKey        = map[string]string{} // spelling without white space → canonical
	usAmbiguousKey = map[string]bool{}
	usCueRE        *regexp.Regexp
)

// squash removes white space: the key under which a reporter as written is
// looked up ("S. Ct." and "S.Ct." are one reporter).
func squash(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r != ' ' && r != '\t' && r != '\n' && r != '\r' && r != '\u00a0' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func init() {
	var alts []string
	seen := map[string]bool{}
	for v := range usAmbiguous {
		usAmbiguousKey[squash(v)] = true
	}
	for v, canon := range usVariations {
		key := squash(v)
		usByKey[key] = canon
		if seen[key] {
			continue
		}
		seen[key] = true
		// any white space between a reporter's parts, none required after a '.'
		var p strings.Builder
		for i, r := range key {
			p.WriteString(regexp.QuoteMeta(string(r)))
			if r == '’' || r == '\'' {
				continue
			}
			if i < len(key)-1 {
				p.WriteString(`\s*`)
			}
		}
		alts = append(alts, strings.ReplaceAll(p.String(), `'\s*`, `['’]\s*`))
	}
	sort.Slice(alts, func(i, j int) bool {
		if len(alts[i]) != len(alts[j]) {
			return len(alts[i]) > len(alts[j])
		}
		return alts[i] < alts[j]
	})
	usReporterRE = regexp.MustCompile(`\b(\d{1,4})` + ws + `+(` + strings.Join(alts, "|") + `)` +
		`(?:` + ws + `*\((\d{1,2})` + ws + `+(Dall\.|Cranch|Wheat\.|Pet\.|How\.|Black|Wall\.)\))?` +
		`(,?` + ws + `+at` + ws + `+|,?` + ws + `+)(\d{1,5}|_{2,}|-{2,}|—+)\b`)
	usCueRE = regexp.MustCompile(`\b(?:Id|id|Ibid|ibid)\.|\bsupra\b`)
}

// usCite is a U.S. citation with the byte spans the caller needs.
type usCite struct {
	c                Citation
	start, end       int
	pinStart, pinEnd int // -1: none
	joinPrev         bool
	name             string // the case name before a full citation, for supra
}

var (
	usPinRE   = regexp.MustCompile(`^,` + ws + `*(?:at` + ws + `+)?(?:pp?\.` + ws + `*)?(\d{1,5})(?:` + ws + `*` + dash + ws + `*\d{1,5})?(?:` + ws + `*n\.` + ws + `*\d+)?`)
	usParenRE = regexp.MustCompile(`^` + ws + `*\(([^()]{0,80}?)` + ws + `*(1[6-9]\d\d|20\d\d)\)`)
	usIDPinRE = regexp.MustCompile(`^,?` + ws + `*at` + ws + `+(\d{1,5})(?:` + ws + `*` + dash + ws + `*\d{1,5})?`)
	usSupraRE = regexp.MustCompile(`([A-Z][A-Za-z'’&.\-]*),?` + ws + `+$`)
	circuitRE = regexp.MustCompile(`^(1st|2d|2nd|3d|3rd|4th|5th|6th|7th|8th|9th|10th|11th|D\.\s?C\.|Fed\.)\s+Cir\.$`)
	usNameRE  = regexp.MustCompile(`([A-Z][\w.'’&\-]*(?:` + ws + `+(?:[A-Z][\w.'’&\-]*|of|the|and|for|de|ex|rel\.))*)` + ws + `+v\.?` + ws + `+([A-Z][\w.'’&\-]*(?:` + ws + `+(?:[A-Z][\w.'’&\-]*|of|the|and|for|de))*),?` + ws + `*$`)
)

// hasUSCue reports whether text has a number followed by white space and
// a capital U, S, L or F: where every federal reporter citation starts
// ("410 U.S.", "1 S. Ct.", "5 L. Ed.", "12 F.3d").
func hasUSCue(text string) bool {
	for i := 1; i+1 < len(text); i++ {
		if !isDigit(text[i-1]) {
			continue
		}
		w := spaceAt(text, i)
		if w == 0 || i+w >= len(text) {
			continue
		}
		switch text[i+w] {
		case 'U', 'S', 'L', 'F':
			next := text[i+w+1 : min(len(text), i+w+7)] // "U.S.", "S. Ct.", "SCt", "L Ed", "F.3d", "F Supp", "F3d"
			if strings.ContainsAny(next, ".0123456789") || containsAny(next, "Ct", "Ed", "Supp", "App") {
				return true
			}
		}
	}
	return false
}

// usCourt turns a parenthetical's court ("4th Cir.", "D.C. Cir.") into
// eyecite's court id where it is a federal court of appeals, and keeps
// other courts as written.
func usCourt(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	m := circuitRE.FindStringSubmatch(s)
	if m == nil {
		return s
	}
	switch c := strings.ReplaceAll(m[1], " ", ""); c {
	case "D.C.":
		return "cadc"
	case "Fed.":
		return "cafc"
	default:
		n := strings.TrimRight(c, "stndrh")
		return "ca" + n
	}
}

// usCitations finds the U.S. citations of text.
func usCitations(text string) []usCite {
	if !hasUSCue(text) {
		return nil
	}
	ms := usReporterRE.FindAllStringSubmatchIndex(text, -1)
	out := make([]usCite, 0, len(ms))
	for k, m := range ms {
		g := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return text[m[2*i]:m[2*i+1]]
		}
		canon, ok := usByKey[squash(g(2))]
		if !ok || usAmbiguousKey[squash(g(2))] {
			continue // "1 Cranch 1" may be Cranch's District of Columbia reports: dropped, as eyecite does
		}
		vol := strings.TrimLeft(g(1), "0")
		page := g(6)
		if page[0] == '_' || page[0] == '-' || page[0] == 0xE2 {
			page = "___" // a page not yet assigned: "576 U.S. ___", "---- U.S. ----"
		}
		ed := usEditions[canon]
		court := ed.court
		short := strings.Contains(g(5), "at")
		u := usCite{start: m[0], end: m[1], pinStart: -1, pinEnd: -1}
		if short {
			n, _ := strconv.Atoi(page)
			u.c = Citation{Kind: "us_short", Canonical: vol + " " + canon + " at " + page, Court: court, Pinpoints: []int{n}, PinType: "page"}
			u.pinStart, u.pinEnd = m[12], m[13]
		} else {
			c := vol + " " + canon
			if g(4) != "" {
				c += " (" + g(3) + " " + g(4) + ")"
			}
			u.c = Citation{Kind: "us", Canonical: c + " " + page, Court: court}
			// the pin cite: ", 120", ", at 120", ", 347-348" (not the volume of a parallel citation)
			if p := usPinRE.FindStringSubmatchIndex(text[m[1]:]); p != nil {
				next := m[1] + p[2]
				if !(k+1 < len(ms) && ms[k+1][0] == next) {
					n, _ := strconv.Atoi(text[m[1]+p[2] : m[1]+p[3]])
					u.c.Pinpoints, u.c.PinType = []int{n}, "page"
					u.pinStart, u.pinEnd = m[1]+p[2], m[1]+p[1]
				}
			}
			// a parallel citation: only ", " (and the previous pin) between
			if len(out) > 0 && out[len(out)-1].c.Kind == "us" {
				prev := out[len(out)-1]
				between := text[max(prev.end, prev.pinEnd):m[0]]
				if strings.TrimSpace(between) == "," {
					u.joinPrev = true
				}
			}
			if !u.joinPrev {
				from := 0
				if len(out) > 0 {
					from = max(out[len(out)-1].end, out[len(out)-1].pinEnd)
				}
				before := text[max(from, m[0]-160):m[0]]
				if i := strings.LastIndexAny(before, ";:"); i >= 0 {
					before = before[i+1:]
				}
				if nm := usNameRE.FindStringSubmatch(before); nm != nil {
					u.name = nm[1] + " v. " + nm[2]
				}
			}
		}
		out = append(out, u)
	}
	// Year and court from the parenthetical after each group.
	for i := 0; i < len(out); {
		j := i
		for j+1 < len(out) && out[j+1].joinPrev {
			j++
		}
		after := max(out[j].end, out[j].pinEnd)
		if p := usParenRE.FindStringSubmatchIndex(text[after:]); p != nil && out[i].c.Kind == "us" {
			year, _ := strconv.Atoi(text[after+p[4] : after+p[5]])
			court := strings.TrimSpace(text[after+p[2] : after+p[3]])
			for k := i; k <= j; k++ {
				out[k].c.Year = year
				if court != "" {
					out[k].c.Court = usCourt(court)
				}
			}
		}
		i = j + 1
	}
	if len(out) == 0 || !usCueRE.MatchString(text) {
		return out
	}
	// Id. and supra, resolved to the citation they stand for.
	var refs []usCite
	for _, m := range usCueRE.FindAllStringIndex(text, -1) {
		var prev *usCite
		for i := range out {
			if out[i].end <= m[0] {
				prev = &out[i]
			}
		}
		if prev == nil {
			continue
		}
		if text[m[0]] == 's' { // supra: the one earlier full citation whose case name has the word
			nm := usSupraRE.FindStringSubmatchIndex(text[max(0, m[0]-60):m[0]])
			if nm == nil {
				continue
			}
			word := text[max(0, m[0]-60)+nm[2] : max(0, m[0]-60)+nm[3]]
			var ante *usCite
			ambiguous := false
			for i := range out {
				if out[i].end <= m[0] && out[i].c.Kind == "us" && !out[i].joinPrev && strings.Contains(out[i].name, word) {
					if ante != nil && ante.c.Canonical != out[i].c.Canonical {
						ambiguous = true
					}
					ante = &out[i]
				}
			}
			if ante == nil || ambiguous {
				continue
			}
			u := usCite{start: max(0, m[0]-60) + nm[2], end: m[1], pinStart: -1, pinEnd: -1}
			u.c = Citation{Kind: "us_supra", Canonical: ante.c.Canonical, Court: ante.c.Court, Year: ante.c.Year}
			if p := usIDPinRE.FindStringSubmatchIndex(text[m[1]:]); p != nil {
				n, _ := strconv.Atoi(text[m[1]+p[2] : m[1]+p[3]])
				u.c.Pinpoints, u.c.PinType = []int{n}, "page"
				u.pinStart, u.pinEnd = m[1]+p[2], m[1]+p[1]
			}
			refs = append(refs, u)
			continue
		}
		// Id.: the citation just before, unless another kind of authority
		// (a UK citation, a statute) could stand between; the caller drops
		// an Id. that overlaps another citation.
		ante := prev
		for ante.joinPrev {
			ante = &out[indexOf(out, ante)-1]
		}
		canon := ante.c.Canonical
		if ante.c.Kind == "us_short" {
			canon = strings.Replace(canon, " at ", " ", 1) // volume and reporter; the page is the pin
			if full := fullFor(out, ante); full != nil {
				canon = full.c.Canonical
			}
		}
		u := usCite{start: m[0], end: m[1], pinStart: -1, pinEnd: -1}
		u.c = Citation{Kind: "us_id", Canonical: canon, Court: ante.c.Court, Year: ante.c.Year}
		if p := usIDPinRE.FindStringSubmatchIndex(text[m[1]:]); p != nil {
			n, _ := strconv.Atoi(text[m[1]+p[2] : m[1]+p[3]])
			u.c.Pinpoints, u.c.PinType = []int{n}, "page"
			u.pinStart, u.pinEnd = m[1]+p[2], m[1]+p[1]
		}
		refs = append(refs, u)
	}
	out = append(out, refs...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

func indexOf(out []usCite, u *usCite) int {
	for i := range out {
		if &out[i] == u {
			return i
		}
	}
	return 0
}

// fullFor returns the full citation a short form stands for: the latest
// earlier one of the same volume and reporter.
func fullFor(out []usCite, short *usCite) *usCite {
	f := strings.Fields(short.c.Canonical)
	prefix := strings.Join(f[:len(f)-2], " ") + " "
	var found *usCite
	for i := range out {
		if &out[i] == short {
			break
		}
		if out[i].c.Kind == "us" && strings.HasPrefix(out[i].c.Canonical, prefix) {
			found = &out[i]
		}
	}
	return found
}
