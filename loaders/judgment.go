package loaders

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/antchfx/xmlquery"

	"github.com/lexduck/lexduck/udf"
)

// ErrNotJudgment means a well-formed XML file is not a Find Case Law
// judgment (a press summary, say, has another root).
var ErrNotJudgment = errors.New("not a judgment")

// FileError is a file the loader could not read, with a hint where a person
// can act.
type FileError struct {
	File string
	Err  error
	Hint string
}

func (e *FileError) Error() string {
	msg := fmt.Sprintf("loaders: %s: %v", e.File, e.Err)
	if e.Hint != "" {
		msg += " (" + e.Hint + ")"
	}
	return msg
}

func (e *FileError) Unwrap() error { return e.Err }

// Judgment is one Find Case Law judgment (Akoma Ntoso 3.0).
type Judgment struct {
	ID              string // URI, else the file's base name, "#" and 12 hex digits of its SHA-256
	File            string
	URI             string // Work URI, "https://caselaw.nationalarchives.gov.uk/id/…"; "" if none
	NeutralCitation string // uk:cite, else the header's first <neutralCitation>, else made from the URI
	CitationSource  string // where NeutralCitation came from: "cite", "header", "uri"; "" when there is none
	Court           string // uk:court, e.g. "EWCA-Civil"
	Date            string // the Work's date YYYY-MM-DD (judgment, else decision, else e.g. hearing); "" when absent or a placeholder (1000-01-01, 1001-01-01)
	Name            string // FRBRname
	Paragraphs      []Paragraph
	Footnotes       []Footnote
	Refs            []Ref // <ref uk:type="case"> markup (enriched files)
}

// Paragraph is a top-level paragraph of the judgment body: not inside
// another paragraph, not inside quoted material (embeddedStructure). Num
// is its number when that is plain ("12.", "12", "[12]"), else 0 ("1A.",
// "(a)", a bullet, or the unnumbered text before the first paragraph).
// Text is its text with quotes and sub-paragraphs, footnotes removed,
// white space collapsed. Position counts paragraphs in document order
// (1-based), since numbers can restart.
type Paragraph struct {
	Num      int
	EID      string
	Position int
	Text     string
}

// Footnote is an authorialNote; ParaNum is the numbered paragraph it sits
// in (0 outside any).
type Footnote struct {
	ParaNum int
	Marker  string
	Text    string
}

// Ref is a case citation marked up by TNA's enrichment, inside a numbered
// paragraph; Start and End are character offsets in that paragraph's Text.
type Ref struct {
	ParaNum    int
	Position   int // of the paragraph, as Paragraph.Position
	Raw        string
	Canonical  string
	IsNeutral  bool
	Year       int
	Href       string
	Start, End int
}

// MaxJudgmentBytes is the largest XML file read as a judgment (the
// largest Find Case Law judgments are a few megabytes).
const MaxJudgmentBytes = 256 << 20

// MaxDepth is the deepest element nesting a judgment may have; real ones
// stay under 40.
const MaxDepth = 1000

// ReadJudgment parses one Find Case Law XML file (a regular file of at
// most MaxJudgmentBytes).
func ReadJudgment(path string) (*Judgment, error) {
	data, err := ReadRegular(path, MaxJudgmentBytes)
	if err != nil {
		return nil, err
	}
	return ParseJudgmentBytes(data, path)
}

// depth is the deepest element nesting below n, counted without recursion.
func depth(n *xmlquery.Node) int {
	deepest, d := 0, 0
	for c := n; c != nil; {
		if c.FirstChild != nil {
			c, d = c.FirstChild, d+1
			deepest = max(deepest, d)
			continue
		}
		for c != n && c.NextSibling == nil {
			c, d = c.Parent, d-1
		}
		if c == n {
			break
		}
		c = c.NextSibling
	}
	return deepest
}

// ParseJudgment parses Find Case Law XML from r; name is the file name used
// in errors and as the id when the XML has no URI. Both namespace forms are
// read (current https://caselaw.nationalarchives.gov.uk/akn and the 2021-22
// export's https:/judgments.gov.uk/): elements are matched by local name.
func ParseJudgment(r io.Reader, name string) (j *Judgment, err error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &FileError{File: name, Err: err}
	}
	return ParseJudgmentBytes(data, name)
}

