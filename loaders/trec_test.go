package loaders_test

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/loaders"
)

func TestReadRunAndQrels(t *testing.T) {
	f, err := os.Open("../testdata/vectors/trec/run.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	n := 0
	var first loaders.RunLine
	err = loaders.ReadRun(f, "run.txt", func(l loaders.RunLine) error {
		if n == 0 {
			first = l
		}
		n++
		return nil
	})
	if err != nil || n != 805 {
		t.Fatalf("ReadRun: %d lines, %v", n, err)
	}
	if first != (loaders.RunLine{QueryID: "Q01", Q0: "Q0", DocID: "d0349", Rank: 1, Score: 0.990983, Tag: "public"}) {
		t.Errorf("first line %+v", first)
	}
	q, _ := os.Open("../testdata/vectors/trec/qrels.txt")
	defer q.Close()
	n = 0
	if err := loaders.ReadQrels(q, "qrels.txt", func(loaders.Qrel) error { n++; return nil }); err != nil || n != 33 {
		t.Fatalf("ReadQrels: %d, %v", n, err)
	}
}

func TestReadRunErrors(t *testing.T) {
	for in, want := range map[string]string{
		"q1 Q0 d1 1 0.5 tag\nq1 Q0 d2 x 0.4 tag\n": "bad.run line 2: malformed line: the rank (field 4) is not an integer",
		"q1 Q0 d1 1 high tag\n":                    "bad.run line 1: malformed line: the score (field 5) is not a number",
		"q1 Q0 d1 1 NaN tag\n":                     "bad.run line 1: malformed line: the score (field 5) is not a number",
		"q1 Q0 d\xff 1 0.5 tag\n":                  "bad.run line 1: malformed line: an id is not UTF-8 text",
		"q1 Q0 d1\n":                               "bad.run line 1: malformed line: want 6 fields",
	} {
		err := loaders.ReadRun(strings.NewReader(in), "bad.run", func(loaders.RunLine) error { return nil })
		if !errors.Is(err, loaders.ErrFormat) || !strings.Contains(err.Error(), want) {
			t.Errorf("ReadRun(%q) = %v, want %q", in, err, want)
		}
		if strings.Contains(err.Error(), "high") || strings.Contains(err.Error(), `"x"`) { // the file's contents stay out of errors

			t.Errorf("ReadRun(%q) = %v, want %q", in, err, want)
		}
	}
	err := loaders.ReadQrels(strings.NewReader("q1 0 d1\n"), "bad.qrels", func(loaders.Qrel) error { return nil })
	if !errors.Is(err, loaders.ErrFormat) || !strings.Contains(err.Error(), "bad.qrels line 1") {
		t.Errorf("ReadQrels: %v", err)
	}
}
