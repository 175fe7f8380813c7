package udf

import (
	"context"
	"fmt"
	"slices"
	"sync"
)

// Score is one ROUGE result: precision over the candidate, recall over the
// reference, and their harmonic mean F = 2PR/(P+R), each in [0, 1]. Empty
// input gives exact zeros, never NaN.
type Score struct{ P, R, F float64 }

// Scores holds the four ROUGE types rouge-score reports.
type Scores struct{ Rouge1, Rouge2, RougeL, RougeLsum Score }

// ROUGE scores candidate against reference as rouge-score's
// RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=stem)
// .score(target=reference, prediction=candidate) does, to the last bit.
// rougeLsum treats each line ("\n"-separated) as a sentence.
func ROUGE(candidate, reference string, stem bool) Scores {
	sc, _ := ROUGEContext(context.Background(), candidate, reference, stem)
	return sc
}

// ROUGEContext is ROUGE that stops when ctx is done (an interrupted query
// over two very long texts), returning ctx's error.
func ROUGEContext(ctx context.Context, candidate, reference string, stem bool) (Scores, error) {
	s := getScratch()
	defer putScratch(s)
	s.ctx = ctx
	c, r := s.pair(candidate, reference, stem)
	sc := Scores{
		Rouge1:    rougeN(c.ids, r.ids, 1, s),
		Rouge2:    rougeN(c.ids, r.ids, 2, s),
		RougeL:    rougeL(c.ids, r.ids, s),
		RougeLsum: rougeLsum(c, r, s),
	}
	if s.stopped {
		return Scores{}, fmt.Errorf("rouge: %w", ctx.Err())
	}
	return sc, nil
}

// ROUGEN returns ROUGE-N for n in 1..9 (rouge-score's "rouge1" … "rouge9").
func ROUGEN(candidate, reference string, n int, stem bool) (Score, error) {
	if n < 1 || n > 9 {
		return Score{}, fmt.Errorf("rouge_n: n must be 1 to 9, got %d", n)
	}
	s := getScratch()
	defer putScratch(s)
	c, r := s.pair(candidate, reference, stem)
	return rougeN(c.ids, r.ids, n, s), nil
}

// ROUGEL returns ROUGE-L: the LCS of the whole token sequences, newlines
// being ordinary separators.
func ROUGEL(candidate, reference string, stem bool) Score {
	sc, _ := ROUGELContext(context.Background(), candidate, reference, stem)
	return sc
}

// ROUGELContext is ROUGEL that stops when ctx is done.
func ROUGELContext(ctx context.Context, candidate, reference string, stem bool) (Score, error) {
	s := getScratch()
	defer putScratch(s)
	s.ctx = ctx
	c, r := s.pair(candidate, reference, stem)
	sc := rougeL(c.ids, r.ids, s)
	if s.stopped {
		return Score{}, fmt.Errorf("rouge_l: %w", ctx.Err())
	}
	return sc, nil
}

// ROUGELsum returns ROUGE-Lsum: the summary-level union LCS over
// newline-separated sentences, with rouge-score's tie rule and clipping.
func ROUGELsum(candidate, reference string, stem bool) Score {
	sc, _ := ROUGELsumContext(context.Background(), candidate, reference, stem)
	return sc
}

// ROUGELsumContext is ROUGELsum that stops when ctx is done.
func ROUGELsumContext(ctx context.Context, candidate, reference string, stem bool) (Score, error) {
	s := getScratch()
	defer putScratch(s)
	s.ctx = ctx
	c, r := s.pair(candidate, reference, stem)
	sc := rougeLsum(c, r, s)
	if s.stopped {
		return Score{}, fmt.Errorf("rouge_lsum: %w", ctx.Err())
	}
	return sc, nil
}

func fmeasure(p, r float64) Score {
	if p+r > 0 {
		return Score{P: p, R: r, F: 2 * p * r / (p + r)}
	}
	return Score{P: p, R: r}
}

// doc is a tokenized text: token ids, and the index of the first token of
// each line that has tokens (rougeLsum's sentences).
type doc struct {
	ids   []int32
	lines []int
}

func (d doc) sentence(k int) []int32 {
	end := len(d.ids)
	if k+1 < len(d.lines) {
		end = d.lines[k+1]
	}
	return d.ids[d.lines[k]:end]
}

var scratchPool = sync.Pool{New: func() any { return &scratch{intern: make(map[string]int32)} }}

func getScratch() *scratch { return scratchPool.Get().(*scratch) }

func putScratch(s *scratch) {
	s.ctx, s.stopped = nil, false
	if len(s.intern) > 1<<16 { // do not keep a huge map alive in the pool
		s.intern = make(map[string]int32)
	} else {
		clear(s.intern)
	}
	scratchPool.Put(s)
}