// ParseJudgmentBytes is ParseJudgment over a file's bytes, without a copy.
func ParseJudgmentBytes(data []byte, name string) (j *Judgment, err error) {
	defer func() { // xmlquery should not panic; if it does, name the file
		if p := recover(); p != nil {
			j, err = nil, &FileError{File: name, Err: fmt.Errorf("internal error: %v", p)}
		}
	}()
	doc, err := xmlquery.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, &FileError{File: name, Err: fmt.Errorf("not well-formed XML: %w", err)}
	}
	if d := depth(doc); d > MaxDepth {
		return nil, &FileError{File: name, Err: fmt.Errorf("elements nested %d deep (at most %d are read)", d, MaxDepth), Hint: "the file is corrupt or was made to exhaust the reader"}
	}
	root := firstElement(doc)
	if root == nil || root.Data != "akomaNtoso" {
		what := "no root element"
		if root != nil {
			what = "root element <" + root.Data + ">"
		}
		return nil, &FileError{File: name, Err: fmt.Errorf("%w: %s", ErrNotJudgment, what), Hint: "expected an Akoma Ntoso judgment from Find Case Law"}
	}
	jd := firstElement(root)
	if jd == nil || jd.Data != "judgment" {
		what := "empty <akomaNtoso>"
		if jd != nil {
			what = "<" + jd.Data
			if n := attr(jd, "name"); n != "" {
				what += ` name="` + n + `"`
			}
			what += ">"
		}
		return nil, &FileError{File: name, Err: fmt.Errorf("%w: %s", ErrNotJudgment, what), Hint: "press summaries and other documents are not loaded as judgments"}
	}
	j = &Judgment{File: name}
	if meta := child(jd, "meta"); meta != nil {
		readMeta(meta, j)
	}
	switch {
	case j.NeutralCitation != "":
		j.CitationSource = "cite"
	default:
		if h := child(jd, "header"); h != nil {
			if nc := firstNamed(h, "neutralCitation"); nc != nil {
				j.NeutralCitation = strings.Join(strings.Fields(nc.InnerText()), " ")
			}
		}
		if j.NeutralCitation != "" {
			j.CitationSource = "header"
		} else if c := CitationFromURI(j.URI); c != "" {
			j.NeutralCitation, j.CitationSource = c, "uri"
		}
	}
	j.ID = j.URI
	if j.ID == "" {
		// No identity in the file: its name and a hash of its bytes, so
		// that two different files never share an id and the same file
		// named twice does.
		sum := sha256.Sum256(data)
		j.ID = filepath.Base(name) + "#" + hex.EncodeToString(sum[:6])
	}
	body := child(jd, "judgmentBody")
	if body == nil {
		body = child(jd, "mainBody")
	}
	if body != nil {
		(&bodyReader{j: j}).walk(body)
	}
	return j, nil
}

// firstNamed finds the first element below n with this local name, in
// document order, without recursion.
func firstNamed(n *xmlquery.Node, local string) *xmlquery.Node {
	for c := n.FirstChild; c != nil; {
		if c.Type == xmlquery.ElementNode && c.Data == local {
			return c
		}
		if c.FirstChild != nil {
			c = c.FirstChild
			continue
		}
		for c != n && c.NextSibling == nil {
			c = c.Parent
		}
		if c == n {
			return nil
		}
		c = c.NextSibling
	}
	return nil
}

// uriCourts maps the court part of a Find Case Law URI to the neutral
// citation's court and, for divisions cited in brackets, the division:
// ewhc/ch/2023/257 is "[2023] EWHC 257 (Ch)".
var uriCourts = map[string][2]string{
	"uksc": {"UKSC", ""}, "ukpc": {"UKPC", ""}, "ukhl": {"UKHL", ""},
	"ewca/civ": {"EWCA Civ", ""}, "ewca/crim": {"EWCA Crim", ""},
	"ewhc/admin": {"EWHC", "Admin"}, "ewhc/admlty": {"EWHC", "Admlty"}, "ewhc/ch": {"EWHC", "Ch"},
	"ewhc/comm": {"EWHC", "Comm"}, "ewhc/costs": {"EWHC", "SCCO"}, "ewhc/scco": {"EWHC", "SCCO"}, "ewhc/fam": {"EWHC", "Fam"},
	"ewhc/ipec": {"EWHC", "IPEC"}, "ewhc/kb": {"EWHC", "KB"}, "ewhc/qb": {"EWHC", "QB"},
	"ewhc/mercantile": {"EWHC", "Mercantile"}, "ewhc/pat": {"EWHC", "Pat"}, "ewhc/tcc": {"EWHC", "TCC"},
	"ewfc": {"EWFC", ""}, "ewfc/b": {"EWFC", "B"}, "ewcop": {"EWCOP", ""}, "ewcop/t1": {"EWCOP", "T1"},
	"ewcop/t2": {"EWCOP", "T2"}, "ewcop/t3": {"EWCOP", "T3"}, "eat": {"EAT", ""},
	"ukut/aac": {"UKUT", "AAC"}, "ukut/iac": {"UKUT", "IAC"}, "ukut/lc": {"UKUT", "LC"}, "ukut/tcc": {"UKUT", "TCC"},
	"ukftt/tc": {"UKFTT", "TC"}, "ukftt/grc": {"UKFTT", "GRC"}, "ukiptrib": {"UKIPTrib", ""},
}

