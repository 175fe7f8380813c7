package loaders

import (
	"github.com/lexduck/lexduck/udf"
	"math"
	"regexp"
	"sort"
	"strings"
	"time"
)

// markHeads sets Role "header" on running heads, page numbers and printer's
// job lines (by pattern near the top or bottom of a page, or because the
// same line, digits aside, recurs at the same height on three or more
// pages) and Role "footnote" on the trailing block of smaller type.
func markHeads(pages [][]Line) {
	type key struct {
		text string
		y    int
	}
	norm := func(s string) string {
		var b strings.Builder
		for _, r := range strings.ToUpper(s) {
			if r >= '0' && r <= '9' {
				r = '#'
			}
			b.WriteRune(r)
		}
		return b.String()
	}
	count := map[key]int{}
	for _, lines := range pages {
		seen := map[key]bool{}
		for _, l := range lines {
			k := key{norm(l.Text), int(math.Round(l.Y / 4))}
			if !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	for _, lines := range pages {
		n := len(lines)
		if n == 0 {
			continue
		}
		for i := range lines {
			top, bottom := i < 5, i >= n-2
			if !top && !bottom {
				continue
			}
			l := &lines[i]
			if udf.IsRunningHead(l.Text) || count[key{norm(l.Text), int(math.Round(l.Y / 4))}] >= 3 && len(pages) >= 3 {
				l.Role = "header"
			}
		}
		// Heads are a block at the top: a body line ends it.
		for i := 0; i < n && i < 5; i++ {
			if lines[i].Role != "header" {
				for j := i + 1; j < n && j < 5; j++ {
					if lines[j].Role == "header" && !udf.IsRunningHead(lines[j].Text) {
						lines[j].Role = "body"
					}
				}
				break
			}
		}
		// Footnotes: the trailing run of lines in type smaller than the
		// page's body text, after a gap.
		var sizes []float64
		for _, l := range lines {
			if l.Role == "body" {
				sizes = append(sizes, l.Size)
			}
		}
		if len(sizes) < 4 {
			continue
		}
		sort.Float64s(sizes)
		body := sizes[len(sizes)/2]
		i := n - 1
		for i >= 0 && lines[i].Role == "header" {
			i--
		}
		end := i
		for i >= 0 && lines[i].Role == "body" && lines[i].Size < 0.9*body {
			i--
		}
		if i < end && i >= 0 {
			for k := i + 1; k <= end; k++ {
				lines[k].Role = "footnote"
			}
		}
	}
}

// Text joins the body lines of pages [from, to] (1-based, inclusive; 0 =
// all) into running text: a line-final hyphen before a lower-case letter
// is removed (com- plex → complex), other lines are joined by a newline.
func (d *PDF) Text(from, to int) string {
	var b strings.Builder
	prevHyphen := false
	for _, l := range d.Lines {
		if l.Role != "body" || from > 0 && (l.Page < from || l.Page > to) {
			continue
		}
		t := l.Text
		switch {
		case b.Len() == 0:
		case prevHyphen && t != "" && t[0] >= 'a' && t[0] <= 'z':
			s := b.String()
			b.Reset()
			b.WriteString(s[:len(s)-1])
		default:
			b.WriteByte('\n')
		}
		b.WriteString(t)
		prevHyphen = strings.HasSuffix(t, "-") && len(t) > 1 && t[len(t)-2] >= 'a' && t[len(t)-2] <= 'z'
	}
	return b.String()
}

// Case is one case of a PDF: its pages and docket number.
type Case struct {
	No                  string // "24–808", from the docket line; "" if none
	Decided             string // decision date YYYY-MM-DD from the docket line; "" if none
	FirstPage, LastPage int
	Text                string // body lines, running heads and footnotes removed
}

var docketLineRE = regexp.MustCompile(`^(?:Nos?\.|No) ?(\d[\d–—\-]*\d)\b.*\b(?:Argued|Submitted|Reargued|Decided|decided)\b|^(?:Nos?\.|No) ?(\d[\d–—\-]*\d)\.\s*$`)

// Cases splits the PDF into cases. U.S. Reports start every case on a new
// page whose first lines hold the docket line ("No. 07–665. Argued …");
// pages before the first such page (a volume's front matter) belong to no
// case. A PDF without any docket line is one case.
func (d *PDF) Cases() []Case {
	firstBody := map[int]int{} // page → index in d.Lines of its first body line
	var starts []int           // pages where a case starts
	nos := map[int]string{}
	seen := map[int]int{}
	for i, l := range d.Lines {
		if l.Role != "body" {
			continue
		}
		if _, ok := firstBody[l.Page]; !ok {
			firstBody[l.Page] = i
		}
		seen[l.Page]++
		if seen[l.Page] > 16 { // the docket line is near the top of the page
			continue
		}
		if m := docketLineRE.FindStringSubmatch(l.Text); m != nil {
			if _, dup := nos[l.Page]; !dup {
				starts = append(starts, l.Page)
				nos[l.Page] = m[1] + m[2]
			}
		}
	}
	if len(starts) == 0 {
		text := d.Text(0, 0)
		return []Case{{FirstPage: 1, LastPage: d.Pages, Decided: DecisionDate(text), Text: text}}
	}
	var out []Case
	for k, p := range starts {
		last := d.Pages
		if k+1 < len(starts) {
			last = starts[k+1] - 1
		}
		text := d.Text(p, last)
		out = append(out, Case{No: nos[p], Decided: DecisionDate(text), FirstPage: p, LastPage: last, Text: text})
	}
	return out
}

var decidedRE = regexp.MustCompile(`(?i)decided\W{0,3}((?:January|February|March|April|May|June|July|August|September|October|November|December)\.? \d{1,2}, ?\d{4})`)

// DecisionDate returns the first "Decided Month D, YYYY" of a case's text
// as YYYY-MM-DD, or "".
func DecisionDate(text string) string {
	m := decidedRE.FindStringSubmatch(text)
	if m == nil {
		return ""
	}
	t, err := time.Parse("January 2, 2006", strings.ReplaceAll(strings.ReplaceAll(m[1], ".", ""), ", ", ","))
	if err != nil {
		if t, err = time.Parse("January 2,2006", strings.ReplaceAll(strings.ReplaceAll(m[1], ".", ""), ", ", ",")); err != nil {
			return ""
		}
	}
	return t.Format("2006-01-02")
}

var (
	syllabusHeadRE = regexp.MustCompile(`(?i)^syllabus\.?$`) // the running head of syllabus pages
	pageNumberRE   = regexp.MustCompile(`^\d{1,4}$`)
)

// Syllabus extracts a case's syllabus with the text rules of
// udf.ExtractSyllabus and, where those find the start but no end marker
// (an OCR-damaged vote line, say) or only the weakest one (type_size),
// with the page lines: running heads,
// found by position, font size and repetition (markHeads), mark the
// syllabus pages, and the syllabus ends with the last page headed
// "Syllabus" when the next page carries another head ("Opinion of the
// Court"): U.S. Reports and slip opinions start the opinion on a new page.
// That end is reported as end_rule "page_head".
func (d *PDF) Syllabus(c Case) udf.Syllabus {
	s := udf.ExtractSyllabus(c.Text)
	if s.OK && s.EndRule != "type_size" || s.StartRule == "" {
		return s // type_size, the weakest text rule, yields to the page heads
	}
	last := 0                   // the last page of the case headed "Syllabus"
	otherHead := map[int]bool{} // pages with a head that is not "Syllabus"
	for _, l := range d.Lines {
		if l.Page < c.FirstPage || l.Page > c.LastPage || l.Role != "header" {
			continue
		}
		if syllabusHeadRE.MatchString(l.Text) {
			last = max(last, l.Page)
		} else if !pageNumberRE.MatchString(l.Text) {
			otherHead[l.Page] = true
		}
	}
	if last == 0 || last >= c.LastPage || !otherHead[last+1] {
		return s // no syllabus heads, or no change of head after them: no clear end
	}
	syl, rule := udf.SyllabusToEnd(d.Text(c.FirstPage, last))
	if syl == "" {
		return s
	}
	return udf.Syllabus{Syllabus: syl, Opinion: d.Text(last+1, c.LastPage), StartRule: rule, EndRule: "page_head", OK: true}
}
