package render

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"slices"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/mattn/go-runewidth"
)

// Mode is an output mode of the shell, named as in the duckdb CLI.
type Mode string

// The output modes.
const (
	Duckbox   Mode = "duckbox"
	Box       Mode = "box"
	CSV       Mode = "csv"
	Tabs      Mode = "tabs"
	JSONMode  Mode = "json"
	JSONLines Mode = "jsonlines"
	Markdown  Mode = "markdown"
	Line      Mode = "line"
	List      Mode = "list"
	HTML      Mode = "html"
	Trash     Mode = "trash"
)

var modes = []Mode{Duckbox, Box, CSV, Tabs, JSONMode, JSONLines, Markdown, Line, List, HTML, Trash}

// Modes lists every mode, for .mode completion and -help.
func Modes() []Mode { return slices.Clone(modes) }

// ParseMode returns the mode named s.
func ParseMode(s string) (Mode, error) {
	if slices.Contains(modes, Mode(s)) {
		return Mode(s), nil
	}
	names := make([]string, len(modes))
	for i, m := range modes {
		names[i] = string(m)
	}
	return "", fmt.Errorf("unknown output mode %q (modes: %s)", s, strings.Join(names, ", "))
}

// Options shape a writer's output.
type Options struct {
	Header    bool
	NullValue *string // nil: "NULL" in duckbox and box, "" elsewhere (as duckdb)
	Separator string  // list mode; default "|"
	// Elide limits duckbox to MaxRows rows and Width columns of text, as on
	// a terminal. Off, nothing is ever cut (files, pipes, reports).
	Elide   bool
	MaxRows int // default 40
	Width   int // terminal width; 0 = unlimited
}

// Writer writes one result set.
type Writer interface {
	// Header starts a result with the given columns.
	Header(schema *arrow.Schema) error
	// Rows writes every row of one batch.
	Rows(rec arrow.RecordBatch) error
	// Footer ends the result.
	Footer() error
}

// New returns the writer for mode m.
func New(m Mode, w io.Writer, o Options) Writer {
	if o.MaxRows <= 0 {
		o.MaxRows = 40
	}
	if o.Separator == "" {
		o.Separator = "|"
	}
	switch m {
	case Duckbox, Box:
		return &boxWriter{w: w, o: o, types: m == Duckbox}
	case CSV, Tabs:
		c := csv.NewWriter(w)
		if m == Tabs {
			c.Comma = '\t'
		}
		return &csvWriter{w: c, o: o}
	case JSONMode, JSONLines:
		return &jsonWriter{w: w, lines: m == JSONLines}
	case Markdown:
		return &markdownWriter{w: w, o: o}
	case Line:
		return &lineWriter{w: w, o: o}
	case List:
		return &listWriter{w: w, o: o}
	case HTML:
		return &htmlWriter{w: w, o: o}
	}
	return trashWriter{}
}

func (o Options) null(def string) string {
	if o.NullValue != nil {
		return *o.NullValue
	}
	return def
}

func cells(rec arrow.RecordBatch, row int, null string) []string {
	out := make([]string, rec.NumCols())
	for c := range out {
		s, isNull := Text(rec.Column(c), row)
		if isNull {
			s = null
		}
		out[c] = s
	}
	return out
}

func names(s *arrow.Schema) []string {
	out := make([]string, s.NumFields())
	for i, f := range s.Fields() {
		out[i] = f.Name
	}
	return out
}

type trashWriter struct{}

func (trashWriter) Header(*arrow.Schema) error   { return nil }
func (trashWriter) Rows(arrow.RecordBatch) error { return nil }
func (trashWriter) Footer() error                { return nil }

// csvWriter writes RFC 4180 CSV (or tab-separated values), never truncating.
type csvWriter struct {
	w *csv.Writer
	o Options
}

func (c *csvWriter) Header(s *arrow.Schema) error {
	if c.o.Header {
		return c.w.Write(names(s))
	}
	return nil
}

func (c *csvWriter) Rows(rec arrow.RecordBatch) error {
	for r := range int(rec.NumRows()) {
		if err := c.w.Write(cells(rec, r, c.o.null(""))); err != nil {
			return err
		}
	}
	return nil
}

func (c *csvWriter) Footer() error { c.w.Flush(); return c.w.Error() }

// jsonWriter writes a JSON array of objects, or one object per line.
type jsonWriter struct {
	w      io.Writer
	lines  bool
	schema *arrow.Schema
	n      int
}

func (j *jsonWriter) Header(s *arrow.Schema) error { j.schema = s; return nil }

