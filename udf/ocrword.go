package udf

import (
	"math/bits"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The structural words of a case in the U.S. Reports: the words the
// boundary rules look for in the caption, the date line, the statement,
// the counsel lines and the opinion heading. OCR misreads them in every
// volume ("dblivered", "JusTcE", "OpHion", "CERTIORAmI", "Deeided",
// "PLAINIFF", "C6urt"), each time differently, so rather than list the
// misreadings the rules see the words corrected: a token within a small
// edit distance of one of these words, and not itself an English word, is
// read as that word.
var ocrWords = []string{
	"delivered", "opinion", "justice", "error", "appeal", "appeals",
	"certiorari", "certificate", "argued", "decided", "submitted", "reargued",
	"plaintiff", "plaintiffs", "defendant", "defendants", "appellant", "appellants",
	"appellee", "appellees", "petitioner", "petitioners", "respondent", "respondents",
	"complainant", "complainants", "curiam", "statement", "court",
	// The court below and the proceeding, as the statement names them
	// ("APPEAL from the Circuit Court …", "Motion to dismiss …", "This
	// cause came on …") and the page headings ("Syllabus.", "Argument for
	// …").
	"circuit", "district", "supreme", "dismiss", "affirm", "cause", "equity", "motion",
	"syllabus", "argument",
	// The statement's "ERROR to" / "APPEAL from the Circuit Court …".
	"from",
	// "Memorandum opinion by direction of the court", "Memorandum for
	// the court by THE CHIEF JUSTICE".
	"memorandum",
}

// theForms: the OCR's readings of "the" in the page headings and the
// opinion heading ("Statement of tbe Case.", "delivered tlie opinion"),
// too short for the edit distance to tell from other words.
var theForms = map[string]bool{"tbe": true, "tlie": true, "thc": true, "tiie": true, "tbc": true, "tne": true, "fhe": true}

// ocrMask holds the set of letters of each of ocrWords: a token that
// lacks more of a word's letters than the edit limit, or holds more
// letters the word lacks, cannot be that word (each such letter costs an
// edit), and is rejected without computing the distance.
var ocrMask = func() []uint32 {
	m := make([]uint32, len(ocrWords))
	for i, w := range ocrWords {
		m[i] = letterMask(w)
	}
	return m
}()

func letterMask[S string | []byte](s S) uint32 {
	var m uint32
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' {
			m |= 1 << (c - 'a')
		}
	}
	return m
}

// ocrKeep: English words (the Debian wamerican list, 2020) and the Latin
// of the reports ("amicus curiae", "sub judice") that lie within the edit
// distance of a structural word: they are read as they are ("appears" is
// not "appeals", "count" is not "court").
var ocrKeep = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`abatement anneals appal appall appalled appalls appals appealed appear
		appears appease appeases appellate appends argue argues auspice betided complaining complaint
		complaints complaisant compliant corespondent corespondents count curt debited decade decades
		decayed deced deceived decibel decide decides decked declined decode decoded decoder decodes
		decoyed decreed decried deeded defending defied defiled defined deiced deliver deliverer
		deliverers deliveries delivers delivery deluded demised denied denuded dependant dependants
		dependent dependents deride derided derides derived descendant descendants desired despondent
		deviled devised divided dominion elided errol injustice juice justify justin justine leagued
		minion onion opining option peals petition petitioned petitions pinion pinions plaintive reared
		rearmed receded recited reorged repeals repellant repellants resided resplendent responded
		responding restatement resubmitted rustic rustics seceded slivered statesmen submitter
		subsisted subtitled terror undecided undelivered curiae judice errors courts opinions justices
		statements appellate decidedly
		biscuit circlet circus destruct dietrich distinct distract distracts distrait distrust
		redistrict restrict strict spree subprime discuss dismays distils case clause pause
		syllabi syllabic syllable syllables armament augment emotion lotion notion potion
		prom memoranda memorandums`) {
		m[w] = true
	}
	return m
}()

// ocrLimit is the edit distance within which a token is read as the
// structural word w: one edit for words of up to six letters, two beyond.
func ocrLimit(w string) int {
	if len(w) >= 7 {
		return 2
	}
	return 1
}

