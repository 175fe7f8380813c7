package udf

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCaseYear(t *testing.T) {
	for file, want := range map[string]int{
		"015us013_greenleaf-v-cook_loc-ocr.txt":        1817, // margin year
		"017us513_boyds-lessee-v-graves_loc-ocr.txt":   1819,
		"070us774_denton-v-bernal_loc-ocr.txt":         1865,
		"085us657_hershfield-v-griffith_loc-ocr.txt":   1873,
		"115us055_richter-v-union-trust_loc-ocr.txt":   1885, // "Decided May 4, 1885."
		"205us033_kessler-v-treat_loc-ocr.txt":         1907,
		"265us014_chicago-bq-rr-v-osborne_loc-ocr.txt": 1924, // "Decided April\n28, 19.24." → the term line
		"11-345_fisher-v-univ-of-texas_slip.txt":       2013,
	} {
		b, err := os.ReadFile(filepath.Join("../testdata/corpus/scotus-text", file))
		if err != nil {
			t.Fatal(err)
		}
		if got := CaseYear(string(b)); got != want {
			t.Errorf("%s: CaseYear = %d, want %d", file, got, want)
		}
	}
	for in, want := range map[string]int{
		"No. 265. Argued April 1, 1892.- Decided May 16, 1892.":  1892,
		"Argued October 26, 27, 1905.-Deided November 27, 1905.": 1905,
		"DECEMBER TERM, 1852.\n575":                              1852,
		"no year at all, 12 Wheat. 1":                            0,
	} {
		if got := CaseYear(in); got != want {
			t.Errorf("CaseYear(%q) = %d, want %d", in, got, want)
		}
	}
}

// TestExtractSyllabusForms covers the forms of the eras on small texts
// written for the test (the accuracy on real cases is measured in
// loaders.TestSyllabusAccuracyLoC).
func TestExtractSyllabusForms(t *testing.T) {
	for _, c := range []struct{ name, text, first, last, start, end, opinion string }{
		{"1840s caption, headnote, statement, previous case's tail",
			"the decree is affirmed.\nJANUARY TERM, 1846.\n317\nCookendorfer v. Preston.\n" +
				"THOMAS COOKENDORFER, PLAINTIFF IN ERROR, v. ANTHONY PRESTON,\nDEFENDANT IN ERROR.\n" +
				"In an action brought by the indorsee against the indorser of a note, the\nnotary is a competent witness.\n" +
				"THIS case came up, by writ of error, from the Circuit Court.\nMr. Bradley, for the plaintiff in error.\n" +
				"Mr. Justice McLEAN delivered the opinion of the court.\nThe notary was competent.",
			"In an action brought", "a competent witness.", "headnote", "statement", "The notary was competent."},
		{"1890s docket, small-caps statement",
			"GALLIHER v. CADWELL.\nAPPEAL FROM THE SUPREME COURT OF THE TERRITORY OF WASHINGTON.\n" +
				"No. 265. Argued April 1, 1892.- Decided May 16, 1892.\n" +
				"Laches does not, like limitation, grow out of the mere passage of time.\n" +
				"THE plaintiff filed her bill to quiet her title to such property.\n",
			"Laches does not", "passage of time.", "docket", "statement", ""},
		{"1950s disposition, then the procedural paragraph",
			"No. 296. Argued February 2-3, 1953.-Decided March 9, 1953.\n" +
				"Petitioner produces a road-surfacing mixture. Held: covered. Pp. 13-17.\n195 F. 2d 577, affirmed.\n" +
				"The District Court enjoined petitioner. 95 F. Supp. 585. Affirmed, p. 17.\n" +
				"Samuel A. Schreckengaust, Jr. argued the cause for petitioner.\n" +
				"MR. JUSTICE BLACK delivered the opinion of the Court.\nSection 7 (a) of the Act requires overtime.",
			"Petitioner produces", "195 F. 2d 577, affirmed.", "docket", "disposition", "Section 7 (a) of the Act requires overtime."},
		{"fragmented decision: a 'concluding that' paragraph stays in the syllabus",
			"No. 84-1160. Argued December 2, 1985-Decided March 25, 1986\nPetitioner sued the county.\n" +
				"Held: The judgment is reversed.\n746 F. 2d 337, reversed and remanded.\n" +
				"JUSTICE BRENNAN delivered the opinion of the Court with respect to\nParts I and II, concluding that:\n" +
				"1. Municipal liability may rest on a single decision. Pp. 477-481.\n" +
				"BRENNAN, J., delivered the opinion of the Court, in which WHITE, J., joined.\n" +
				"Robert E. Manley argued the cause for petitioner.\n" +
				"JUSTICE BRENNAN delivered the opinion of the Court,\nexcept as to Part II-B.\nIn Monell, the Court concluded otherwise.",
			"Petitioner sued", "single decision. Pp. 477-481.", "docket", "vote", "In Monell, the Court concluded otherwise."},
		{"a decree has no syllabus",
			"NEW JERSEY v. DELAWARE.\nNo. 11, original. Decided February 5, 1934 (291 U. S. 361).Decree entered June 3, 1935.\n" +
				"DECREE.\nThis cause came on to be heard upon the pleadings.\n",
			"", "", "docket", "statement", "This cause came on to be heard upon the pleadings."},
	} {
		s := ExtractSyllabus(c.text)
		if s.StartRule != c.start || s.EndRule != c.end || c.first != "" && (!strings.HasPrefix(s.Syllabus, c.first) || !strings.HasSuffix(s.Syllabus, c.last)) ||
			c.first == "" && s.OK || c.opinion != "" && s.Opinion != c.opinion {
			t.Errorf("%s: %s/%s ok=%v\nsyllabus %q\nopinion %q", c.name, s.StartRule, s.EndRule, s.OK, s.Syllabus, s.Opinion)
		}
	}
}

