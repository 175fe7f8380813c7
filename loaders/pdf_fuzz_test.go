package loaders_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/loaders"
	"github.com/lexduck/lexduck/udf"
)

// FuzzReadPDF feeds arbitrary bytes (seeded with truncated and bit-flipped
// real PDFs) through the PDF boundary: an error or lines, never a panic.
func FuzzReadPDF(f *testing.F) {
	real, err := os.ReadFile("../testdata/fixtures/scotus-pdf/14-95.pdf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(real[:len(real)/2])
	f.Add(real[:2000])
	f.Add([]byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF"))
	// an encrypted file (AES-128, the Court's preliminary print), whole, cut and flipped
	enc, err := os.ReadFile("../testdata/fixtures/scotus-pdf/607us1r03_10n2.pdf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(enc)
	f.Add(enc[:len(enc)/3])
	encFlipped := append([]byte(nil), enc...)
	for i := 300; i < len(encFlipped); i += 1201 {
		encFlipped[i] ^= 0x21
	}
	f.Add(encFlipped)
	flipped := append([]byte(nil), real...)
	for i := 500; i < len(flipped); i += 997 {
		flipped[i] ^= 0x55
	}
	f.Add(flipped)
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4<<20 {
			return
		}
		path := filepath.Join(dir, "fuzz.pdf")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := loaders.ReadPDF(path)
		if err != nil {
			if !strings.Contains(err.Error(), "fuzz.pdf") {
				t.Fatalf("error does not name the file: %v", err)
			}
			return
		}
		for _, c := range d.Cases() {
			udf.ExtractSyllabus(c.Text)
		}
	})
}

// FuzzExtractSyllabus: never a panic, and the syllabus's words come from
// the input.
func FuzzExtractSyllabus(f *testing.F) {
	f.Add("No. 1–2. Argued May 1, 2012—Decided June 2, 2012\nFacts.\nHeld: x.\nROBERTS, C. J., delivered the opinion of the Court.\nText")
	f.Add("A v. B\nAn agreement by parol is binding between the parties here.\nVOL. IV.\nMr. Justice X delivered the opinion")
	f.Add("PER CURIAM.\nNo. 3. Decided")
	f.Fuzz(func(t *testing.T, text string) {
		s := udf.ExtractSyllabus(text)
		for _, w := range strings.Fields(s.Syllabus) {
			if !strings.Contains(text, strings.Trim(w, "-\u00ad")) && len(w) < 40 {
				// dehyphenation joins halves; check the first half exists
				if !strings.Contains(text, w[:len(w)/2]) {
					t.Fatalf("syllabus word %q not in input", w)
				}
			}
		}
		if s.OK && s.StartRule == "" {
			t.Fatal("ok without a start rule")
		}
	})
}
