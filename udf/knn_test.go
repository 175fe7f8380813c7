package udf_test

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexduck/lexduck/udf"
)

func randVectors(n, dim int, seed uint64, prefix string) *udf.Vectors {
	rng := rand.New(rand.NewPCG(seed, 11))
	v := &udf.Vectors{Dim: dim, Data: make([]float32, n*dim)}
	for i := range n {
		v.IDs = append(v.IDs, fmt.Sprintf("%s%05d", prefix, i))
	}
	for i := range v.Data {
		v.Data[i] = float32(rng.NormFloat64())
	}
	return v
}

// bruteForce is the definition: float64 scores of every pair, best first,
// ties by candidate id.
func bruteForce(q, c *udf.Vectors, k int, metric udf.Metric) [][]udf.Neighbor {
	out := make([][]udf.Neighbor, len(q.IDs))
	for i := range q.IDs {
		var all []udf.Neighbor
		for j := range c.IDs {
			var dot, na, nb float64
			for d, x := range q.Row(i) {
				y := float64(c.Row(j)[d])
				dot += float64(x) * y
				na += float64(x) * float64(x)
				nb += y * y
			}
			s := dot
			if metric == udf.MetricCosine {
				if na == 0 || nb == 0 {
					continue
				}
				s = dot / (math.Sqrt(na) * math.Sqrt(nb))
			}
			all = append(all, udf.Neighbor{Index: j, Score: s})
		}
		slices.SortFunc(all, func(a, b udf.Neighbor) int {
			if x := cmp.Compare(b.Score, a.Score); x != 0 {
				return x
			}
			return cmp.Compare(c.IDs[a.Index], c.IDs[b.Index])
		})
		out[i] = all[:min(k, len(all))]
	}
	return out
}

func sameNeighbors(t *testing.T, got, want [][]udf.Neighbor) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d queries, want %d", len(got), len(want))
	}
	for q := range want {
		if len(got[q]) != len(want[q]) {
			t.Fatalf("query %d: %d neighbours, want %d", q, len(got[q]), len(want[q]))
		}
		for r := range want[q] {
			if got[q][r].Index != want[q][r].Index || math.Abs(got[q][r].Score-want[q][r].Score) > 1e-12 {
				t.Fatalf("query %d rank %d: %+v, want %+v", q, r+1, got[q][r], want[q][r])
			}
		}
	}
}

func TestKNNMatchesBruteForce(t *testing.T) {
	q, c := randVectors(300, 64, 1, "q"), randVectors(1000, 64, 2, "c")
	for _, metric := range []udf.Metric{udf.MetricCosine, udf.MetricIP} {
		for _, k := range []int{1, 10, 50} {
			got, err := udf.KNN(context.Background(), q, c, k, metric, nil)
			if err != nil {
				t.Fatal(err)
			}
			sameNeighbors(t, got, bruteForce(q, c, k, metric))
		}
	}
}

// Near-ties below float32 resolution, exact ties and zero vectors: the
// float32 shortlist must not lose or reorder a neighbour.
func TestKNNTiesAndZeros(t *testing.T) {
	q, c := randVectors(20, 16, 3, "q"), randVectors(200, 16, 4, "c")
	copy(c.Row(7), c.Row(3)) // exact tie: ids c00003 < c00007
	copy(c.Row(9), c.Row(3)) // and a third
	c.Row(9)[0] += 1e-6      // a near-tie far below float32 score resolution
	clear(c.Row(11))         // a zero candidate: no cosine
	for d := range q.Dim {   // a query identical to candidate 3
		q.Row(0)[d] = c.Row(3)[d]
	}
	got, err := udf.KNN(context.Background(), q, c, 5, udf.MetricCosine, nil)
	if err != nil {
		t.Fatal(err)
	}
	sameNeighbors(t, got, bruteForce(q, c, 5, udf.MetricCosine))
	if got[0][0].Index != 3 || got[0][1].Index != 7 {
		t.Errorf("exact tie not broken by id: %+v", got[0][:3])
	}
	// k beyond the candidates returns every candidate that has a cosine.
	all, _ := udf.KNN(context.Background(), q, c, 1000, udf.MetricCosine, nil)
	if len(all[1]) != 199 {
		t.Errorf("k > n: %d results, want 199", len(all[1]))
	}
	// Two zero candidates and k = 2 must still return real neighbours.
	few := &udf.Vectors{IDs: []string{"z1", "z2", "a"}, Dim: 2, Data: []float32{0, 0, 0, 0, -1, 0}}
	one := &udf.Vectors{IDs: []string{"q"}, Dim: 2, Data: []float32{1, 0}}
	r, _ := udf.KNN(context.Background(), one, few, 2, udf.MetricCosine, nil)
	if len(r[0]) != 1 || r[0][0].Index != 2 || r[0][0].Score != -1 {
		t.Errorf("zero candidates crowded out a neighbour: %+v", r[0])
	}
}

func TestKNNPool(t *testing.T) {
	q, c := randVectors(10, 8, 5, "q"), randVectors(50, 8, 6, "c")
	pool := make([][]int, len(q.IDs))
	for i := range pool {
		pool[i] = []int{i, i + 10, i + 20, i + 30}
	}
	got, err := udf.KNN(context.Background(), q, c, 2, udf.MetricCosine, pool)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		sub := &udf.Vectors{Dim: 8}
		for _, j := range pool[i] {
			sub.IDs = append(sub.IDs, c.IDs[j])
			sub.Data = append(sub.Data, c.Row(j)...)
		}
		want := bruteForce(&udf.Vectors{IDs: q.IDs[i : i+1], Dim: 8, Data: q.Row(i)}, sub, 2, udf.MetricCosine)[0]
		for r := range want {
			if got[i][r].Index != pool[i][want[r].Index] {
				t.Fatalf("query %d rank %d: candidate %d, want %d", i, r, got[i][r].Index, pool[i][want[r].Index])
			}
		}
	}
}

func TestKNNErrors(t *testing.T) {
	q, c := randVectors(2, 8, 1, "q"), randVectors(3, 4, 1, "c")
	if _, err := udf.KNN(context.Background(), q, c, 1, udf.MetricCosine, nil); err == nil {
		t.Error("dimension mismatch accepted")
	}
	if _, err := udf.KNN(context.Background(), q, q, 0, udf.MetricCosine, nil); err == nil {
		t.Error("k = 0 accepted")
	}
	if _, err := udf.KNN(context.Background(), q, q, 1, "l1", nil); err == nil {
		t.Error("unknown metric accepted")
	}
}
