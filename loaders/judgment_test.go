package loaders_test

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/loaders"
)

// provenance is one row of the Akoma Ntoso table in PROVENANCE.md.
type provenance struct {
	file, cite, court, date string
	paras, maxNum, eids     int
}

func readProvenance(t *testing.T) []provenance {
	t.Helper()
	f, err := os.Open("../testdata/fixtures/PROVENANCE.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []provenance
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "|")
		if len(cols) < 17 || !strings.HasSuffix(strings.TrimSpace(cols[1]), ".xml") || !strings.HasPrefix(strings.TrimSpace(cols[1]), "uk-judgments/") {
			continue
		}
		c := func(i int) string { return strings.TrimSpace(cols[i]) }
		n := func(i int) int { v, _ := strconv.Atoi(c(i)); return v }
		out = append(out, provenance{file: c(1), cite: c(3), court: c(4), date: c(5), paras: n(6), maxNum: n(7), eids: n(10)})
	}
	if len(out) != 126 {
		t.Fatalf("read %d judgments from PROVENANCE.md, want 126", len(out))
	}
	return out
}

func TestJudgmentsMatchProvenance(t *testing.T) {
	withEID := 0
	for _, p := range readProvenance(t) {
		j, err := loaders.ReadJudgment(filepath.Join("../testdata/fixtures", p.file))
		if err != nil {
			t.Errorf("%s: %v", p.file, err)
			continue
		}
		wantDate := p.date
		if wantDate == "1000-01-01" {
			wantDate = ""
		}
		if j.NeutralCitation != p.cite || j.Court != p.court || j.Date != wantDate {
			t.Errorf("%s: cite %q court %q date %q, want %q %q %q", p.file, j.NeutralCitation, j.Court, j.Date, p.cite, p.court, wantDate)
		}
		if !strings.HasPrefix(j.URI, "https://caselaw.nationalarchives.gov.uk/id/") || j.ID != j.URI {
			t.Errorf("%s: uri %q id %q", p.file, j.URI, j.ID)
		}
		if p.eids == 0 {
			continue
		}
		withEID++
		maxNum, numbered := 0, 0
		for _, para := range j.Paragraphs {
			maxNum = max(maxNum, para.Num)
			if para.Num > 0 { // PROVENANCE counts paragraphs with plain numbers
				numbered++
			}
		}
		if numbered != p.paras || maxNum != p.maxNum {
			t.Errorf("%s: %d numbered paragraphs, highest %d; PROVENANCE says %d, %d", p.file, numbered, maxNum, p.paras, p.maxNum)
		}
	}
	if withEID < 90 {
		t.Errorf("only %d fixtures with eId paragraphs checked", withEID)
	}
}

func TestNotAJudgment(t *testing.T) {
	_, err := loaders.ReadJudgment("../testdata/fixtures/other/uksc-2022-14-press-summary.xml")
	var fe *loaders.FileError
	if !errors.Is(err, loaders.ErrNotJudgment) || !errors.As(err, &fe) || !strings.Contains(err.Error(), `<doc name="pressSummary">`) || !strings.Contains(err.Error(), "uksc-2022-14-press-summary.xml") {
		t.Errorf("press summary: %v", err)
	}
	for in, want := range map[string]string{
		"<akomaNtoso><judgment>": "not well-formed XML",
		"<html><body/></html>":   "root element <html>",
		"not xml at all":         "not well-formed XML",
		"":                       "not well-formed XML",
	} {
		_, err := loaders.ParseJudgment(strings.NewReader(in), "bad.xml")
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "bad.xml") {
			t.Errorf("ParseJudgment(%q) = %v, want %q", in, err, want)
		}
	}
}

// TestDeepNesting: a million nested inline elements (the hardening
// issue's finding 1) overflowed the Go stack and killed the process; now
// the file gets an error of its own.
func TestDeepNesting(t *testing.T) {
	const n = 1_000_000
	doc := `<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><judgment name="judgment"><meta><identification><FRBRWork><FRBRthis value="https://caselaw.nationalarchives.gov.uk/id/ewhc/ch/2021/1"/></FRBRWork></identification></meta><judgmentBody><decision><paragraph eId="para_1"><num>1.</num><content><p>` +
		strings.Repeat("<b>", n) + "x" + strings.Repeat("</b>", n) + `</p></content></paragraph></decision></judgmentBody></judgment></akomaNtoso>`
	_, err := loaders.ParseJudgment(strings.NewReader(doc), "deep.xml")
	if err == nil || !strings.Contains(err.Error(), "deep.xml") || !strings.Contains(err.Error(), "nested") {
		t.Fatalf("err = %v, want a nesting error naming deep.xml", err)
	}
	// 900 levels still read
	doc = strings.Replace(doc, strings.Repeat("<b>", n), strings.Repeat("<b>", 900), 1)
	doc = strings.Replace(doc, strings.Repeat("</b>", n), strings.Repeat("</b>", 900), 1)
	j, err := loaders.ParseJudgment(strings.NewReader(doc), "deep.xml")
	if err != nil || len(j.Paragraphs) != 1 || j.Paragraphs[0].Text != "x" {
		t.Fatalf("900 levels: %v %+v", err, j)
	}
}