// pair tokenizes both texts into ids of one shared vocabulary.
func (s *scratch) pair(candidate, reference string, stem bool) (c, r doc) {
	s.ids = s.ids[:0]
	s.starts = s.starts[:0]
	read := func(text string) doc {
		first := len(s.ids)
		lineFirst := len(s.starts)
		tokenize(text, stem, func(tok []byte, newline bool) {
			id, ok := s.intern[string(tok)]
			if !ok {
				id = int32(len(s.intern))
				s.intern[string(tok)] = id
			}
			if newline || len(s.ids) == first {
				s.starts = append(s.starts, len(s.ids)-first)
			}
			s.ids = append(s.ids, id)
		})
		return doc{lines: s.starts[lineFirst:len(s.starts):len(s.starts)]}
	}
	c = read(candidate)
	nc := len(s.ids)
	r = read(reference)
	c.ids = s.ids[:nc:nc]
	r.ids = s.ids[nc:]
	return c, r
}

func rougeN(cand, ref []int32, n int, s *scratch) Score {
	nc, nr := max(len(cand)-n+1, 0), max(len(ref)-n+1, 0)
	overlap := 0
	if n == 1 {
		counts := s.ints(&s.counts, len(s.intern))
		clear(counts)
		for _, id := range ref {
			counts[id]++
		}
		for _, id := range cand {
			if counts[id] > 0 {
				counts[id]--
				overlap++
			}
		}
	} else if nc > 0 && nr > 0 {
		overlap = ngramOverlap(cand, ref, n, s)
	}
	return fmeasure(float64(overlap)/float64(max(nc, 1)), float64(overlap)/float64(max(nr, 1)))
}

// ngramOverlap is Σ over distinct n-grams of min(count in cand, count in
// ref): both lists of n-gram start positions are sorted by their n tokens
// and merged. Exact for any n; no hashing.
func ngramOverlap(cand, ref []int32, n int, s *scratch) int {
	starts := func(toks []int32, buf []int32) []int32 {
		buf = buf[:0]
		for i := 0; i+n <= len(toks); i++ {
			buf = append(buf, int32(i))
		}
		slices.SortFunc(buf, func(a, b int32) int { return slices.Compare(toks[a:a+int32(n)], toks[b:b+int32(n)]) })
		return buf
	}
	all := s.ints(&s.grams, len(cand)+len(ref))
	a := starts(cand, all[:0:len(cand)])
	b := starts(ref, all[len(cand):len(cand)])
	overlap := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		ga, gb := cand[a[i]:a[i]+int32(n)], ref[b[j]:b[j]+int32(n)]
		switch cmp := slices.Compare(ga, gb); {
		case cmp < 0:
			i++
		case cmp > 0:
			j++
		default:
			ra, rb := 0, 0
			for i < len(a) && slices.Equal(cand[a[i]:a[i]+int32(n)], ga) {
				i++
				ra++
			}
			for j < len(b) && slices.Equal(ref[b[j]:b[j]+int32(n)], gb) {
				j++
				rb++
			}
			overlap += min(ra, rb)
		}
	}
	return overlap
}

func rougeL(cand, ref []int32, s *scratch) Score {
	if len(cand) == 0 || len(ref) == 0 {
		return Score{}
	}
	a, b := ref, cand
	if len(cand) < len(ref) { // the shorter side spans the bit vectors
		a, b = cand, ref
	}
	l := lcsLength(a, b, len(s.intern), s)
	return fmeasure(float64(l)/float64(len(cand)), float64(l)/float64(len(ref)))
}

func rougeLsum(c, r doc, s *scratch) Score {
	m, n := len(r.ids), len(c.ids)
	if m == 0 || n == 0 {
		return Score{}
	}
	var hits int
	if len(r.lines) == 1 && len(c.lines) == 1 {
		// One sentence each: the union is one LCS, whose tokens the counts
		// can always cover, so hits is the LCS length.
		hits = lcsLength(r.ids, c.ids, len(s.intern), s)
	} else {
		hits = unionLCSHits(c, r, s)
	}
	return fmeasure(float64(hits)/float64(n), float64(hits)/float64(m))
}

// unionLCSHits is rouge-score's _summary_level_lcs: for each reference
// sentence in order, the sorted union of its LCS indices with every
// candidate sentence; each token there counts once while both global
// token counts last.
func unionLCSHits(c, r doc, s *scratch) int {
	vocab := len(s.intern)
	counts := s.ints(&s.counts, 2*vocab)
	clear(counts)
	cntR, cntC := counts[:vocab], counts[vocab:]
	for _, id := range r.ids {
		cntR[id]++
	}
	for _, id := range c.ids {
		cntC[id]++
	}
	// slot[id] != 0 when id occurs in the current reference sentence: a
	// candidate sentence sharing no token has an empty LCS and is skipped.
	slot := s.ints(&s.slot, vocab)
	clear(slot)
	hits := 0
	for k := range r.lines {
		ref := r.sentence(k)
		masks, words := refMasks(ref, slot, s)
		if cap(s.mark) < len(ref) {
			s.mark = make([]bool, len(ref))
		}
		mark := s.mark[:len(ref)]
		clear(mark)
		for j := range c.lines {
			cand := c.sentence(j)
			if slices.ContainsFunc(cand, func(id int32) bool { return slot[id] != 0 }) {
				markLCS(ref, cand, slot, masks, words, s, mark)
			}
		}
		clearSlots(ref, slot)
		for i, on := range mark {
			if id := ref[i]; on && cntC[id] > 0 && cntR[id] > 0 {
				hits++
				cntC[id]--
				cntR[id]--
			}
		}
	}
	return hits
}
