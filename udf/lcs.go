package udf

import (
	"context"
	"math/bits"
)

// lcsLength returns the length of a longest common subsequence of a and b
// with the bit-parallel algorithm of Crochemore et al. / Hyyrö: one pass
// over b, one machine word per 64 tokens of a, memory linear in len(a) plus
// one bit mask per distinct token of a. symbols bounds the token ids.
func lcsLength(a, b []int32, symbols int, s *scratch) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	slot := s.ints(&s.slot, symbols)
	clear(slot)
	masks, words := refMasks(a, slot, s)
	v := s.words(&s.v, words)
	for i := range v {
		v[i] = ^uint64(0)
	}
	for i, id := range b {
		if i%stopEvery == 0 && s.stop() {
			return 0
		}
		if k := slot[id]; k != 0 {
			lcsStep(v, v, masks[int(k-1)*words:int(k)*words])
		}
	}
	ones := 0
	for _, w := range v[:len(a)/64] {
		ones += bits.OnesCount64(w)
	}
	if r := len(a) % 64; r != 0 {
		ones += bits.OnesCount64(v[len(a)/64] & (1<<r - 1))
	}
	return len(a) - ones
}

// lcsStep advances Hyyrö's column vector by one token whose positions in
// the bit dimension are m: next = (prev + (prev & m)) | (prev &^ m), with
// the addition carried across words. next may alias prev.
func lcsStep(next, prev, m []uint64) {
	var carry uint64
	for w, vw := range prev {
		u := vw & m[w]
		sum, c := bits.Add64(vw, u, carry)
		carry = c
		next[w] = sum | (vw &^ m[w])
	}
}

// refMasks prepares bit-parallel LCS against one reference sentence: for
// each distinct token of ref, a mask of the positions where it occurs (one
// bit per token, words per mask). slot[id] is 1 + the mask's index, for the
// ids of ref only; the caller resets it with clearSlots.
func refMasks(ref []int32, slot []int32, s *scratch) (masks []uint64, words int) {
	words = (len(ref) + 63) / 64
	n := 0
	for _, id := range ref {
		if slot[id] == 0 {
			n++
			slot[id] = int32(n)
		}
	}
	masks = s.words(&s.masks, n*words)
	clear(masks)
	for i, id := range ref {
		masks[int(slot[id]-1)*words+i/64] |= 1 << (i % 64)
	}
	return masks, words
}

func clearSlots(ref []int32, slot []int32) {
	for _, id := range ref {
		slot[id] = 0
	}
}

// markLCS marks in mark the indices into ref of the LCS that rouge-score's
// _backtrack_norec picks: from the end, take a match when the tokens are
// equal, else move left in cand when t[i][j-1] > t[i-1][j], else up in
// ref. Any other tie rule changes rougeLsum.
//
// The LCS table is not filled cell by cell: column j is Hyyrö's bit vector
// after cand[:j], whose first i bits hold i - t[i][j] ones, so each column
// costs one word operation per 64 reference tokens and the backtrack reads
// any t[i][j] with a popcount.
func markLCS(ref, cand []int32, slot []int32, masks []uint64, words int, s *scratch, mark []bool) {
	if words == 1 {
		markLCS64(ref, cand, slot, masks, s, mark)
		return
	}
	cols := s.words(&s.v, (len(cand)+1)*words)
	v := cols[:words]
	for i := range v {
		v[i] = ^uint64(0)
	}
	for j, id := range cand {
		if j%stopEvery == 0 && s.stop() {
			return
		}
		prev, next := cols[j*words:(j+1)*words], cols[(j+1)*words:(j+2)*words]
		k := slot[id]
		if k == 0 {
			copy(next, prev)
			continue
		}
		lcsStep(next, prev, masks[int(k-1)*words:int(k)*words])
	}
	// t(i, j) = i - ones among the first i bits of column j.
	t := func(i, j int) int {
		col := cols[j*words:]
		ones := 0
		for w := 0; w < i/64; w++ {
			ones += bits.OnesCount64(col[w])
		}
		if r := i % 64; r != 0 {
			ones += bits.OnesCount64(col[i/64] & (1<<r - 1))
		}
		return i - ones
	}
	for i, j := len(ref), len(cand); i > 0 && j > 0; {
		switch {
		case ref[i-1] == cand[j-1]:
			mark[i-1] = true
			i--
			j--
		case t(i, j-1) > t(i-1, j):
			j--
		default:
			i--
		}
	}
}

// markLCS64 is markLCS for a reference sentence of at most 64 tokens: each
// column is one word.
func markLCS64(ref, cand []int32, slot []int32, masks []uint64, s *scratch, mark []bool) {
	cols := s.words(&s.v, len(cand)+1)
	v := ^uint64(0)
	cols[0] = v
	for j, id := range cand {
		if k := slot[id]; k != 0 {
			m := masks[k-1]
			v = (v + v&m) | (v &^ m)
		}
		cols[j+1] = v
	}
	// low(i) keeps the first i bits; t(i, j) = i - OnesCount(cols[j] & low(i)).
	low := func(i int) uint64 { return 1<<uint(i) - 1 } // i < 64 here, or the shift gives 0-1 = all ones
	for i, j := len(ref), len(cand); i > 0 && j > 0; {
		switch {
		case ref[i-1] == cand[j-1]:
			mark[i-1] = true
			i--
			j--
		case i-bits.OnesCount64(cols[j-1]&low(i)) > i-1-bits.OnesCount64(cols[j]&low(i-1)):
			j--
		default:
			i--
		}
	}
}

// stopEvery is how many tokens an LCS pass goes between looks at its
// context: with a million-token sentence on the other side, about 10 ms.
const stopEvery = 1024

// stop reports whether the call's context is done (and remembers it).
func (s *scratch) stop() bool {
	if !s.stopped && s.ctx != nil && s.ctx.Err() != nil {
		s.stopped = true
	}
	return s.stopped
}

// scratch holds buffers reused across calls (through a sync.Pool).
type scratch struct {
	// ctx, when set, is checked every stopEvery tokens of an LCS pass;
	// stopped records that it was done, and the LCS functions return early.
	ctx               context.Context
	stopped           bool
	slot, ids, counts []int32
	masks, v          []uint64
	mark              []bool
	starts            []int
	intern            map[string]int32
	grams             []int32
}

func (s *scratch) ints(p *[]int32, n int) []int32 {
	if cap(*p) < n {
		*p = make([]int32, n)
	}
	return (*p)[:n]
}

func (s *scratch) words(p *[]uint64, n int) []uint64 {
	if cap(*p) < n {
		*p = make([]uint64, n)
	}
	return (*p)[:n]
}
