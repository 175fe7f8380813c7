package udf

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Syllabus is the result of ExtractSyllabus: the syllabus and opinion
// texts, which rule found the syllabus start and end (so failures can be
// counted by rule), and OK when both were found.
type Syllabus struct {
	Syllabus, Opinion  string
	StartRule, EndRule string
	OK                 bool
}

// The layout of a case in the U.S. Reports and in slip opinions, 1815 to
// today, as the Library of Congress OCR and pdftotext give it:
//
//	[the end of the previous case, when the file starts mid-page]
//	CAPTION v. CAPTION.                      (capitals, "PLAINTIFF IN ERROR" …)
//	ERROR TO / APPEAL FROM / CERTIORARI TO …  (1880s on)
//	No. 265. Argued April 1, 1892.—Decided May 16, 1892.   (1880s on)
//	headnote paragraphs / syllabus            ← what ExtractSyllabus returns
//	the reporter's statement ("THIS was …", "ERROR to …", "THE case is
//	  stated in the opinion.", "CERTIORARI, 309 U. S. 651, to review …")
//	counsel ("Mr. X for plaintiff in error", "X argued the cause …")
//	MR. JUSTICE X delivered the opinion of the court.  / PER CURIAM.
//	the opinion
//	[the head of the next case, when the file ends mid-page]
//
// Modern syllabi end with the lower court's citation and disposition
// ("918 F. 2d 671, affirmed.") and the vote line ("X, J., delivered the
// opinion of the Court, in which …"); fragmented decisions put "JUSTICE X
// delivered the opinion of the Court with respect to Parts I and II,
// concluding that:" inside the syllabus.
var (
	// The docket and date block: "No. 24–808. Argued November 4,
	// 2025—Decided January 20, 2026", "Nos. 219, 224, 225. Argued …",
	// "Submitted April 20, 1885.-Decided May 4, 1885.", "Decided August 5,
	// 1970*"; OCR: "Deided", "Deeided", "-Decided" at the end of the line.
	dateWordRE = regexp.MustCompile(`(?:^|[^A-Za-z])(?:Argued|Submitted|Reargued|D[ec]{1,3}[il]?ded|Decree entered)(?:[^A-Za-z]|$)`)
	monthRE    = regexp.MustCompile(`\b(?:January|February|March|April|May|June|July|August|September|October|November|December)|\b(?:Jan|Feb|Mar|Apr|Aug|Sept?|Oct|Nov|Dec)\b\.?`)
	dockNoRE   = regexp.MustCompile(`^[-–—.*'"]?\s*N[Oo]s?\.?\s*[\dIl]`)
	dateTailRE = regexp.MustCompile(`^(?:[A-Z][a-z]{3,9} )?(?:[A-Z][a-z]+\.? ?)?\d{1,2}[,.;]? ?[12Il][\d.SOoIlTt]{3,5}\.?\*?$`)
	yearRE     = regexp.MustCompile(`\b1[789]\d\d\b|\b20\d\d\b`)

	// Statement openings: "THIS was an appeal", "Tins was", "THE case is
	// stated in the opinion", "THE facts, which involve …", "THE court
	// stated the case as follows", "ERROR to the circuit court",
	// "APPEAL from", "CERTIORARI, 293 U. S. 553, to review", "ANSWER to a
	// question certified", "ON a certificate of division", "IN EQUITY.",
	// "IN error to the supreme court of Louisiana."
	thisWasRE = regexp.MustCompile(`^T[A-Za-z]{1,4}['’"]?\s+(?:was|were)\b|^T[A-Za-z]{1,3} cause (?:came|coming) on\b|^T[A-Za-z]{1,4}['’"]?\s+(?:case|cause|writ|suit|action|libel|bill|appeal|record|motion)s?\b\s*(?:was|is|were|are|came|comes|brings|like|involves|,)|^T[A-Za-z]{1,3} is an? (?:appeal|action|suit|bill|writ|libel|motion|indictment|petition|proceeding)\b`)
	stateRE   = regexp.MustCompile(`^T[A-Z]{1,4}[A-Z]?\.?\s+(?:case|cases|facts)\b|^(?:facts|case|cases)\b[^.]{0,200}\b(?:stated|statement)\b|^(?:facts|cases?), which\b|^T\S{0,3}\s+court stated\b|^T[A-Z]{1,4}$|^T[a-z]{2}\s+(?:facts|case|cases)\b[^.]{0,120}\b(?:is|are) (?:sufficiently |fully )?stated\b`)
	writRE    = regexp.MustCompile(`^[^A-Za-z]{0,3}(?:I |)(?:ERROR|ERoR|E ?R{1,2}OR|[Ee]rror|APPEALS?|Appeals?|CERTI[A-Za-z]*|ANSWER|MOTION|PETITION|A1ppL\S*)\b[ ,.-]*(?:\d|to|from|for|of|and|by|on)\b|^ON (?:a|an|the|appeal|writ|certificate|motion|petition|bill)\b|^I[Nn] EQUITY\b|^IN [Ee]rror (?:to|from)\b|^(?:WRIT|Writ|W RIT)S? of (?:ERROR|[Ee]rror) (?:to|from) the [^.]{0,60}\b(?:[Cc]ourt|COURT)\b[^.]{0,60}\.$|^\*?\s*AP[A-Za-z]{0,6}$`)
	// Counsel: "Mr. Dillon for plaintiff in error", "Messrs. …", "X
	// argued the cause for …", "Reuben G. Lenske for petitioners.",
	// "Appellant pro se."
	counselRE   = regexp.MustCompile(`^M[Rr]\.? [A-Z][a-z]+(?: [A-Z][a-z]+)?,? moved\b|\bargued the cause\b|\breargued the cause\b|\bwas argued by M[Rr]\b|\bpro se\.$|\bno appearance\b|\bfiled (?:a )?briefs? (?:for|as)\b|^(?:[-.\s]*(?:M[Rr]|Messrs|Mrs|Ms|Xr|21r|\.Ab|Mi|M')\.?|The Solicitor General|Solicitor General|Attorney General|Mr)\b.{0,120}\bfor (?:the )?\W?(?:plaintiff|defendant|petitioner|respondent|appellant|appellee|complainant|libell?ant|claimant|United States|motion|the motion|relator|[A-Z][a-z]+\.)`)
	counselName = regexp.MustCompile(`^[A-Z][A-Za-z.'’\-]*(?:,? [A-Z][A-Za-z.'’\-]*){0,7} for [A-Za-z.,'’\- ]{0,40}\b(?:petitioners?|respondents?|appellants?|appellees?|plaintiffs?|defendants?|United States|complainants?|the State|the motion)(?: in (?:error|No\..{0,20}))?\.?$`)
	// The opinion heading and its forms: "MR. JUSTICE X delivered the
	// opinion of the court.", "X, J., delivered the opinion of the Court,
	// in which …", "PER CURIAM.", "Memorandum opinion by direction of the
	// court", "MR. CHIEF JUSTICE FULLER: The same decrees …", "JUSTICE
	// BLACK, Circuit Justice.", "announced the order of the Court", and
	// Wallace's heading of a short ruling, "The CHIEF JUSTICE:" or "Mr.
	// Justice BRADLEY:" alone on its line.
	deliveredRE = regexp.MustCompile(`(?i)` + deliveredFullSrc + `|` + deliveredEndSrc)
	perCuriamRE = regexp.MustCompile(`^PER CURIA\w{0,2}\.?$`)
	memoRE      = regexp.MustCompile(`^[Mm]emorandum (?:opinion|decision|for the court)\b|^(?:M[Rr]|MR)[.:]? (?:CHIEF )?JUSTICE [A-Z][A-Za-z']{2,}: [A-Z]|^M[Rr]\.? (?:Chief |CHIEF )?(?:Justice|JUSTICE) [A-Z]{3,}(?:\.? ?[-—–]+ ?[A-Z]| stated[,:.]?$)|^Circuit Justice\.?$|^(?:The |THE )?CHIEF J[A-Z]{5,8}:$|^M[Rr]\.? (?:Justice|JUSTICE) [A-Z]{3,}:$|^By (?:M[RrNn]|MR)[.,]? (?:CHIEF )?JUSTICE [A-Za-z']{2,}\.?\s*-+\s*[A-Z]`)
	sitRE       = regexp.MustCompile(`(?i)\bjustice\b.{0,40}\b(?:did not sit|did n(?:o|ot)?\b|took no part|not sitting|being of counsel|ha[ v]?ing been of coun)`)
	concludedRE = regexp.MustCompile(`\bconcluding that\b|\bconcluded (?:that|in Parts?)\b`)
	// The lower court's citation and the disposition, last line of a
	// 20th-century headnote: "195 F. 2d 577, affirmed.", "285 Fed. 453
	// affirmed in part and reversed in part.", "Reported below: 299 F. 2d
	// 50."
	dispositionRE = regexp.MustCompile(`(?i)\b(?:affirmed|reversed|vacated|dismissed|remanded|modified|denied)(?: in part)?\.['’",.]{0,2}$`)
	// A precedent of this court that the headnote says is affirmed or
	// followed ("Erskine v. Hohnbach (14 Wallace, 613) affirmed."): the
	// lower court's citation never names the Court's own reports.
	precedentRE = regexp.MustCompile(`\d+ (?:U\. ?S\.|(?:Wall(?:ace)?|How(?:ard)?|Pet(?:ers)?|Wheat(?:on)?|Cranch|Dall(?:as)?|Black|Otto)\b)`)
	// The statement's writ with its word moved below by the OCR
	// ("297 U. S. 701, to review a decree …" / "CERTIORARI,").
	certCiteRE   = regexp.MustCompile(`^\d+ U\. ?S\. \d+,? to (?:review|the)\b`)
	pageRefEndRE = regexp.MustCompile(`\bPp?\.\s*[\d,\s–—\-]+\.?$`)
	// A headnote item ("1.", "(a)", "Held:").
	itemRE = regexp.MustCompile(`^(?:\d{1,2}\.|\([a-z0-9]{1,3}\)|Held\b)`)

	// A caption of the pre-docket reports: "GREENLEAF v. COOK.", "THE
	// UNITED STATES VS. ROBERTSON.", "THOMAS COOKENDORFER, PLAINTIFF IN
	// ERROR, v. ANTHONY PRESTON, DEFENDANT IN ERROR."
	versusRE = regexp.MustCompile(`(?:^|[\s.,'])(?:[vV][.,]|VS\.|vs\.|[aA][gq][aA]\w{1,3}[sS][tT]|AGAINST)(?:\s|$)|^[vV][.,]?$`)
	partyRE  = regexp.MustCompile(`(?i)` + realPartySrc + `|petitioners?\b|respondents?\b|\bet al\b|\bex parte\b|\bin re\b`)
	heldRE   = regexp.MustCompile(`(?m)(?:^|[.;:!?"”)]\s*|\s)H\s?[eé]\s?[lI1|i]\s?d\s?[:;.]`)
)

