package loaders

import (
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
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
	defer func() {
		if r := recover(); r != nil {
			where := file
			if page > 0 {
				where = fmt.Sprintf("%s page %d", file, page)
			}
			err = &FileError{File: where, Err: fmt.Errorf("malformed PDF: %v", r), Hint: "the file may be corrupt, truncated or encrypted"}
		}
	}()
	return f()
}

// ReadPDF extracts the lines of every page of a PDF, pages in parallel,
// and marks running heads and footnotes.
func ReadPDF(path string) (*PDF, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, &FileError{File: path, Err: err}
	}
	if st.Size() > 1<<30 {
		return nil, &FileError{File: path, Err: fmt.Errorf("%d bytes is more than the 1 GiB a PDF may have here", st.Size())}
	}
	var pages int
	open := func() (*os.File, *pdf.Reader, error) {
		var f *os.File
		var r *pdf.Reader
		err := pdfCall(path, 0, func() error {
			var err error
			f, r, err = pdf.Open(path)
			return err
		})
		if err != nil {
			var fe *FileError
			switch {
			case errors.As(err, &fe):
			case strings.Contains(err.Error(), "encrypt"):
				v := regexp.MustCompile(`encryption version V=\d+`).FindString(err.Error())
				err = &FileError{File: path, Err: fmt.Errorf("%w (%s)", ErrEncrypted, v), Hint: "decrypt it first, e.g. qpdf --decrypt"}
			default:
				msg := err.Error()
				if len(msg) > 120 {
					msg = msg[:120] + "…"
				}
				err = &FileError{File: path, Err: fmt.Errorf("not a readable PDF: %s", msg), Hint: "the file may be corrupt or truncated"}
			}
			if f != nil {
				f.Close()
			}
			return nil, nil, err
		}
		return f, r, nil
	}
	f, r, err := open()
	if err != nil {
		return nil, err
	}
	if err := pdfCall(path, 0, func() error { pages = r.NumPage(); return nil }); err != nil {
		f.Close()
		return nil, err
	}
	f.Close()
	doc := &PDF{File: path, Pages: pages}
	fonts := &fontCache{m: map[string]*fontInfo{}}
	perPage := make([][]Line, pages)
	errs := make([]error, pages)
	var next int
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(pages, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f, r, err := open() // one Reader per goroutine: its caches are not shared
			if err != nil {
				mu.Lock()
				errs[0] = err
				mu.Unlock()
				return
			}
			defer f.Close()
			var all []pdf.Page // this Reader's pages, in order
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= pages {
					return
				}
				errs[i] = pdfCall(path, i+1, func() error {
					if all == nil {
						all = pageList(r)
					}
					var p pdf.Page
					if i < len(all) {
						p = all[i]
					} else {
						p = r.Page(i + 1) // a page tree whose Count disagrees with its Kids
					}
					perPage[i] = pageLines(p, i+1, fonts)
					return nil
				})
			}
		}()
	}
	wg.Wait()
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
	if chars == 0 && pages > 0 {
		return nil, &FileError{File: path, Err: ErrNoText, Hint: "scanned pages need OCR first"}
	}
	markHeads(perPage)
	for _, lines := range perPage {
		doc.Lines = append(doc.Lines, lines...)
	}
	return doc, nil
}

// pageList walks the page tree once and returns every page in order:
// Reader.Page(n) walks it from the root at every call, which costs a
// third of the time on a 767-page volume.
func pageList(r *pdf.Reader) []pdf.Page {
	var out []pdf.Page
	var walk func(v pdf.Value, depth int)
	walk = func(v pdf.Value, depth int) {
		if depth > 64 { // a malformed tree that loops
			return
		}
		if v.Key("Type").Name() == "Page" || v.Key("Kids").IsNull() {
			out = append(out, pdf.Page{V: v})
			return
		}
		kids := v.Key("Kids")
		for i := 0; i < kids.Len(); i++ {
			walk(kids.Index(i), depth+1)
		}
	}
	walk(r.Trailer().Key("Root").Key("Pages"), 0)
	return out
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
func pageLines(p pdf.Page, num int, fonts *fontCache) []Line {
	if p.V.IsNull() {
		return nil
	}
	height := 792.0
	for v := p.V; !v.IsNull(); v = v.Key("Parent") { // MediaBox is inherited
		if box := v.Key("MediaBox"); box.Kind() == pdf.Array && box.Len() == 4 {
			height = box.Index(3).Float64() - box.Index(1).Float64()
			break
		}
	}
	// Glyphs come in content-stream order, which is reading order in
	// these PDFs; a new line starts where the baseline moves. The lines are
	// then ordered top to bottom.
	texts := pageText(p, fonts)
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
