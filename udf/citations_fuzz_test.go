package udf_test

import (
	"testing"
	"unicode/utf8"

	"github.com/lexduck/lexduck/udf"
)

func FuzzExtractCitations(f *testing.F) {
	for _, s := range []string{
		"[2020] EWCA Civ 621 at [11]-18]).", "[2017] UKSC 5; [2018] AC 61, at paras 141-146",
		"(2020) 71 EHRR 2, § 45", "5 U.S. (1 Cranch) 137", "[2022] UKFTT 2020_0341 (GRC) at para 2.9",
		"[1985] AC 374 at 418A-C", "Case C-1/12 and C-2/12", "[2010] EWCA Civ 1 at [12] above",
		"[2022] [EWHC 123] (Admin) at [5]", "(2022)) AC 123", "2022 1 WLR 123 at [4(ii)]",
		"Lissner v. Test 1 U.S. 12, 347-348, 1 S. Ct. 2, 358 (4th Cir. 1982). Id. at 5", "Roe, supra, at 4; 410 U.S., at 120",
		"[2010] EWCA Civ 65 Neuberger MR said at [41]", "[2016] UKSC 51; [2017] SC (UKSC) 29, at [80]",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return
		}
		runes := []rune(text)
		for _, c := range udf.ExtractCitations(text) {
			if c.Start < 0 || c.End > len(runes) || c.Start >= c.End || string(runes[c.Start:c.End]) != c.Raw {
				t.Fatalf("bad span %d..%d for %q in %q", c.Start, c.End, c.Raw, text)
			}
			for _, p := range c.Pinpoints {
				if p < 0 || p > 9999 && c.PinType != "page" || p > 99999 { // paragraphs have at most 4 digits, pages 5
					t.Fatalf("pinpoint %d", p)
				}
			}
		}
		udf.MaskCitations(text, "[CITATION]")
		udf.NormalizeCitation(text)
	})
}