// CitationFromURI makes the neutral citation a Find Case Law Work URI
// stands for ("https://caselaw.nationalarchives.gov.uk/id/ewca/civ/2020/621"
// → "[2020] EWCA Civ 621"), or "" for a URI of another shape.
func CitationFromURI(uri string) string {
	rest, ok := strings.CutPrefix(uri, workPrefix)
	if !ok {
		return ""
	}
	parts := strings.Split(strings.Trim(rest, "/"), "/")
	if len(parts) < 3 {
		return ""
	}
	year, num := parts[len(parts)-2], parts[len(parts)-1]
	y, err1 := strconv.Atoi(year)
	n, err2 := strconv.Atoi(num)
	if err1 != nil || err2 != nil || y < 1800 || y > 2999 || n < 1 {
		return ""
	}
	court, ok := uriCourts[strings.Join(parts[:len(parts)-2], "/")]
	if !ok {
		return ""
	}
	if court[0] == "EWFC" && court[1] == "B" {
		return fmt.Sprintf("[%d] EWFC %d (B)", y, n)
	}
	if court[1] == "" {
		return fmt.Sprintf("[%d] %s %d", y, court[0], n)
	}
	return fmt.Sprintf("[%d] %s %d (%s)", y, court[0], n, court[1])
}

func firstElement(n *xmlquery.Node) *xmlquery.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == xmlquery.ElementNode {
			return c
		}
	}
	return nil
}

func child(n *xmlquery.Node, local string) *xmlquery.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == xmlquery.ElementNode && c.Data == local {
			return c
		}
	}
	return nil
}

// attr returns the attribute with this local name, in any namespace.
func attr(n *xmlquery.Node, local string) string {
	for _, a := range n.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

const workPrefix = "https://caselaw.nationalarchives.gov.uk/id/"

func readMeta(meta *xmlquery.Node, j *Judgment) {
	var date, decision, other string
	var walk func(n *xmlquery.Node, inWork bool)
	walk = func(n *xmlquery.Node, inWork bool) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != xmlquery.ElementNode {
				continue
			}
			switch c.Data {
			case "FRBRWork":
				walk(c, true)
				continue
			case "FRBRExpression", "FRBRManifestation":
				continue
			case "FRBRthis":
				if inWork {
					j.URI = attr(c, "value")
				}
			case "FRBRdate":
				if inWork {
					switch attr(c, "name") {
					case "judgment":
						date = attr(c, "date")
					case "decision":
						decision = attr(c, "date")
					default: // "hearing" in some tribunal files; "dummy" carries a placeholder
						if other == "" {
							other = attr(c, "date")
						}
					}
				}
			case "FRBRname":
				if inWork {
					j.Name = attr(c, "value")
				}
			case "cite":
				if j.NeutralCitation == "" {
					j.NeutralCitation = strings.TrimSpace(c.InnerText())
				}
			case "court":
				if j.Court == "" {
					j.Court = strings.TrimSpace(c.InnerText())
				}
			}
			walk(c, inWork)
		}
	}
	walk(meta, false)
	if date == "" {
		date = decision
	}
	if date == "" {
		date = other
	}
	if strings.HasPrefix(date, "1000-01-01") || strings.HasPrefix(date, "1001-01-01") {
		date = "" // TNA's placeholders for an unknown date
	}
	if len(date) >= 10 {
		date = date[:10]
	}
	j.Date = date
	if j.URI != "" && !strings.HasPrefix(j.URI, "http") {
		j.URI = workPrefix + strings.TrimPrefix(j.URI, "/") // the 2021-22 export writes "ewca/civ/2020/1"
	}
	if strings.TrimRight(j.URI, "/") == strings.TrimRight(workPrefix, "/") {
		j.URI = "" // the bare prefix is a placeholder some tribunal files carry, not an identity
	}
}

