package udf_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

// TestTNAManifest reads every match example of the National Archives'
// citation rules manifest (testdata/tna/manifest.tsv, made by gen.go from
// the manifest's own columns) inside a sentence, and wants exactly one
// citation whose raw text is the example, of the expected kind and with
// the canonical form the manifest's template gives. Target: all of them;
// the test fails below 98%.
func TestTNAManifest(t *testing.T) {
	f, err := os.Open("testdata/tna/manifest.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	total, ok := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		fields := strings.Split(line, "\t")
		id, example, kind, canonical := fields[0], fields[1], fields[2], fields[3]
		total++
		for _, text := range []string{
			"As was held in Smith v Jones " + example + ", the point is settled.",
			example,
			"(see " + example + ")",
		} {
			cs := udf.ExtractCitations(text)
			if len(cs) != 1 || cs[0].Raw != example || cs[0].Kind != kind || cs[0].Canonical != canonical {
				t.Errorf("%s: %q gives %+v; want raw %q, %s %q", id, text, cs, example, kind, canonical)
				goto next
			}
		}
		ok++
	next:
	}
	if total < 190 {
		t.Fatalf("read %d manifest rows, want about 196", total)
	}
	t.Logf("TNA manifest: %d of %d examples (%.1f%%)", ok, total, 100*float64(ok)/float64(total))
	if float64(ok) < 0.98*float64(total) {
		t.Fatalf("below 98%%")
	}
}