// noise returns n bytes of text-like noise built from the words, line
// breaks and markers a case holds, so that every rule is exercised.
func noise(n int, seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 1))
	words := []string{"No. 12.", "Argued", "Decided", "May 1, 1892.", "v.", "V.", "THE", "This", "was", "Mr.", "for", "plaintiff",
		"in", "error", "delivered", "the", "opinion", "JUSTICE", "PER CURIAM.", "affirmed.", "Pp. 2-3.", "Reported below:",
		"concluding that:", "DECEMBER TERM, 1852.", "-", "ERROR", "to", "from the Circuit Court", "Held:", "1.", "(a)", "x", "Syllabus"}
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[r.IntN(len(words))])
		if r.IntN(7) == 0 {
			b.WriteString("-\n")
		} else if r.IntN(5) == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// TestExtractSyllabusNoiseBounded runs ExtractSyllabus on 10 MB of noise:
// no panic, and time proportional to the input (each rule looks at a
// bounded window of lines), so a generous bound holds on a loaded
// machine. The benchmarks measure the speed.
func TestExtractSyllabusNoiseBounded(t *testing.T) {
	for _, in := range []string{noise(10<<20, 1), strings.Repeat("v.\n", 3<<20), strings.Repeat("No. 1. Argued May 1, 1892.\n", 400000),
		strings.Repeat("a-\n", 3<<20), strings.Repeat("THE x y.\n", 1<<20),
		// One line of run-in paragraphs: every split point is tested on a
		// bounded prefix.
		strings.Repeat("the court held so. Mr Smith argued the cause for the plaintiff. x. ", 1<<16)} {
		t0 := time.Now()
		ExtractSyllabus(in)
		if d := time.Since(t0); d > 30*time.Second {
			t.Errorf("%d bytes took %v", len(in), d)
		}
	}
}

func BenchmarkExtractSyllabusNoise(b *testing.B) {
	in := noise(1<<20, 2)
	b.SetBytes(int64(len(in)))
	for b.Loop() {
		ExtractSyllabus(in)
	}
}

func BenchmarkExtractSyllabusLoC(b *testing.B) {
	files, _ := filepath.Glob("../testdata/syllabus/loc/*.txt")
	var texts []string
	n := 0
	for _, f := range files {
		t, _ := os.ReadFile(f)
		texts = append(texts, string(t))
		n += len(t)
	}
	b.SetBytes(int64(n))
	for b.Loop() {
		for _, t := range texts {
			ExtractSyllabus(t)
		}
	}
}

func FuzzExtractSyllabus(f *testing.F) {
	for _, s := range []string{"", "v.\n", "No. 1. Argued May 1, 1892.—Decided May 2, 1892.\nText.\nPER CURIAM.\n", noise(2000, 3)} {
		f.Add(s)
	}
	files, _ := filepath.Glob("../testdata/corpus/scotus-text/*.txt")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && len(b) < 12000 {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, in string) {
		s := ExtractSyllabus(in)
		if s.OK && s.Syllabus == "" {
			t.Errorf("OK with an empty syllabus")
		}
		CaseYear(in)
	})
}

// TestIsRunningHeadCorners: the outer-corner heads of the old reports are
// page furniture in their OCR forms; words that only start like them are
// not.
func TestIsRunningHeadCorners(t *testing.T) {
	for l, want := range map[string]bool{
		"[Sup. Ct.": true, "[Sup. at.": true, "[Slip. Ct.": true, "[Sup. C": true, "[[Sup.": true,
		"Dec. 1863.]": true, "Oct. 1879.]": true, "[Lloyd vs. Scott.]": true,
		"Supra.": false, "Supply.": false, "[June 24, 2013]": false, "January, 1862.": false,
	} {
		if got := IsRunningHead(l); got != want {
			t.Errorf("IsRunningHead(%q) = %v, want %v", l, got, want)
		}
	}
}

// TestTypeDrop: Denton v. Bernal (1865), a bundled LoC case whose
// statement opens "APPEAL" / "from a decree …" over two lines, which no
// statement pattern reads: the headnote's type (about 69 characters a
// line) gives way to the statement's (about 55), and the syllabus ends
// there instead of running on to the opinion.
func TestTypeDrop(t *testing.T) {
	b, err := os.ReadFile("../testdata/corpus/scotus-text/070us774_denton-v-bernal_loc-ocr.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := ExtractSyllabus(string(b))
	if !s.OK || s.EndRule != "type_size" || !strings.HasSuffix(s.Syllabus, "court will not disturb it.") {
		t.Errorf("got %s/%s %v, syllabus ending %q", s.StartRule, s.EndRule, s.OK, s.Syllabus[max(0, len(s.Syllabus)-40):])
	}
	// A line the OCR merged from two printed lines counts as two.
	full := strings.Repeat("x", 69)
	if w := lineWidth([]string{full, full, full + " " + full, full, full}); w != 69 {
		t.Errorf("lineWidth = %d, want 69", w)
	}
	if w := lineWidth([]string{full, full, full}); w != 0 {
		t.Errorf("lineWidth of three lines = %d, want 0", w)
	}
}
