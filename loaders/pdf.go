package loaders

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"

	"github.com/ledongthuc/pdf"
	"golang.org/x/text/unicode/norm"
)

// ErrNoText means a PDF has pages but no text layer (a scanned image
// without OCR): there is nothing to extract, which is not an empty opinion.
var ErrNoText = errors.New("no text layer")

// ErrEncrypted means the PDF uses encryption the PDF library cannot read.
var ErrEncrypted = errors.New("encrypted PDF")

// Line is one line of text on a PDF page: Y is the baseline from the top
// of the page in points, X the left edge, Size the font size in points.
// Role is "body", "header" (running head, page number, printer's job
// line) or "footnote" (below a short rule at the foot of the page).
type Line struct {
	Page       int
	X, Y, Size float64
	Text       string
	Role       string
}

// PDF is the text of a PDF file, line by line with geometry.
type PDF struct {
	File  string
	Pages int
	Lines []Line
}

// pdfCall runs f, turning a panic inside github.com/ledongthuc/pdf (it has
// dozens of panic sites for malformed input) into an error naming file and
// page.
func pdfCall(file string, page int, f func() error) (err error) {
	where := file
	if page > 0 {
		where = fmt.Sprintf("%s page %d", file, page)
	}
	defer func() {
		if r := recover(); r != nil {
			if r == errBudget { // ParsePDF reports the spent budget once
				err = nil
				return
			}
			if fe, ok := r.(*FileError); ok {
				err = fe
				return
			}
			if msg, ok := r.(string); ok && strings.HasPrefix(msg, "unknown filter ") {
				// A standard filter the PDF library does not implement
				// (ASCIIHexDecode, LZWDecode, RunLengthDecode): the file is
				// fine, the reader is not.
				err = &FileError{File: where, Err: fmt.Errorf("unsupported stream filter /%s (the PDF library reads FlateDecode and ASCII85Decode)", strings.TrimPrefix(msg, "unknown filter ")),
					Hint: "rewrite the streams first, e.g. qpdf --stream-data=compress in.pdf out.pdf"}
				return
			}
			err = &FileError{File: where, Err: fmt.Errorf("malformed PDF: %v", r), Hint: "the file may be corrupt, truncated or encrypted"}
		}
	}()
	err = f()
	var fe *FileError
	if err != nil && !errors.As(err, &fe) {
		err = &FileError{File: where, Err: err, Hint: "the file may be corrupt"}
	}
	return err
}

// Limits on what a PDF may make the reader allocate: numbers in a file
// are checked against the file's length, and the decoded text of a
// document against a budget, so a malformed or hostile file gets an
// error of its own instead of exhausting memory.
const (
	// MaxPDFBytes is the largest PDF file read.
	MaxPDFBytes = 1 << 30
	// A document's decoded text (bytes of text plus 64 bytes a glyph run)
	// may use baseTextBudget plus pageTextBudget a page: the 767-page
	// 557 U.S. uses 30.7 MB, 40 KB a page.
	baseTextBudget = 64 << 20
	pageTextBudget = 128 << 10
	// maxCMapBytes bounds a font's inflated ToUnicode CMap.
	maxCMapBytes = 16 << 20
	// maxInherit bounds a /Parent chain walked for inherited attributes.
	maxInherit = 64
)

// ReadPDF reads a PDF file (a regular file of at most MaxPDFBytes) and
// extracts its lines; see ParsePDF.
func ReadPDF(path string) (*PDF, error) {
	data, err := ReadRegular(path, MaxPDFBytes)
	if err != nil {
		return nil, err
	}
	return ParsePDF(path, data)
}

