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

// A second database in the same process (Python connecting again after
// closing): the first closes with the extension loaded, LOAD registers
// everything again on the new one, and both the functions and the macros
// work there.
func TestLoadedSecondDatabase(t *testing.T) {
	h := loaded(t)
	if v, err := h.scalar("SELECT word_count('one two')"); err != nil || v != "2" {
		t.Fatalf("first database: %q %v", v, err)
	}
	if _, err := h.query(".reopen"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.query("SELECT word_count('x')"); err == nil {
		t.Fatal("the new database has lexduck before LOAD")
	}
	for _, q := range []string{"LOAD lexduck", "SET search_path = 'main,lx_sys.main'",
		"CREATE TABLE d AS SELECT i AS id, [i, 1.0]::DOUBLE[] AS embedding FROM range(1, 4) t(i)"} {
		if _, err := h.query(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for q, want := range map[string]string{
		"SELECT word_count('one two three')":            "3",
		"SELECT count(*) FROM knn('d', 'd', 2)":         "6",
		"SELECT round(rouge('a b', 'a b').rouge1.f, 3)": "1.0",
	} {
		if v, err := h.scalar(q); err != nil || v != want {
			t.Errorf("second database: %s: %q %v, want %s", q, v, err, want)
		}
	}
}
