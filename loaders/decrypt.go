package loaders

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
)

// ErrPassword means the PDF opens only with a password.
var ErrPassword = errors.New("password-protected PDF")

func init() {
	// pdfcpu would otherwise write a config.yml under the user's
	// configuration directory on first use.
	model.ConfigPath = "disable"
}

// encrypted reports whether data's trailer names an /Encrypt dictionary.
func encrypted(data []byte) bool {
	i := bytes.LastIndex(data, []byte("trailer"))
	if i >= 0 && bytes.Contains(data[i:], []byte("/Encrypt")) {
		return true
	}
	// cross-reference streams carry the trailer keys in the stream's dictionary
	return bytes.Contains(data, []byte("/Encrypt")) && bytes.Contains(data, []byte("/XRef"))
}

// decrypt returns a PDF that opens without a password, decrypted in memory
// with pdfcpu (RC4 40 and 128 bits, AES-128 (V=4) and AES-256 (V=5, R=6)
// all open with the empty user password when the file has none), or
// ErrPassword.
func decrypt(name string, data []byte) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &FileError{File: name, Err: fmt.Errorf("%w: the decryption failed: %v", ErrEncrypted, r), Hint: "decrypt it first, e.g. qpdf --decrypt"}
		}
	}()
	conf := model.NewDefaultConfiguration()
	conf.UserPW, conf.OwnerPW = "", ""
	conf.Offline = true
	conf.ValidationMode = model.ValidationRelaxed
	var buf bytes.Buffer
	if err := api.Decrypt(bytes.NewReader(data), &buf, conf); err != nil {
		msg := err.Error()
		if strings.Contains(strings.ToLower(msg), "password") {
			return nil, &FileError{File: name, Err: ErrPassword, Hint: "it opens only with a password: decrypt it first, e.g. qpdf --password=… --decrypt"}
		}
		if len(msg) > 120 {
			msg = msg[:120] + "…"
		}
		return nil, &FileError{File: name, Err: fmt.Errorf("%w: %s", ErrEncrypted, msg), Hint: "decrypt it first, e.g. qpdf --decrypt"}
	}
	return buf.Bytes(), nil
}