// ParsePDF extracts the lines of every page of a PDF held in data, pages
// in parallel, and marks running heads and footnotes; name is the file
// name errors carry. Every error is a *FileError naming the file.
func ParsePDF(name string, data []byte) (*PDF, error) {
	if len(data) > MaxPDFBytes {
		return nil, &FileError{File: name, Err: fmt.Errorf("%d bytes is more than the %d a PDF may have here", len(data), MaxPDFBytes)}
	}
	if err := checkPDFNumbers(data); err != nil {
		return nil, &FileError{File: name, Err: err, Hint: "the file is corrupt or was made to exhaust memory"}
	}
	if encrypted(data) {
		plain, err := decrypt(name, data)
		if err != nil {
			return nil, err
		}
		data = plain
	}
	open := func() (*pdf.Reader, error) {
		var r *pdf.Reader
		var err error // the library's own error, classified below; pdfCall returns only panics
		if perr := pdfCall(name, 0, func() error {
			r, err = pdf.NewReader(bytes.NewReader(data), int64(len(data)))
			return nil
		}); perr != nil {
			return nil, perr
		}
		if err != nil {
			switch {
			case strings.Contains(err.Error(), "encrypt"):
				v := regexp.MustCompile(`encryption version V=\d+`).FindString(err.Error())
				err = &FileError{File: name, Err: fmt.Errorf("%w (%s)", ErrEncrypted, v), Hint: "decrypt it first, e.g. qpdf --decrypt"}
			default:
				msg := err.Error()
				if len(msg) > 120 {
					msg = msg[:120] + "…"
				}
				err = &FileError{File: name, Err: fmt.Errorf("not a readable PDF: %s", msg), Hint: "the file may be corrupt or truncated"}
			}
			return nil, err
		}
		return r, nil
	}
	r, err := open()
	if err != nil {
		return nil, err
	}
	var all []pdf.Page
	if err := pdfCall(name, 0, func() error {
		if r.Trailer().Key("Root").Kind() != pdf.Dict {
			return &FileError{File: name, Err: errors.New("no document catalog (/Root): not a readable PDF"), Hint: "the file may be corrupt or truncated"}
		}
		var err error
		all, err = pageList(r, len(data))
		return err
	}); err != nil {
		return nil, err
	}
	pages := len(all)
	if pages == 0 {
		return nil, &FileError{File: name, Err: errors.New("no pages: the page tree (/Pages, /Kids) is empty or malformed"), Hint: "the file may be corrupt"}
	}
	doc := &PDF{File: name, Pages: pages}
	fonts := &fontCache{m: map[string]*fontInfo{}, file: name}
	budget := &textBudget{}
	budget.left.Store(budgetFor(pages))
	perPage := make([][]Line, pages)
	errs := make([]error, pages)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for w := range min(runtime.GOMAXPROCS(0), pages) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rd := r
			var mine []pdf.Page // this Reader's pages, in order
			if w > 0 {
				var err error
				if rd, err = open(); err != nil { // one Reader per goroutine: its caches are not shared
					mu.Lock()
					errs[0] = err
					mu.Unlock()
					return
				}
			} else {
				mine = all
			}
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= pages || budget.exceeded() {
					return
				}
				errs[i] = pdfCall(name, i+1, func() error {
					if mine == nil {
						var err error
						if mine, err = pageList(rd, len(data)); err != nil {
							return err
						}
					}
					if i >= len(mine) {
						return fmt.Errorf("the page tree changed between readers")
					}
					perPage[i] = pageLines(mine[i], i+1, fonts, budget)
					return nil
				})
			}
		}()
	}
	wg.Wait()
	if budget.exceeded() {
		return nil, &FileError{File: name, Err: fmt.Errorf("more than %d MB of decoded text in %d pages", budgetFor(pages)>>20, pages), Hint: "a decompression bomb or a corrupt content stream"}
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	chars := 0
	for _, lines := range perPage {
		for _, l := range lines {
			chars += len(strings.TrimSpace(l.Text))
		}
	}
	if chars == 0 {
		if budget.shown.Load() > 0 {
			return nil, &FileError{File: name, Err: errors.New("text is drawn but cannot be decoded (a font without a usable encoding or ToUnicode CMap)"), Hint: "the file may be corrupt"}
		}
		return nil, &FileError{File: name, Err: ErrNoText, Hint: "scanned pages need OCR first"}
	}
	markHeads(perPage)
	for _, lines := range perPage {
		doc.Lines = append(doc.Lines, lines...)
	}
	return doc, nil
}