// Running heads of slip opinions and of the bound volumes as pdftotext
// gives them, the term in the outer corner of Wallace's and Otto's odd
// pages ("Dec. 1863.]", "Oct. 1879.]"), and Peters's and Howard's
// running captions in brackets ("[Lloyd vs. Scott.]").
var headRE = regexp.MustCompile(`^(?:\(Slip Opinion\)|\(?ORDER LIST|OCTOBER TERM,? \d{4}|\d+ OCTOBER TERM,? \d{4}|Cite as: \d+ U\. ?S\.|PRELIMINARY PRINT|Page Proof Pending Publication|(?:Syllabus|Opinion of the Court|Statement of the Case|Counsel for Parties|Argument for \w+|Per Curiam|Dissenting Opinion|Concurring Opinion|\w+, J\., (?:concurring|dissenting)[\w ,]*|Opinion of \w+, J\.)\.?$|Job: |\d+US\d? Unit: |\d{1,4}$|\d{1,4} [A-Z][A-Z .,'’&\-]+ v\. [A-Z][A-Z .,'’&\-]*$|\S{1,4}\. ?1[789][\dO]{2}\.?['’]?\]$|\[[^\[\]]{2,60}[\s.](?:v|vs|V|VS|ft|ts|w|v8s)[.,]\s?[^\[\]]{2,60}[\])]\.?$)`)

// Running heads and page furniture of the OCR'd U.S. Reports, compared
// on letters and digits only so that OCR noise ("OCTOBER TERf, 1891.",
// "Stalement of the Case.", "OpHion of the Court.") still matches; the
// 1880s volumes head the statement's pages "Statement of Facts.", and
// the 1890s a page of counsel "Names of Counsel."; Wallace heads the
// pages of counsel's arguments "Argument for the defendants.",
// "Argument against the jurisdiction.", "Argument in favor of …". The
// outer corner of Wallace's and Otto's even pages reads "[Sup. Ct." (OCR
// "[Sup. at.", "[Slip. Ct.", "[Sup. C", "[[Sup."), not "Supra." or
// "Supply.".
var furnitureRE = regexp.MustCompile(`^(?:(?:january|february|march|april|may|june|july|august|september|october|november|december|tanuarv|ianuary)te\w{0,3}\d{0,5}|syllabus|(?:re)?s\w?a\w?ementofthe?case(?:intheopinion)?|s\w?a\w?ementof(?:facts|fa\wts)|argumentofcounsel|namesofcounsel|opinionofthe?c\w?urt|op\w{0,3}ionofthec\w?urt|counselforparties|arguments?(?:for|against|infavou?rof|insupportof|onbehalfof)\w{0,30}|decree|percuriam|opinioninchambers|decisionspercuriam|ofthe(?:united)?states|supremecourt|casesinthesupremecourt|\d{1,5}|[i\d]\d{0,2}us|vol\w{0,14}|citeas\d+us\d*\d{4}|opinionof\w+c?j|\w+jconcurring\w*|\w+jdissenting\w*|\w{0,12}law|pnir|prize|chancery|equity|admiralty|localla\w|commonla\w|instance|a\d{1,2}|e?s(?:u|li)p(?:[a-z][ctlr]?|[ctlr])?)$`)

// IsRunningHead reports whether a line is a running head, page number or
// printer's job line of a Supreme Court document ("Cite as: 570 U. S.
// ____ (2013)", "2 FISHER v. UNIVERSITY OF TEX. AT AUSTIN", "Syllabus",
// "OCTOBER TERM, 1891.", "Statement of the Case.", "VOL. CXLV—24").
func IsRunningHead(line string) bool {
	line = strings.TrimSpace(line)
	if headRE.MatchString(line) {
		return true
	}
	if len(line) > 60 || perCuriamRE.MatchString(line) {
		return false
	}
	return furnitureRE.MatchString(squashLine(line))
}

// squashLine keeps ASCII letters and digits of s, lower-cased.
func squashLine(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b = append(b, c)
		case c >= 'A' && c <= 'Z':
			b = append(b, c+'a'-'A')
		}
	}
	return string(b)
}

// HasHeld reports whether text contains "Held:" (CaseSumm's "structured"
// syllabi), tolerant of OCR noise: "Held :", "HeId:", "Hel d;".
func HasHeld(text string) bool { return heldRE.MatchString(text) }

// ExtractSyllabus splits the text of one case into its syllabus (the
// reporter's headnote) and its opinion. The text may be a slip opinion, a
// bound-volume case or a Library of Congress per-case OCR file that opens
// with the end of the previous case and closes with the start of the
// next: the syllabus returned is that of the first case whose head is in
// the text.
//
// Start rules: "docket" (the syllabus follows "No. … Argued …—Decided
// …", 1880s to today), "headnote" (earlier reports: the paragraphs after
// the caption). End rules: "statement" (the reporter's statement: "THIS
// was …", "THE case is stated in the opinion", "ERROR to …",
// "CERTIORARI, … to review …"), "disposition" (the lower court's
// citation and disposition, "195 F. 2d 577, affirmed.", followed by the
// statement), "counsel" ("Mr. X for plaintiff in error", "… argued the
// cause …"), "vote" ("X, J., delivered the opinion of the Court, in
// which …"), "opinion" ("MR. JUSTICE X delivered the opinion of the
// court."), "per_curiam", "recusal" ("MR. JUSTICE X did not sit"),
// "type_size" (before 1956: where the headnote's small type gives way to
// the larger type of the statement, when no marker is read there).
// The rules read the lines with OCR's misreadings of the structural words
// corrected ("dblivered", "JusTcE"); the texts returned are as given.
// The disposition stays in the syllabus. A per curiam with no syllabus
// gives OK=false, StartRule "" and EndRule "per_curiam", and the text
// after "PER CURIAM." as the opinion. Time and memory are linear in the
// length of text.
func ExtractSyllabus(text string) Syllabus {
	raw := strings.Split(text, "\n")
	// The rules read lines with OCR's misreadings of the structural words
	// corrected; what is returned is orig, the text as it is.
	orig := make([]string, 0, len(raw))
	lines := make([]string, 0, len(raw))
	pageBreak := -1                    // index in orig of the first line after the first page
	prose := 0                         // lines of text so far
	blank := make([]bool, 0, len(raw)) // blank[k]: a blank line stood before lines[k]
	sawBlank := false
	for i, l := range raw {
		l = strings.TrimSpace(l)
		if l == "" {
			sawBlank = true
			continue
		}
		if isCaptionHead(raw, i) {
			continue
		}
		f := fixOCR(l)
		// A page reference broken over lines ("… of the Act. P." /
		// "525.") keeps its number; other lines of page furniture go.
		if (IsRunningHead(l) || f != l && IsRunningHead(f)) && !(len(orig) > 0 && pageRefOpenRE.MatchString(orig[len(orig)-1]) && pageNumberRE.MatchString(l)) {
			if pageBreak < 0 && prose >= 8 && pageHeadRE.MatchString(squashLine(f)) {
				pageBreak = len(orig) // past the first page's own head and a page of text
			}
			// The running caption beside the even page's corner ("THE
			// STAR OF HOPE. [Sup. Ct."), when the OCR broke it into
			// fragments the caption test does not know ("THE" / "STAR
			// OF" / "HOPE.").
			// When the running caption above them is whole ("DIAL V.
			// RIEYNOLDS." / "DIAL" / "v." / "[Sup. Ot." / "REYNOLDS."),
			// the fragments are the case's own caption, split by the
			// corner, and stay.
			if supCornerRE.MatchString(squashLine(f)) {
				m := 0
				for m < 5 && m < len(lines) && captionFragment(lines[len(lines)-1-m]) && !isCaption(lines[len(lines)-1-m]) {
					m++
				}
				if m < len(lines) && isCaption(lines[len(lines)-1-m]) {
					m = 0
				}
				lines, orig, blank = lines[:len(lines)-m], orig[:len(orig)-m], blank[:len(blank)-m]
			}
			continue
		}
		if len(l) >= 30 {
			prose++
		}
		// A paragraph the OCR ran into the line before ("… claim to be
		// discharged. THE plaintiff …") starts a line of its own.
		// (The rest of the line is corrected once, after the last split:
		// correcting it at each split would take time quadratic in its
		// length.)
		split := false
		for k := runInAt(l, len(lines) > 0 && hasLower(lines[len(lines)-1], 10)); k >= 0; k = runInAt(l, true) {
			orig = append(orig, l[:k-1])
			lines = append(lines, fixOCR(l[:k-1]))
			blank = append(blank, sawBlank)
			sawBlank = false
			l = l[k:]
			split = true
		}
		if split {
			f = fixOCR(l)
		}
		orig = append(orig, l)
		lines = append(lines, f)
		blank = append(blank, sawBlank)
		sawBlank = false
	}
	start, startRule := syllabusStart(lines)
	if start < 0 {
		return Syllabus{Opinion: text}
	}
	// The case a file is named for starts on its first page. A case that
	// begins there as a memorandum in run-in type ("NELSON v. GREEN.
	// Appeals from the Circuit Court …"), with no headnote, is the case;
	// a headnote found past the page is the next case's.
	if pageBreak > 0 && start >= pageBreak {
		for k := 0; k < pageBreak; k++ {
			if memoCaptionRE.MatchString(lines[k] + " " + lines[min(k+1, len(lines)-1)]) {
				return Syllabus{Opinion: joinLines(orig[k:]), StartRule: "memorandum", EndRule: "memorandum"}
			}
		}
	}
	// The same for a case in ordinary type with no headnote: its caption,
	// the statement's one line ("In error to the District Court …") and
	// the opinion's heading come before the headnote found, which is the
	// next case's.
	if k := memoBefore(lines, start); k >= 0 {
		return Syllabus{Opinion: opinionText(lines, orig, k), StartRule: "memorandum", EndRule: "memorandum"}
	}
	if start < len(lines) && (isStatement(lines[start]) && !headnoteLikeStatement(lines, start) || plainStatementRE.MatchString(lines[start]) && !statementFollows(lines, start)) {
		// A decree or order with no headnote ("Petition for writ of
		// certiorari to … denied." in the orders pages).
		return Syllabus{Opinion: joinLines(orig[start:]), StartRule: startRule, EndRule: "statement"}
	}
	smallCaps := smallCapsEra(text, lines, start, startRule)
	end, endRule := syllabusEnd(lines, blank, start, start, smallCaps)
	// An end marker read inside the headnote ("THE rule …" opening one of
	// its paragraphs) is followed by more lines in the headnote's type:
	// the search goes on past it.
	for k := 0; k < 3 && smallCaps && end > start && end < len(lines) && endRule != "per_curiam" && !footnoteAfter(lines, end) && sameType(lines, start, end); k++ {
		e, r := syllabusEnd(lines, blank, start, end+1, smallCaps)
		if e <= end {
			break
		}
		end, endRule = e, r
	}
	if smallCaps && end > start && endRule != "type_size" {
		if d := typeDrop(lines, blank, start, end); d > 0 {
			end, endRule = d, "type_size"
		}
	}
	if end < 0 {
		return Syllabus{Opinion: text, StartRule: startRule}
	}
	if end <= start {
		if endRule == "per_curiam" {
			return Syllabus{Opinion: joinLines(orig[end+1:]), EndRule: endRule}
		}
		return Syllabus{Opinion: text, StartRule: startRule, EndRule: endRule}
	}
	// Margin notes and page furniture the OCR put after the last line of
	// the headnote ("Boyd", "V.", "Graves.", "Mr. Justice", "Court.").
	syl := trimMargin(lines[start:end])
	return Syllabus{
		Syllabus:  joinLines(orig[start : start+len(syl)]),
		Opinion:   opinionText(lines, orig, end),
		StartRule: startRule, EndRule: endRule, OK: true,
	}
}