// bodyReader walks the judgment body, collecting paragraphs, footnotes and
// refs, building paragraph text with collapsed white space so that ref
// offsets are offsets into the final text.
type bodyReader struct {
	j       *Judgment
	para    *Paragraph // the numbered paragraph being read, if any
	text    strings.Builder
	runes   int
	space   bool // the last character written was a space (or nothing yet)
	inNote  bool
	noteBuf *strings.Builder
}

// continuation lists the elements whose text, between numbered
// paragraphs, belongs to the preceding one.
var continuation = map[string]bool{"level": true, "content": true, "p": true, "block": true, "blockList": true, "table": true}

// hasParagraph reports whether n holds a paragraph with a number.
func hasParagraph(n *xmlquery.Node) bool {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != xmlquery.ElementNode {
			continue
		}
		if c.Data == "paragraph" && child(c, "num") != nil {
			return true
		}
		if hasParagraph(c) {
			return true
		}
	}
	return false
}

// blockElements start and end with a word break.
var blockElements = map[string]bool{
	"p": true, "paragraph": true, "subparagraph": true, "num": true, "heading": true, "content": true,
	"intro": true, "wrapUp": true, "level": true, "block": true, "blockList": true, "item": true, "listIntroduction": true,
	"tr": true, "td": true, "th": true, "table": true, "embeddedStructure": true, "br": true, "hcontainer": true,
}

// write appends s with white space runs collapsed to one space, counting
// characters (for ref offsets) of paragraph text but not of footnotes.
func (b *bodyReader) write(s string) {
	w := &b.text
	if b.inNote {
		w = b.noteBuf
	}
	for len(s) > 0 {
		n := spaceLen(s)
		if n > 0 {
			if !b.space {
				w.WriteByte(' ')
				if !b.inNote {
					b.runes++
				}
				b.space = true
			}
			s = s[n:]
			continue
		}
		end := 0
		for end < len(s) && spaceLen(s[end:]) == 0 {
			if s[end] < utf8.RuneSelf {
				end++
			} else {
				_, size := utf8.DecodeRuneInString(s[end:])
				end += size
			}
		}
		w.WriteString(s[:end])
		if !b.inNote {
			b.runes += utf8.RuneCountInString(s[:end])
		}
		b.space = false
		s = s[end:]
	}
}

// spaceLen is the length of the white-space run at the start of s: ASCII
// white space and no-break spaces.
func spaceLen(s string) int {
	i := 0
	for i < len(s) {
		switch c := s[i]; {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			i++
		case c == 0xC2 && i+1 < len(s) && s[i+1] == 0xA0:
			i += 2
		default:
			return i
		}
	}
	return i
}

// plainNumber reads "12.", "12", "[12]", "(12)" is not plain.
func plainNumber(s string) (int, bool) {
	s = strings.TrimSpace(s)
	s = strings.TrimSuffix(s, ".")
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		s = s[1 : len(s)-1]
	}
	if s == "" || len(s) > 9 { // int32 holds nine digits
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}

// read reads paragraph element c into p, after the text so far (prefix),
// leaving out the number element skip.
func (b *bodyReader) read(c *xmlquery.Node, p *Paragraph, skip *xmlquery.Node, prefix string) {
	b.para = p
	b.text.Reset()
	b.text.WriteString(prefix)
	b.runes, b.space = utf8.RuneCountInString(prefix), true
	if prefix != "" {
		b.space = false
		b.write(" ")
	}
	for cc := c.FirstChild; cc != nil; cc = cc.NextSibling {
		if cc == skip {
			continue // the number is a column, not text
		}
		switch cc.Type {
		case xmlquery.TextNode, xmlquery.CharDataNode:
			b.write(cc.Data)
		case xmlquery.ElementNode:
			b.element(cc)
		}
	}
	p.Text = strings.TrimSpace(b.text.String())
	b.para = nil
}

func (b *bodyReader) walk(n *xmlquery.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		switch c.Type {
		case xmlquery.TextNode, xmlquery.CharDataNode:
			if b.para != nil || b.inNote {
				b.write(c.Data)
			}
		case xmlquery.ElementNode:
			b.element(c)
		}
	}
}

