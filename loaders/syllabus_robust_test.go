package loaders_test

import (
	"bufio"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

// locCase is one labelled case of the Library of Congress development set.
type locCase struct {
	file, era, has, first, last, op string
	text                            string
	tuned                           bool
}

func readLoC(t *testing.T) []locCase {
	t.Helper()
	f, err := os.Open("../testdata/syllabus/loc.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cs []locCase
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		col := strings.Split(sc.Text(), "\t")
		b, err := os.ReadFile(filepath.Join("../testdata/syllabus", col[0]))
		if err != nil {
			t.Fatal(err)
		}
		h := sha256.Sum256(b)
		cs = append(cs, locCase{file: col[0], era: col[2], has: col[3], first: col[4], last: col[5], op: col[6],
			text: string(b), tuned: h[0]>>4 < 8})
	}
	return cs
}

// span returns the lines on which the labelled headnote starts and ends,
// or ok = false when the label cannot be placed.
func span(lines []string, first, last string) (a, b int, ok bool) {
	var all strings.Builder
	ends := make([]int, len(lines)) // squashed offset just past each line
	for i, l := range lines {
		all.WriteString(squash(l))
		ends[i] = all.Len()
	}
	s := all.String()
	i := strings.Index(s, squash(first))
	if i < 0 {
		return 0, 0, false
	}
	j := strings.Index(s[i:], squash(last))
	if j < 0 {
		return 0, 0, false
	}
	end := i + j + len(squash(last))
	a, b = -1, -1
	for k, e := range ends {
		if a < 0 && e > i {
			a = k
		}
		if b < 0 && e >= end {
			b = k
		}
	}
	return a, b, a >= 0 && b >= a
}

// nextText returns the first line after b that is not blank (the
// statement's first line when b is the headnote's last), or -1.
func nextText(lines []string, b int) int {
	for s := b + 1; s < len(lines); s++ {
		if strings.TrimSpace(lines[s]) != "" {
			return s
		}
	}
	return -1
}

// The OCR faults seen in the Library of Congress text, applied to a case
// around its labelled headnote (lines a..b) without touching the
// labelled words: the headnote must come out the same.
var perturbations = []struct {
	name  string
	floor float64 // below what lexduck keeps today (new cases move the share): one to two points for most, five to seven for "drop capital displaced" and "headnote run into the statement"; the test fails below it
	f     func(lines []string, a, b int) []string
}{
	// Some volumes' OCR has no blank lines at all.
	{"no blank lines", 0.99, func(lines []string, a, b int) []string {
		var out []string
		for _, l := range lines {
			if strings.TrimSpace(l) != "" {
				out = append(out, l)
			}
		}
		return out
	}},
	// A page ends inside the headnote: footnote, running head, page
	// heading, then the headnote goes on.
	{"page break in headnote", 0.96, func(lines []string, a, b int) []string {
		if b-a < 2 {
			return nil
		}
		m := (a + b) / 2
		out := append([]string{}, lines[:m+1]...)
		out = append(out, "* See ante, p. 41.", "", "OCTOBER TERM, 1890.", "", "Syllabus.", "")
		return append(out, lines[m+1:]...)
	}},
	// The page ends with the headnote: the page's footnote, then the next
	// page's running head, then the statement.
	{"footnote after headnote", 0.90, func(lines []string, a, b int) []string {
		out := append([]string{}, lines[:b+1]...)
		out = append(out, "* 3 Wheaton, 212; 5 Peters, 190.", "", "OCTOBER TERM, 1890.", "Statement of the Case.", "")
		return append(out, lines[b+1:]...)
	}},
	// The statement's first word, set as a large capital, lands on a line
	// of its own a few lines on ("to the Circuit Court …" … "ERROR").
	{"drop capital displaced", 0.80, func(lines []string, a, b int) []string {
		s := nextText(lines, b)
		if s < 0 {
			return nil
		}
		w, rest, found := strings.Cut(strings.TrimSpace(lines[s]), " ")
		if !found || len(w) < 2 || strings.ToUpper(w) != w || strings.ToLower(w) == w {
			return nil
		}
		out := append([]string{}, lines[:s]...)
		out = append(out, rest)
		k := min(s+4, len(lines))
		out = append(out, lines[s+1:k]...)
		out = append(out, w)
		return append(out, lines[k:]...)
	}},
	// The statement's first word, a large capital and small capitals
	// ("THE plaintiff …", "ERROR to …"), read in normal case ("The
	// plaintiff …", "Error to …").
	{"opening capitals in normal case", 0.83, func(lines []string, a, b int) []string {
		s := nextText(lines, b)
		if s < 0 {
			return nil
		}
		l := strings.TrimSpace(lines[s])
		w, rest, found := strings.Cut(l, " ")
		core := strings.TrimRight(w, ".,")
		if !found || len(core) < 2 || strings.ToUpper(core) != core || strings.ToLower(core) == core {
			return nil
		}
		out := append([]string{}, lines...)
		out[s] = w[:1] + strings.ToLower(w[1:]) + " " + rest
		return out
	}},
	// The headnote's last stop read as a comma or lost ("… claim to be
	// discharged," / "… above named:").
	{"headnote's last stop misread", 0.83, func(lines []string, a, b int) []string {
		l := strings.TrimRight(lines[b], " ")
		if !strings.HasSuffix(l, ".") {
			return nil
		}
		out := append([]string{}, lines...)
		if b%2 == 0 {
			out[b] = strings.TrimSuffix(l, ".") + ","
		} else {
			out[b] = strings.TrimSuffix(l, ".")
		}
		return out
	}},
	// The headnote's last line and the statement's first read as one
	// line ("… claim to be discharged. THE plaintiff …").
	{"headnote run into the statement", 0.75, func(lines []string, a, b int) []string {
		s := nextText(lines, b)
		if s < 0 || !strings.HasSuffix(strings.TrimSpace(lines[b]), ".") || len(strings.TrimSpace(lines[s])) < 30 {
			return nil
		}
		out := append([]string{}, lines[:b]...)
		out = append(out, strings.TrimSpace(lines[b])+" "+strings.TrimSpace(lines[s]))
		return append(out, lines[s+1:]...)
	}},
	// Two printed lines read as one, within paragraphs.
	{"lines merged", 0.90, func(lines []string, a, b int) []string {
		var out []string
		for i := 0; i < len(lines); i++ {
			l := lines[i]
			if i+1 < len(lines) && i != b && i+1 != a && i%2 == 0 &&
				strings.TrimSpace(l) != "" && strings.TrimSpace(lines[i+1]) != "" {
				l += " " + lines[i+1]
				i++
			}
			out = append(out, l)
		}
		return out
	}},
	// Letters misread outside the headnote (in the caption, date line,
	// statement, counsel and opinion heading): one word in seven.
	{"letters misread outside", 0.95, func(lines []string, a, b int) []string {
		sub := map[byte]byte{'e': 'c', 'r': 'n', 'l': '1', 'o': '0', 'i': 'l', 'h': 'b', 'E': 'F', 'R': 'K', 'O': 'Q', 'I': 'l'}
		out := make([]string, len(lines))
		n := 0
		for i, l := range lines {
			if i >= a && i <= b {
				out[i] = l
				continue
			}
			ws := strings.Fields(l)
			for j, w := range ws {
				n++
				if n%7 != 3 {
					continue
				}
				bs := []byte(w)
				for k := len(bs) / 2; k < len(bs); k++ {
					if c, ok := sub[bs[k]]; ok {
						bs[k] = c
						break
					}
				}
				ws[j] = string(bs)
			}
			out[i] = strings.Join(ws, " ")
		}
		return out
	}},
}

// TestSyllabusRobustness applies each OCR fault to the tuned part of the
// development set and counts the cases whose headnote still comes out
// exact; it fails when a fault's share falls below its floor. The
// measured part is not touched.
func TestSyllabusRobustness(t *testing.T) {
	cs := readLoC(t)
	for _, p := range perturbations {
		right, total := 0, 0
		for _, c := range cs {
			if !c.tuned || c.has != "yes" {
				continue
			}
			if s := udf.ExtractSyllabus(c.text); !s.OK || !strings.HasPrefix(squash(s.Syllabus), squash(c.first)) ||
				!strings.HasSuffix(squash(s.Syllabus), squash(c.last)) {
				continue // wrong before any fault: not a robustness case
			}
			lines := strings.Split(c.text, "\n")
			a, b, ok := span(lines, c.first, c.last)
			if !ok {
				continue
			}
			pl := p.f(lines, a, b)
			if pl == nil {
				continue
			}
			s := udf.ExtractSyllabus(strings.Join(pl, "\n"))
			syl := squash(s.Syllabus)
			total++
			if s.OK && strings.HasPrefix(syl, squash(c.first)) && strings.HasSuffix(syl, squash(c.last)) {
				right++
			} else if testing.Verbose() {
				t.Logf("%s: %s (%s): %s/%s %.60q … %.60q", p.name, c.file, c.era, s.StartRule, s.EndRule,
					s.Syllabus, s.Syllabus[max(0, len(s.Syllabus)-60):])
			}
		}
		t.Logf("%-26s %3d/%3d exact (%5.1f%%)", p.name, right, total, 100*float64(right)/float64(max(total, 1)))
		if total == 0 || float64(right) < p.floor*float64(total) {
			t.Errorf("%s: %d/%d exact, below %.0f%%", p.name, right, total, 100*p.floor)
		}
	}
}
