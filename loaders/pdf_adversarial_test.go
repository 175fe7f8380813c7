package loaders_test

import (
	"bytes"
	"compress/zlib"
	"encoding/hex"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/lexduck/lexduck/loaders"
)

// minimalPDF writes objects (number → body) with a classic xref table and
// trailer, as the hardening issue's repro script builds its files.
func minimalPDF(objs map[int]string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	last := 0
	for n := range objs {
		last = max(last, n)
	}
	offs := map[int]int{}
	for n := 1; n <= last; n++ {
		body, ok := objs[n]
		if !ok {
			continue
		}
		offs[n] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", n, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", last+1)
	for n := 1; n <= last; n++ {
		if off, ok := offs[n]; ok {
			fmt.Fprintf(&b, "%010d 00000 n \n", off)
		} else {
			b.WriteString("0000000000 65535 f \n")
		}
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", last+1, xref)
	return b.Bytes()
}

func pdfStream(data []byte, filter string) string {
	return fmt.Sprintf("<< /Length %d %s>>\nstream\n%s\nendstream", len(data), filter, data)
}

const (
	advCatalog = "<< /Type /Catalog /Pages 2 0 R >>"
	advFont    = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
	advPage    = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>"
	advText    = "BT /F1 12 Tf 72 720 Td (SUPREME COURT OF THE UNITED STATES) Tj 0 -14 Td (Held: affirmed.) Tj ET"
)

// TestPDFAdversarial: each file of the hardening issue's findings 2 and 14
// gets an error of its own, quickly and without exhausting memory (before
// the fix they asked for 48 GB, looped forever or died of OOM).
func TestPDFAdversarial(t *testing.T) {
	good := map[int]string{1: advCatalog, 2: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", 3: advPage, 4: advFont, 5: pdfStream([]byte(advText), "")}
	with := func(kv ...any) map[int]string { // object number, body, …
		m := map[int]string{}
		for k, v := range good {
			m[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(int)] = kv[i+1].(string)
		}
		return m
	}
	var bomb bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&bomb, 9)
	zw.Write([]byte("BT /F1 12 Tf 72 720 Td "))
	blk := bytes.Repeat([]byte("(aaaa) Tj 0 -1 Td "), 1<<16)
	for range (1 << 28) / len(blk) { // 256 MB of "(aaaa) Tj": past the budget
		zw.Write(blk)
	}
	zw.Write([]byte("ET"))
	zw.Close()
	slip, err := os.ReadFile("../testdata/fixtures/scotus-pdf/24-808_lkgn.pdf")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"good", "", minimalPDF(good)},
		{"count_huge", "", minimalPDF(with(2, "<< /Type /Pages /Kids [3 0 R] /Count 2000000000 >>"))},
		{"count_neg", "/Count -5", minimalPDF(with(2, "<< /Type /Pages /Kids [3 0 R] /Count -5 >>"))},
		{"cycle_pages", "cycle", minimalPDF(with(2, "<< /Type /Pages /Kids [6 0 R] /Count 1 >>", 6, "<< /Type /Pages /Kids [2 0 R] /Parent 2 0 R /Count 1 >>"))},
		{"cycle_parent", "", minimalPDF(with(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 3 0 R >>", 3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >>"))},
		{"kids_twice", "more nodes", minimalPDF(with(2, "<< /Type /Pages /Kids [6 0 R 6 0 R] /Count 1 >>", 6, "<< /Type /Pages /Kids [7 0 R 7 0 R] >>", 7, "<< /Type /Pages /Kids [8 0 R 8 0 R] >>", 8, "<< /Type /Pages /Kids [9 0 R 9 0 R] >>", 9, "<< /Type /Pages /Kids [10 0 R 10 0 R] >>", 10, "<< /Type /Pages /Kids [11 0 R 11 0 R] >>", 11, "<< /Type /Pages /Kids [3 0 R 3 0 R] >>"))},
		{"cmap_count", "declares 1000000000 bfchar", minimalPDF(with(4, "<< /Type /Font /Subtype /Type0 /BaseFont /Foo /Encoding /Identity-H /DescendantFonts [6 0 R] /ToUnicode 7 0 R >>",
			5, pdfStream([]byte("BT /F1 12 Tf 72 720 Td <0001> Tj ET"), ""),
			6, "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Foo /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /W [0 [500]] >>",
			7, pdfStream([]byte("begincmap 1000000000 beginbfchar endbfchar endcmap"), "")))},
		{"text_bomb", "MB of decoded text", minimalPDF(with(5, pdfStream(bomb.Bytes(), "/Filter /FlateDecode ")))},
		{"xref_size", "/Size 999999999434", bytes.Replace(slip, []byte("/Size 434/Type/XRef/"), []byte("/Size 999999999434/Type/XRef/"), 1)},
		{"columns", "/Columns 21474836474", bytes.Replace(slip, []byte("/Columns 5"), []byte("/Columns 21474836474"), 1)},
		{"no_root", "no document catalog", bytes.Replace(minimalPDF(good), []byte("/Root 1 0 R"), []byte("/Rot 1 0 R "), 1)},
		{"no_kids", "no pages", minimalPDF(with(2, "<< /Type /Pages /Kids [] /Count 0 >>"))},
		{"ascii_hex", "unsupported stream filter /ASCIIHexDecode", minimalPDF(with(5, pdfStream([]byte(hex.EncodeToString([]byte(advText))+">"), "/Filter /ASCIIHexDecode ")))},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			d, err := loaders.ParsePDF(c.name+".pdf", c.data)
			if time.Since(start) > 60*time.Second { // a hang detector, not a speed test
				t.Errorf("took %v", time.Since(start))
			}
			switch {
			case c.want == "" && err != nil && c.name == "good":
				t.Fatalf("good file: %v", err)
			case c.want == "" && c.name != "good":
				// the file may read (the huge /Count is only a count) or fail; either names it
				if err != nil && !strings.Contains(err.Error(), c.name+".pdf") {
					t.Fatalf("error does not name the file: %v", err)
				}
				if err == nil && d.Pages != 1 {
					t.Fatalf("pages = %d, want 1", d.Pages)
				}
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.name+".pdf")):
				t.Fatalf("err = %v, want one naming the file and saying %q", err, c.want)
			}
		})
	}
}
