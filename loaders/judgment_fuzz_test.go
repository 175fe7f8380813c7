package loaders_test

import (
	"bytes"
	"testing"

	"github.com/lexduck/lexduck/loaders"
)

func FuzzParseJudgment(f *testing.F) {
	f.Add([]byte(`<akomaNtoso xmlns="http://docs.oasis-open.org/legaldocml/ns/akn/3.0"><judgment name="judgment"><meta><identification><FRBRWork><FRBRthis value="ewca/civ/2020/1"/><FRBRdate date="2020-01-02" name="judgment"/></FRBRWork></identification><proprietary xmlns:uk="https:/judgments.gov.uk/"><uk:cite>[2020] EWCA Civ 1</uk:cite></proprietary></meta><judgmentBody><decision><paragraph><num>1.</num><content><p>See [2019] UKSC 5 at [4].<authorialNote marker="1"><p>note</p></authorialNote></p></content></paragraph><paragraph><num>(a)</num><content><p>more</p></content></paragraph></decision></judgmentBody></judgment></akomaNtoso>`))
	f.Add([]byte(`<akomaNtoso><judgment><judgmentBody><level><paragraph eId="para_1"><num>[1]</num><block name="embeddedStructure"><embeddedStructure><paragraph><num>7.</num><p>quoted</p></paragraph></embeddedStructure></block><ref uk:type="case" xmlns:uk="x" uk:canonical="[2001] UKHL 1" uk:isNeutral="true">[2001] UKHL 1</ref></paragraph></level></judgmentBody></judgment></akomaNtoso>`))
	f.Add([]byte(`<akomaNtoso><doc name="pressSummary"/></akomaNtoso>`))
	f.Add([]byte(`<?xml version="1.0"?><a><b>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		j, err := loaders.ParseJudgment(bytes.NewReader(data), "fuzz.xml")
		if err != nil {
			return
		}
		for i, p := range j.Paragraphs {
			if p.Position != i+1 {
				t.Fatalf("paragraph %d has position %d", i, p.Position)
			}
		}
		for _, r := range j.Refs {
			if r.Start < 0 || r.End < r.Start {
				t.Fatalf("ref span %d..%d", r.Start, r.End)
			}
		}
		j.Citations()
	})
}