// memoBefore returns the index of the first caption before start whose
// case has no headnote (the caption, at once the statement, then the
// opinion's heading within a few lines, all before start), else -1. It
// looks for the heading first, which a plain substring test finds cheaply,
// and then back for the statement and the caption.
func memoBefore(lines []string, start int) int {
	for d := 2; d < start; d++ {
		l := lines[d]
		if !strings.Contains(l, "ivered") && !strings.Contains(l, "nnounced") && !strings.HasPrefix(l, "PER CURIA") {
			continue
		}
		if !deliveredAt(lines, d) && !perCuriamRE.MatchString(l) {
			continue
		}
		for j := d - 1; j >= 1 && j >= d-4; j-- {
			if !isStatement(lines[j]) {
				continue
			}
			// The caption's lines right above the statement.
			for k := j - 1; k >= 0 && k >= j-3; k-- {
				if captionAt(lines, k) {
					return k
				}
				if !isCaption(lines[k]) {
					break
				}
			}
		}
	}
	return -1
}

// headnoteLikeStatement reports whether lines[i], which reads like the
// statement's first line in normal case ("This was an action on the case,
// brought by Davis against Garland …"), is the headnote's: the reporter's
// statement, its first word in capitals ("THIS case was brought up …",
// "ERROR to …"), opens a later paragraph before counsel or the opinion.
func headnoteLikeStatement(lines []string, i int) bool {
	return isStatement(lines[i]) && hasLower(firstWord(lines[i]), 1) && statementAhead(lines, i, true)
}

// firstWord returns l's first word without the punctuation around it.
func firstWord(l string) string {
	w, _, _ := strings.Cut(strings.TrimSpace(l), " ")
	return strings.Trim(w, ".,;:'\"‘’“”*")
}

// statementFollows reports whether the statement's own first line
// ("APPEAL from the Circuit Court …", "THIS was …") opens a paragraph
// after lines[start] and before counsel or the opinion: then a first
// line that reads like a statement ("Motion to dismiss an appeal. The
// appellants were …") opens a headnote that summarizes the motion.
func statementFollows(lines []string, start int) bool {
	return statementAhead(lines, start, false)
}

// statementAhead reports whether a statement's first line opens a
// paragraph within 80 lines after lines[i], before counsel or the
// opinion's heading. sameCase asks for more: no caption between (the next
// case's statement is not this one's), and the statement's first word in
// capitals, as the reporter set it ("THIS case …", "ERROR to …").
func statementAhead(lines []string, i int, sameCase bool) bool {
	for j := i + 1; j < len(lines) && j < i+80; j++ {
		l := lines[j]
		if counselRE.MatchString(l) || deliveredAt(lines, j) || perCuriamRE.MatchString(l) || sameCase && captionAt(lines, j) {
			return false
		}
		if !endsSentence(lines[j-1]) || !isStatement(l) {
			continue
		}
		if w := firstWord(l); !sameCase || len(w) >= 3 && !hasLower(w, 1) {
			return true
		}
	}
	return false
}

// footnoteAfter reports whether the headnote's last line, the lower
// court's citation and disposition, is followed by a footnote: the
// footnote is in the headnote's small type, so the type does not show
// that the headnote ended there.
func footnoteAfter(lines []string, end int) bool {
	return end > 0 && dispositionRE.MatchString(lines[end-1]) && footnoteLineRE.MatchString(lines[end])
}

// footnoteLineRE: a footnote's first line, its number then text ("18
// United States v. …"), not a citation of reports ("143 Ohio St. 251").
var footnoteLineRE = regexp.MustCompile(`^\d{1,3}\s+[A-Z][a-z]+\s+[A-Z]`)

// supCornerRE: the outer corner of an even page of Wallace's and Otto's
// reports, "[Sup. Ct." and its OCR forms, letters only.
var supCornerRE = regexp.MustCompile(`^e?s(?:u|li)p(?:[a-z][ctlr]?|[ctlr])?$`)

// captionFragment reports whether l can be a piece of a running caption
// the OCR broke over lines: a few words in capitals with no lower case
// ("STAR OF", "HOPE."), or "v.", and no disposition ("DECREE
// AFFIRMED.").
func captionFragment(l string) bool {
	if l == "v." || l == "V." {
		return true
	}
	return len(l) <= 30 && !hasLower(l, 1) && mostlyUpper(l) && len(strings.Fields(l)) <= 3 && !dispositionRE.MatchString(l)
}

// deliveredAt reports whether lines[i] is the opinion's heading ("MR.
// JUSTICE X delivered the opinion of the court."). A line that only ends
// in "delivered" is the heading when it names a justice or the next line
// goes on with the opinion ("MR. JUSTICE X delivered" / "the opinion of
// the court."); otherwise it is prose ("… having been delivered" / "to
// the claimant on bail").
func deliveredAt(lines []string, i int) bool {
	l := lines[i]
	if !deliveredRE.MatchString(l) {
		return false
	}
	if !deliveredEndRE.MatchString(l) || deliveredFullRE.MatchString(l) || justiceRE.MatchString(l) {
		return true
	}
	if i+1 >= len(lines) || deliveredOnRE.MatchString(lines[i+1]) {
		return true
	}
	// The OCR may scatter the heading's words over short lines around
	// it ("the court." / "of" / "opinion" / "delivered the" / "MR.
	// JUswIc , BREWER,").
	for k := max(0, i-3); k < min(len(lines), i+3); k++ {
		if k != i && len(lines[k]) < 40 && headingWordRE.MatchString(lines[k]) {
			return true
		}
	}
	return false
}

// deliveredRE's two halves: the whole heading ("delivered the opinion",
// OCR "dblivered", "deliverekthe"), and a line that only ends in
// "delivered" (case-sensitive here: "DELIVERED" at a line's end is taken
// as the heading without the look around).
const (
	deliveredFullSrc = `\b(?:d[a-z0-9]{1,2}ivered|deliverekthe|announced)[ .\-]+(?:the[ .\-]*)?(?:opinion|judgment|order)\b|\bde1ivered the|\bdelivered the opi-$`
	deliveredEndSrc  = `\bdelivered(?: the)?$`
)

var (
	deliveredEndRE  = regexp.MustCompile(deliveredEndSrc)
	deliveredFullRE = regexp.MustCompile(`(?i)` + deliveredFullSrc)
	justiceRE       = regexp.MustCompile(`(?i)\bjustice\b|\bchief\b|\b[A-Z]{3,}, (?:C\. )?J\.`)
	headingWordRE   = regexp.MustCompile(`(?i)\bopinion\b|\bcourt\b|\bjustice\b|\bJ[Uu][Ss]\w*`)
	deliveredOnRE   = regexp.MustCompile(`(?i)^[^a-z]{0,3}(?:the\s+)?(?:opinion|judgment|order|op\S{0,3}ion)\b|^(?:of the )?court\b`)
)

// pageRefOpenRE: a line ending in the "P." or "Pp." of a headnote's page
// reference whose number is on the next line; pageNumberRE: that number.
var (
	pageRefOpenRE = regexp.MustCompile(`\bPp?\.$`)
	pageNumberRE  = regexp.MustCompile(`^\d{1,4}(?:[-–]\d{1,4})?\.$`)
)

// trimMargin cuts what follows the last line that ends a sentence of
// text when all of it is short fragments, and the dates of argument the
// early reports print in the margin beside the head of the case ("March
// 12th.", OCR "arch 12t.").
func trimMargin(syl []string) []string {
	for len(syl) > 1 && marginDateRE.MatchString(syl[len(syl)-1]) {
		syl = syl[:len(syl)-1]
	}
	// The page's footnotes, when the page ends with the headnote ("* 3
	// Wheaton, 212."): the footnote lines after its last sentence.
	for k := len(syl) - 1; k > 0 && k >= len(syl)-2; k-- {
		if footMarkRE.MatchString(syl[k]) && endsSentence(syl[k-1]) && !footMarkRE.MatchString(syl[k-1]) {
			syl = syl[:k]
			break
		}
	}
	for k := len(syl) - 1; k > 0; k-- {
		if len(syl[k]) >= 25 {
			return syl
		}
		if textEndRE.MatchString(syl[k-1]) && !isMarginNote(syl[k-1]) || textEndRE.MatchString(syl[k-1]) && len(syl[k-1]) >= 25 {
			if !(textEndRE.MatchString(syl[k]) && !isMarginNote(syl[k])) {
				rest := true
				for _, l := range syl[k:] {
					if !isMarginNote(l) {
						rest = false
					}
				}
				if rest {
					return syl[:k]
				}
			}
		}
	}
	return syl
}

// marginDateRE: a day of the month alone on a line ("March 12th.",
// "Feb. 4th", OCR "arch 12t.", "rareh 11h.", "arc,~ 13th.", "Feb.
// loLh." for "Feb. 10th.").
var marginDateRE = regexp.MustCompile(`^[A-Za-z]{0,6}(?:uary|rch|reh|rc|ril|ay|une|uly|ust|ber|an|eb|ar|pr|ug|ept|ct|ov|ec)[.,~']{0,3} ?(?:\d{1,2}[a-z]{0,2}|[\dlIoO]{2}[tTLl]?[hH])\.?$`)

// textEndRE: a line ending a sentence of text: a word of three or more
// lower-case letters, or a page reference, before the final stop.
var textEndRE = regexp.MustCompile(`(?:\b[a-z]{3,}|\d|\))[.'’"”]*[.:;]['’"”*]*$|^[a-z]{4,}\.$`)

// isMarginNote reports whether l is a margin note or stray fragment
// rather than text: a short word or two, a margin caption ("Boyd v.
// Graves."), "Mr. Justice".
func isMarginNote(l string) bool {
	if shortDispositionRE.MatchString(l) {
		return false
	}
	if len(l) < 25 && (!strings.Contains(l, " ") || mostlyUpper(l) && len(squashLine(l)) >= 4 || strings.HasPrefix(l, "Mr.") || strings.HasPrefix(l, "MR.") ||
		!lowerWordRE.MatchString(l)) {
		return true
	}
	return len(l) < 60 && versusRE.MatchString(l) && !endsSentence(strings.TrimRight(l, ".")+"x")
}

var shortDispositionRE = regexp.MustCompile(`(?i)^(?:(?:reversed|affirmed|vacated|dismissed|judgment|decree|order|certiorari|appeal|writ|reported below)\b|see:|pp?\.\s*\d)`)

var lowerWordRE = regexp.MustCompile(`[a-z]{3,}`)

// citeDispositionRE: the lower court's citation and the disposition, a
// line of its own at the end of a headnote ("52 F. (2d) 349, affirmed.",
// "212 Cal. 148; 298 Pac. 489, reversed.").
var citeDispositionRE = regexp.MustCompile(`^\d{1,3} [A-Z][^a-z]{0,3}[A-Za-z.]*.{0,60}\d+[,;]? (?:affirmed|reversed|vacated|modified|dismissed)(?: in part)?\.['’"]?$`)

