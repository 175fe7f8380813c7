package catalog

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

func scalarNamed(t *testing.T, name string) Scalar {
	t.Helper()
	for _, s := range Scalars() {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no scalar %s", name)
	return Scalar{}
}

// The loaded adapter passes FLOAT lists unboxed ([]float32), duckdb-go
// boxed ([]any): _lx_knn_lists ranks both alike and checks both.
func TestKNNListsBoxedAndUnboxed(t *testing.T) {
	knn := scalarNamed(t, "_lx_knn_lists")
	ids := []any{"a", "b", "c"}
	boxed := []any{[]any{float32(1), float32(0)}, []any{float32(0.6), float32(0.8)}, []any{float32(0), float32(1)}}
	unboxed := []any{[]float32{1, 0}, []float32{0.6, 0.8}, []float32{0, 1}}
	call := func(q, c []any) (any, error) {
		return knn.EvalContext(context.Background(), []any{ids, q, ids, c, int32(2), "cosine", nil, nil, "q", "c", "id", "embedding", ""})
	}
	want, err := call(boxed, boxed)
	if err != nil {
		t.Fatal(err)
	}
	if got := want.([]any)[1].(map[string]any); got["query_id"] != "a" || got["candidate_id"] != "b" || got["rank"] != int32(2) {
		t.Fatalf("second row: %v", got)
	}
	for _, c := range [][2][]any{{unboxed, unboxed}, {boxed, unboxed}, {unboxed, boxed}} {
		got, err := call(c[0], c[1])
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("got %v %v, want %v", got, err, want)
		}
	}
	short := []any{[]float32{1, 0}, []float32{1}, []float32{0, 1}}
	if _, err := call(unboxed, short); err == nil || !strings.Contains(err.Error(), `knn: c: id "b" has 1 dimensions, the first row 2`) {
		t.Fatalf("short vector: %v", err)
	}
	holed := []any{[]float32{1, 0}, []any{float32(1), nil}, []float32{0, 1}}
	if _, err := call(unboxed, holed); err == nil || !strings.Contains(err.Error(), `knn: c: id "b" has a NULL element`) {
		t.Fatalf("NULL element: %v", err)
	}
	if got, err := knn.EvalContext(context.Background(), []any{nil, nil, ids, unboxed, int32(2), "cosine", nil, nil, "q", "c", "id", "embedding", ""}); err != nil || len(got.([]any)) != 0 {
		t.Fatalf("no queries: %v %v", got, err)
	}
}

func TestFloatsUnboxed(t *testing.T) {
	if got := floats([]float32{0.5, 2}); !reflect.DeepEqual(got, []float64{0.5, 2}) {
		t.Fatalf("floats: %v", got)
	}
	if got := floats([]any{float32(0.5), nil}); got[0] != 0.5 || got[1] == got[1] {
		t.Fatalf("floats boxed with a NULL: %v", got)
	}
}
