package loaders

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"sync"

	"github.com/ledongthuc/pdf"
)

// fontInfo is what text extraction needs of a font: its decoder and its
// glyph widths (in thousandths of a text-space unit), for simple fonts.
type fontInfo struct {
	enc    pdf.TextEncoding
	first  int
	widths []float64
}

// fontCache shares decoded fonts across the pages of one document: a
// ToUnicode CMap is inflated and parsed once, not at every font change.
// The key is the font dictionary as printed, whose indirect references
// ("12 0 R") identify the objects within the document.
type fontCache struct {
	mu   sync.Mutex
	m    map[string]*fontInfo
	file string // for errors
}

func (c *fontCache) get(dict pdf.Value) *fontInfo {
	key := dict.String()
	c.mu.Lock()
	fi, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return fi
	}
	checkCMap(c.file, dict.Key("ToUnicode"))
	f := pdf.Font{V: dict}
	fi = &fontInfo{enc: f.Encoder(), first: f.FirstChar(), widths: f.Widths()}
	c.mu.Lock()
	c.m[key] = fi
	c.mu.Unlock()
	return fi
}

// affine is the matrix [a b 0; c d 0; e f 1] of PDF's row-vector convention.
type affine [6]float64

var identity = affine{1, 0, 0, 1, 0, 0}