// wholeDispositionRE: a disposition standing alone ("Reversed and
// remanded.", "Judgment affirmed.").
var wholeDispositionRE = regexp.MustCompile(`^(?:Reversed|Affirmed|Vacated|Dismissed|Modified)(?: in part)?(?:,? and (?:remanded|modified|reversed in part)(?: in part)?)?\.$`)

// isCaptionHead reports whether raw[i] is a running head that repeats the
// case name ("TEXAS & PACIFIC RAILWAY CO. v. COX."), known by the page
// furniture or page number beside it.
func isCaptionHead(raw []string, i int) bool {
	l := strings.TrimSpace(raw[i])
	// The cheap tests first: most lines are prose and fail them.
	if len(l) > 90 || !mostlyUpper(l) && !capitalWords(l) ||
		!versusRE.MatchString(l) && !strings.Contains(l, "et al") || partyRE.MatchString(l) && !strings.Contains(l, "et al") && !strings.Contains(l, "ET AL") ||
		reportCiteRE.MatchString(l) {
		// (A headnote's last line may cite a case: "Mason v. Sargent,
		// 104 U. S. 689, applied.")
		return false
	}
	// A running head is one line. A title broken after its "v." or a
	// party's first name ("THE LESSEE OF EDWARD LIVINGSTON AND OTHERS V.
	// JOHN" / "MOORE AND OTHERS.") goes on in capitals on the next line.
	if !strings.HasSuffix(l, ".") && !strings.HasSuffix(l, "]") {
		for j := i + 1; j < len(raw) && j <= i+2; j++ {
			if n := strings.TrimSpace(raw[j]); n != "" {
				if len(n) < 60 && mostlyUpper(n) && strings.HasSuffix(n, ".") && !IsRunningHead(n) && !yearRE.MatchString(n) {
					return false
				}
				break
			}
		}
	}
	// A page number or term line just above ("JANUARY TERM, 1846." /
	// "317" / "Cookendorfer v. Preston.").
	above := 0
	for j := i - 1; j >= 0 && j >= i-4; j-- {
		n := strings.TrimSpace(raw[j])
		if n == "" {
			continue
		}
		if q := squashLine(n); len(n) < 30 && (furnitureRE.MatchString(q) && (hasDigit(q) || strings.Contains(q, "term"))) {
			// A page head carries one caption: when the running head
			// ("CHICOPEE BANK V. PHILADELPHIA BANK." / "641") stands
			// above the page number, this line is the case's own title.
			return !captionAbove(raw, j)
		}
		// Only page furniture may stand between: a caption's own first
		// line above means this line continues the caption.
		if above++; above >= 2 || !IsRunningHead(n) {
			break
		}
	}
	near := 0
	for j := i + 1; j < len(raw) && j <= i+4; j++ {
		n := strings.TrimSpace(raw[j])
		if n == "" {
			continue
		}
		if IsRunningHead(n) || yearRE.MatchString(n) && len(n) < 12 {
			return true
		}
		if near++; near >= 2 {
			break
		}
	}
	return false
}

// captionAbove reports whether one of the two lines above raw[j] (blank
// lines aside) is a caption in capitals: a running head over the page
// number at raw[j].
func captionAbove(raw []string, j int) bool {
	seen := 0
	for k := j - 1; k >= 0 && k >= j-5 && seen < 2; k-- {
		n := strings.TrimSpace(raw[k])
		if n == "" {
			continue
		}
		seen++
		if len(n) < 90 && mostlyUpper(n) && versusRE.MatchString(n) {
			return true
		}
	}
	return false
}

// syllabusStart finds the first line of the syllabus and the rule that
// found it, or -1.
func syllabusStart(lines []string) (int, string) {
	for i := range lines {
		if d := dateBlockEnd(lines, i); d >= 0 {
			// The date line may run on ("Submitted November 11," /
			// "1889.-Decided May 25, 1891.", "March 1, 1S9T.").
			for k := 0; k < 2 && d+1 < len(lines) && (dateTailRE.MatchString(lines[d+1]) || dateBlockEnd(lines, d+1) == d+1); k++ {
				d++
			}
			// A line that ends on "Decided" has its date further on, past
			// caption fragments the OCR moved there ("-Decided" / "STATES
			// FOR" / "March 6, 1893.").
			if decidedOpenRE.MatchString(lines[d]) {
				for k := d + 1; k < len(lines) && k <= d+3 && len(lines[k]) < 40; k++ {
					if dateTailRE.MatchString(lines[k]) {
						d = k
						break
					}
					if !mostlyUpper(lines[k]) {
						break
					}
				}
			}
			return d + 1, "docket"
		}
	}
	// Before the 1880s: the caption, then the headnote.
	for i := 0; i < len(lines); i++ {
		if !captionAt(lines, i) {
			continue
		}
		if !mostlyUpper(lines[i]) && (i+1 < len(lines) && startsLower(lines[i+1]) || i > 0 && len(lines[i-1]) >= 40 && hasLower(lines[i-1], 10) && !endsSentence(lines[i-1])) {
			// A sentence running on ("… against Sizer and others, / for
			// the infringement …", "… raised in favor of the Ohio" /
			// "Company against the United States."), not a caption in
			// mixed case.
			continue
		}
		j := i + 1
		running := false // running text of the case before, not a caption block
		// (A party line in normal case under the caption, "The Consul
		// General of Portugal, Libellant.", is part of the caption.)
		for j < len(lines) && (j <= i+8 || j <= i+40 && (mostlyUpper(lines[j]) || len(lines[j]) < 30)) && (!isProse(lines[j]) || isCaption(lines[j])) {
			if isStatement(lines[j]) || deliveredAt(lines, j) || counselRE.MatchString(lines[j]) {
				break
			}
			if splitOpening(lines, j) && !running {
				// The headnote's first word set apart from its line ("A" /
				// "writ of error dismissed where …").
				return j, "headnote"
			}
			if len(lines[j]) >= 30 && startsLower(lines[j]) {
				if !running && partyBlock(lines[i:j]) && lowerProse(lines[j]) {
					// The headnote's first capital lost by the OCR
					// ("inthe treaty by which …") right under a caption
					// that names the parties' roles.
					return j, "headnote"
				}
				running = true
			}
			j++
		}
		if !running && j < len(lines) && (opensHeadnote(lines[j]) || headnoteLikeStatement(lines, j)) {
			return j, "headnote"
		}
	}
	// A caption the OCR scrambled past recognition ("L. FoRGAY AND ELIZA
	// AN", "APPELLANtTS,'O. Fwtncis"), at the top of the case's first
	// page: a block of short fragments, then the headnote.
	// The block may hold a longer line in capitals ("AND JOSEPH JACSON,
	// PL41NTTS IN 'EREbR I&. JOHN"); a block of two or three lines must
	// be in capitals throughout.
	// Fragments of under four letters ("OF", "V.") count for neither.
	k, upper, named := 0, 0, 0
	for k < len(lines) && (len(lines[k]) < 40 || mostlyUpper(lines[k]) && len(lines[k]) < 90) && !isProse(lines[k]) {
		if len(squashLine(lines[k])) >= 4 {
			named++
			if mostlyUpper(lines[k]) {
				upper++
			}
		}
		k++
	}
	if (k >= 4 || named >= 2 && upper == named) && k < len(lines) && opensHeadnote(lines[k]) {
		return k, "headnote"
	}
	if k >= 5 && k < len(lines) && splitOpening(lines, k-1) {
		return k - 1, "headnote"
	}
	return -1, ""
}

// splitOpening reports whether lines[j] is the headnote's first word or
// two set apart from their line ("A" / "writ of error dismissed …", "A
// subpoena" / "in chancery was issued …"): a short line opening as a
// headnote opens, the next a long one in lower case.
func splitOpening(lines []string, j int) bool {
	f := strings.Fields(lines[j])
	if len(f) == 0 || len(f) > 2 || len(lines[j]) >= 20 || j+1 >= len(lines) || len(lines[j+1]) < 30 || !startsLower(lines[j+1]) {
		return false
	}
	switch f[0] {
	case "A", "An", "The", "In", "Where", "When", "If", "Under":
		return true
	}
	return false
}

// captionAt reports whether lines[i] is a caption line of a pre-docket
// case: whole ("GREENLEAF v. COOK."), broken across two lines and judged
// whole ("INSURANCE COMPrT" / "Y V. WOLFF.", or "DAVENPORT CITY" / "v.
// Dows.", the small capitals read as lower case), a "v." alone between two
// lines in capitals ("MCANDREWS" / "v." / "THATCHER."), or broken after
// its "v." ("YEAGER V." / "FARWELL.", its first name in mixed case:
// "Fox v." / "CINCINNATI.").
func captionAt(lines []string, i int) bool {
	l := lines[i]
	if isCaption(l) {
		return true
	}
	upper := func(k int) bool { return k >= 0 && k < len(lines) && mostlyUpper(lines[k]) }
	named := func(k int) bool { return upper(k) && len(squashLine(lines[k])) >= 3 }
	return i > 0 && len(l) < 40 && versusRE.MatchString(l) && (mostlyUpper(l) || capitalWords(l)) && upper(i-1) && len(lines[i-1]) < 80 &&
		!IsRunningHead(lines[i-1]) && isCaption(lines[i-1]+" "+l) ||
		loneVersusRE.MatchString(l) && named(i-1) && named(i+1) ||
		trailingVersusRE.MatchString(l) && (mostlyUpper(l) || capitalWords(l)) && named(i+1)
}

// pageHeadRE: the running heads that open a page of the reports (the
// term, the section of the case), squashed: not the page numbers and
// caption fragments that IsRunningHead also drops.
var pageHeadRE = regexp.MustCompile(`^(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)term\d{4}|supremecourt|syllabus|statementofthecase|opinionofthecourt|argumentfor|counselforparties)`)

// memoCaptionRE: a memorandum case's caption run in with its first
// sentence ("NELSON et al. v. GREEN. NELSON v. GREEN. Appeals from the
// Circuit Court …").
var memoCaptionRE = regexp.MustCompile(`^[A-Z]{2}[A-Za-z.,'& ]{0,60} v\. [A-Z]{2}[A-Za-z.,'& ]{0,60}\. .{0,80}\b(?:Appeals?|Error|Writs? of error|Certiorari|Certificate) (?:from|to) the\b`)

// reportCiteRE: a citation to a volume of reports ("104 U. S. 689", "9
// Wheat. 489"), which no running head holds.
var reportCiteRE = regexp.MustCompile(`\d+ (?:U\. ?S\.|Wall\.|How\.|Pet\.|Wheat\.|Cranch|Dall\.|Black|Fed\.|F\.) ?\d`)

// lowerProse reports whether l is running text in lower case, three
// lower-case letters or more to each capital (not "v. JOHN J. HILL, JOHN
// P. LirscomB", a caption's next line).
func lowerProse(l string) bool {
	up, lo := 0, 0
	for _, r := range l {
		switch {
		case unicode.IsUpper(r):
			up++
		case unicode.IsLower(r):
			lo++
		}
	}
	return lo >= 20 && lo >= 3*up
}