// budgetFor is the allowance of a document of so many pages.
func budgetFor(pages int) int64 { return baseTextBudget + int64(pages)*pageTextBudget }

// textBudget is a document's allowance of decoded text, shared by the
// goroutines reading its pages.
type textBudget struct {
	left  atomic.Int64
	shown atomic.Int64 // strings shown (Tj and friends), decodable or not
}

// errBudget stops a content stream once the document's budget is spent.
var errBudget = errors.New("text budget exceeded")

func (b *textBudget) spend(n int) {
	if b.left.Add(-int64(n)) < 0 {
		panic(errBudget)
	}
}

func (b *textBudget) exceeded() bool { return b.left.Load() < 0 }

// pdfNumber finds the integer values of the keys whose value the PDF
// library uses as an allocation size.
var pdfNumber = regexp.MustCompile(`/(Size|Count|Columns|Colors|BitsPerComponent|Predictor)[\x00\t\n\f\r ]*(-?[0-9]+)`)
var pdfArray = regexp.MustCompile(`/(W|Index)[\x00\t\n\f\r ]*\[([-0-9\x00\t\n\f\r ]*)\]`)

// checkPDFNumbers refuses a PDF whose object count (/Size), page count,
// xref field widths (/W), object ranges (/Index) or predictor columns are
// larger than a file of its length can hold: the PDF library allocates
// from them before reading anything else. Values inside compressed
// streams are not seen here; the text budget bounds what those cause.
func checkPDFNumbers(data []byte) error {
	limit := int64(len(data))*8 + 4096 // objects in compressed object streams can be smaller than a byte each, but not by much
	for _, m := range pdfNumber.FindAllSubmatch(data, -1) {
		n, err := strconv.ParseInt(string(m[2]), 10, 64)
		key := string(m[1])
		switch {
		case err != nil || n < 0:
			return fmt.Errorf("malformed PDF: /%s %s", key, m[2])
		case (key == "Size" || key == "Count" || key == "Columns") && n > limit:
			return fmt.Errorf("malformed PDF: /%s %d is more than a file of %d bytes can hold", key, n, len(data))
		case (key == "Colors" || key == "BitsPerComponent") && n > 64, key == "Predictor" && n > 15:
			return fmt.Errorf("malformed PDF: /%s %d is out of range", key, n)
		}
	}
	for _, m := range pdfArray.FindAllSubmatch(data, -1) {
		fields := strings.Fields(strings.ReplaceAll(string(m[2]), "\x00", " "))
		for _, f := range fields {
			n, err := strconv.ParseInt(f, 10, 64)
			switch {
			case err != nil || n < 0:
				return fmt.Errorf("malformed PDF: /%s [%s]", m[1], strings.Join(fields, " "))
			case string(m[1]) == "W" && n > 8:
				return fmt.Errorf("malformed PDF: xref field width %d in /W is more than 8 bytes", n)
			case string(m[1]) == "Index" && n > limit:
				return fmt.Errorf("malformed PDF: /Index entry %d is more than a file of %d bytes can hold", n, len(data))
			}
		}
	}
	return nil
}

