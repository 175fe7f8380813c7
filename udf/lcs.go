package udf

import "math/bits"

// lcsLength returns the length of a longest common subsequence of a and b
// with the bit-parallel algorithm of Crochemore et al. / Hyyrö: one pass
// over b, one machine word per 64 tokens of a, memory linear in len(a) plus
// one bit mask per distinct token of a. symbols bounds the token ids.
func lcsLength(a, b []int32, symbols int, s *scratch) int {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	words := (len(a) + 63) / 64
	// slot[id] is 1 + the index of id's mask in s.masks, 0 if id is not in a.
	slot := s.ints(&s.slot, symbols)
	clear(slot)
	n := 0
	for _, id := range a {
		if slot[id] == 0 {
			n++
			slot[id] = int32(n)
		}
	}
	masks := s.words(&s.masks, n*words)
	clear(masks)
	for i, id := range a {
		m := masks[int(slot[id]-1)*words:]
		m[i/64] |= 1 << (i % 64)
	}
	v := s.words(&s.v, words)
	for i := range v {
		v[i] = ^uint64(0)
	}
	for _, id := range b {
		k := slot[id]
		if k == 0 {
			continue
		}
		m := masks[int(k-1)*words : int(k)*words]
		var carry uint64
		for i, vi := range v {
			u := vi & m[i]
			sum, c := bits.Add64(vi, u, carry)
			carry = c
			v[i] = sum | (vi &^ m[i])
		}
	}
	zeros := 0
	for i, vi := range v {
		if i == words-1 && len(a)%64 != 0 {
			vi |= ^uint64(0) << (len(a) % 64)
		}
		zeros += 64 - bits.OnesCount64(vi)
	}
	return zeros
}

// lcsIndices returns, in s.hits, the indices into ref of the LCS that
// rouge-score's _backtrack_norec picks: from the end, take a match when the
// tokens are equal, else move left in cand when t[i][j-1] > t[i-1][j], else
// up in ref. Any other tie rule changes rougeLsum.
func lcsIndices(ref, cand []int32, s *scratch, mark []bool) {
	R, C := len(ref), len(cand)
	w := C + 1
	t := s.ints(&s.table, (R+1)*w)
	clear(t[:w])
	for i := 1; i <= R; i++ {
		row, prev := t[i*w:(i+1)*w], t[(i-1)*w:i*w]
		row[0] = 0
		ri := ref[i-1]
		for j := 1; j <= C; j++ {
			switch {
			case ri == cand[j-1]:
				row[j] = prev[j-1] + 1
			case prev[j] >= row[j-1]:
				row[j] = prev[j]
			default:
				row[j] = row[j-1]
			}
		}
	}
	for i, j := R, C; i > 0 && j > 0; {
		switch {
		case ref[i-1] == cand[j-1]:
			mark[i-1] = true
			i--
			j--
		case t[i*w+j-1] > t[(i-1)*w+j]:
			j--
		default:
			i--
		}
	}
}

// scratch holds buffers reused across calls (through a sync.Pool).
type scratch struct {
	slot, table, ids, counts []int32
	masks, v                 []uint64
	mark                     []bool
	starts                   []int
	intern                   map[string]int32
	grams                    []int32
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