// partyBlock reports whether a caption block names a party's role
// ("APPELLANTS", "PLAINTIFF IN ERROR"), which a running head does not.
func partyBlock(block []string) bool {
	for _, l := range block {
		if len(l) >= 30 && !mostlyUpper(l) {
			return false
		}
		if partyRoleRE.MatchString(l) {
			return true
		}
	}
	return false
}

var partyRoleRE = regexp.MustCompile(`\b(?:APPELLANTS?|APPELLEES?|PLAINTIFFS?|DEFENDANTS?|PETITIONERS?|RESPONDENTS?|COMPLAINANTS?|LIBELL?ANTS?|CLAIMANTS?)\b`)

// opensHeadnote reports whether l can be a headnote's first line: prose,
// not the statement, counsel or the opinion heading.
func opensHeadnote(l string) bool {
	return isProse(l) && !isStatement(l) && !counselRE.MatchString(l) && !deliveredRE.MatchString(l)
}

// dateBlockEnd returns i when lines[i] is the "Argued …—Decided …" line of
// a case's head (with its "No. …" on that line or just before, or a
// caption above), else -1.
func dateBlockEnd(lines []string, i int) int {
	l := lines[i]
	if len(l) > 160 || !dateWordRE.MatchString(l) {
		return -1
	}
	// Beyond its words of procedure, months and numbers, a date line has
	// next to no lower-case text ("Decided on authority of …" is prose).
	rest := dateWordRE.ReplaceAllString(l, " ") // and its OCR forms ("Decded")
	rest = motionRE.ReplaceAllString(rest, " ")
	for _, w := range []string{"Misc", "Original", "original", "and"} {
		rest = strings.ReplaceAll(rest, w, "")
	}
	rest = monthRE.ReplaceAllString(rest, "")
	rest = monthOCRRE.ReplaceAllString(rest, "")  // "Janua:r'16", "Febn ary"
	rest = ordinalRE.ReplaceAllString(rest, "$1") // "17th", "21st"
	lower := 0
	for _, r := range rest {
		if unicode.IsLower(r) {
			lower++
		}
	}
	if lower > 8 {
		return -1
	}
	if !yearRE.MatchString(l) && !(i+1 < len(lines) && dateTailRE.MatchString(lines[i+1])) && !strings.Contains(l, "19.") && !monthRE.MatchString(l) {
		return -1
	}
	if dockNoRE.MatchString(l) || strings.Contains(l, "No.") {
		return i
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if dockNoRE.MatchString(lines[j]) || mostlyUpper(lines[j]) {
			return i
		}
	}
	return -1
}

// motionRE: the procedure a date line may name in lower case ("Motion
// to dismiss or affirm submitted February 20, 1923.—Decided …",
// "Submitted on motion to dismiss …", "Jurisdictional statement
// distributed March 28, 1936.—Decided …").
var motionRE = regexp.MustCompile(`\b(?:[Mm]otions? (?:for leave |to (?:dismiss|affirm|advance|vacate|remand))(?: or (?:to )?(?:dismiss|affirm))?|[Jj]urisdictional [Ss]tatement|distributed|submitted|argued|reargued|on)\b`)

// monthOCRRE: a month name the OCR garbled past monthRE, by its first
// three letters ("Janua:r'16", "Febn ary").
var monthOCRRE = regexp.MustCompile(`\b(?:Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*`)

// decidedOpenRE: a date line whose "Decided" has no date after it.
var decidedOpenRE = regexp.MustCompile(`D[ec]{1,3}[il]?ded\W{0,2}$`)

// ordinalRE: the suffix of an ordinal day ("December 17th, 1883").
var ordinalRE = regexp.MustCompile(`(\d)(?:st|nd|rd|th)\b`)

// smallCapsEra reports whether the case is from before 1950, when the
// reporter's statement opened with a word in capitals ("THE plaintiff
// was indicted …", "GREGORY, a citizen of Illinois, filed …"): the year
// of the date line above start (when the OCR garbled it, the year the
// text gives elsewhere: CaseYear), or a pre-docket headnote.
func smallCapsEra(text string, lines []string, start int, rule string) bool {
	if rule != "docket" {
		return true
	}
	for i := start - 1; i >= 0 && i >= start-3; i-- {
		if ys := yearRE.FindAllString(lines[i], -1); len(ys) > 0 {
			return ys[len(ys)-1] < "1950"
		}
	}
	// A date line whose years the OCR garbled ("Decided May 27, 1SST."):
	// the year the text gives elsewhere, the term of the running head
	// ("OCTOBER TERM, 1886.") among them.
	y := CaseYear(text)
	return y > 0 && y < 1950
}

// normalCaseOpening reports whether l opens with "This case …" or "The
// cause …" in normal case: a headnote's sentence ("This case came before
// the court under an unusual agreement"), where the reporter's statement
// opens with the word in capitals ("THIS case", OCR "Tins", "Tucis").
func normalCaseOpening(l string) bool {
	w, _, _ := strings.Cut(l, " ")
	switch w {
	case "This", "The", "That", "These", "Those", "There", "Then", "Thus", "To", "Two", "Ten", "Three", "Their":
		return !thisWasPlainRE.MatchString(l) && !plainOpening(l)
	}
	return false
}

// plainOpeningRE: the reporter's statement opening in normal case, as
// the OCR reads a first word set in small capitals ("This case was
// brought up from …", "The court stated the case as follows:", "The
// facts, which involve …", "In error to the …", "Stephen W. Carey, a
// citizen of …"): words that name the proceeding, which a headnote does
// not open with. (A headnote may narrate: "The plaintiff was the owner of
// …", "This case came before the court under an unusual agreement …",
// and since 1970 "The respondents were indicted …".)
var plainOpeningRE = regexp.MustCompile(`^T\w{1,3} (?:case|cause|suit|action|appeal|writ|bill|libel|proceeding)s? (?:was|were|is) (?:originally |first )?(?:brought|begun|commenced|instituted|filed)\b` +
	`|^T\w{1,2} court stated the case\b|^T\w{1,2} facts,? which (?:involve|involved|are)\b|^In error (?:to|from) the\b`)

// citizenOpeningRE: "Stephen W. Carey, a citizen of …" (tried only on
// lines that hold ", a citizen of").
var citizenOpeningRE = regexp.MustCompile(`^[A-Z][a-z]+(?: [A-Z]\.)*(?: [A-Z][a-z]+)*, a citizen of\b`)

// plainOpening reports whether l opens the statement in normal case.
func plainOpening(l string) bool {
	if l == "" {
		return false
	}
	if c := l[0]; (c == 'T' || c == 'I') && plainOpeningRE.MatchString(l) {
		return true
	}
	return strings.Contains(l, ", a citizen of") && citizenOpeningRE.MatchString(l)
}

// thisWasPlainRE: statement openings that hold in normal case too ("This
// was an appeal", "This is an action", "This cause came on to be heard").
var thisWasPlainRE = regexp.MustCompile(`^T[A-Za-z]{1,3}\s+(?:was|were)\b|^T[A-Za-z]{1,3} cause (?:came|coming) on\b|^T[A-Za-z]{1,3} is an? (?:appeal|action|suit|bill|writ|libel|motion|indictment|petition|proceeding)\b|^T\w+ (?:case|cases|facts)\b[^.]{0,200}\bstated\b|^T\w{2,3} (?:action|suit|bill|libel|proceeding|petition|information|indictment) (?:was|is) (?:brought|filed|commenced|begun|instituted)\b`)

// capsOpeningRE: a first word in capitals ("THE plaintiff was …", "THE
// Canada Sugar Refining Company …", "GaEGoBY, a citizen of …"), a stop
// the OCR put after it when a lower-case word follows ("LEJ. and Leavit
// brought assumpsit …").
var capsOpeningRE = regexp.MustCompile(`^[A-Z][A-Za-z]*[A-Z][A-Za-z]*(?:,? \S|\. [a-z])`)

// plainStatementRE: the reporter's statement in the 1880s often opens
// by naming the proceeding in normal case ("Motion to dismiss an appeal
// from the Court of Claims.", "Bill in equity to restrain …", "Suit in
// equity …", "Action to recover …", "By a bill filed in the Circuit
// Court …").
var plainStatementRE = regexp.MustCompile(`^(?:Motions? to (?:dismiss|affirm|advance|vacate|remand|docket|strike)|Bill in equity|Suits? in (?:equity|admiralty)|Action (?:at law|of (?:debt|ejectment|assumpsit|trespass|covenant)|to recover)|Petition for (?:a )?(?:writ|mandamus|prohibition|habeas|rehearing)|Libel in admiralty|By (?:a|an|the|his|her|their|its) (?:bill|petition|libel|writ|suit|action|information|indictment)\b)\b`)

// courtOfOriginRE: "to the circuit court for the district of …", "from
// the Supreme Court of the Territory …" opening a line: the statement
// whose first word ("ERROR", "APPEAL") the OCR put elsewhere.
var courtOfOriginRE = regexp.MustCompile(`^(?:to|from) the (?:[Cc]ircuit|[Dd]istrict|[Ss]upreme|[Ss]uperior|[Cc]ounty|[Cc]ourt)\b`)

// loneWritRE: "ERROR", "APPEAL" alone on a line; loneWordRE: any one
// word alone on a line, which in capitals above "to the Circuit Court …"
// is the writ misread.
var (
	loneWritRE = regexp.MustCompile(`^(?:ERROR|APPEALS?|CERTIORARI|CERTIFICATE)\.?$`)
	loneWordRE = regexp.MustCompile(`^[A-Z][A-Za-z1]{3,10}\.?$`)
)

// runInAt returns the offset in l of a paragraph the OCR ran into the
// text before it, or -1: after a stop and a space, a word of two or more
// capitals that goes on in lower case or figures ("THE plaintiff",
// "ERROR to", "CERTIORARI, 287 U. S.", "MR. JUSTICE"), or the
// statement's own opening in any case ("THIs was an action …", "This
// was a writ of error …"), with a sentence of text before it: ten
// letters in lower case on the line, or prose on the line before and
// some on this one ("… prose line" / "January, 1862. APPEAL from …").
func runInAt(l string, prevProse bool) int {
	lower := 0
	for i := 0; i+4 < len(l); i++ {
		c := l[i]
		if c >= 'a' && c <= 'z' {
			lower++
			continue
		}
		if (c != '.' && c != ':' && c != ';') || l[i+1] != ' ' || lower < 10 && !(prevProse && lower > 0) {
			continue
		}
		// (Not after an initial: "Herbert S. Siegal argued the cause".)
		initial := i >= 1 && l[i-1] >= 'A' && l[i-1] <= 'Z' && (i < 2 || l[i-2] == ' ' || l[i-2] == '.')
		// (Nor after the "v." of a caption: "Appellant, v. CARNEAL and
		// others, Respondents.")
		if c == '.' && i >= 1 && l[i-1] == 'v' && (i < 2 || l[i-2] == ' ') {
			continue
		}
		// (The tests read at most 200 bytes on: a line of any length is
		// read in linear time.)
		if r := l[i+2 : min(len(l), i+202)]; !initial && (runInStatementRE.MatchString(r) || runInHeadRE.MatchString(r) || runInCounselRE.MatchString(r) && counselRE.MatchString(r)) {
			return i + 2
		}
		j := i + 2
		for j < len(l) && l[j] >= 'A' && l[j] <= 'Z' {
			j++
		}
		if j-(i+2) < 2 || j+2 >= len(l) {
			continue
		}
		w := l[i+2 : j]
		k := j
		if l[k] == '.' || l[k] == ',' {
			k++
		}
		if k+1 >= len(l) || l[k] != ' ' {
			continue
		}
		n := l[k+1]
		if n >= 'a' && n <= 'z' || n >= '0' && n <= '9' && w == "CERTIORARI" || w == "MR" && strings.HasPrefix(l[k+1:], "JUSTICE") {
			return i + 2
		}
	}
	return -1
}

