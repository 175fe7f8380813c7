package udf_test

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

// vector is one row of rouge_public.jsonl (rouge-score + NLTK 3.8).
type vector struct {
	ID, Category, Candidate, Reference string
	UseStemmer                         bool    `json:"use_stemmer"`
	R1P                                float64 `json:"rouge1_p"`
	R1R                                float64 `json:"rouge1_r"`
	R1F                                float64 `json:"rouge1_f"`
	R2P                                float64 `json:"rouge2_p"`
	R2R                                float64 `json:"rouge2_r"`
	R2F                                float64 `json:"rouge2_f"`
	RLP                                float64 `json:"rougeL_p"`
	RLR                                float64 `json:"rougeL_r"`
	RLF                                float64 `json:"rougeL_f"`
	RLsP                               float64 `json:"rougeLsum_p"`
	RLsR                               float64 `json:"rougeLsum_r"`
	RLsF                               float64 `json:"rougeLsum_f"`
}

func readVectors(t *testing.T) []vector {
	t.Helper()
	f, err := os.Open("../testdata/vectors/rouge_public.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vector
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var v vector
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if len(out) != 252 {
		t.Fatalf("read %d vectors, want 252", len(out))
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

func checkScore(t *testing.T, what string, got udf.Score, p, r, f float64) {
	t.Helper()
	if !near(got.P, p) || !near(got.R, r) || !near(got.F, f) {
		t.Errorf("%s = %+v, want P=%v R=%v F=%v", what, got, p, r, f)
	}
}

func TestROUGEVectors(t *testing.T) {
	for _, v := range readVectors(t) {
		got := udf.ROUGE(v.Candidate, v.Reference, v.UseStemmer)
		checkScore(t, v.ID+" rouge1", got.Rouge1, v.R1P, v.R1R, v.R1F)
		checkScore(t, v.ID+" rouge2", got.Rouge2, v.R2P, v.R2R, v.R2F)
		checkScore(t, v.ID+" rougeL", got.RougeL, v.RLP, v.RLR, v.RLF)
		checkScore(t, v.ID+" rougeLsum", got.RougeLsum, v.RLsP, v.RLsR, v.RLsF)
		// The single-type entry points agree with ROUGE.
		if r2, _ := udf.ROUGEN(v.Candidate, v.Reference, 2, v.UseStemmer); r2 != got.Rouge2 {
			t.Errorf("%s: ROUGEN(2) %+v != %+v", v.ID, r2, got.Rouge2)
		}
		if l := udf.ROUGEL(v.Candidate, v.Reference, v.UseStemmer); l != got.RougeL {
			t.Errorf("%s: ROUGEL %+v != %+v", v.ID, l, got.RougeL)
		}
		if ls := udf.ROUGELsum(v.Candidate, v.Reference, v.UseStemmer); ls != got.RougeLsum {
			t.Errorf("%s: ROUGELsum %+v != %+v", v.ID, ls, got.RougeLsum)
		}
	}
}

// TestROUGEUpstreamAsserts reproduces the numbers rouge-score's own tests
// assert (metrics.md §1.8). Note score(target, prediction) there; ours is
// (candidate, reference).
func TestROUGEUpstreamAsserts(t *testing.T) {
	s := udf.ROUGE("testing", "testing one two", false)
	checkScore(t, "rouge1", s.Rouge1, 1, 1.0/3, 0.5)
	s = udf.ROUGE("testing one", "testing one two", false)
	checkScore(t, "rouge2", s.Rouge2, 1, 0.5, 2.0/3)
	checkScore(t, "rougeL", s.RougeL, 1, 2.0/3, 0.8)
	s = udf.ROUGE("testing two", "testing one two", false)
	checkScore(t, "rougeL gap", s.RougeL, 1, 2.0/3, 0.8)
	s = udf.ROUGE("w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5", "w1 w2 w3 w4 w5", false)
	checkScore(t, "union LCS", s.RougeLsum, 0.4, 0.8, 0.8*0.4*2/1.2)
	if s := udf.ROUGE("Second sentence.\nFirst Sentence.", "First sentence.\nSecond Sentence.", true); s.RougeLsum.F != 1 {
		t.Errorf("rougeLsum over swapped lines = %v, want 1", s.RougeLsum.F)
	}
	if s := udf.ROUGE("Second sentence. First Sentence.", "First sentence. Second Sentence.", true); !near(s.RougeLsum.F, 0.5) {
		t.Errorf("rougeLsum on one line = %v, want 0.5", s.RougeLsum.F)
	}
	if s := udf.ROUGE("/", "w1 w2 w3 w4 w5", false); s != (udf.Scores{}) {
		t.Errorf("punctuation-only candidate: %+v", s)
	}
	if got := udf.Tokenize("the friends had a meeting", true); !slices.Equal(got, []string{"the", "friend", "had", "a", "meet"}) {
		t.Errorf("Tokenize = %q", got)
	}
}

func TestTokenize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		stem bool
		want []string
	}{
		{"court’s well-known café, 3.14", false, []string{"court", "s", "well", "known", "caf", "3", "14"}},
		{"İstanbul", false, []string{"i", "stanbul"}},
		{"\u212Aelvin", false, []string{"kelvin"}},             // Kelvin sign → k
		{"e\u0301te", false, []string{"e", "te"}},              // combining mark separates
		{"ﬁnance ﬂow", false, []string{"nance", "ow"}},         // ligatures are not letters to rouge-score
		{"１２３ ａｂｃ", false, []string{}},                         // full-width forms separate
		{"“quoted” «text»", false, []string{"quoted", "text"}}, // curly quotes separate
		{"   \t\n ", false, []string{}},
		{"?!…", false, []string{}},
		{"The 1990s RULINGS", true, []string{"the", "1990", "rule"}},
		{"abc abcd", true, []string{"abc", "abcd"}}, // only tokens longer than 3 are stemmed
	} {
		got := udf.Tokenize(tc.in, tc.stem)
		if len(got) == 0 && len(tc.want) == 0 {
			continue
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Tokenize(%q, %v) = %q, want %q", tc.in, tc.stem, got, tc.want)
		}
	}
}

func TestROUGEEdgeCases(t *testing.T) {
	zero := udf.Scores{}
	for _, pair := range [][2]string{{"", ""}, {"", "a b"}, {"a b", ""}, {" \n\t", "a"}, {"...", "!!!"}, {"\n\n", "a\nb"}} {
		if got := udf.ROUGE(pair[0], pair[1], true); got != zero {
			t.Errorf("ROUGE(%q, %q) = %+v, want zeros", pair[0], pair[1], got)
		}
	}
	// Identical non-empty texts score 1 everywhere, one line or many.
	for _, s := range []string{"the court held", "the court held\nthat it was right\n\nto do so"} {
		got := udf.ROUGE(s, s, false)
		for _, sc := range []udf.Score{got.Rouge1, got.Rouge2, got.RougeL, got.RougeLsum} {
			if sc != (udf.Score{P: 1, R: 1, F: 1}) {
				t.Errorf("ROUGE(x, x) for %q = %+v", s, got)
			}
		}
	}
	// Without newlines rougeLsum equals rougeL.
	c, r := "a b c d e f a b", "b a c f e d a"
	if got := udf.ROUGE(c, r, false); got.RougeLsum != got.RougeL {
		t.Errorf("one line: Lsum %+v != L %+v", got.RougeLsum, got.RougeL)
	}
	// Clipping: the reference's "a" is matched once although two candidate
	// lines each contain it in their LCS: hits = 1 (a) + 0 → R = 1/2.
	got := udf.ROUGE("a\na", "a b", false)
	if !near(got.RougeLsum.R, 0.5) || !near(got.RougeLsum.P, 0.5) {
		t.Errorf("clipping: %+v", got.RougeLsum)
	}
	if _, err := udf.ROUGEN("a", "a", 0, false); err == nil {
		t.Error("ROUGEN(n=0) must fail")
	}
	if _, err := udf.ROUGEN("a", "a", 10, false); err == nil {
		t.Error("ROUGEN(n=10) must fail")
	}
	// rouge9 on long texts, rouge3 against a hand count: "a b c a b c" vs
	// "a b c d": trigrams abc,bca,cab,abc vs abc,bcd → overlap 1.
	s3, _ := udf.ROUGEN("a b c a b c", "a b c d", 3, false)
	checkScore(t, "rouge3", s3, 0.25, 0.5, 1.0/3)
}

// TestLongInputs runs 3,000-word texts through every type and checks the
// union LCS path against the one-sentence shortcut on the same tokens.
func TestLongInputs(t *testing.T) {
	c, r := genText(3000, 1, 3001), genText(3000, 2, 3001)
	one := udf.ROUGE(c, r, true)
	if one.RougeLsum != one.RougeL || one.RougeL.F >= one.Rouge1.F || one.Rouge1.F >= 1 {
		t.Fatalf("implausible: %+v", one)
	}
	// Lines change only rougeLsum, which stays at most rouge1. One word
	// per line makes the union LCS the clipped unigram overlap: rouge1.
	cl, rl := genText(3000, 1, 25), genText(3000, 2, 25)
	lines := udf.ROUGE(cl, rl, true)
	if lines.RougeLsum.R > lines.Rouge1.R || lines.Rouge1 != one.Rouge1 || lines.RougeL != one.RougeL {
		t.Errorf("lines: %+v vs one line %+v", lines, one)
	}
	if w := udf.ROUGE(genText(3000, 1, 1), genText(3000, 2, 1), true); w.RougeLsum != w.Rouge1 {
		t.Errorf("one word per line: Lsum %+v != rouge1 %+v", w.RougeLsum, w.Rouge1)
	}
}

// genText makes a deterministic legal-sounding text of n words, a newline
// every perLine words.
func genText(n int, seed uint64, perLine int) string {
	words := strings.Fields("the court held that statute applies to appellant respondent judgment appeal " +
		"dismissed allowed contract tort negligence duty care breach damages reasonable ruling ruled rules " +
		"precedent binding section act parliament congress federal state constitution amendment rights")
	var b strings.Builder
	x := seed*2654435761 + 1
	for i := range n {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		b.WriteString(words[x%uint64(len(words))])
		if (i+1)%perLine == 0 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}
