package udf_test

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

// checkStems compares Stem with every "word<TAB>stem" line of an NLTK
// reference file (lines starting with "#" and the header are skipped) and
// returns how many words it read.
func checkStems(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, bad := 0, 0
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "word\tstem" {
			continue
		}
		word, want, _ := strings.Cut(line, "\t")
		n++
		if got := udf.Stem(word); got != want {
			bad++
			if bad <= 20 {
				t.Errorf("Stem(%q) = %q, want %q", word, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d words differ from NLTK", path, bad, n)
	}
	return n
}

// TestStemNLTK checks every word of the NLTK 3.8 reference list.
func TestStemNLTK(t *testing.T) {
	if n := checkStems(t, "../testdata/vectors/porter_public.tsv"); n != 4000 {
		t.Fatalf("read %d words, want 4000", n)
	}
}

// TestStemNLTKExtra checks NLTK's stems of every distinct word in the
// fixture corpora (accents, capitals, digits) and of random strings built
// to reach every rule (testdata/vectors/gen/porter_extra.py).
func TestStemNLTKExtra(t *testing.T) {
	if n := checkStems(t, "../testdata/vectors/porter_extra.tsv"); n < 50000 {
		t.Fatalf("read %d words", n)
	}
}

func TestStemCases(t *testing.T) {
	for in, want := range map[string]string{
		// metrics.md §1.6 examples
		"held": "held", "courts": "court", "agreed": "agre", "running": "run", "ruled": "rule",
		"generously": "gener", "1990s": "1990",
		// irregular pool, and the pool is looked up before lower-casing (NLTK quirk)
		"skies": "sky", "dying": "die", "proceed": "proceed", "Sky": "ski",
		// NLTK extensions
		"dies": "die", "flies": "fli", "died": "die", "spied": "spi", "happy": "happi", "enjoy": "enjoy",
		"formalli": "formal", "hopefulli": "hope", "geologi": "geolog",
		// short words and case
		"a": "a", "is": "is", "AS": "as", "Running": "run",
		// non-ASCII words go through the same steps letter by letter
		"naïvely": "naïv", "İİİing": "i̇i̇i̇", "ÉTATS": "état", "straße": "straße", "ﬁling": "ﬁling",
		"yyyy": "yyyi", "ying": "ying", "eeing": "ee", "bled": "bled", "eed": "eed", "ied": "i", "spying": "spi",
	} {
		if got := udf.Stem(in); got != want {
			t.Errorf("Stem(%q) = %q, want %q", in, got, want)
		}
	}
}
