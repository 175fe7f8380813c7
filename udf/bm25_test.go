package udf_test

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

func TestLegalTokens(t *testing.T) {
	got := udf.LegalTokens("See R (Miller) v Secretary of State [2017] UKSC 5 at [45]-[47], s.12(3) and the Court’s café (2019).")
	want := []string{"see", "r", "miller", "v", "secretary", "of", "state", "[2017]", "uksc", "5", "at", "[45]", "[47]", "s", "12", "(3)", "and", "the", "court", "s", "café", "(2019)"}
	if !slices.Equal(got, want) {
		t.Errorf("LegalTokens = %q\nwant %q", got, want)
	}
}

func TestBM25ByHand(t *testing.T) {
	ids := []string{"a", "b", "c"}
	docs := [][]string{{"duty", "of", "care"}, {"duty", "duty"}, {"contract"}}
	ix := udf.NewBM25Index(ids, docs, udf.DefaultBM25)
	res := ix.Search([]string{"duty"}, 10, nil)
	// N = 3, df(duty) = 2: idf = ln(1 + 1.5/2.5); avg length 2.
	idf := math.Log(1 + 1.5/2.5)
	wantA := idf * 1 * 2.2 / (1 + 1.2*(1-0.75+0.75*3.0/2))
	wantB := idf * 2 * 2.2 / (2 + 1.2*(1-0.75+0.75*2.0/2))
	if len(res) != 2 || res[0].Index != 1 || math.Abs(res[0].Score-wantB) > 1e-15 || math.Abs(res[1].Score-wantA) > 1e-15 {
		t.Errorf("Search = %+v, want b %.17g then a %.17g", res, wantB, wantA)
	}
	// Equal scores: ties by id.
	tie := udf.NewBM25Index([]string{"z", "y"}, [][]string{{"x"}, {"x"}}, udf.DefaultBM25)
	if r := tie.Search([]string{"x"}, 2, nil); r[0].Index != 1 {
		t.Errorf("tie not broken by id: %+v", r)
	}
	// A pool restricts the documents.
	if r := ix.Search([]string{"duty"}, 10, []int{0}); len(r) != 1 || r[0].Index != 0 {
		t.Errorf("pool: %+v", r)
	}
	out, err := udf.BM25(context.Background(), []string{"duty of care", "nothing"}, ids, []string{"duty of care", "duty duty", "contract"}, 2, udf.DefaultBM25, nil)
	if err != nil || len(out[0]) != 2 || out[0][0].Index != 0 || len(out[1]) != 0 {
		t.Errorf("BM25 = %+v, %v", out, err)
	}
}