func (j *jsonWriter) Rows(rec arrow.RecordBatch) error {
	for r := range int(rec.NumRows()) {
		obj := make(orderedObject, rec.NumCols())
		for c := range obj {
			obj[c] = kv{j.schema.Field(c).Name, JSON(rec.Column(c), r)}
		}
		b, err := json.Marshal(obj)
		if err != nil {
			return err
		}
		prefix := ""
		switch {
		case j.lines:
		case j.n == 0:
			prefix = "["
		default:
			prefix = ",\n"
		}
		if j.lines {
			b = append(b, '\n')
		}
		if _, err := io.WriteString(j.w, prefix); err != nil {
			return err
		}
		if _, err := j.w.Write(b); err != nil {
			return err
		}
		j.n++
	}
	return nil
}

func (j *jsonWriter) Footer() error {
	if j.lines {
		return nil
	}
	end := "]\n"
	if j.n == 0 {
		end = "[]\n"
	}
	_, err := io.WriteString(j.w, end)
	return err
}

// listWriter writes values separated by Separator.
type listWriter struct {
	w io.Writer
	o Options
}

func (l *listWriter) Header(s *arrow.Schema) error {
	if !l.o.Header {
		return nil
	}
	_, err := fmt.Fprintln(l.w, strings.Join(names(s), l.o.Separator))
	return err
}

func (l *listWriter) Rows(rec arrow.RecordBatch) error {
	for r := range int(rec.NumRows()) {
		if _, err := fmt.Fprintln(l.w, strings.Join(cells(rec, r, l.o.null("")), l.o.Separator)); err != nil {
			return err
		}
	}
	return nil
}

func (l *listWriter) Footer() error { return nil }

// lineWriter writes one "name = value" line per column, a blank line between rows.
type lineWriter struct {
	w     io.Writer
	o     Options
	names []string
	width int
	n     int
}

func (l *lineWriter) Header(s *arrow.Schema) error {
	l.names = names(s)
	for _, n := range l.names {
		l.width = max(l.width, runewidth.StringWidth(n))
	}
	return nil
}

func (l *lineWriter) Rows(rec arrow.RecordBatch) error {
	for r := range int(rec.NumRows()) {
		if l.n > 0 {
			if _, err := fmt.Fprintln(l.w); err != nil {
				return err
			}
		}
		for c, v := range cells(rec, r, l.o.null("")) {
			pad := strings.Repeat(" ", l.width-runewidth.StringWidth(l.names[c]))
			if _, err := fmt.Fprintf(l.w, "%s%s = %s\n", pad, l.names[c], v); err != nil {
				return err
			}
		}
		l.n++
	}
	return nil
}

func (l *lineWriter) Footer() error { return nil }

// markdownWriter writes a GitHub table; numeric columns are right-aligned.
// Cells are never truncated; '|' and newlines are escaped.
type markdownWriter struct {
	w io.Writer
	o Options
}

func mdCell(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\r\n", "<br>")
	return strings.ReplaceAll(s, "\n", "<br>")
}

func (m *markdownWriter) Header(s *arrow.Schema) error {
	var head, rule strings.Builder
	for _, f := range s.Fields() {
		head.WriteString("| " + mdCell(f.Name) + " ")
		if IsNumeric(f.Type) {
			rule.WriteString("|---:")
		} else {
			rule.WriteString("|---")
		}
	}
	_, err := fmt.Fprintf(m.w, "%s|\n%s|\n", head.String(), rule.String())
	return err
}

func (m *markdownWriter) Rows(rec arrow.RecordBatch) error {
	for r := range int(rec.NumRows()) {
		var b strings.Builder
		for _, v := range cells(rec, r, m.o.null("")) {
			b.WriteString("| " + mdCell(v) + " ")
		}
		b.WriteString("|\n")
		if _, err := io.WriteString(m.w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

func (m *markdownWriter) Footer() error { return nil }

// htmlWriter writes an HTML table.
type htmlWriter struct {
	w io.Writer
	o Options
}

func (h *htmlWriter) Header(s *arrow.Schema) error {
	var b strings.Builder
	b.WriteString("<table>\n")
	if h.o.Header {
		b.WriteString("<tr>")
		for _, n := range names(s) {
			b.WriteString("<th>" + html.EscapeString(n) + "</th>")
		}
		b.WriteString("</tr>\n")
	}
	_, err := io.WriteString(h.w, b.String())
	return err
}

func (h *htmlWriter) Rows(rec arrow.RecordBatch) error {
	for r := range int(rec.NumRows()) {
		var b strings.Builder
		b.WriteString("<tr>")
		for _, v := range cells(rec, r, h.o.null("")) {
			b.WriteString("<td>" + html.EscapeString(v) + "</td>")
		}
		b.WriteString("</tr>\n")
		if _, err := io.WriteString(h.w, b.String()); err != nil {
			return err
		}
	}
	return nil
}

func (h *htmlWriter) Footer() error {
	_, err := io.WriteString(h.w, "</table>\n")
	return err
}
