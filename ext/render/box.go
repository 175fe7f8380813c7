package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/mattn/go-runewidth"
)

// boxWriter draws duckbox (with the type row) and box tables. With
// Options.Elide (a terminal) it keeps the first and last MaxRows/2 rows and
// hides columns that do not fit Width, saying so in a footer; without it,
// every row and every column is written whole.
type boxWriter struct {
	w       io.Writer
	o       Options
	types   bool
	names   []string
	tnames  []string
	numeric []bool
	head    [][]string
	tail    [][]string // ring of the last rows once head is full
	total   int
}

func (b *boxWriter) Header(s *arrow.Schema) error {
	b.names = names(s)
	for _, f := range s.Fields() {
		b.tnames = append(b.tnames, TypeName(f.Type))
		b.numeric = append(b.numeric, IsNumeric(f.Type))
	}
	return nil
}

func (b *boxWriter) Rows(rec arrow.RecordBatch) error {
	half := b.o.MaxRows / 2
	for r := range int(rec.NumRows()) {
		row := cells(rec, r, b.o.null("NULL"))
		b.total++
		switch {
		case !b.o.Elide || len(b.head) < b.o.MaxRows-half:
			b.head = append(b.head, row)
		case len(b.tail) < half:
			b.tail = append(b.tail, row)
		default:
			copy(b.tail, b.tail[1:])
			b.tail[len(b.tail)-1] = row
		}
	}
	return nil
}

func escapeCell(s string) string {
	if !strings.ContainsAny(s, "\n\r\t") {
		return s
	}
	return strings.NewReplacer("\n", `\n`, "\r", `\r`, "\t", `\t`).Replace(s)
}

func (b *boxWriter) Footer() error {
	ncol := len(b.names)
	rows := append(b.head, b.tail...)
	elided := b.total > len(rows)
	widths := make([]int, ncol)
	for c := range ncol {
		widths[c] = runewidth.StringWidth(b.names[c])
		if b.types {
			widths[c] = max(widths[c], runewidth.StringWidth(b.tnames[c]))
		}
	}
	for _, row := range rows {
		for c := range row {
			row[c] = escapeCell(row[c])
			widths[c] = max(widths[c], runewidth.StringWidth(row[c]))
		}
	}
	shown := ncol
	if b.o.Elide && b.o.Width > 0 {
		shown = b.fit(widths)
	}
	// The footer, if any, is computed first: a footer wider than the table
	// widens its last column so the borders line up.
	footer := ""
	if elided || shown < ncol {
		left := fmt.Sprintf("%d rows", b.total)
		if elided {
			left += fmt.Sprintf(" (%d shown)", len(rows))
		}
		right := ""
		if shown < ncol {
			right = fmt.Sprintf("%d columns (%d shown)", ncol, shown)
		}
		inner := -3
		for c := range shown {
			inner += widths[c] + 3
		}
		need := runewidth.StringWidth(left) + runewidth.StringWidth(right)
		if right != "" {
			need++
		}
		if need > inner {
			widths[shown-1] += need - inner
			inner = need
		}
		footer = left + strings.Repeat(" ", inner-runewidth.StringWidth(left)-runewidth.StringWidth(right)) + right
	}
	var out strings.Builder
	line := func(l, m, r string) {
		out.WriteString(l)
		for c := range shown {
			if c > 0 {
				out.WriteString(m)
			}
			out.WriteString(strings.Repeat("─", widths[c]+2))
		}
		out.WriteString(r + "\n")
	}
	cellRow := func(vals []string, align func(c int) int) {
		out.WriteString("│")
		for c := range shown {
			out.WriteString(" " + pad(vals[c], widths[c], align(c)) + " │")
		}
		out.WriteString("\n")
	}
	center := func(int) int { return 0 }
	line("┌", "┬", "┐")
	if b.o.Header {
		cellRow(b.names, center)
		if b.types {
			cellRow(b.tnames, center)
		}
		line("├", "┼", "┤")
	}
	align := func(c int) int {
		if b.numeric[c] {
			return 1
		}
		return -1
	}
	for i, row := range rows {
		if elided && i == len(b.head) {
			dots := make([]string, ncol)
			for c := range dots {
				dots[c] = "·"
			}
			for range 3 {
				cellRow(dots, center)
			}
		}
		cellRow(row, align)
	}
	if footer != "" {
		line("├", "┴", "┤")
		out.WriteString("│ " + footer + " │\n")
		out.WriteString("└" + strings.Repeat("─", runewidth.StringWidth(footer)+2) + "┘\n")
	} else {
		line("└", "┴", "┘")
	}
	_, err := io.WriteString(b.w, out.String())
	return err
}

// fit narrows the widest columns to a floor and then drops trailing
// columns until the table fits the terminal width. It returns how many
// columns are shown and truncates the shown cells in place.
func (b *boxWriter) fit(widths []int) int {
	total := func(n int) int {
		t := 1
		for c := range n {
			t += widths[c] + 3
		}
		return t
	}
	const floor = 12
	for total(len(widths)) > b.o.Width {
		widest := 0
		for c := range widths {
			if widths[c] > widths[widest] {
				widest = c
			}
		}
		if widths[widest] <= floor {
			break
		}
		widths[widest]--
	}
	shown := len(widths)
	for shown > 1 && total(shown) > b.o.Width {
		shown--
	}
	for _, rows := range [][][]string{b.head, b.tail} {
		for _, row := range rows {
			for c := range shown {
				row[c] = truncate(row[c], widths[c])
			}
		}
	}
	for c := range shown {
		b.names[c] = truncate(b.names[c], widths[c])
		b.tnames[c] = truncate(b.tnames[c], widths[c])
	}
	return shown
}

func truncate(s string, w int) string {
	if runewidth.StringWidth(s) <= w {
		return s
	}
	return runewidth.Truncate(s, w, "…")
}

// pad aligns s in width w: -1 left, 0 centre, 1 right.
func pad(s string, w, align int) string {
	n := w - runewidth.StringWidth(s)
	if n <= 0 {
		return s
	}
	switch align {
	case 1:
		return strings.Repeat(" ", n) + s
	case 0:
		return strings.Repeat(" ", n/2) + s + strings.Repeat(" ", n-n/2)
	}
	return s + strings.Repeat(" ", n)
}
