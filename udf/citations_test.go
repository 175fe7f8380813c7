package udf_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

// first returns the first citation of kind in text.
func first(t *testing.T, text, kind string) udf.Citation {
	t.Helper()
	for _, c := range udf.ExtractCitations(text) {
		if c.Kind == kind {
			return c
		}
	}
	t.Fatalf("no %s citation in %q", kind, text)
	return udf.Citation{}
}

// TestPinpointsFromFixtureContexts uses the real contexts of the citing →
// cited pairs in testdata/fixtures/PROVENANCE.md.
func TestPinpointsFromFixtureContexts(t *testing.T) {
	for _, tc := range []struct {
		text, canonical string
		pins            []int
	}{
		{"retary of State for Transport [2020] EWCA Civ 214, at [272], [273]. 127. The “conduct” complained of here is", "[2020] EWCA Civ 214", []int{272, 273}},
		{"Court in Brownlie v FS Cairo [2021] UKSC 45 at [25], in a non-BRR case the common law rules require tha", "[2021] UKSC 45", []int{25}},
		{"m v Harrogate Borough Council [2020] EWCA Civ 805 at [8]; and R (Friends of the Earth Limited) v Secretary of", "[2020] EWCA Civ 805", []int{8}},
		{"e v FS Cairo (Nile Plaza) LLC [2021] UKSC 45 and in particular to the terms of the Judgment of Lord Legg", "[2021] UKSC 45", nil},
		{"A (Syria) (‘Rwanda judgment’) [2023] UKSC 42, [23] (the Soering test). 40. Articles 2 and 3 ECHR impose", "[2023] UKSC 42", []int{23}},
		{"or directions in this appeal ([2020] EWCA Civ 621 at [11]-18]). For the purposes of this application, I can b", "[2020] EWCA Civ 621", []int{11, 12, 13, 14, 15, 16, 17, 18}},
		{" : Care and Placement Orders) [2020] EWCA Civ 583 at [3] and [8-9], where guidance was given about the conduc", "[2020] EWCA Civ 583", []int{3, 8, 9}},
		{"State for the Home Department [2020] EWCA Civ 1296 at para 12. (5) Beyond this guidance, further exposition of", "[2020] EWCA Civ 1296", []int{12}},
		{"d) (Abduction: Article 13(b)) [2020] EWCA Civ 1057 at [96]. The third stage 8. The third stage is the rehearin", "[2020] EWCA Civ 1057", []int{96}},
		{"recent case of Pease v Carter [2020] EWCA Civ 175 at [52]: “In other words, the purpose of the requirement fo", "[2020] EWCA Civ 175", []int{52}},
		{"rbett) v The Cornwall Council [2020] EWCA Civ 508, at paragraphs 40 to 42; and the judgment of Patterson J. i", "[2020] EWCA Civ 508", []int{40, 41, 42}},
		{"tures Limited and Ashurst LLP [2020] EWCA Civ 11 at [63]). Proposition 3 46. The privilege applies to commun", "[2020] EWCA Civ 11", []int{63}},
		{"nment, Food and Rural Affairs [2020] EWCA Civ 649 at [6]. Grounds 1 and 2: Appropriateness and ‘no reduction’", "[2020] EWCA Civ 649", []int{6}},
		{"f State for Work and Pensions [2020] EWCA Civ 37, at paras. 170-173 in the judgment of the Court, summarisin", "[2020] EWCA Civ 37", []int{170, 171, 172, 173}},
		{"siderable public importance”: [2020] EWCA Civ 339 at [15]. 4. Following its decision on the substantive appea", "[2020] EWCA Civ 339", []int{15}},
		{"ll questions of fact and law: [2020] EWCA Civ 339 at [137] and [140]. In those circumstances, it is entirely ", "[2020] EWCA Civ 339", []int{137, 140}},
		{" at [314] - [315], [337], and [2016] EWCA Civ 1180 at [278], [285], [336]. 45. I add that FMCP made its alloca", "[2016] EWCA Civ 1180", []int{278, 285, 336}},
		{"J dissenting on both grounds: [2020] EWCA Civ 996; [2021] 2 All ER 605. 24. The Court of Appeal granted the d", "[2020] EWCA Civ 996", nil},
		{"to establish its effect”: see [2020] EWCA Civ 996, para 171. On this usage the “default rule” is just another", "[2020] EWCA Civ 996", []int{171}},
		{" court in BBC v Sugar (No. 2) [2012] UKSC 4; [2012] 1 WLR 439 and Kennedy v Charity Commission [2014] U", "[2012] UKSC 4", nil},
	} {
		c := first(t, tc.text, "uk_ncn")
		if c.Canonical != tc.canonical || !slices.Equal(c.Pinpoints, tc.pins) {
			t.Errorf("%q:\n got %s %v (%s), want %s %v", tc.text, c.Canonical, c.Pinpoints, c.PinType, tc.canonical, tc.pins)
		}
	}
}