// TestPlaceholderURI: tribunal files whose FRBR URI is the bare prefix
// were all "the same judgment" and all but one were dropped (finding 5).
// Without a real URI the id is the file name and a hash of its bytes.
func TestPlaceholderURI(t *testing.T) {
	doc := func(cite string) string {
		return `<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0" xmlns:uk="https://caselaw.nationalarchives.gov.uk/akn"><judgment name="judgment"><meta><identification><FRBRWork><FRBRthis value="https://caselaw.nationalarchives.gov.uk/id/"/></FRBRWork></identification><proprietary><uk:cite>` + cite +
			`</uk:cite></proprietary></meta><judgmentBody><decision><paragraph eId="para_1"><num>1.</num><content><p>Text.</p></content></paragraph></decision></judgmentBody></judgment></akomaNtoso>`
	}
	a, err1 := loaders.ParseJudgment(strings.NewReader(doc("[2025] UKUT 134 (AAC)")), "dir1/judgment.xml")
	b, err2 := loaders.ParseJudgment(strings.NewReader(doc("[2023] EAT 101")), "dir2/judgment.xml")
	a2, err3 := loaders.ParseJudgment(strings.NewReader(doc("[2025] UKUT 134 (AAC)")), "elsewhere/judgment.xml")
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	if a.URI != "" || a.ID == b.ID || a.ID != a2.ID || !strings.HasPrefix(a.ID, "judgment.xml#") {
		t.Errorf("ids %q %q %q, uri %q", a.ID, b.ID, a2.ID, a.URI)
	}
	if a.NeutralCitation != "[2025] UKUT 134 (AAC)" {
		t.Errorf("citation %q", a.NeutralCitation)
	}
}

// TestEveryParagraphKept: numbers like "1A.", "(a)" or 1,000,000 were
// merged into the paragraph before, and text before the first numbered
// paragraph was dropped with its citations (finding 9).
func TestEveryParagraphKept(t *testing.T) {
	para := func(num, text string) string {
		return `<paragraph><num>` + num + `</num><content><p>` + text + `</p></content></paragraph>`
	}
	doc := `<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><judgment name="judgment"><meta><identification><FRBRWork><FRBRthis value="https://caselaw.nationalarchives.gov.uk/id/ewhc/ch/2021/1"/></FRBRWork></identification></meta><judgmentBody><decision>` +
		`<p>Introduction, citing [2020] EWCA Civ 621 at [5].</p>` +
		para("999999.", "Nine.") + para("1000000.", "Million.") + para("1A.", "Inserted.") + para("(a)", "Sub-point.") + para("2.", "Two.") +
		`</decision></judgmentBody></judgment></akomaNtoso>`
	j, err := loaders.ParseJudgment(strings.NewReader(doc), "paras.xml")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range j.Paragraphs {
		got = append(got, strconv.Itoa(p.Num)+"/"+strconv.Itoa(p.Position)+"/"+p.Text)
	}
	want := []string{"0/1/Introduction, citing [2020] EWCA Civ 621 at [5].", "999999/2/Nine.", "1000000/3/Million.", "0/4/Inserted.", "0/5/Sub-point.", "2/6/Two."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("paragraphs\n got %q\nwant %q", got, want)
	}
	if cs := j.Citations(); len(cs) != 1 || cs[0].ParaNum != 0 || len(cs[0].Pinpoints) != 1 || cs[0].Pinpoints[0] != 5 {
		t.Errorf("the introduction's citation: %+v", cs)
	}
}

// TestNeutralCitationSources: a judgment whose proprietary block has no
// cite takes the header's <neutralCitation>, else the one its URI stands
// for, and says which.
func TestNeutralCitationSources(t *testing.T) {
	data, err := os.ReadFile("../testdata/fixtures/uk-judgments/2020-ewca-621-civ.xml")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	j, err := loaders.ParseJudgment(strings.NewReader(doc), "a.xml")
	if err != nil || j.NeutralCitation != "[2020] EWCA Civ 621" || j.CitationSource != "cite" {
		t.Fatalf("cite: %q %q %v", j.NeutralCitation, j.CitationSource, err)
	}
	noCite := strings.Replace(doc, "<uk:cite>[2020] EWCA Civ 621</uk:cite>", "", 1)
	j, err = loaders.ParseJudgment(strings.NewReader(noCite), "b.xml")
	if err != nil || j.NeutralCitation != "[2020] EWCA Civ 621" || j.CitationSource != "header" {
		t.Errorf("header: %q %q %v", j.NeutralCitation, j.CitationSource, err)
	}
	noHeader := regexp.MustCompile(`<neutralCitation[^>]*>[^<]*</neutralCitation>`).ReplaceAllString(noCite, "")
	j, err = loaders.ParseJudgment(strings.NewReader(noHeader), "c.xml")
	if err != nil || j.NeutralCitation != "[2020] EWCA Civ 621" || j.CitationSource != "uri" {
		t.Errorf("uri: %q %q %v", j.NeutralCitation, j.CitationSource, err)
	}
	for uri, want := range map[string]string{
		"https://caselaw.nationalarchives.gov.uk/id/uksc/2023/42":      "[2023] UKSC 42",
		"https://caselaw.nationalarchives.gov.uk/id/ewhc/ch/2023/257":  "[2023] EWHC 257 (Ch)",
		"https://caselaw.nationalarchives.gov.uk/id/ukut/aac/2025/134": "[2025] UKUT 134 (AAC)",
		"https://caselaw.nationalarchives.gov.uk/id/ewfc/b/2024/74":    "[2024] EWFC 74 (B)",
		"https://caselaw.nationalarchives.gov.uk/id/eat/2023/101":      "[2023] EAT 101",
		"https://caselaw.nationalarchives.gov.uk/id/":                  "",
		"https://caselaw.nationalarchives.gov.uk/id/xyz/2023/1":        "",
	} {
		if got := loaders.CitationFromURI(uri); got != want {
			t.Errorf("CitationFromURI(%q) = %q, want %q", uri, got, want)
		}
	}
}