// runInStatementRE: the reporter's statement opening, in the forms that
// cannot open a sentence of a headnote ("THIs was an action …", "This
// was a writ of error …", "Tnis case was …").
var runInStatementRE = regexp.MustCompile(`^T[A-Za-z]{1,4}['’"]?\s+(?:was|is)\s+(?:an?|the)\s+(?:[a-z]+\s+){0,3}?(?:appeal|action|suit|bill|writ|libel|proceeding|motion|petition|information|indictment|certificate|application)\b|^T[A-Za-z]{1,4}['’"]?\s+(?:case|cause)\s+(?:was|is|came|comes)\s+(?:brought|here|up|argued|submitted|before|heard|on)\b`)

// runInHeadRE: other paragraphs that open after a headnote and never
// within one, in the OCR's forms: the opinion's heading ("STEVENS, J.,
// delivered …", "MR. JUSTICE X delivered …"), the writ and the court
// below ("ERRoR to the …", "CERTiORAI, 294 U. S. 704", "CERTIORARI *
// to review", "IN EowiTY.", "MoTION to dismiss", "A1ppL-and cross
// appeal"), the court below with its first word moved away ("… denied.
// to the Supreme Court of …", a sentence cannot open in lower case) and
// "The case is stated in the opinion".
var runInHeadRE = regexp.MustCompile(`^[A-Z]{3,}(?:, C\.)?, J\., (?:delivered|announced)\b|^(?:MR\.? )?(?:CHIEF )?JUSTICE [A-Z]{3,} delivered\b|^E[A-Za-z ]{1,4}R to the\b|^I[Nn]? [Ee]rror to\b|^IN E[A-Za-z]{3,5}Y\.|^M[Oo][Tt][Ii][Oo][Nn] to (?:dismiss|affirm|advance)\b|^A[1Pp][Pp][A-Za-z]{0,4}[ -](?:from|and cross)\b|^CERTI[A-Za-z]{2,7}[,*]?\s*(?:\d|\*|to\b)|^(?:to|from) the (?:[Cc]ircuit|[Dd]istrict|[Ss]upreme|[Ss]uperior|[Cc]ounty) [Cc]ourt\b|^T\S{1,3} (?:case|facts)\b[^.]{0,80}\b(?:is|are) stated\b`)

// runInCounselRE: counsel's line, names first ("Herbert S. Siegal argued
// the cause for petitioner", "Mr. Bald'in, for the plaintiff in error,
// moved").
var runInCounselRE = regexp.MustCompile(`^(?:M[Rr]\.? )?[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,4},? (?:argued|moved|for (?:the )?\W?(?:petitioner|respondent|appellant|appellee|plaintiff|defendant|United States|complainant|libell?ant))`)

// shortLine reports whether l, at most two thirds of the headnote's
// line width, is the last line of a paragraph.
func shortLine(l string, headWidth int) bool {
	return headWidth > 0 && len(l)*3 < headWidth*2 && !runsOn(l)
}

// runsOn reports whether a sentence plainly goes on after l: a hyphen,
// or a word that cannot end one ("of", "the", "and" …).
func runsOn(l string) bool {
	if strings.HasSuffix(l, "-") {
		return true
	}
	f := strings.Fields(l)
	if len(f) == 0 {
		return false
	}
	switch f[len(f)-1] {
	case "of", "the", "a", "an", "and", "or", "to", "in", "by", "for", "with", "on", "at", "from", "that", "which", "as", "is", "was", "be":
		return true
	}
	return false
}

// dropCapAt reports whether the statement opens at lines[i] with its
// first word, set as a large capital, moved on by the OCR: lines[i] goes
// on in lower case ("was a writ of error …", "& SON being owners …") and
// the word stands alone within the next six lines, a word a statement
// opens with ("THIS was", "ERROR to", "APPEAL from", "BILL in equity")
// or a party's name from the caption above start.
func dropCapAt(lines []string, start, i int) bool {
	l := lines[i]
	if !startsLower(l) && !strings.HasPrefix(l, "& ") {
		return false
	}
	for k := i + 1; k < len(lines) && k <= i+6; k++ {
		if loneCaps(lines[k]) && openingWord(lines, start, lines[k]) {
			return true
		}
	}
	return false
}

// openingWord reports whether the capitals w can open the reporter's
// statement: a word statements open with, or a name in the caption (the
// eight lines above start).
func openingWord(lines []string, start int, w string) bool {
	w = strings.TrimRight(w, ".,:;")
	switch w {
	case "THIS", "THE", "THESE", "ERROR", "APPEAL", "APPEALS", "IN", "ON", "BILL", "CERTIORARI", "CERTIFICATE",
		"MOTION", "PETITION", "SUIT", "ACTION", "LIBEL", "ORIGINAL", "CROSS", "WRIT", "MANDAMUS", "PROHIBITION":
		return true
	}
	for k := max(0, start-8); k < start; k++ {
		for _, f := range strings.FieldsFunc(strings.ToUpper(lines[k]), func(r rune) bool { return r < 'A' || r > 'Z' }) {
			if f == w {
				return true
			}
		}
	}
	return false
}

// lastTextLine returns the last line before i, not before start, that is
// not a footnote ("* See ante, p. 41.", "t 3 Wheat. 212."): a footnote at
// the foot of a page inside the headnote ends in a stop though the
// headnote's sentence runs on over the page.
func lastTextLine(lines []string, start, i int) int {
	k := i - 1
	for k > start && k > i-4 && footnoteRE.MatchString(lines[k]) {
		k-- // a page's footnotes: three lines at most
	}
	return k
}

// footMarkRE: a footnote's mark that no other line opens with (not the
// number of "74 Ct. Cls. 82, reversed.").
var footMarkRE = regexp.MustCompile(`^(?:[*†‡§¶]\s?\S|t [A-Z0-9])`)

// footnoteRE: a footnote's mark opening a line, broader than footMarkRE
// (a superior figure: "1 Stat. at Large, 78."): only for looking back
// past a page's foot, never for cutting a line.
var footnoteRE = regexp.MustCompile(`^(?:[*†‡§¶]|t |\d{1,2} [A-Z])`)