func TestNeutralCitationVariants(t *testing.T) {
	for in, want := range map[string]string{
		"[2022] EWCA Civ 123":          "[2022] EWCA Civ 123",
		"(2022) EWCA Civ 123":          "[2022] EWCA Civ 123",
		"[2022] EWCA CIV 123":          "[2022] EWCA Civ 123",
		"[2022] ewca civ 123":          "[2022] EWCA Civ 123",
		"[2022[ EWCA Civ 123":          "[2022] EWCA Civ 123",
		"]2022] EWCA Civ 123":          "[2022] EWCA Civ 123",
		"[2022] EWCA Civ. 123":         "[2022] EWCA Civ 123",
		"[2022] EWCA (Civ) 123":        "[2022] EWCA Civ 123",
		"[2022] EWCA 1 (Civ)":          "[2022] EWCA Civ 1",
		"[2022] EWHC Admin 123":        "[2022] EWHC 123 (Admin)",
		"[2022] EWHC 123 Admin":        "[2022] EWHC 123 (Admin)",
		"[2022] EWHC 123 (Ch.)":        "[2022] EWHC 123 (Ch)",
		"[2022] EWCH 0123 (comm)":      "[2022] EWHC 123 (Comm)",
		"[2022] EHWC 5 (KB)":           "[2022] EWHC 5 (KB)",
		"[2022] EWHC 123 (COP)":        "[2022] EWCOP 123",
		"[2018] EWHC 2017 (Ch)":        "[2018] EWHC 2017 (Ch)",
		"[2021] UKUT 123 (IAC)":        "[2021] UKUT 123 (IAC)",
		"[2022] UKFTT 2020_0341 (GRC)": "[2022] UKFTT 2020_0341 (GRC)",
		"[2022] UKFTT 2020/0341 (GRC)": "[2022] UKFTT 2020_0341 (GRC)",
		"[2024] EWCOP 17 (T2)":         "[2024] EWCOP 17 (T2)",
		"[2025] EWFC 79 (B)":           "[2025] EWFC 79 (B)",
		"[2023] UKIPTrib 11":           "[2023] UKIPTrib 11",
		"[2007] UKHL 27":               "[2007] UKHL 27",
		"[2019] CSIH 5":                "[2019] CSIH 5",
		"[2022] UKET 123456/2022":      "[2022] UKET 123456/2022",
	} {
		got, ok := udf.NormalizeCitation("see " + in + " below")
		if !ok || got != want {
			t.Errorf("NormalizeCitation(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"[2022] EWHC 1", "[2022] EWCA 5", "in 2022 the EWCA said", "[2022] UKUT B1 IAC"} {
		if got, ok := udf.NormalizeCitation(in); ok {
			t.Errorf("NormalizeCitation(%q) = %q, want none", in, got)
		}
	}
}

func TestOtherCitationKinds(t *testing.T) {
	for _, tc := range []struct{ text, kind, canonical, court string }{
		{"Donoghue v Stevenson [1932] AC 562", "uk_report", "[1932] AC 562", "AC"},
		{"[1990] 2 A.C. 605, 617H", "uk_report", "[1990] 2 AC 605", "AC"},
		{"[2004] 1 W.L.R. 1", "uk_report", "[2004] 1 WLR 1", "WLR"},
		{"[2019] 2 Lloyd’s Rep. 123", "uk_report", "[2019] 2 Lloyd's Rep 123", "Lloyd's Rep"},
		{"(1995) 99 Cr App R 123", "uk_report", "(1995) 99 Cr App R 123", "Cr App R"},
		{"[2021] 2 All ER 605", "uk_report", "[2021] 2 All ER 605", "All ER"},
		{"[1994] QB  349", "uk_report", "[1994] QB 349", "QB"},
		{"(1866) LR 1 HL 1", "uk_report", "(1866) LR 1 HL 1", "LR"},
		{"(2020) 71 EHRR 2", "echr", "(2020) 71 EHRR 2", "EHRR"},
		{"Application no. 12345/06", "echr", "Application no. 12345/06", "ECtHR"},
		{"Case C-123/12", "eu", "Case C-123/12", "CJEU"},
		{"Joined Cases C-1/12 and C-2/12", "eu", "Joined Cases C-1/12 and C-2/12", "CJEU"},
		{"[2006] ECR I-1234", "eu", "[2006] ECR I-1234", "ECR"},
		{"ECLI:EU:C:2014:317", "eu", "ECLI:EU:C:2014:317", "CJEU"},
		{"Marbury v. Madison, 5 U.S. (1 Cranch) 137 (1803)", "us", "5 U.S. (1 Cranch) 137", "scotus"},
		{"Detroit Timber & Lumber Co., 200 U. S. 321, 337", "us", "200 U.S. 321", "scotus"},
		{"140 S. Ct. 1731", "us", "140 S. Ct. 1731", "scotus"},
		{"136 S.Ct. 616", "us", "136 S. Ct. 616", "scotus"},
		{"769 Fed. Appx. 654, vacated", "us", "769 F. App'x 654", ""},
		{"Smith v. Jones, 12 F.3d 45, 47 (4th Cir. 1993)", "us", "12 F.3d 45", "ca4"},
		{"Smith v. Jones, 12 F. Supp. 2d 45 (S.D.N.Y. 1998)", "us", "12 F. Supp. 2d 45", "S.D.N.Y."},
		{"Roe, 410 U.S., at 120", "us_short", "410 U.S. at 120", "scotus"},
	} {
		c := first(t, tc.text, tc.kind)
		if c.Canonical != tc.canonical || c.Court != tc.court {
			t.Errorf("%q: got %q (court %q), want %q (court %q)", tc.text, c.Canonical, c.Court, tc.canonical, tc.court)
		}
	}
}

func TestGroupsPinpointsAndOffsets(t *testing.T) {
	text := "In R (Miller) v Secretary of State [2017] UKSC 5; [2018] AC 61, at paras 141-146, the court… " +
		"Compare the Cabinet Manual at para 2.9 and [2003] UKHL 37 at para 52.8.6 of the White Book. " +
		"As I said at [45] above, in Smith [2010] EWCA Civ 1 at [12] below the point was left open. " +
		"See also Anon (2020) 71 EHRR 2, § 45-47 and Re X [1985] AC 374 at 418A-C."
	cs := udf.ExtractCitations(text)
	byCanon := map[string]udf.Citation{}
	for _, c := range cs {
		byCanon[c.Canonical] = c
		runes := []rune(text)
		if got := string(runes[c.Start:c.End]); got != c.Raw {
			t.Errorf("offsets of %q select %q", c.Raw, got)
		}
	}
	miller, report := byCanon["[2017] UKSC 5"], byCanon["[2018] AC 61"]
	if miller.Group != report.Group || !slices.Equal(miller.Pinpoints, []int{141, 142, 143, 144, 145, 146}) || !slices.Equal(report.Pinpoints, miller.Pinpoints) {
		t.Errorf("parallel group: %+v / %+v", miller, report)
	}
	if c := byCanon["[2003] UKHL 37"]; c.Pinpoints != nil || c.PinType != "" {
		t.Errorf("dotted White Book number read as a pinpoint: %+v", c)
	}
	if c := byCanon["[2010] EWCA Civ 1"]; c.Pinpoints != nil {
		t.Errorf("self-reference kept: %+v", c)
	}
	if c := byCanon["(2020) 71 EHRR 2"]; c.PinType != "section" || !slices.Equal(c.Pinpoints, []int{45, 46, 47}) {
		t.Errorf("section pinpoint: %+v", c)
	}
	if c := byCanon["[1985] AC 374"]; c.PinType != "page" || c.Pinpoints != nil {
		t.Errorf("page pinpoint: %+v", c)
	}
	masked := udf.MaskCitations(text, "[CITATION]")
	for _, leak := range []string{"UKSC", "141", "EHRR", "418A", "UKHL"} {
		if strings.Contains(masked, leak) {
			t.Errorf("masked text still contains %q: %s", leak, masked)
		}
	}
	if !strings.HasPrefix(masked, "In R (Miller) v Secretary of State [CITATION], the court") {
		t.Errorf("masked: %s", masked)
	}
}

// TestPinpointForms covers every common way English judgments pin a
// paragraph (issue 13's list), each written as judgments write it.
func TestPinpointForms(t *testing.T) {
	for _, tc := range []struct {
		text, raw string
		pins      []int
	}{
		{"Chagos Islanders v The Attorney General [2003] EWHC 2222 (QB) at [619]. 381. The next", "[2003] EWHC 2222 (QB)", []int{619}},
		{"R v Reid & Ors [2009] EWCA Crim 2698 [111(i)] with the", "[2009] EWCA Crim 2698", []int{111}},
		{"in Smith [2019] EWCA Civ 10 at [12]-[14], the court", "[2019] EWCA Civ 10", []int{12, 13, 14}},
		{"in Smith [2019] EWCA Civ 10 at [12] – [14] the court", "[2019] EWCA Civ 10", []int{12, 13, 14}},
		{"in Smith [2019] EWCA Civ 10 at [12(iii)] the court", "[2019] EWCA Civ 10", []int{12}},
		{"in Smith [2019] EWCA Civ 10 [46(vi)], the court", "[2019] EWCA Civ 10", []int{46}},
		{"Jones [2018] UKSC 3 at para 7 and", "[2018] UKSC 3", []int{7}},
		{"Jones [2018] UKSC 3 at paras 7 and 9 and", "[2018] UKSC 3", []int{7, 9}},
		{"Jones [2018] UKSC 3 at paragraph 7", "[2018] UKSC 3", []int{7}},
		{"Jones [2018] UKSC 3 at paragraphs 7-9", "[2018] UKSC 3", []int{7, 8, 9}},
		{"Jones [2018] UKSC 3, paras 40 to 42; and", "[2018] UKSC 3", []int{40, 41, 42}},
		{"Jones [2018] UKSC 3 paragraphs [12] and [15] were", "[2018] UKSC 3", []int{12, 15}},
		{"Jones [2018] UKSC 3 (at paragraphs 12 and 15) were", "[2018] UKSC 3", []int{12, 15}},
		{"Jones [2018] UKSC 3, paragraph 12, was", "[2018] UKSC 3", []int{12}},
		{"JCWI [2020] EWCA Civ 542 ('JCWI') at [133] the", "[2020] EWCA Civ 542", []int{133}},
		{"in Re B [2010] EWCA Civ 65 Neuberger MR said at [41] that", "[2010] EWCA Civ 65", []int{41}},
		{"Smith v Jones [2004] EWHC 123 (Ch), where, at [836], the judge", "[2004] EWHC 123 (Ch)", []int{836}},
		{"Miller [2017] UKSC 5; [2018] AC 61, at [12], the court", "[2017] UKSC 5", []int{12}},
		{"Miller [2017] UKSC 5, [2018] AC 61 at paras 141-146", "[2018] AC 61", []int{141, 142, 143, 144, 145, 146}},
		{"Smith [2019] EWCA Civ 10 at [12] and [14]-[15], the", "[2019] EWCA Civ 10", []int{12, 14, 15}},
		{"Smith [2019] EWHC 10 (Admin) (at [5]).", "[2019] EWHC 10 (Admin)", []int{5}},
		// no pinpoint
		{"Smith [2019] EWCA Civ 10. The judge at [41] said", "[2019] EWCA Civ 10", nil},
		{"Smith [2019] EWCA Civ 10 and the judge below at [41] said", "[2019] EWCA Civ 10", nil},
		{"Smith [2019] EWCA Civ 10 at [41] above", "[2019] EWCA Civ 10", nil},
		{"Smith [2019] EWCA Civ 10, para 2.9 of the guidance", "[2019] EWCA Civ 10", nil},
	} {
		cs := udf.ExtractCitations(tc.text)
		var c *udf.Citation
		for i := range cs {
			if cs[i].Raw == tc.raw {
				c = &cs[i]
			}
		}
		if c == nil {
			t.Errorf("%q: no citation %q in %+v", tc.text, tc.raw, cs)
			continue
		}
		if !slices.Equal(c.Pinpoints, tc.pins) {
			t.Errorf("%q: pinpoints %v (%s), want %v", tc.text, c.Pinpoints, c.PinType, tc.pins)
		}
	}
}

// TestUSGroupsPinsAndReferences is issue 13's U.S. example and its short
// forms, Id. and supra.
func TestUSGroupsPinsAndReferences(t *testing.T) {
	cs := udf.ExtractCitations("Bob Lissner v. Test 1 U.S. 12, 347-348, 1 S. Ct. 2, 358 (4th Cir. 1982)")
	if len(cs) != 2 || cs[0].Canonical != "1 U.S. 12" || cs[1].Canonical != "1 S. Ct. 2" || cs[0].Group != cs[1].Group ||
		!slices.Equal(cs[0].Pinpoints, []int{347}) || !slices.Equal(cs[1].Pinpoints, []int{358}) ||
		cs[0].Year != 1982 || cs[1].Year != 1982 || cs[0].PinType != "page" || cs[0].Court != "ca4" {
		t.Errorf("parallel group: %+v", cs)
	}
	for _, tc := range []struct {
		text, kind, canonical string
		pin                   int
	}{
		{"as we said, 410 U.S., at 120, the right", "us_short", "410 U.S. at 120", 120},
		{"the rule, 454 U.S. at 241.", "us_short", "454 U.S. at 241", 241},
		{"Roe v. Wade, 410 U.S. 113 (1973). The Court held. Id. at 153.", "us_id", "410 U.S. 113", 153},
		{"Roe v. Wade, 410 U.S. 113 (1973); Doe v. Bolton, 410 U.S. 179 (1973). As Roe, supra, at 160, held", "us_supra", "410 U.S. 113", 160},
	} {
		var c *udf.Citation
		cs := udf.ExtractCitations(tc.text)
		for i := range cs {
			if cs[i].Kind == tc.kind {
				c = &cs[i]
			}
		}
		if c == nil || c.Canonical != tc.canonical || !slices.Equal(c.Pinpoints, []int{tc.pin}) {
			t.Errorf("%q: want %s %q pin %d, got %+v", tc.text, tc.kind, tc.canonical, tc.pin, cs)
		}
	}
}