// mul returns m × n.
func (m affine) mul(n affine) affine {
	return affine{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

// textState is PDF's text state (ISO 32000-1 §9.3) with the matrices of §9.4.
type textState struct {
	ctm                  affine
	tc, tw, th, tl, rise float64
	font                 *fontInfo
	size                 float64
}

// pageText runs a page's content stream and returns its text runs (one
// per string shown) with their position on the page, font size and width,
// in the order the stream draws them.
func pageText(p pdf.Page, fonts *fontCache, budget *textBudget) []pdf.Text {
	contents := p.V.Key("Contents")
	if contents.IsNull() {
		return nil
	}
	resources := inherited(p.V, "Resources", func(pdf.Value) bool { return true })
	fontDicts := resources.Key("Font")
	// Resolving a font dictionary can mean inflating a whole object
	// stream: do it once per font name on the page, not at every Tf.
	pageFonts := map[string]*fontInfo{}
	st := textState{ctm: identity, th: 1}
	var saved []textState
	tm, tlm := identity, identity
	var out []pdf.Text
	show := func(raw string) {
		budget.shown.Add(1)
		f := st.font
		if f == nil {
			budget.spend(64 + len(raw))
			return
		}
		text := raw
		if f.enc != nil {
			text = f.enc.Decode(raw)
		}
		budget.spend(64 + len(text))
		// Advance over the string's glyphs (one byte per code in simple
		// fonts; composite fonts have no Widths and advance by Td/Tm).
		adv := 0.0
		if len(f.widths) > 0 {
			for i := 0; i < len(raw); i++ {
				code := int(raw[i])
				w := 0.0
				if k := code - f.first; k >= 0 && k < len(f.widths) {
					w = f.widths[k]
				}
				tx := w/1000*st.size + st.tc
				if raw[i] == ' ' {
					tx += st.tw
				}
				adv += tx * st.th
			}
		}
		trm := affine{st.size * st.th, 0, 0, st.size, 0, st.rise}.mul(tm).mul(st.ctm)
		scale := math.Hypot(trm[2], trm[3]) // the vertical size of the glyphs on the page
		xscale := math.Hypot(tm.mul(st.ctm)[0], tm.mul(st.ctm)[1])
		out = append(out, pdf.Text{X: trm[4], Y: trm[5], FontSize: scale, W: adv * xscale, S: text})
		tm = affine{1, 0, 0, 1, adv, 0}.mul(tm)
	}
	nextLine := func() {
		tlm = affine{1, 0, 0, 1, 0, -st.tl}.mul(tlm)
		tm = tlm
	}
	pdf.Interpret(contents, func(stk *pdf.Stack, op string) {
		n := stk.Len()
		args := make([]pdf.Value, n)
		for i := n - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		num := func(i int) float64 {
			if i < len(args) {
				return args[i].Float64()
			}
			return 0
		}
		switch op {
		case "q":
			saved = append(saved, st)
		case "Q":
			if len(saved) > 0 {
				st = saved[len(saved)-1]
				saved = saved[:len(saved)-1]
			}
		case "cm":
			if n == 6 {
				st.ctm = affine{num(0), num(1), num(2), num(3), num(4), num(5)}.mul(st.ctm)
			}
		case "BT":
			tm, tlm = identity, identity
		case "Tc":
			st.tc = num(0)
		case "Tw":
			st.tw = num(0)
		case "Tz":
			st.th = num(0) / 100
		case "TL":
			st.tl = num(0)
		case "Ts":
			st.rise = num(0)
		case "Tf":
			if n == 2 {
				name := args[0].Name()
				f, ok := pageFonts[name]
				if !ok {
					if d := fontDicts.Key(name); !d.IsNull() {
						f = fonts.get(d)
					}
					pageFonts[name] = f
				}
				st.font, st.size = f, num(1)
			}
		case "Td", "TD":
			if n == 2 {
				if op == "TD" {
					st.tl = -num(1)
				}
				tlm = affine{1, 0, 0, 1, num(0), num(1)}.mul(tlm)
				tm = tlm
			}
		case "Tm":
			if n == 6 {
				tlm = affine{num(0), num(1), num(2), num(3), num(4), num(5)}
				tm = tlm
			}
		case "T*":
			nextLine()
		case "Tj":
			if n == 1 {
				show(args[0].RawString())
			}
		case "'":
			if n == 1 {
				nextLine()
				show(args[0].RawString())
			}
		case "\"":
			if n == 3 {
				st.tw, st.tc = num(0), num(1)
				nextLine()
				show(args[2].RawString())
			}
		case "TJ":
			if n == 1 && args[0].Kind() == pdf.Array {
				a := args[0]
				for i := 0; i < a.Len(); i++ {
					v := a.Index(i)
					if v.Kind() == pdf.String {
						show(v.RawString())
					} else {
						tm = affine{1, 0, 0, 1, -v.Float64() / 1000 * st.size * st.th, 0}.mul(tm)
					}
				}
			}
		}
	})
	return out
}

// cmapCount finds the entry counts a CMap declares ("100 beginbfchar").
var cmapCount = regexp.MustCompile(`([0-9]+)\s*begin(bfchar|bfrange|cidchar|cidrange|codespacerange|notdefchar|notdefrange)`)

// checkCMap refuses (by a *FileError panic, which pdfCall returns) a
// ToUnicode CMap larger than maxCMapBytes inflated, or one declaring more
// entries than its bytes can hold: the PDF library allocates an entry per
// declared count before reading them.
func checkCMap(file string, v pdf.Value) {
	if v.Kind() != pdf.Stream {
		return
	}
	data, err := io.ReadAll(io.LimitReader(v.Reader(), maxCMapBytes+1))
	if err != nil {
		return // the library reports unreadable streams its own way
	}
	if len(data) > maxCMapBytes {
		panic(&FileError{File: file, Err: fmt.Errorf("malformed PDF: a ToUnicode CMap inflates to more than %d MB", maxCMapBytes>>20), Hint: "a decompression bomb or a corrupt font"})
	}
	for _, m := range cmapCount.FindAllSubmatch(data, -1) {
		n, err := strconv.Atoi(string(m[1]))
		if err != nil || n > len(data)/4+1 {
			panic(&FileError{File: file, Err: fmt.Errorf("malformed PDF: a ToUnicode CMap declares %s %s entries in %d bytes", m[1], m[2], len(data)), Hint: "the font is corrupt"})
		}
	}
}