// pageList walks the page tree once and returns every page in order:
// Reader.Page(n) walks it from the root at every call, which costs a
// third of the time on a 767-page volume. A node that is its own ancestor
// is an error, and so is a tree of more nodes than the file could hold
// (a node listed twice in /Kids, over and over, grows exponentially).
func pageList(r *pdf.Reader, size int) ([]pdf.Page, error) {
	var out []pdf.Page
	budget := size/8 + 64
	onPath := map[string]bool{}
	var walk func(v pdf.Value, depth int) error
	walk = func(v pdf.Value, depth int) error {
		if budget--; budget < 0 {
			return errors.New("malformed PDF: the page tree has more nodes than the file can hold")
		}
		if depth > 256 {
			return errors.New("malformed PDF: the page tree is more than 256 levels deep")
		}
		if v.Key("Type").Name() == "Page" || v.Key("Kids").IsNull() {
			out = append(out, pdf.Page{V: v})
			return nil
		}
		key := v.String()
		if onPath[key] {
			return errors.New("malformed PDF: the page tree has a cycle (a /Kids entry is its own ancestor)")
		}
		onPath[key] = true
		defer delete(onPath, key)
		kids := v.Key("Kids")
		for i := 0; i < kids.Len(); i++ {
			if err := walk(kids.Index(i), depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	root := r.Trailer().Key("Root").Key("Pages")
	if root.IsNull() {
		return nil, nil
	}
	if err := walk(root, 0); err != nil {
		return nil, err
	}
	return out, nil
}

// inherited finds a page attribute in the page or its ancestors, following
// at most maxInherit /Parent links (a cyclic chain is not followed forever).
func inherited(p pdf.Value, key string, ok func(pdf.Value) bool) pdf.Value {
	v := p
	for range maxInherit {
		if v.IsNull() {
			break
		}
		if x := v.Key(key); !x.IsNull() && ok(x) {
			return x
		}
		v = v.Key("Parent")
	}
	return pdf.Value{}
}

// dropInvisible removes control, format and replacement characters, which
// glyphs without a Unicode mapping decode to.
func dropInvisible(r rune) rune {
	if r == '\uFFFD' || r < ' ' && r != '\t' || unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Co, r) ||
		unicode.Is(unicode.Cf, r) && r != '\u00AD' {
		return -1
	}
	return r
}

// pageLines groups a page's glyph runs into lines, top to bottom.
func pageLines(p pdf.Page, num int, fonts *fontCache, budget *textBudget) []Line {
	if p.V.IsNull() {
		return nil
	}
	height := 792.0
	if box := inherited(p.V, "MediaBox", func(b pdf.Value) bool { return b.Kind() == pdf.Array && b.Len() == 4 }); !box.IsNull() {
		height = box.Index(3).Float64() - box.Index(1).Float64()
	}
	// Glyphs come in content-stream order, which is reading order in
	// these PDFs; a new line starts where the baseline moves. The lines are
	// then ordered top to bottom.
	texts := pageText(p, fonts, budget)
	var lines []Line
	var b strings.Builder
	var cur *pdf.Text
	size, end := 0.0, 0.0
	flush := func() {
		if cur == nil {
			return
		}
		text := strings.Join(strings.Fields(norm.NFKC.String(strings.Map(dropInvisible, b.String()))), " ")
		if text != "" {
			lines = append(lines, Line{Page: num, X: cur.X, Y: height - cur.Y, Size: size, Text: text, Role: "body"})
		}
		b.Reset()
		cur, size = nil, 0
	}
	for i := range texts {
		t := &texts[i]
		if cur != nil && (math.Abs(t.Y-cur.Y) > 0.4*max(cur.FontSize, 2) || t.X < end-2*max(t.FontSize, 1)) {
			flush()
		}
		if cur == nil {
			cur, end = t, t.X
		} else if t.X-end > 0.5*max(t.FontSize, 1) && !strings.HasSuffix(b.String(), " ") && !strings.HasPrefix(t.S, " ") {
			b.WriteByte(' ')
		}
		b.WriteString(t.S)
		end = math.Max(end, t.X+t.W)
		size = math.Max(size, t.FontSize)
	}
	flush()
	sort.SliceStable(lines, func(i, j int) bool {
		return lines[i].Y < lines[j].Y-0.5 || math.Abs(lines[i].Y-lines[j].Y) <= 0.5 && lines[i].X < lines[j].X
	})
	return lines
}
