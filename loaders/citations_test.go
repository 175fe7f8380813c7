package loaders_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/loaders"
)

// TestCitingCitedPairs finds, in each citing judgment, the citation of the
// cited judgment with the pinpoint PROVENANCE.md lists (the 18 pairs whose
// pinpoint is a paragraph, not a parallel report's year).
func TestCitingCitedPairs(t *testing.T) {
	f, err := os.Open("../testdata/fixtures/PROVENANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	pairs := 0
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "|")
		if len(cols) != 8 || !strings.HasPrefix(strings.TrimSpace(cols[4]), "uk-judgments/") {
			continue
		}
		cited, citingFile := strings.TrimSpace(cols[2]), strings.TrimSpace(cols[4])
		pin, err := strconv.Atoi(strings.TrimSpace(cols[3]))
		if err != nil || pin >= 1900 { // "-" or a parallel report's year
			continue
		}
		pairs++
		j, err := loaders.ReadJudgment(filepath.Join("../testdata/fixtures", citingFile))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, c := range j.Citations() {
			if c.Canonical == cited && len(c.Pinpoints) > 0 && c.Pinpoints[0] == pin {
				found = true
			}
		}
		if !found {
			var got []string
			for _, c := range j.Citations() {
				if c.Canonical == cited {
					got = append(got, fmt.Sprintf("para %d: %s %v", c.ParaNum, c.PinType, c.Pinpoints))
				}
			}
			t.Errorf("%s: no citation of %s with pinpoint %d; found %v", citingFile, cited, pin, got)
		}
	}
	if pairs != 18 {
		t.Fatalf("%d pairs with paragraph pinpoints in PROVENANCE.md, want 18", pairs)
	}
}

var enriched = []string{
	"rwanda.xml", "ewca_civ_2025_673-enriched.xml", "ewhc-ch-2023-257_enriched_stage_2.xml",
	"ewca-civ-2020-1337_early-enrichment.xml", "eat-2023-1-content.xml", "eat-2023-2-content.xml", "eat-2023-104_enriched.xml",
}

// TestScannerFindsMarkup checks that the text scanner finds, in the same
// paragraph, every case citation TNA's enrichment marked up.
func TestScannerFindsMarkup(t *testing.T) {
	total, missing := 0, 0
	for _, name := range enriched {
		j, err := loaders.ReadJudgment(filepath.Join("../testdata/fixtures/uk-judgments", name))
		if err != nil {
			t.Fatal(err)
		}
		scanned := map[int][]string{}
		for _, c := range j.Citations() {
			if c.Source == "scanner" {
				scanned[c.ParaNum] = append(scanned[c.ParaNum], c.Canonical)
			}
		}
		for _, c := range j.Citations() {
			if c.Source != "markup" {
				continue
			}
			total++
			if !slices.Contains(scanned[c.ParaNum], c.Canonical) {
				missing++
				t.Logf("%s para %d: markup %q (%q) not found by the scanner (scanner: %q)", name, c.ParaNum, c.Canonical, c.Raw, scanned[c.ParaNum])
			}
		}
	}
	t.Logf("%d of %d marked-up citations found by the scanner", total-missing, total)
	if total < 100 || missing > 0 {
		t.Errorf("%d of %d marked-up citations missed", missing, total)
	}
}