// fixOCR returns l with each token that OCR made out of a structural word
// read as that word, in the token's case (capitals when it has two or
// more: "JusTcE" → "JUSTICE"; a capital first letter: "Opmion" →
// "Opinion"). A structural word in mixed case ("JusTicE") is put in
// capitals. l is returned as it is when nothing changes.
func fixOCR(l string) string {
	var b []byte // nil until the first change
	last := 0    // end of the part of l already copied to b
	for i := 0; i < len(l); {
		for i < len(l) && l[i] == ' ' {
			i++
		}
		j := i
		for j < len(l) && l[j] != ' ' {
			j++
		}
		if w, ok := ocrToken(l[i:j]); ok {
			if b == nil {
				b = make([]byte, 0, len(l)+8)
			}
			b = append(b, l[last:i]...)
			b = append(b, w...)
			last = j
		}
		i = j
	}
	if b == nil {
		return l
	}
	return string(append(b, l[last:]...))
}

// ocrToken returns the corrected form of one whitespace-delimited token
// (its leading and trailing punctuation kept), and whether it changed.
func ocrToken(t string) (string, bool) {
	if theForms[t] {
		return "the", true
	}
	if len(t) < 4 || len(t) > 16 {
		return "", false
	}
	lo, hi := 0, len(t)
	for lo < hi && strings.IndexByte(`.,;:'"()[]*-‘’“”`, t[lo]) >= 0 {
		lo++
	}
	for hi > lo && strings.IndexByte(`.,;:'"()[]*-`, t[hi-1]) >= 0 {
		hi--
	}
	core := t[lo:hi]
	if len(core) < 4 || len(core) > 14 || !utf8.ValidString(core) {
		return "", false
	}
	var low [16]byte
	upper, letters := 0, 0
	for k := 0; k < len(core); k++ {
		c := core[k]
		switch {
		case c >= 'A' && c <= 'Z':
			upper++
			letters++
			c += 'a' - 'A'
		case c >= 'a' && c <= 'z':
			letters++
		case c >= 0x80:
			return "", false
		}
		low[k] = c
	}
	if letters < 3 {
		return "", false // a number, a citation
	}
	lc := low[:len(core)]
	best, bestD := "", 99
	mask := letterMask(lc)
	for wi, w := range ocrWords {
		if string(lc) == w {
			if upper >= 2 && upper < letters && unicode.IsUpper(rune(core[0])) {
				// "JusTicE", "ERRoR": the word in capitals.
				return t[:lo] + strings.ToUpper(w) + t[hi:], true
			}
			return "", false
		}
		lim := ocrLimit(w)
		if d := len(lc) - len(w); d > lim || -d > lim || bits.OnesCount32(ocrMask[wi]&^mask) > lim || bits.OnesCount32(mask&^ocrMask[wi]) > lim {
			continue
		}
		if d := editDistance(lc, w, lim); d <= lim && d < bestD {
			best, bestD = w, d
		}
	}
	if best == "" || ocrKeep[string(lc)] {
		return "", false
	}
	for _, w := range ocrWords {
		if len(lc) > len(w) && string(lc[:len(w)]) == w {
			return "", false // "courtroom", "errorless": the word and more
		}
	}
	switch {
	case upper >= 2:
		best = strings.ToUpper(best)
	case core[0] >= 'A' && core[0] <= 'Z' || core[0] >= '0' && core[0] <= '9' && core[0] != '1':
		best = strings.ToUpper(best[:1]) + best[1:]
	}
	return t[:lo] + best + t[hi:], true
}

// editDistance is the Levenshtein distance of two ASCII strings, or
// limit+1 once it is sure to exceed limit.
func editDistance(a []byte, b string, limit int) int {
	if len(a) > 15 || len(b) > 15 {
		return limit + 1
	}
	var prev, cur [16]int
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			c = min(c, prev[j]+1, cur[j-1]+1)
			cur[j] = c
			rowMin = min(rowMin, c)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev = cur
	}
	return prev[len(b)]
}
