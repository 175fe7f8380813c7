package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/ext/catalog"
	"github.com/lexduck/lexduck/internal/sqllogic"
)

// extPath and hostBin are built once by TestMain: the real extension (the
// same Build the command runs) and the C host linked to stock libduckdb.
var extPath, hostBin string

func TestMain(m *testing.M) {
	os.Exit(func() int {
		dir, err := os.MkdirTemp("", "lexduck-ext-test-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		extPath = filepath.Join(dir, "lexduck.duckdb_extension")
		if _, err := Build(context.Background(), Options{Out: extPath, Platform: "linux_amd64", Version: "v0.0.0-test"}); err != nil {
			fmt.Fprintln(os.Stderr, "build:", err)
			return 1
		}
		if hostBin, err = buildHost(dir); err != nil {
			fmt.Fprintln(os.Stderr, "host:", err)
			return 1
		}
		return m.Run()
	}())
}

// go build and gcc read the extension's and the host's sources in
// subprocesses, which go test's result cache does not see; reading them in
// a test makes a change to any of them rerun the package.
func TestSourcesTracked(t *testing.T) {
	srcs, err := filepath.Glob("../../ext/loadable/*")
	if err != nil || len(srcs) == 0 {
		t.Fatalf("no extension sources: %v", err)
	}
	for _, f := range append(srcs, "testdata/host.c") {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
}

func newHost(t *testing.T, env ...string) *host {
	t.Helper()
	h, err := startHost(hostBin, extPath, env...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := h.close(); err != nil {
			t.Errorf("host exit: %v", err)
		}
	})
	return h
}

func loaded(t *testing.T, env ...string) *host {
	t.Helper()
	h := newHost(t, env...)
	if _, err := h.query("LOAD lexduck"); err != nil {
		t.Fatalf("LOAD: %v", err)
	}
	return h
}

func TestLoadMetadata(t *testing.T) {
	h := loaded(t)
	got, err := h.query("SELECT extension_version, loaded, install_mode IS NOT NULL FROM duckdb_extensions() WHERE extension_name = 'lexduck'")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0][0] != "v0.0.0-test" || got[0][1] != "true" {
		t.Fatalf("duckdb_extensions(): %v", got)
	}
	v, err := h.scalar("SELECT version()")
	if err != nil || v != duckdbVersion {
		t.Fatalf("host DuckDB %q (%v), want %s", v, err, duckdbVersion)
	}
}

// Every catalog scalar the embedded path registers is there after LOAD,
// with the same number of overloads.
func TestLoadedFunctions(t *testing.T) {
	h := loaded(t)
	want := map[string]int{}
	for _, s := range catalogScalars() {
		want[s]++
	}
	rows, err := h.query("SELECT function_name, count(*) FROM duckdb_functions() WHERE function_type = 'scalar' AND function_name IN (" + quoted(want) + ") GROUP BY ALL")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range rows {
		got[r[0]] = r[1]
	}
	for name, n := range want {
		if got[name] != fmt.Sprint(n) {
			t.Errorf("%s: %q overloads loaded, catalog has %d", name, got[name], n)
		}
	}
}

// The SQL tests run loaded exactly as embedded, every file.

