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

// TestTNACorrections takes the facts of the enrichment service's
// correction-strategy and citation-matching tests
// (src/tests/caselaw_extraction_tests/test_case_citations.py): what it
// finds in canonical form, what it corrects and to what. (Its "unknown"
// examples, "[2022]] UKUT 177 (TCC)" and a double space before "(TCC)",
// are spellings its matcher misses; lexduck reads them, so they are not
// expectations here.)
func TestTNACorrections(t *testing.T) {
	for _, tc := range []struct {
		text, canonical string
		malformed       bool
		year            int
	}{
		// already canonical
		{"random text goes here random text goes here **[2022] UKUT 177 (TCC)", "[2022] UKUT 177 (TCC)", false, 2022},
		{"[2022] 1 Lloyd's Rep 123.", "[2022] 1 Lloyd's Rep 123", false, 2022},
		{"..........Case C-123/12........", "Case C-123/12", false, 0},
		{"[[2022] EWHC 123 (Mercantile) ", "[2022] EWHC 123 (Mercantile)", false, 2022},
		{"[2022] EWHC 123 (TCC))", "[2022] EWHC 123 (TCC)", false, 2022},
		{"random text goes here [2022] 1 WLR 123 random text goes here", "[2022] 1 WLR 123", false, 2022},
		{"random text [2004] AC 816 goes here", "[2004] AC 816", false, 2004},
		{"......[2022] 1 QB 123......", "[2022] 1 QB 123", false, 2022},
		{"!!!!!!!_________[2047] Costs LR 123_____", "[2047] Costs LR 123", false, 2047},
		{"amy [2022] KB 123", "[2022] KB 123", false, 2022},
		{"1 ExD 123", "1 ExD 123", false, 0},
		{"[2025] EWHC 123 (TCC)", "[2025] EWHC 123 (TCC)", false, 2025},
		{"[2024] EWCOP 758", "[2024] EWCOP 758", false, 2024},
		{"[1999] LGR 666", "[1999] LGR 666", false, 1999},
		{"Case T-123/12", "Case T-123/12", false, 0},
		// corrected
		{"random text goes here (2022) UKUT 123 (IAC) random text goes here", "[2022] UKUT 123 (IAC)", true, 2022},
		{"[2057] A.C. 657 random text goes here", "[2057] AC 657", true, 2057},
		{"[2022] P.N.L.R 123", "[2022] PNLR 123", true, 2022},
		{"(1995) 99 Cr. App. R. 123", "(1995) 99 Cr App R 123", true, 1995},
		{"(2026) EWHC 789 (Fam)", "[2026] EWHC 789 (Fam)", true, 2026},
		{"[1999] A.C. 666", "[1999] AC 666", true, 1999},
		{"[2019] Q.B. 456", "[2019] QB 456", true, 2019},
	} {
		cs := udf.ExtractCitations(tc.text)
		if len(cs) != 1 || cs[0].Canonical != tc.canonical || cs[0].Malformed != tc.malformed || cs[0].Year != tc.year {
			t.Errorf("%q: %+v; want %q (malformed %v, year %d)", tc.text, cs, tc.canonical, tc.malformed, tc.year)
		}
	}
}
