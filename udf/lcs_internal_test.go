package udf

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func lcsDP(a, b []int32) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// TestLCSBitParallel checks the bit-parallel LCS length against the DP on
// random sequences of every length around the 64-bit word boundaries.
func TestLCSBitParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := &scratch{}
	for _, n := range []int{1, 2, 63, 64, 65, 127, 128, 129, 300} {
		for _, alpha := range []int{2, 5, 40} {
			for range 20 {
				a := make([]int32, n)
				b := make([]int32, rng.IntN(2*n)+1)
				for i := range a {
					a[i] = int32(rng.IntN(alpha))
				}
				for i := range b {
					b[i] = int32(rng.IntN(alpha + 3)) // some symbols absent from a
				}
				if got, want := lcsLength(a, b, alpha+3, s), lcsDP(a, b); got != want {
					t.Fatalf("n=%d alpha=%d: lcsLength=%d, DP=%d", n, alpha, got, want)
				}
			}
		}
	}
}

// markLCSBits runs markLCS the way unionLCSHits does.
func markLCSBits(ref, cand []int32, symbols int, mark []bool) {
	s := &scratch{}
	slot := make([]int32, symbols)
	masks, words := refMasks(ref, slot, s)
	markLCS(ref, cand, slot, masks, words, s, mark)
}

// TestLCSIndicesTieRule reproduces rouge-score's lcs_ind([1,2,3,4,5],[2,5,3,4]) = [1,2,3].
func TestLCSIndicesTieRule(t *testing.T) {
	mark := make([]bool, 5)
	markLCSBits([]int32{1, 2, 3, 4, 5}, []int32{2, 5, 3, 4}, 6, mark)
	want := []bool{false, true, true, true, false}
	for i := range mark {
		if mark[i] != want[i] {
			t.Fatalf("lcs indices %v, want %v", mark, want)
		}
	}
}

// TestMarkLCSMatchesTable checks the bit-column backtrack against
// rouge-score's algorithm done literally: a full DP table and
// _backtrack_norec, on random sequences around the word boundaries.
func TestMarkLCSMatchesTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{1, 2, 5, 63, 64, 65, 130} {
		for _, alpha := range []int{2, 4, 30} {
			for range 30 {
				ref := make([]int32, n)
				cand := make([]int32, rng.IntN(2*n)+1)
				for i := range ref {
					ref[i] = int32(rng.IntN(alpha))
				}
				for i := range cand {
					cand[i] = int32(rng.IntN(alpha + 2))
				}
				want := make([]bool, n)
				lcsIndicesDP(ref, cand, want)
				got := make([]bool, n)
				markLCSBits(ref, cand, alpha+2, got)
				if !slices.Equal(got, want) {
					t.Fatalf("n=%d alpha=%d ref=%v cand=%v: got %v, want %v", n, alpha, ref, cand, got, want)
				}
			}
		}
	}
}

// lcsIndicesDP is rouge-score's _lcs_table + _backtrack_norec, literally.
func lcsIndicesDP(ref, cand []int32, mark []bool) {
	R, C := len(ref), len(cand)
	tb := make([][]int, R+1)
	for i := range tb {
		tb[i] = make([]int, C+1)
	}
	for i := 1; i <= R; i++ {
		for j := 1; j <= C; j++ {
			if ref[i-1] == cand[j-1] {
				tb[i][j] = tb[i-1][j-1] + 1
			} else {
				tb[i][j] = max(tb[i-1][j], tb[i][j-1])
			}
		}
	}
	for i, j := R, C; i > 0 && j > 0; {
		switch {
		case ref[i-1] == cand[j-1]:
			mark[i-1] = true
			i--
			j--
		case tb[i][j-1] > tb[i-1][j]:
			j--
		default:
			i--
		}
	}
}
