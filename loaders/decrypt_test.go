package loaders_test

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"

	"github.com/lexduck/lexduck/loaders"
	"github.com/lexduck/lexduck/udf"
)

// TestEncryptedPDFs encrypts a slip opinion with RC4 (40 and 128 bits),
// AES-128 (V=4) and AES-256 (V=5, R=6), with an owner password only (as
// the Court's preliminary prints are), and reads each back: the same
// syllabus as the plain file. A file that needs a user password is an
// error saying so.
func TestEncryptedPDFs(t *testing.T) {
	const path = "../testdata/fixtures/scotus-pdf/24-808_lkgn.pdf"
	plain, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	syllabus := func(data []byte) (string, error) {
		d, err := loaders.ParsePDF("x.pdf", data)
		if err != nil {
			return "", err
		}
		return udf.ExtractSyllabus(d.Cases()[0].Text).Syllabus, nil
	}
	want, err := syllabus(plain)
	if err != nil || len(want) < 500 {
		t.Fatalf("plain file: %v (%d bytes of syllabus)", err, len(want))
	}
	for _, tc := range []struct {
		name     string
		aes      bool
		bits     int
		user     string
		password bool
	}{
		{"RC4-40", false, 40, "", false},
		{"RC4-128", false, 128, "", false},
		{"AES-128", true, 128, "", false},
		{"AES-256", true, 256, "", false},
		{"AES-256 with a user password", true, 256, "secret", true},
	} {
		conf := model.NewRC4Configuration(tc.user, "owner", tc.bits)
		if tc.aes {
			conf = model.NewAESConfiguration(tc.user, "owner", tc.bits)
		}
		var enc bytes.Buffer
		if err := api.Encrypt(bytes.NewReader(plain), &enc, conf); err != nil {
			t.Fatalf("%s: encrypting: %v", tc.name, err)
		}
		if !bytes.Contains(enc.Bytes(), []byte("/Encrypt")) {
			t.Fatalf("%s: the copy is not encrypted", tc.name)
		}
		got, err := syllabus(enc.Bytes())
		switch {
		case tc.password:
			if !errors.Is(err, loaders.ErrPassword) {
				t.Errorf("%s: %v, want %v", tc.name, err, loaders.ErrPassword)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case got != want:
			t.Errorf("%s: syllabus differs:\n%.200q\nwant\n%.200q", tc.name, got, want)
		}
	}
}
