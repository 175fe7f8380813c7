package udf

import (
	"regexp"
	"strings"
)

// Syllabus is the result of ExtractSyllabus: the syllabus and opinion
// texts, which rule found the syllabus start and end (so failures can be
// counted by rule), and OK when both were found.
type Syllabus struct {
	Syllabus, Opinion  string
	StartRule, EndRule string
	OK                 bool
}

var (
	// "No. 24–808. Argued November 4, 2025—Decided January 20, 2026"; OCR
	// and fonts lose dashes ("No. 07665. Argued …2008Decided …").
	docketRE      = regexp.MustCompile(`^(?:Nos?\.|No) ?[\d][\d–—\-, ]*[\d][.,]?\s.*\b(?:Argued|Submitted|Reargued|Decided|decided)\b`)
	docketLooseRE = regexp.MustCompile(`^(?:Nos?\.|No) ?\d[\d–—\-, ]*\.?\s*(?:Argued|Submitted|Reargued|Decided)\b`)
	// The vote line of modern syllabi, the opinion heading, and old forms.
	voteRE        = regexp.MustCompile(`^[A-Z][A-Za-z’'.\- ]{1,40}, (?:C\. ?)?J\.?, (?:delivered|announced) the (?:opinion|judgment)`)
	opinionHeadRE = regexp.MustCompile(`(?i)^(?:MR\.? )?(?:CHIEF )?JUSTICE [A-Z’'.\- ]+ delivered the opinion|delivered the opinion of the court\.?$`)
	perCuriamRE   = regexp.MustCompile(`^PER CURIAM\.?$`)
	counselRE     = regexp.MustCompile(`\bargued the cause\b|^Mr\.? [A-Z].{0,60} for (?:the )?(?:plaintiffs?|defendants?|petitioners?|respondents?|appellants?|appellees?)`)
	oldEndRE      = regexp.MustCompile(`^(?:The (?:case|facts) (?:is|are) stated in the opinion|STATEMENT OF THE CASE|THIS (?:was|cause|is) )|^M[Rr]\.? (?:Chief )?Justice\b|^[A-Z]+, Ch\. J\.`)
	volumeFootRE  = regexp.MustCompile(`^VOL\. [IVXL]+\.?$`)
	captionRE     = regexp.MustCompile(`^[^.]{0,120}\b[Vv]\. [A-Z]`)
	oldNoiseRE    = regexp.MustCompile(`^(?:VOL\. [IVXL]+\.?|\d{1,4}\.?|\d{4}\.|CASES IN .{0,20}SUPREME COURT|OF THE UNITED STATES\.?|\([A-Z ]+\.\)|[A-Z]\.?)$`)
	heldRE        = regexp.MustCompile(`(?m)(?:^|[.;:!?"”)]\s*|\s)H\s?[eé]\s?[lI1|i]\s?d\s?[:;.]`)
)

var headRE = regexp.MustCompile(`^(?:\(Slip Opinion\)|\(?ORDER LIST|OCTOBER TERM,? \d{4}|\d+ OCTOBER TERM,? \d{4}|Cite as: \d+ U\. ?S\.|PRELIMINARY PRINT|Page Proof Pending Publication|(?:Syllabus|Opinion of the Court|Statement of the Case|Counsel for Parties|Argument for \w+|Per Curiam|Dissenting Opinion|Concurring Opinion|\w+, J\., (?:concurring|dissenting)[\w ,]*|Opinion of \w+, J\.)\.?$|Job: |\d+US\d? Unit: |\d{1,4}$|\d{1,4} [A-Z][A-Z .,'’&\-]+ v\. [A-Z][A-Z .,'’&\-]*$)`)

// IsRunningHead reports whether a line is a running head, page number or
// printer's job line of a Supreme Court document ("Cite as: 570 U. S.
// ____ (2013)", "2 FISHER v. UNIVERSITY OF TEX. AT AUSTIN", "Syllabus").
func IsRunningHead(line string) bool { return headRE.MatchString(strings.TrimSpace(line)) }

// HasHeld reports whether text contains "Held:" (CaseSumm's "structured"
// syllabi), tolerant of OCR noise: "Held :", "HeId:", "Hel d;".
func HasHeld(text string) bool { return heldRE.MatchString(text) }

