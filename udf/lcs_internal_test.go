package udf

import (
	"math/rand/v2"
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

// TestLCSIndicesTieRule reproduces rouge-score's lcs_ind([1,2,3,4,5],[2,5,3,4]) = [1,2,3].
func TestLCSIndicesTieRule(t *testing.T) {
	mark := make([]bool, 5)
	lcsIndices([]int32{1, 2, 3, 4, 5}, []int32{2, 5, 3, 4}, &scratch{}, mark)
	want := []bool{false, true, true, true, false}
	for i := range mark {
		if mark[i] != want[i] {
			t.Fatalf("lcs indices %v, want %v", mark, want)
		}
	}
}
