package udf_test

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

// pinPair is one citing paragraph → cited judgment → pinned paragraph.
type pinPair struct {
	file  string
	num   int
	cited string
	pin   int
}

func readTSV(t *testing.T, path string, fn func([]string)) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // header
	for sc.Scan() {
		fn(strings.Split(sc.Text(), "\t"))
	}
}

// devSetParagraphs is where build.py writes the judgments' paragraphs. The
// texts are not in the repository (lexduck commits nothing taken from
// other repositories; the manifest, the expectations and how they were
// made are): build.py makes them from the public source in a minute.
const devSetParagraphs = "testdata/devset/paragraphs.jsonl.gz"

// openDevSet opens the paragraphs, or skips saying how to make them.
func openDevSet(tb testing.TB) *os.File {
	f, err := os.Open(devSetParagraphs)
	if os.IsNotExist(err) {
		tb.Skipf("%s is not here: make it with testdata/devset/build.py (see its first lines)", devSetParagraphs)
	}
	if err != nil {
		tb.Fatal(err)
	}
	return f
}

// TestPinpointDevSet measures pinpoint extraction on 369 real Court of
// Appeal judgments that are not fixtures (testdata/devset: see build.py
// for the source, the split by file hash and how the expectations were
// made). The figures of the part only measured, never tuned on, are the
// ones reported; the test fails below them.
//
//	python3 udf/testdata/devset/build.py DIR_OF_XML FIXTURES_DIR   # once
//	go test ./udf -run PinpointDevSet -v
func TestPinpointDevSet(t *testing.T) {
	dir := "testdata/devset/"
	part := map[string]string{}
	readTSV(t, dir+"manifest.tsv", func(r []string) { part[r[0]] = r[2] })
	expected := map[pinPair]bool{}
	readTSV(t, dir+"expected.tsv", func(r []string) {
		n, _ := strconv.Atoi(r[1])
		p, _ := strconv.Atoi(r[3])
		expected[pinPair{r[0], n, r[2], p}] = true
	})
	f := openDevSet(t)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	got := map[pinPair]bool{}
	texts := map[[2]string]string{}
	dec := json.NewDecoder(zr)
	for dec.More() {
		var p struct {
			File string `json:"file"`
			Num  int    `json:"num"`
			Text string `json:"text"`
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		texts[[2]string{p.File, strconv.Itoa(p.Num)}] += p.Text + " ¶ "
		for _, c := range udf.ExtractCitations(p.Text) {
			if c.Kind != "uk_ncn" || c.PinType != "para" {
				continue
			}
			for _, pin := range c.Pinpoints {
				got[pinPair{p.File, p.Num, c.Canonical, pin}] = true
			}
		}
	}
	type score struct{ tp, fp, fn int }
	scores := map[string]*score{"tune": {}, "measure": {}}
	var diffs []string
	for p := range got {
		s := scores[part[p.file]]
		if expected[p] {
			s.tp++
		} else {
			s.fp++
			diffs = append(diffs, fmt.Sprintf("%s\tFP\t%s\t%d\t%s\t%d", part[p.file], p.file, p.num, p.cited, p.pin))
		}
	}
	for p := range expected {
		if !got[p] {
			scores[part[p.file]].fn++
			diffs = append(diffs, fmt.Sprintf("%s\tFN\t%s\t%d\t%s\t%d", part[p.file], p.file, p.num, p.cited, p.pin))
		}
	}
	sort.Strings(diffs)
	if out := os.Getenv("LEXDUCK_DEVSET_DIFF"); out != "" { // for adjudication: every disagreement with its paragraph
		var b strings.Builder
		for _, d := range diffs {
			r := strings.Split(d, "\t")
			b.WriteString(d + "\t" + texts[[2]string{r[2], r[3]}] + "\n")
		}
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, d := range diffs {
		if strings.HasPrefix(d, "tune") {
			t.Log(d)
		}
	}
	for _, name := range []string{"tune", "measure"} {
		s := scores[name]
		p := float64(s.tp) / float64(s.tp+s.fp)
		r := float64(s.tp) / float64(s.tp+s.fn)
		t.Logf("%s part: %d expected pairs, %d found, %d correct: recall %.1f%%, precision %.1f%%", name, s.tp+s.fn, s.tp+s.fp, s.tp, 100*r, 100*p)
		if name == "measure" && (r < devSetRecall || p < devSetPrecision) {
			t.Errorf("measured part below the reached figures (recall %.3f, precision %.3f)", devSetRecall, devSetPrecision)
		}
	}
}

// The measured part's figures reached (the test fails below them).
const devSetRecall, devSetPrecision = 0.974, 0.991