func TestSQLLoaded(t *testing.T) {
	files, err := filepath.Glob("../../testdata/sql/*.test")
	if err != nil || len(files) == 0 {
		t.Fatalf("no SQL tests: %v", err)
	}
	testdata, _ := filepath.Abs("../../testdata")
	for _, path := range files {
		name := strings.TrimSuffix(filepath.Base(path), ".test")
		t.Run(name, func(t *testing.T) {
			recs, err := sqllogic.Parse(path, testdata)
			if err != nil {
				t.Fatal(err)
			}
			h := newHost(t)
			var failures []string
			for _, r := range recs {
				sql := r.SQL
				if r.Kind == "require" {
					sql = "LOAD lexduck"
				}
				rows, err := h.query(sql)
				if r.Kind == "require" {
					if err != nil {
						t.Fatalf("LOAD: %v", err)
					}
					// The one step a session adds after LOAD (README):
					// macros resolve without the lx_sys prefix.
					if _, err := h.query("SET search_path = '" + catalog.SearchPath + "'"); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := r.Check(rows, err); err != nil {
					failures = append(failures, fmt.Sprintf("%s:%d: %v", filepath.Base(path), r.Line, err))
				}
			}
			for _, f := range failures {
				t.Error(f)
			}
		})
	}
}

// Panics and errors inside a callback fail the query, not the host.
func TestLoadedErrors(t *testing.T) {
	h := loaded(t)
	_, err := h.query("SELECT recall_at_k(['a'], ['a'], 0)")
	var e errSQL
	if !errors.As(err, &e) || !strings.Contains(e.msg, "recall_at_k: k must be at least 1") {
		t.Fatalf("k=0: %v", err)
	}
	if v, err := h.scalar("SELECT word_count('still alive')"); err != nil || v != "2" {
		t.Fatalf("after an error: %q %v", v, err)
	}
	if _, err := h.query("SET search_path = 'main,lx_sys.main'"); err != nil {
		t.Fatal(err)
	}
	for _, reader := range []string{"read_trec_run", "read_qrels", "read_judgments", "read_scotus_pdf", "read_pdf_lines"} {
		if _, err := h.query("SELECT * FROM " + reader + "(NULL)"); err == nil || !strings.Contains(err.Error(), reader+": path must not be NULL") {
			t.Fatalf("NULL path: %v", err)
		}
	}
	// A LIMIT stops a scan early. Repeated, it must neither leak nor crash.
	run, _ := filepath.Abs("../../testdata/vectors/trec/run.txt")
	for range 200 {
		if v, err := h.scalar("SELECT count(*) FROM (SELECT * FROM read_trec_run('" + run + "') LIMIT 3)"); err != nil || v != "3" {
			t.Fatalf("LIMIT 3: %q %v", v, err)
		}
	}
	// A prepared statement executed again scans again.
	if _, err := h.query("PREPARE p AS SELECT count(*) FROM read_trec_run('" + run + "')"); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if v, err := h.scalar("EXECUTE p"); err != nil || v != "805" {
			t.Fatalf("EXECUTE #%d: %q %v", i+1, v, err)
		}
	}
	// A run over several chunks arrives whole and in order.
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, "q%d Q0 d%d %d %g lx\n", i/100, i, i%100+1, 1/float64(i+1))
	}
	big := filepath.Join(t.TempDir(), "big.run")
	if err := os.WriteFile(big, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := h.query("SELECT count(*), sum(rank), count(*) FILTER (WHERE doc_id = 'd' || (row_number - 1)) FROM (SELECT *, row_number() OVER () AS row_number FROM read_trec_run('" + big + "'))")
	if err != nil || !slices.Equal(got[0], []string{"5000", "252500", "5000"}) {
		t.Fatalf("5,000-line run: %v %v", got, err)
	}
}

// Go panics in a scalar callback, on its goroutine or a fan-out one,
// fail only their query. Built with the lexduck_paniccheck tag, which
// adds functions that panic on purpose.
func TestLoadedPanics(t *testing.T) {
	dir := t.TempDir()
	ext := filepath.Join(dir, "lexduck.duckdb_extension")
	if _, err := Build(context.Background(), Options{Out: ext, Platform: "linux_amd64", Version: "v0.0.0-test", Tags: []string{"lexduck_paniccheck"}}); err != nil {
		t.Fatal(err)
	}
	h, err := startHost(hostBin, ext)
	if err != nil {
		t.Fatal(err)
	}
	defer h.close()
	if _, err := h.query("LOAD lexduck"); err != nil {
		t.Fatal(err)
	}
	for q, want := range map[string]string{
		"SELECT lexduck_panic('x')": "lexduck_panic: internal error: assignment to entry in nil map",
		"SELECT lexduck_panic_par(CASE WHEN i = 700 THEN 'boom' ELSE 'ok' END) FROM range(2000) t(i)": "lexduck_panic_par: internal error: assignment to entry in nil map",
	} {
		_, err := h.query(q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", q, err, want)
		}
		if v, err := h.scalar("SELECT word_count('host still here')"); err != nil || v != "3" {
			t.Fatalf("after %s: %q %v", q, v, err)
		}
	}
}

func TestImportsGuard(t *testing.T) {
	if err := CheckImports(extPath); err != nil {
		t.Fatal(err)
	}
	// A library that calls DuckDB directly must be caught.
	dir := t.TempDir()
	src := filepath.Join(dir, "bad.c")
	if err := os.WriteFile(src, []byte("void duckdb_disconnect(void *);\nvoid f(void *c) { duckdb_disconnect(c); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	so := filepath.Join(dir, "bad.so")
	if b, err := exec.Command("gcc", "-shared", "-fPIC", "-o", so, src).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, b)
	}
	if err := CheckImports(so); !errors.Is(err, ErrLinksDuckDB) || !strings.Contains(err.Error(), "duckdb_disconnect") {
		t.Fatalf("guard missed a DuckDB import: %v", err)
	}
}