// ExtractSyllabus splits the text of one case (lines separated by "\n",
// running heads removed) into its syllabus and its opinion. Start rules:
// "docket" (the syllabus follows "No. … Argued …—Decided …", modern slip
// opinions and bound volumes), "headnote" (19th-century reporters: the
// paragraphs after the caption). End rules: "vote" ("X, J., delivered the
// opinion of the Court…", kept out of the syllabus with what follows),
// "counsel" (bound volumes: "… argued the cause …"), "opinion" ("JUSTICE
// X delivered the opinion of the Court."), "per_curiam", "statement"
// (old: "The case is stated in the opinion", "Mr. Justice …"). The
// disposition ("Reversed and remanded.") stays in the syllabus. A per
// curiam with no syllabus gives OK=false, StartRule "" and EndRule
// "per_curiam", and the whole text as the opinion.
func ExtractSyllabus(text string) Syllabus {
	lines := bodyLines(text)
	start, startRule := syllabusStart(lines)
	// End: the first end marker after the start.
	from := max(start, 0)
	end, endRule := -1, ""
	for i := from; i < len(lines) && end < 0; i++ {
		l := lines[i]
		switch {
		case perCuriamRE.MatchString(l):
			end, endRule = i, "per_curiam"
		case voteRE.MatchString(l):
			end, endRule = i, "vote"
		case counselRE.MatchString(l) && startRule == "docket":
			end, endRule = i, "counsel"
		case opinionHeadRE.MatchString(l):
			end, endRule = i, "opinion"
		case startRule == "headnote" && oldEndRE.MatchString(l):
			end, endRule = i, "statement"
		}
	}
	if start < 0 || end < 0 || end <= start || endRule == "per_curiam" && start >= end-1 {
		if endRule == "per_curiam" && (start < 0 || end-start <= 1) {
			return Syllabus{Opinion: strings.Join(lines[end+1:], "\n"), EndRule: endRule}
		}
		return Syllabus{Opinion: text, StartRule: startRule, EndRule: endRule}
	}
	syl := lines[start:end]
	if startRule == "headnote" {
		// The headnote ends at the page's foot ("VOL. IV."): what follows
		// before the opinion is page furniture and margin notes.
		kept := syl[:0:0]
		for _, l := range syl {
			if volumeFootRE.MatchString(l) {
				break
			}
			if !oldNoiseRE.MatchString(l) {
				kept = append(kept, l)
			}
		}
		syl = kept
	}
	// The opinion starts after its own heading ("JUSTICE X delivered the
	// opinion of the Court."), which follows the vote line and any
	// counsel paragraph; failing that, right after the end marker.
	op := end + 1
	for i := end + 1; i < len(lines); i++ {
		if opinionHeadRE.MatchString(lines[i]) || perCuriamRE.MatchString(lines[i]) {
			op = i + 1
			if op < len(lines) && strings.HasSuffix(lines[i], " the") && strings.HasPrefix(lines[op], "Court") {
				op++ // "… delivered the opinion of the" / "Court."
			}
			break
		}
	}
	if endRule == "opinion" || endRule == "per_curiam" {
		op = end + 1
	}
	return Syllabus{
		Syllabus:  joinLines(syl),
		Opinion:   joinLines(lines[min(op, len(lines)):]),
		StartRule: startRule, EndRule: endRule, OK: true,
	}
}

// bodyLines splits text into trimmed lines without running heads.
func bodyLines(text string) []string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); !IsRunningHead(l) {
			lines = append(lines, l)
		}
	}
	return lines
}

// syllabusStart finds the first line of the syllabus and the rule that
// found it, or -1.
func syllabusStart(lines []string) (int, string) {
	for i, l := range lines {
		if docketRE.MatchString(l) || docketLooseRE.MatchString(l) {
			start := i + 1
			// A continuation of the date line ("…—Decided January 20, 2026")
			if start < len(lines) && !strings.Contains(l, "ecided") && strings.Contains(lines[start], "ecided") {
				start++
			}
			return start, "docket"
		}
	}
	for i, l := range lines {
		if captionRE.MatchString(l) && i+1 < len(lines) && !oldNoiseRE.MatchString(lines[i+1]) && len(lines[i+1]) > 40 {
			return i + 1, "headnote"
		}
	}
	return -1, ""
}

// SyllabusToEnd returns the syllabus of text read from its start to the
// end of text, for callers that know where it ends by other means (page
// geometry), and the rule that found the start; "" when none is found.
func SyllabusToEnd(text string) (syllabus, startRule string) {
	lines := bodyLines(text)
	start, rule := syllabusStart(lines)
	if start < 0 || start >= len(lines) {
		return "", ""
	}
	return joinLines(lines[start:]), rule
}

// joinLines joins lines into running text, undoing line-end hyphenation
// ("en-" + "tered" → "entered"; a soft hyphen too).
func joinLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		if l == "" {
			continue
		}
		s := b.String()
		switch {
		case b.Len() == 0:
		case (strings.HasSuffix(s, "-") || strings.HasSuffix(s, "\u00ad")) && len(l) > 0 && l[0] >= 'a' && l[0] <= 'z' &&
			len(s) >= 2 && s[len(s)-2] != ' ':
			b.Reset()
			b.WriteString(strings.TrimSuffix(strings.TrimSuffix(s, "-"), "\u00ad"))
		default:
			b.WriteByte(' ')
		}
		b.WriteString(l)
	}
	return b.String()
}