// loneCaps: a word of two or more capitals alone on a line ("ERROR",
// "THIS", "BANGS", "APPEAL."), not a roman numeral.
func loneCaps(l string) bool {
	w := strings.TrimRight(l, ".,:;")
	if len(w) < 2 || len(w) > 16 || romanRE.MatchString(w) {
		return false
	}
	for _, r := range w {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return true
}

var romanRE = regexp.MustCompile(`^[IVXLC]+$`)

// syllabusEnd finds the first end marker after start.
func syllabusEnd(lines []string, blank []bool, start, from int, smallCaps bool) (int, string) {
	headWidth := typeWidth(lines, start, 8, 0)
	headWidth = typeWidth(lines, start, 8, headWidth)
	for i := from; i < len(lines); i++ {
		l := lines[i]
		// A paragraph ends at a stop, or, when the OCR lost the stop ("…
		// claim to be discharged" / "THE plaintiff …"), at a short last
		// line before a capital.
		paraEnd := i > start && (endsSentence(lines[i-1]) || startsUpper(l) && shortLine(lines[i-1], headWidth))
		switch {
		case perCuriamRE.MatchString(l):
			return i, "per_curiam"
		case i > start && isStatement(l) && (paraEnd || !startsLower(l)):
			// ("… to prove the" / "error by clear, unequivocal …" runs on)
			return i, "statement"
		case (paraEnd || i > start && strings.HasSuffix(lines[i-1], ",")) && plainStatementRE.MatchString(l):
			// "Motion to dismiss an appeal …", "Bill in equity to …"; the
			// OCR may read the headnote's last stop as a comma.
			return i, "statement"
		case paraEnd && courtOfOriginRE.MatchString(l):
			return i, "statement" // "ERROR"/"APPEAL" moved away by the OCR
		case i > start && (loneWritRE.MatchString(l) || loneWordRE.MatchString(l) && mostlyUpper(l)) && i+1 < len(lines) && courtOfOriginRE.MatchString(lines[i+1]):
			// (The OCR may misread the lone word: "ERItOR", "APPEAI".)
			return i, "statement"
		case i > start && dropCapAt(lines, start, i) && endsSentence(lines[lastTextLine(lines, start, i)]):
			return i, "drop_capital"
		case (paraEnd || i > start && !runsOn(lines[i-1])) && smallCaps && capsOpeningRE.MatchString(l) && mostlyUpper(strings.Fields(l)[0]) && !mostlyUpper(l) && hasLower(l, 3):
			// A first word in capitals opens a paragraph even when the
			// OCR read the stop before it as a comma or lost it.
			return i, "statement"
		case i > start && sitRE.MatchString(l) && !concludedRE.MatchString(l):
			return i, "recusal"
		case counselRE.MatchString(l) || counselName.MatchString(l) && len(l) < 100 && !strings.HasSuffix(l, ",") || counselOver(lines, i):
			if i > start || strings.Contains(l, "argued the cause") {
				return i, "counsel"
			}
		case memoRE.MatchString(l):
			return i, "opinion"
		case deliveredAt(lines, i) && !concludedRE.MatchString(headingSentence(lines, i)):
			if isVote(l) {
				return i, "vote"
			}
			return i, "opinion"
		}
		if strings.HasPrefix(l, "Reported below") || strings.HasPrefix(l, "See: ") {
			j := i
			for j+1 < len(lines) && j < i+3 && !endsSentence(lines[j]) {
				j++ // "Reported below: Ind. -," / "143 N. E. 2d 91."
			}
			return j + 1, "disposition"
		}
		// A disposition standing alone ("Reversed and remanded.") closes
		// the headnote when a new paragraph follows, or whatever follows
		// when a page reference precedes it ("… District Court. P. 15." /
		// "Reversed.'" / the OCR's "* APi" for "APPEALS").
		if i > start && wholeDispositionRE.MatchString(strings.TrimRight(l, `'"’”`)) &&
			(pageRefEndRE.MatchString(lines[i-1]) || wholeDispositionRE.MatchString(l) && i+1 < len(lines) && startsUpper(lines[i+1]) &&
				!itemRE.MatchString(lines[i+1]) && !concludedRE.MatchString(window(lines, i+1, 3))) {
			return i + 1, "disposition"
		}
		if i+1 == len(lines) && dispositionRE.MatchString(l) && hasDigit(l) {
			return i + 1, "end_of_text"
		}
		if i+1 < len(lines) && i >= start {
			n := lines[i+1]
			// "195 F. 2d 577, affirmed." then the statement paragraph.
			if dispositionRE.MatchString(l) && hasDigit(l+lines[max(i-1, start)]) && !precedentRE.MatchString(l) && (startsUpper(n) || certCiteRE.MatchString(n)) && !itemRE.MatchString(n) &&
				!strings.HasPrefix(n, "Reported below") && !concludedRE.MatchString(window(lines, i+1, 3)) {
				if !deliveredRE.MatchString(n) && !counselRE.MatchString(n) && !counselName.MatchString(n) && !isStatement(n) && !perCuriamRE.MatchString(n) {
					return i + 1, "disposition"
				}
			}
			// The page's footnotes after the last line ("… 143 P. 2d 652,
			// affirmed." / "18 United States v. Carolene Products Co., 304
			// U. S. 144, 153-54;"): a footnote of the case before, set at
			// the foot of the page the headnote ends.
			if footnoteAfter(lines, i+1) && hasDigit(l) && !dispositionRE.MatchString(n) &&
				(i+2 >= len(lines) || !dispositionRE.MatchString(lines[i+2])) {
				return i + 1, "disposition"
			}
			// "… not a technical appeal. P. 45." or the lower court's
			// citation and disposition ("52 F. (2d) 349, affirmed."), then
			// a statement whose first words the OCR moved ("the dismissal
			// by the District Court …" / "APPEAL from a decree sustaining").
			if startsLower(n) {
				if pageRefEndRE.MatchString(l) {
					return i + 1, "statement"
				}
				if citeDispositionRE.MatchString(l) {
					return i + 1, "disposition"
				}
			}
		}
	}
	// No marker: the headnote is set in smaller type than the statement,
	// so the first paragraph whose lines hold markedly fewer characters
	// starts the statement.
	for i := max(start+1, from); i+1 < len(lines) && headWidth > 0; i++ {
		if n := lines[i+1]; endsSentence(lines[i]) && startsUpper(n) && !itemRE.MatchString(n) {
			limit := 85
			if blank[i+1] {
				limit = 90 // a paragraph the OCR set off as a block of its own
			}
			if w := typeWidth(lines, i+1, 8, headWidth); w > 0 && w*100 < headWidth*limit {
				return i + 1, "type_size"
			}
		}
	}
	return -1, ""
}

// typeDrop returns the first paragraph boundary after start and before
// end where the type turns markedly smaller, or -1: the headnote is set
// in smaller type than the statement, the counsel lines' arguments and
// the opinion that follow it (its lines hold about 1.2 to 1.3 times the
// characters in every era before 1956), so a syllabus that runs past that
// point has run past an end marker the OCR hid (90% where a blank line
// sets the paragraph off). Both sides need four full printed lines within
// ten lines of the boundary.
func typeDrop(lines []string, blank []bool, start, end int) int {
	for i := start + 2; i+3 < end; i++ {
		if !endsSentence(lines[i-1]) || !startsUpper(lines[i]) || itemRE.MatchString(lines[i]) {
			continue
		}
		head := lineWidth(lines[max(start, i-10):i])
		if head == 0 {
			continue
		}
		// Where the OCR set the paragraph off as a block of its own (a
		// blank line before it), a smaller drop will do.
		limit := 86
		if blank[i] {
			limit = 90
		}
		if w := lineWidth(lines[i:min(i+10, end)]); w > 0 && w*100 < head*limit && !headType(lines, i, head) {
			return i
		}
	}
	return -1
}

// headType reports whether the paragraph that starts at lines[i] opens
// with a full line in the headnote's type (head characters, 90% or more):
// a headnote's last short paragraph before a narrower statement.
func headType(lines []string, i, head int) bool {
	l := lines[i]
	if i+1 >= len(lines) || endsSentence(l) && !startsLower(lines[i+1]) {
		return false // a one-line paragraph: no full line to measure
	}
	k := max(1, (len(l)+head/2)/head)
	return len(l)/k*100 >= head*90
}

// sameType reports whether the ten lines from end are set in the type of
// the ten lines of the syllabus before it (at least 95% of their width):
// lines after a true end are in larger type (at most 91% of the width on
// the dev set's tuned part).
func sameType(lines []string, start, end int) bool {
	head := lineWidth(lines[max(start, end-10):end])
	after := lineWidth(lines[end:min(end+10, len(lines))])
	return head > 0 && after > 0 && after*100 >= head*95
}

// lineWidth is the median length in characters of the full printed lines
// among ls (a paragraph's last line and fragments aside), a measure of
// the type size; 0 when fewer than four. A line the OCR merged from k
// printed lines counts k times its length divided by k.
func lineWidth(ls []string) int {
	// A paragraph's last line is short of the measure.
	last := func(j int) bool { return j+1 < len(ls) && endsSentence(ls[j]) && startsUpper(ls[j+1]) }
	var u [10]int
	n := 0
	for j, l := range ls {
		if len(l) < 45 || len(l) > 95 || last(j) {
			continue
		}
		if n < len(u) {
			u[n] = len(l)
			n++
		}
	}
	if n < 4 {
		return 0
	}
	slices.Sort(u[:n])
	unit := u[n/2]
	var buf [32]int // callers pass ten lines: no allocation on the hot path
	w := buf[:0]
	for j, l := range ls {
		if len(l) < 25 || last(j) {
			continue
		}
		k := max(1, (len(l)+unit/2)/unit)
		for range k {
			w = append(w, len(l)/k)
		}
	}
	slices.Sort(w)
	return w[len(w)/2]
}

// typeWidth is the median length of the full lines of the paragraph that
// starts at line i (at most n lines, its last line aside), a measure of
// the type size; 0 when fewer than three such lines. With unit > 0, a
// line the OCR merged from k printed lines (about k units long) counts k
// times its length divided by k.
func typeWidth(lines []string, i, n, unit int) int {
	var w []int
	for j, l := range lines[i:min(i+n, len(lines))] {
		if endsSentence(l) && (i+j+1 == len(lines) || !startsLower(lines[i+j+1])) {
			break // the paragraph's last line ("per cent." then "yearly, …" is not)
		}
		k := 1
		if unit > 0 {
			k = max(1, (len(l)+unit/2)/unit)
		}
		for range k {
			w = append(w, len(l)/k)
		}
	}
	if len(w) < 3 {
		return 0
	}
	slices.Sort(w)
	return w[len(w)/2]
}

// opinionText returns the opinion: what follows its heading ("MR. JUSTICE
// X delivered the opinion of the Court.", "PER CURIAM."), or, failing a
// heading, what follows the end of the syllabus.
func opinionText(lines, orig []string, end int) string {
	for i := end; i < len(lines); i++ {
		l := lines[i]
		if t, ok := memoText(l); ok {
			return joinLines(append([]string{memoOrig(orig[i], t)}, orig[i+1:]...))
		}
		if !(perCuriamRE.MatchString(l) || memoRE.MatchString(l) || deliveredAt(lines, i) && !concludedRE.MatchString(headingSentence(lines, i))) {
			continue
		}
		if isVote(l) && i+1 < len(lines) && (i == end || voteTailRE.MatchString(window(lines, i, 3))) {
			continue // the syllabus's vote line; the heading comes after counsel
		}
		// Skip the rest of the heading: its continuation ("the opinion of
		// the court.", "except as to Part II-B."), and name lines the OCR
		// moved after it.
		j := i
		for j+1 < len(lines) && j < i+4 && !headingEnds(lines[j]) && headingGoesOnRE.MatchString(lines[j+1]) {
			j++
		}
		j++
		for j+1 < len(lines) && (strings.Contains(lines[j], "JUSTICE") && !hasLower(lines[j], 12) || len(lines[j]) < 20 && mostlyUpper(lines[j])) {
			j++ // "MR. CHIEF JUSTICE VINSON", "HUGHES"
		}
		// The running title in the margin beside the opinion's first
		// lines ("Leeds" / "The V." / "Marine"), which the OCR put before
		// them.
		for k := j; k < len(lines) && k < j+5 && marginTitle(lines[k]); k++ {
			if k+1 < len(lines) && len(lines[k+1]) >= 30 {
				j = k + 1
				break
			}
		}
		if j < len(lines) {
			if t, ok := memoText(lines[j]); ok {
				// "Memorandum opinion by direction of the court" / "By MR.
				// JUSTICE HUGHES.--These suits …"
				return joinLines(append([]string{memoOrig(orig[j], t)}, orig[j+1:]...))
			}
		}
		return joinLines(orig[min(j, len(lines)):])
	}
	return joinLines(orig[min(end+1, len(lines)):])
}

// marginTitle reports whether l is a fragment of a running title in the
// margin: a short line of one or two words, each capitalised or "v.",
// or punctuation alone.
func marginTitle(l string) bool {
	f := strings.Fields(l)
	if len(l) >= 16 || len(f) > 2 {
		return false
	}
	for _, w := range f {
		w = strings.Trim(w, "'’\",.;:*")
		if w != "" && w != "v" && w != "V" && !unicode.IsUpper([]rune(w)[0]) {
			return false
		}
	}
	return true
}

// memoOrig returns the text after the heading in the line as the OCR gave
// it, orig, when the heading is found there too, else t, the text after
// the heading in the corrected line.
func memoOrig(orig, t string) string {
	if o, ok := memoText(orig); ok {
		return o
	}
	return t
}

// memoText returns the text after a heading run into the opinion's first
// line ("MR. CHIEF JUSTICE FULLER: The …", "By MR. JUSTICE HUGHES.--These
// …").
func memoText(l string) (string, bool) {
	m := memoRE.FindStringIndex(l)
	if m == nil || m[1] < 2 {
		return "", false
	}
	h := strings.TrimRight(l[:m[1]-1], " ") // the heading, up to its ":" or dash
	if !strings.HasSuffix(h, ":") && !strings.HasSuffix(h, "-") && !strings.HasSuffix(h, "—") && !strings.HasSuffix(h, "–") {
		return "", false
	}
	return strings.TrimSpace(l[m[1]-1:]), true
}

// isVote reports whether a "delivered the opinion" line is the vote line
// of a modern syllabus ("STEVENS, J., delivered the opinion of the Court,
// in which …") rather than the opinion's heading.
func isVote(l string) bool {
	return strings.Contains(l, ", J.,") || strings.Contains(l, "C. J.,") || strings.HasPrefix(l, "J., ") || strings.Contains(l, "J.,delivered")
}

func headingEnds(l string) bool {
	// A day of the month the OCR ran in from the margin ("delivered the
	// opinion of Peb. 26w." / "the court.") does not end the heading.
	if f := strings.Fields(l); len(f) > 2 && marginDateRE.MatchString(f[len(f)-2]+" "+f[len(f)-1]) {
		l = strings.Join(f[:len(f)-2], " ")
	}
	l = strings.TrimRight(l, "'’\"”* ")
	// A stray point after the heading's last article ("delivered the
	// opinion of the." / "Court.") does not end it either.
	if strings.HasSuffix(l, " the.") {
		return false
	}
	return strings.HasSuffix(l, ".") || strings.HasSuffix(l, ":") || strings.HasSuffix(l, "follows")
}

// voteTailRE: what a modern syllabus's vote line goes on to say ("…, in
// which BRENNAN, WHITE, … joined.", "… filed a dissenting opinion."). An
// old report's heading whose justice the OCR moved away ("J., delivered
// the opinion of the court." under "STORY," in the margin) says none of it.
var voteTailRE = regexp.MustCompile(`(?i)\bin which\b|\bjoined\b|\bjoin(?:s|ing)?\b|\bfiled\b|\bconcurr|\bdissent|\bunanimous\b|\bParts?\b|\bno part\b|\bwith respect to\b`)

// headingGoesOnRE: a line continuing an opinion heading.
var headingGoesOnRE = regexp.MustCompile(`^(?:[a-z]|Court\b|THE CHIEF JUSTICE|JUSTICE|MR\.? JUSTICE|M[Rr]\.? (?:Chief |CHIEF )?Justice\b|Parts? [IVX])`)

// isStatement reports whether l opens the reporter's statement of the case.
func isStatement(l string) bool {
	l = strings.TrimLeft(l, ":;,.'\"*•‘’“” ") // OCR specks before the first word (":Tms case was …")
	return (thisWasRE.MatchString(l) || stateRE.MatchString(l) || writRE.MatchString(l) && hasLower(l, 3) || plainOpening(l)) && !normalCaseOpening(l)
}

// isCaption reports whether l looks like a pre-docket caption line.
func isCaption(l string) bool {
	if shipCaptionRE.MatchString(l) && !notShipRE.MatchString(l) && len(squashLine(l)) >= 6 {
		return true // an admiralty case in rem: "THE GREAT REPUBLIC."
	}
	if len(l) > 160 || numberTokenRE.MatchString(l) || len(squashLine(l)) < 8 || !(versusRE.MatchString(l) || partyRE.MatchString(l)) {
		return false
	}
	if !versusRE.MatchString(l) {
		// "EDWARD ANDERSON, DEFENDANT.", "The Consul General of Portugal,
		// Libellant."; not counsel's line ("by Mr. White for the
		// defendant.").
		return mostlyUpper(l) || capitalWords(l) && realPartyRE.MatchString(l) && !forPartyRE.MatchString(l)
	}
	// In normal case, a line that plainly runs on ("Catlin v. Trustees
	// of" / "Trinity College, 113 N. Y. 133") is a citation in running
	// text, not a caption.
	return mostlyUpper(l) || capitalWords(l) && !runsOn(l)
}

// shipCaptionRE: the caption of a case in rem, the vessel's name in
// capitals ("THE GREAT REPUBLIC.", "THE TREMOLO PATENT."); notShipRE keeps
// out judgment lines and page furniture in capitals.
var (
	shipCaptionRE = regexp.MustCompile(`^T(?:HE|he) [A-Z][A-Z'&.,\- ]*$`)
	notShipRE     = regexp.MustCompile(`\b(?:JUDGMENT|DECREE|AFFIRMED|REVERSED|DISMISSED|REMANDED|COURT|TERM|CHIEF|JUSTICE|STATES|CASES?|OPINION)\b`)
)

// capitalWords reports whether most words of l (function words aside)
// start with a capital, as in a caption whose capitals the OCR mixed
// ("NEwsom v. PRYOR's Lessee.", "I30YD's Lessee v. GRAVES et at.").
func capitalWords(l string) bool {
	words, capital := 0, 0
	for _, w := range strings.Fields(l) {
		r := []rune(strings.TrimLeft(w, "([\"'“‘.-"))
		if len(r) < 3 || !unicode.IsLetter(r[0]) {
			continue
		}
		switch strings.ToLower(strings.TrimRight(string(r), ".,")) {
		case "the", "and", "for", "al", "at", "et", "vs", "against":
			continue
		}
		words++
		if unicode.IsUpper(r[0]) {
			capital++
		}
	}
	return words > 0 && capital*100 >= words*65
}

// realPartyRE: a party's role in a caption, the OCR's joining of the
// next word allowed ("Defendantsin Error."); forPartyRE: a party named as
// the one counsel appeared for ("by Mr. White for the defendant.").
// partyRE adds the roles of the modern captions.
const realPartySrc = `(?:plaintiffs?|defendants?|appellants?|appellees?|complainants?|libell?ants?|claimants?)(?:in)?\b`

var (
	realPartyRE = regexp.MustCompile(`(?i)` + realPartySrc)
	forPartyRE  = regexp.MustCompile(`(?i)\bfor (?:the )?` + realPartySrc)
)

// loneVersusRE: "v." alone, the caption being on three lines
// ("MCANDREWS" / "v." / "THATCHER.").
var loneVersusRE = regexp.MustCompile(`^(?:[vV][.,]?|vs\.|VS\.)$`)

// trailingVersusRE: a caption broken after its "v." ("YEAGER V." /
// "FARWELL.").
var trailingVersusRE = regexp.MustCompile(`^\S.{1,60}\s[vV]\.$`)

// counselOpenRE: the first words of a counsel line ("Solicitor General
// Rankin, Assistant Attorney General …", "Mr. John C. Gittings and …").
var counselOpenRE = regexp.MustCompile(`^(?:(?:The )?Solicitor General|(?:Assistant )?Attorney General|Messrs\.|Mr\.|Mrs\.|Ms\.) `)

// counselOver reports whether a counsel sentence starts at lines[i] and
// ends on one of the next four lines ("Solicitor General Rankin, … for
// the" / "United States.", "Mr. Bruce Scott, with whom … were on the
// briefs, for appellant in No. 219." over three lines).
func counselOver(lines []string, i int) bool {
	if !counselOpenRE.MatchString(lines[i]) || endsSentence(lines[i]) {
		return false
	}
	for k := i + 1; k < len(lines) && k <= i+4; k++ {
		if endsSentence(lines[k]) {
			return counselRE.MatchString(strings.Join(lines[i:k+1], " ")) && len(lines[k]) < 90
		}
	}
	return false
}

// numberTokenRE: a number standing alone ("2 Dall. 36"), not OCR noise
// inside a word ("I30YD's").
var numberTokenRE = regexp.MustCompile(`(?:^|[\s(])[\d][\d.,:;)]*(?:\s|$)`)

// isProse reports whether l reads as the first line of a headnote
// paragraph: long, mostly lower case, starting with a capital or an item
// number.
func isProse(l string) bool {
	if len(l) < 30 || mostlyUpper(l) {
		return false
	}
	t := strings.TrimLeft(l, ".,'-*‘’ ")
	if t == "" {
		return false
	}
	r := []rune(t)[0]
	return unicode.IsUpper(r) || unicode.IsDigit(r) || r == '(' || r == '"' || r == '“' || misreadNumber(t)
}

// misreadNumber reports whether t opens with a paragraph's number "1." as
// the OCR may read it ("t. On a writ of error …", "i. This court …").
// (A byte test: isProse reads every line.)
func misreadNumber(t string) bool {
	return len(t) >= 4 && (t[0] == 't' || t[0] == 'i' || t[0] == 'l') && t[1] == '.' && t[2] == ' ' && t[3] >= 'A' && t[3] <= 'Z'
}

// mostlyUpper reports whether at least half of the letters of l are
// capitals.
func mostlyUpper(l string) bool {
	up, lo := 0, 0
	for _, r := range l {
		if unicode.IsUpper(r) {
			up++
		} else if unicode.IsLower(r) {
			lo++
		}
	}
	return up > 0 && up >= lo
}

func hasLower(l string, n int) bool {
	for _, r := range l {
		if unicode.IsLower(r) {
			if n--; n <= 0 {
				return true
			}
		}
	}
	return false
}

func endsSentence(l string) bool {
	l = strings.TrimRight(l, "'’\"”*")
	return strings.HasSuffix(l, ".") || strings.HasSuffix(l, ":") || strings.HasSuffix(l, ";")
}

func hasDigit(l string) bool { return strings.IndexAny(l, "0123456789") >= 0 }

func startsUpper(l string) bool {
	for _, r := range l {
		return unicode.IsUpper(r)
	}
	return false
}

func startsLower(l string) bool {
	for _, r := range l {
		return unicode.IsLower(r)
	}
	return false
}

// headingSentence joins lines from i to the first that ends a sentence
// (at most four): the opinion heading or vote paragraph that starts there.
func headingSentence(lines []string, i int) string {
	j := i
	for j < len(lines)-1 && j < i+3 && !endsSentence(lines[j]) {
		j++
	}
	return strings.Join(lines[i:j+1], " ")
}

// window joins lines[i:i+n].
func window(lines []string, i, n int) string {
	return strings.Join(lines[i:min(i+n, len(lines))], " ")
}

// SyllabusToEnd returns the syllabus of text read from its start to the
// end of text, for callers that know where it ends by other means (page
// geometry), and the rule that found the start; "" when none is found.
func SyllabusToEnd(text string) (syllabus, startRule string) {
	var orig, lines []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" && !IsRunningHead(l) {
			orig = append(orig, l)
			lines = append(lines, fixOCR(l))
		}
	}
	start, rule := syllabusStart(lines)
	if start < 0 || start >= len(lines) {
		return "", ""
	}
	return joinLines(orig[start:]), rule
}

