package loaders

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ErrFormat means a line does not have the fields its format requires.
var ErrFormat = errors.New("malformed line")

// RunLine is one line of a TREC run: "qid Q0 docno rank score tag".
// trec_eval ignores Rank and orders by Score (descending), ties by DocID
// descending.
type RunLine struct {
	QueryID, Q0, DocID string
	Rank               int32
	Score              float64
	Tag                string
}

// Qrel is one line of a TREC qrels file: "qid iter docno relevance".
type Qrel struct {
	QueryID, Iteration, DocID string
	Relevance                 int32
}

// fieldReader yields the whitespace-separated fields of each non-blank
// line, with the 1-based line number for errors.
type fieldReader struct {
	sc   *bufio.Scanner
	name string
	line int
}

func newFieldReader(r io.Reader, name string) fieldReader {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	return fieldReader{sc: sc, name: name}
}

func (fr *fieldReader) next() ([]string, error) {
	for fr.sc.Scan() {
		fr.line++
		if f := strings.Fields(fr.sc.Text()); len(f) > 0 {
			return f, nil
		}
	}
	if err := fr.sc.Err(); err != nil {
		return nil, fr.errorf("%w", err)
	}
	return nil, io.EOF
}

func (fr *fieldReader) errorf(format string, args ...any) error {
	return fmt.Errorf("loaders: %s line %d: "+format, append([]any{fr.name, fr.line}, args...)...)
}

// RunReader reads a TREC run line by line (whitespace-separated; the tag
// may be missing, as some tools write five columns).
type RunReader struct{ fr fieldReader }

// NewRunReader reads a run from r; name is used in errors.
func NewRunReader(r io.Reader, name string) *RunReader {
	return &RunReader{fr: newFieldReader(r, name)}
}

// Read returns the next line, or io.EOF after the last.
func (rr *RunReader) Read() (RunLine, error) {
	f, err := rr.fr.next()
	if err != nil {
		return RunLine{}, err
	}
	l, err := ParseRunFields(f)
	if err != nil {
		return RunLine{}, rr.fr.errorf("%w", err)
	}
	return l, nil
}

// ParseRunFields reads the fields of one run line. Errors say which field
// is wrong, never what it holds: a file that is not a run (a reader
// pointed at a secret) does not leak its contents through the message.
func ParseRunFields(f []string) (RunLine, error) {
	if len(f) != 5 && len(f) != 6 {
		return RunLine{}, fmt.Errorf("%w: want 6 fields (qid Q0 docno rank score tag), have %d", ErrFormat, len(f))
	}
	rank, err := strconv.ParseInt(f[3], 10, 32)
	if err != nil {
		return RunLine{}, fmt.Errorf("%w: the rank (field 4) is not an integer", ErrFormat)
	}
	score, err := strconv.ParseFloat(f[4], 64)
	if err != nil || math.IsNaN(score) {
		return RunLine{}, fmt.Errorf("%w: the score (field 5) is not a number", ErrFormat)
	}
	if err := validIDs(f[0], f[2]); err != nil {
		return RunLine{}, err
	}
	l := RunLine{QueryID: f[0], Q0: f[1], DocID: f[2], Rank: int32(rank), Score: score}
	if len(f) == 6 {
		l.Tag = f[5]
	}
	return l, nil
}

// validIDs refuses ids that are not UTF-8 (they would not survive as text).
func validIDs(query, doc string) error {
	if !utf8.ValidString(query) || !utf8.ValidString(doc) {
		return fmt.Errorf("%w: an id is not UTF-8 text", ErrFormat)
	}
	return nil
}

// QrelsReader reads a TREC qrels file line by line.
type QrelsReader struct{ fr fieldReader }

// NewQrelsReader reads judgments from r; name is used in errors.
func NewQrelsReader(r io.Reader, name string) *QrelsReader {
	return &QrelsReader{fr: newFieldReader(r, name)}
}

// Read returns the next judgment, or io.EOF after the last.
func (qr *QrelsReader) Read() (Qrel, error) {
	f, err := qr.fr.next()
	if err != nil {
		return Qrel{}, err
	}
	q, err := ParseQrelFields(f)
	if err != nil {
		return Qrel{}, qr.fr.errorf("%w", err)
	}
	return q, nil
}

// ParseQrelFields reads the fields of one qrels line; errors name the
// field, never its contents.
func ParseQrelFields(f []string) (Qrel, error) {
	if len(f) != 4 {
		return Qrel{}, fmt.Errorf("%w: want 4 fields (qid iter docno relevance), have %d", ErrFormat, len(f))
	}
	rel, err := strconv.ParseInt(f[3], 10, 32)
	if err != nil {
		return Qrel{}, fmt.Errorf("%w: the relevance (field 4) is not an integer", ErrFormat)
	}
	if err := validIDs(f[0], f[2]); err != nil {
		return Qrel{}, err
	}
	return Qrel{QueryID: f[0], Iteration: f[1], DocID: f[2], Relevance: int32(rel)}, nil
}

// each drains read, calling fn per record.
func each[T any](read func() (T, error), fn func(T) error) error {
	for {
		v, err := read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := fn(v); err != nil {
			return err
		}
	}
}

// ReadRun streams every line of a TREC run to fn.
func ReadRun(r io.Reader, name string, fn func(RunLine) error) error {
	return each(NewRunReader(r, name).Read, fn)
}

// ReadQrels streams every judgment of a TREC qrels file to fn.
func ReadQrels(r io.Reader, name string, fn func(Qrel) error) error {
	return each(NewQrelsReader(r, name).Read, fn)
}
