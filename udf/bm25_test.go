package udf_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
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

// bm25Reference is Search written as plainly as possible: a score map, every
// scored document sorted. The indexed Search must return the same rows,
// bit for bit.
func bm25Reference(ids []string, docs [][]string, p udf.BM25Params, query []string, k int, allowed []int) []udf.Neighbor {
	df := map[string]int{}
	total := 0.0
	for _, d := range docs {
		total += float64(len(d))
		seen := map[string]bool{}
		for _, t := range d {
			if !seen[t] {
				seen[t] = true
				df[t]++
			}
		}
	}
	avg := total / float64(len(docs))
	ok := func(d int) bool { return allowed == nil || slices.Contains(allowed, d) }
	scores := map[int]float64{}
	for _, t := range query {
		if df[t] == 0 {
			continue
		}
		n := float64(len(docs))
		w := math.Log(1 + (n-float64(df[t])+0.5)/(float64(df[t])+0.5))
		for d, toks := range docs {
			tf := 0
			for _, x := range toks {
				if x == t {
					tf++
				}
			}
			if tf == 0 || !ok(d) {
				continue
			}
			norm := p.K1 * (1 - p.B + p.B*float64(len(toks))/avg)
			scores[d] += w * float64(tf) * (p.K1 + 1) / (float64(tf) + norm)
		}
	}
	var res []udf.Neighbor
	for d, s := range scores {
		res = append(res, udf.Neighbor{Index: d, Score: s})
	}
	slices.SortFunc(res, func(a, b udf.Neighbor) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		return cmp.Compare(ids[a.Index], ids[b.Index])
	})
	return res[:min(k, len(res))]
}

// Random small corpora with many ties (few distinct lengths and terms).
func TestBM25SearchMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for round := range 200 {
		nd := 1 + rng.IntN(60)
		ids := make([]string, nd)
		docs := make([][]string, nd)
		for d := range docs {
			ids[d] = fmt.Sprintf("d%03d", rng.IntN(1000)) // may repeat: ties by id then equal
			for range rng.IntN(8) {
				docs[d] = append(docs[d], fmt.Sprintf("t%d", rng.IntN(6)))
			}
		}
		p := udf.BM25Params{K1: []float64{0, 1.2, 2}[round%3], B: []float64{0, 0.75, 1}[round%3]}
		ix := udf.NewBM25Index(ids, docs, p)
		for range 5 {
			var q []string
			for range 1 + rng.IntN(5) {
				q = append(q, fmt.Sprintf("t%d", rng.IntN(8)))
			}
			k := 1 + rng.IntN(10)
			var allowed []int
			if rng.IntN(3) == 0 {
				allowed = []int{}
				for d := range nd {
					if rng.IntN(2) == 0 {
						allowed = append(allowed, d)
					}
				}
			}
			got := ix.Search(q, k, allowed)
			want := bm25Reference(ids, docs, p, q, k, allowed)
			if len(got) != len(want) {
				t.Fatalf("round %d q %v k %d: %d rows, want %d", round, q, k, len(got), len(want))
			}
			for i := range got {
				// Equal ids with equal scores may come in either order.
				if got[i].Score != want[i].Score || ids[got[i].Index] != ids[want[i].Index] {
					t.Fatalf("round %d q %v k %d row %d: %+v, want %+v", round, q, k, i, got[i], want[i])
				}
			}
		}
	}
}

// BenchmarkBM25 ranks 200 queries of 60 tokens against 20,000 documents of
// 60 tokens over a 400-word vocabulary (bench/ext's bm25 case), k = 10.
func BenchmarkBM25(b *testing.B) {
	text := func(i, a, c int) string {
		var sb strings.Builder
		for j := range 60 {
			fmt.Fprintf(&sb, "w%d ", (i*a+j*c)%400)
		}
		return sb.String()
	}
	ids := make([]string, 20000)
	cands := make([]string, len(ids))
	for i := range ids {
		ids[i], cands[i] = fmt.Sprint(i), text(i, 3, 11)
	}
	queries := make([]string, 200)
	for i := range queries {
		queries[i] = text(i, 7, 13)
	}
	for b.Loop() {
		if _, err := udf.BM25(context.Background(), queries, ids, cands, 10, udf.DefaultBM25, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func TestBM25RefusesParameters(t *testing.T) {
	for _, p := range []udf.BM25Params{{K1: -1, B: 0.5}, {K1: 1.2, B: 1.5}, {K1: 1.2, B: -0.1}} {
		if _, err := udf.BM25(context.Background(), []string{"a"}, []string{"x"}, []string{"a"}, 1, p, nil); err == nil || !strings.Contains(err.Error(), "want k1 >= 0 and 0 <= b <= 1") {
			t.Errorf("%+v: %v", p, err)
		}
	}
}