func TestFooter(t *testing.T) {
	f, err := Footer("linux_amd64", "v1.2.3")
	if err != nil {
		t.Fatal(err)
	}
	tail := f[len(f)-512:]
	field := func(k int) string { // field k of 8, as DuckDB numbers them
		b := tail[(8-k)*32 : (9-k)*32]
		return string(bytes.TrimRight(b, "\x00"))
	}
	for k, want := range map[int]string{1: "4", 2: "linux_amd64", 3: "v1.2.0", 4: "v1.2.3", 5: "C_STRUCT", 6: "", 7: "", 8: ""} {
		if got := field(k); got != want {
			t.Errorf("field %d = %q, want %q", k, got, want)
		}
	}
	if !bytes.Equal(tail[256:], make([]byte, 256)) {
		t.Error("signature not zero")
	}
	if _, err := Footer(strings.Repeat("x", 33), "v"); err == nil {
		t.Error("33-byte platform accepted")
	}
	// DuckDB itself rejects a footer for another platform, by name.
	body, err := os.ReadFile(extPath)
	if err != nil {
		t.Fatal(err)
	}
	wrong, _ := Footer("linux_amd64_gcc4", "v0")
	dir := t.TempDir()
	other := filepath.Join(dir, "lexduck.duckdb_extension")
	if err := os.WriteFile(other, append(body[:len(body)-len(wrong)], wrong...), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := startHost(hostBin, other)
	if err != nil {
		t.Fatal(err)
	}
	defer h.close()
	if _, err := h.query("LOAD lexduck"); err == nil || !strings.Contains(err.Error(), "built for the platform 'linux_amd64_gcc4'") {
		t.Fatalf("wrong platform: %v", err)
	}
}

func TestBuildRejectsRename(t *testing.T) {
	_, err := Build(context.Background(), Options{Out: filepath.Join(t.TempDir(), "other.duckdb_extension")})
	if err == nil || !strings.Contains(err.Error(), "lexduck.duckdb_extension") {
		t.Fatalf("renamed output: %v", err)
	}
}

func quoted(names map[string]int) string {
	var q []string
	for n := range names {
		q = append(q, "'"+n+"'")
	}
	return strings.Join(q, ", ")
}

// 1M rows through scalar functions of every shape (VARCHAR in, BIGINT,
// DOUBLE, STRUCT and VARCHAR[] out, list in, NULLs) at threads=8 equal
// threads=1 row for row.
func TestLoadedConcurrency(t *testing.T) {
	h := loaded(t)
	const fns = `word_count(a) AS w, compression(a, b) AS c, rouge_n(a, b, 1).f AS r,
		legal_tokens(a) AS lt, recall_at_k(ranked, ['1'], 1) AS rk`
	for _, q := range []string{
		`CREATE TABLE t AS SELECT i,
			'w' || (i % 97) || ' [20' || (i % 13) || '] the ' || (i % 7) AS a,
			CASE WHEN i % 777 = 0 THEN NULL ELSE 'w' || (i % 89) || ' the w' || (i % 11) END AS b,
			CASE WHEN i % 1000 = 0 THEN NULL ELSE [(i % 5)::VARCHAR, (i % 3)::VARCHAR] END AS ranked
		FROM range(1000000) r(i)`,
		"SET threads = 1",
		"CREATE TABLE r1 AS SELECT i, " + fns + " FROM t",
		"SET threads = 8",
		"CREATE TABLE r8 AS SELECT i, " + fns + " FROM t",
	} {
		if _, err := h.query(q); err != nil {
			t.Fatalf("%v\n%s", err, q)
		}
	}
	got, err := h.query(`SELECT (SELECT count(*) FROM r8), count(*), count(*) FILTER (WHERE r1.b_null),
		count(*) FILTER (WHERE r1.lt_len > 0) FROM (
		SELECT r1.*, r1.c IS NULL AS b_null, len(r1.lt) AS lt_len FROM r1) r1 JOIN r8 USING (i)
		WHERE r1.w IS NOT DISTINCT FROM r8.w AND r1.c IS NOT DISTINCT FROM r8.c
		  AND r1.r IS NOT DISTINCT FROM r8.r AND r1.lt IS NOT DISTINCT FROM r8.lt
		  AND r1.rk IS NOT DISTINCT FROM r8.rk`)
	if err != nil {
		t.Fatal(err)
	}
	// 1,288 NULL b's (i % 777 = 0) give NULL compression; every row has tokens.
	if want := []string{"1000000", "1000000", "1288", "1000000"}; !slices.Equal(got[0], want) {
		t.Fatalf("threads=8 vs threads=1: %v, want %v", got[0], want)
	}
}
