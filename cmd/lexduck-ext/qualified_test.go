package main

import "testing"

// Without SET search_path, macros are reached as lx_sys.name, and a macro
// that calls other macros (knn → _lx_ident) still resolves them.
func TestLoadedQualifiedMacros(t *testing.T) {
	h := loaded(t)
	if _, err := h.query("CREATE TABLE d AS SELECT i AS id, [i, 1.0]::DOUBLE[] AS embedding, 'duty ' || i AS text FROM range(1, 4) t(i)"); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"SELECT count(*) FROM lx_sys.knn('d', 'd', 2)",
		"SELECT count(*) FROM lx_sys.bm25('d', 'd', 2)",
	} {
		if v, err := h.scalar(q); err != nil || v != "6" {
			t.Errorf("%s: %q %v", q, v, err)
		}
	}
}
