package udf

import (
	"cmp"
	"math"
	"slices"
)

// The ranked-list measures follow trec_eval 10.0. ranked holds document ids
// in rank order (best first); relevant holds the ids judged relevant (a
// document repeated in either list counts once, at its first rank). A
// query with nothing relevant scores 0 on every measure, as trec_eval
// scores a judged query whose judgments are all non-relevant. k < 1 is an
// error (ErrBadK) in the SQL functions.

// relevantSet returns relevant as a set.
func relevantSet(relevant []string) map[string]bool {
	set := make(map[string]bool, len(relevant))
	for _, r := range relevant {
		set[r] = true
	}
	return set
}

// hits counts relevant documents in ranked[:k], each once.
func hits(ranked []string, rel map[string]bool, k int) int {
	seen := make(map[string]bool, min(k, len(ranked)))
	n := 0
	for _, d := range ranked[:min(k, len(ranked))] {
		if rel[d] && !seen[d] {
			seen[d] = true
			n++
		}
	}
	return n
}

// RecallAtK is trec_eval's recall_k: relevant documents in the top k over
// all relevant documents (0 when there are none). A list shorter than k
// counts what it has.
func RecallAtK(ranked, relevant []string, k int) float64 {
	rel := relevantSet(relevant)
	if len(rel) == 0 {
		return 0
	}
	return float64(hits(ranked, rel, k)) / float64(len(rel))
}

// PrecisionAtK is trec_eval's P_k: relevant documents in the top k over k,
// always k, even when fewer than k were retrieved.
func PrecisionAtK(ranked, relevant []string, k int) float64 {
	return float64(hits(ranked, relevantSet(relevant), k)) / float64(k)
}

// SuccessAtK is trec_eval's success_k (ranx's hit_rate@k, DPR's "top-k
// accuracy"): 1 if a relevant document is in the top k, else 0.
func SuccessAtK(ranked, relevant []string, k int) float64 {
	if hits(ranked, relevantSet(relevant), k) > 0 {
		return 1
	}
	return 0
}

// ReciprocalRank is trec_eval's recip_rank: 1 / the rank of the first
// relevant document in the whole list, 0 if none is retrieved.
func ReciprocalRank(ranked, relevant []string) float64 {
	rel := relevantSet(relevant)
	for i, d := range ranked {
		if rel[d] {
			return 1 / float64(i+1)
		}
	}
	return 0
}

// AveragePrecision is trec_eval's map for one query: the sum of the
// precision at the rank of each relevant retrieved document, over the
// number of relevant documents.
func AveragePrecision(ranked, relevant []string) float64 {
	rel := relevantSet(relevant)
	if len(rel) == 0 {
		return 0
	}
	seen := make(map[string]bool)
	found, sum := 0, 0.0
	for i, d := range ranked {
		if rel[d] && !seen[d] {
			seen[d] = true
			found++
			sum += float64(found) / float64(i+1)
		}
	}
	return sum / float64(len(rel))
}

// NDCGAtK is trec_eval's ndcg_cut_k with graded judgments: DCG over the top
// k, each judged document adding its raw grade / log2(rank + 1), divided by
// the DCG of the ideal order of all positively graded documents, cut at k.
// Grades ≤ 0 add nothing; no positive grade gives 0.
func NDCGAtK(ranked []string, grades map[string]int64, k int) float64 {
	var ideal []int64
	for _, g := range grades {
		if g > 0 {
			ideal = append(ideal, g)
		}
	}
	if len(ideal) == 0 {
		return 0
	}
	slices.SortFunc(ideal, func(a, b int64) int { return cmp.Compare(b, a) })
	idcg := 0.0
	for i, g := range ideal[:min(k, len(ideal))] {
		idcg += float64(g) / math.Log2(float64(i+2))
	}
	dcg := 0.0
	seen := make(map[string]bool)
	for i, d := range ranked[:min(k, len(ranked))] {
		if g := grades[d]; g > 0 && !seen[d] {
			seen[d] = true
			dcg += float64(g) / math.Log2(float64(i+2))
		}
	}
	return dcg / idcg
}