// joinLines joins lines into running text, undoing line-end hyphenation
// ("en-" + "tered" → "entered"; a soft hyphen too).
func joinLines(lines []string) string {
	n := 0
	for _, l := range lines {
		n += len(l) + 1
	}
	b := make([]byte, 0, n)
	for _, l := range lines {
		if l == "" {
			continue
		}
		switch k := len(b); {
		case k == 0:
		case l[0] >= 'a' && l[0] <= 'z' && k >= 2 && b[k-1] == '-' && b[k-2] != ' ':
			b = b[:k-1]
		case l[0] >= 'a' && l[0] <= 'z' && k >= 3 && string(b[k-2:]) == "\u00ad" && b[k-3] != ' ':
			b = b[:k-2]
		default:
			b = append(b, ' ')
		}
		b = append(b, l...)
	}
	return string(b)
}

var (
	caseDecidedRE = regexp.MustCompile(`D[ec]{1,3}[il]?ded\W{0,3}(?:January|February|March|April|May|June|July|August|September|October|November|December)\.? ?\d{1,2}[,.]? ?(1[789]\d\d|20\d\d)\b`)
	caseTermRE    = regexp.MustCompile(`(?m)^\W{0,3}[A-Z][A-Za-z]{2,9}\.? TER\w{0,2},? ?(1[789]\d\d|20\d\d)\b|^\W{0,2}(?:Jan|Feb|Mar|Apr|May|Oct|Nov|Dec)[a-z]{0,6}\.? (1[789]\d\d)\.?\W{0,2}$`)
	marginYearRE  = regexp.MustCompile(`(?m)^\W{0,2}(1[78]\d\d)\.?$`)
)

// CaseYear returns the year a case was decided: that of its first
// "Decided Month D, YYYY" (OCR variants "Deided", "Deeided" too), else of
// the term in a running head of the older reports ("JANUARY TERM, 1846."),
// else a year alone on a line (the margin of the early reports: "1817.");
// 0 when the text gives none. Term and margin years are those of the term,
// which can be the year before the decision.
func CaseYear(text string) int {
	for _, re := range []*regexp.Regexp{caseDecidedRE, caseTermRE, marginYearRE} {
		if m := re.FindStringSubmatch(text); m != nil {
			y, d := 0, m[1]
			if d == "" {
				d = m[len(m)-1]
			}
			for _, c := range d {
				y = y*10 + int(c-'0')
			}
			return y
		}
	}
	return 0
}