func (b *bodyReader) element(c *xmlquery.Node) {
	switch {
	case c.Data == "paragraph" && b.para == nil:
		num := child(c, "num")
		if num == nil {
			b.walk(c) // a container paragraph without a number: look inside
			return
		}
		n, _ := plainNumber(num.InnerText())
		// Every paragraph is kept; one whose number is not plain ("1A.",
		// "(a)", a bullet) has Num 0 (NULL in SQL). The 2021-22 export
		// writes a paragraph's sub-points this way, as paragraphs of
		// their own.
		b.j.Paragraphs = append(b.j.Paragraphs, Paragraph{Num: n, EID: attr(c, "eId"), Position: len(b.j.Paragraphs) + 1})
		b.read(c, &b.j.Paragraphs[len(b.j.Paragraphs)-1], num, "")
	case c.Data == "embeddedStructure" && b.para == nil:
		return // quoted material outside a numbered paragraph: never paragraphs
	case c.Data == "authorialNote":
		if b.inNote {
			b.walk(c)
			return
		}
		var buf strings.Builder
		b.inNote, b.noteBuf = true, &buf
		saved := b.space
		b.space = true
		b.walk(c)
		b.inNote, b.noteBuf, b.space = false, nil, saved
		fn := Footnote{Marker: attr(c, "marker"), Text: strings.TrimSpace(buf.String())}
		if b.para != nil {
			fn.ParaNum = b.para.Num
		}
		b.j.Footnotes = append(b.j.Footnotes, fn)
	case c.Data == "ref" && b.para != nil && !b.inNote && attr(c, "type") == "case":
		start := b.runes
		b.walk(c)
		end := b.runes
		text := []rune(b.text.String())
		raw := strings.TrimSpace(string(text[start:end]))
		for start < end && text[start] == ' ' {
			start++
		}
		for end > start && text[end-1] == ' ' {
			end--
		}
		year, _ := strconv.Atoi(attr(c, "year"))
		b.j.Refs = append(b.j.Refs, Ref{
			ParaNum: b.para.Num, Position: b.para.Position, Raw: raw, Canonical: attr(c, "canonical"), IsNeutral: attr(c, "isNeutral") == "true",
			Year: year, Href: attr(c, "href"), Start: start, End: end,
		})
	case b.para == nil && !b.inNote && len(b.j.Paragraphs) == 0 && continuation[c.Data] && !hasParagraph(c):
		// Text before the first paragraph (an introduction, a tribunal
		// decision without numbers): an unnumbered paragraph of its own,
		// which later blocks continue, so its citations are kept.
		b.j.Paragraphs = append(b.j.Paragraphs, Paragraph{Position: 1})
		b.read(c, &b.j.Paragraphs[0], nil, "")
		if b.j.Paragraphs[0].Text == "" {
			b.j.Paragraphs = b.j.Paragraphs[:0]
		}
	case b.para == nil && !b.inNote && len(b.j.Paragraphs) > 0 && continuation[c.Data] &&
		attr(c, "class") != "author" && !hasParagraph(c):
		// Text between numbered paragraphs (the 2021-22 export puts a
		// paragraph's quotations and sub-points in sibling <level>/<p>
		// elements): it continues the preceding paragraph.
		last := &b.j.Paragraphs[len(b.j.Paragraphs)-1]
		b.read(c, last, nil, last.Text)
	case c.Data == "heading" && b.para != nil && b.para.Text != "":
		return // a heading inside a continuation block is not paragraph text
	default:
		block := blockElements[c.Data]
		if block && (b.para != nil || b.inNote) {
			b.write(" ")
		}
		b.walk(c)
		if block && (b.para != nil || b.inNote) {
			b.write(" ")
		}
	}
}

// Citations returns the case citations of the judgment's paragraphs: the
// text scanner's (source "scanner") and the enrichment markup's (source
// "markup"), without citations of the judgment itself.
func (j *Judgment) Citations() []JudgmentCitation {
	own, _ := udf.NormalizeCitation(j.NeutralCitation)
	var out []JudgmentCitation
	for _, p := range j.Paragraphs {
		for _, c := range udf.ExtractCitations(p.Text) {
			if own != "" && c.Canonical == own {
				continue
			}
			out = append(out, JudgmentCitation{ParaNum: p.Num, Position: p.Position, Source: "scanner", Citation: c})
		}
	}
	for _, r := range j.Refs {
		canon := r.Canonical
		kind := "uk_report"
		if r.IsNeutral {
			kind = "uk_ncn"
			if n, ok := udf.NormalizeCitation(canon); ok {
				canon = n
			}
		}
		if own != "" && canon == own {
			continue
		}
		out = append(out, JudgmentCitation{ParaNum: r.ParaNum, Position: r.Position, Source: "markup", Citation: udf.Citation{
			Kind: kind, Raw: r.Raw, Canonical: canon, Year: r.Year, Start: r.Start, End: r.End, Group: -1,
		}})
	}
	return out
}

// JudgmentCitation is a citation with the paragraph it occurs in.
type JudgmentCitation struct {
	ParaNum, Position int
	Source            string // "scanner" or "markup"
	udf.Citation
}
