//go:build duckdb_arrow

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets a test run the lexduck command in a child process (the
// test binary itself, with LEXDUCK_TEST_MAIN set), which it can kill.
func TestMain(m *testing.M) {
	if os.Getenv("LEXDUCK_TEST_MAIN") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestLoadKilled: kill -9 in the middle of lexduck load leaves the
// database as it was before the load (finding 7: 304 of 1,145 judgments
// stayed behind, unmarked, and a rerun duplicated rejected_files).
func TestLoadKilled(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "uk.duckdb")
	fixtures, _ := filepath.Abs("../../testdata/fixtures/uk-judgments")
	if r := runCLI(t, "", "load", "judgments", filepath.Join(fixtures, "2020-ewca-1057-civ.xml"), "-db", db); r.code != 0 {
		t.Fatalf("first load: %+v", r)
	}
	// Many copies of the fixtures: the copies are rejected as the same
	// judgments, which keeps the load busy for seconds.
	corpus := filepath.Join(dir, "corpus")
	for i := range 60 {
		if err := os.MkdirAll(corpus, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(fixtures, filepath.Join(corpus, "copy"+string(rune('a'+i/26))+string(rune('a'+i%26)))); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(os.Args[0], "load", "judgments", corpus+"/*/*.xml", "-db", db, "-ignore-errors")
	cmd.Env = append(os.Environ(), "LEXDUCK_TEST_MAIN=1")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(3 * time.Second)
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	err := cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() {
		t.Fatalf("the load ended before it was killed (%v): %s", err, stderr.String())
	}
	r := runCLI(t, "", db, "-csv", "-noheader", "-c", `SELECT (SELECT count(*) FROM judgments), (SELECT count(num) FROM paragraphs),
		(SELECT count(*) FROM rejected_files), (SELECT count(*) FROM duckdb_tables() WHERE NOT temporary AND table_name LIKE '_lx%')`)
	if r.code != 0 || r.stdout != "1,117,0,0\n" {
		t.Fatalf("after kill -9: %+v, want the one judgment loaded before and nothing else", r)
	}
	// A rerun that finishes adds each rejected file once, however often it runs.
	for range 2 {
		if r := runCLI(t, "", "load", "judgments", fixtures+"/2020-ewca-1057-civ.xml", filepath.Join(fixtures, "..", "other"), "-db", db, "-ignore-errors"); r.code != 0 {
			t.Fatalf("rerun: %+v", r)
		}
	}
	if r := runCLI(t, "", db, "-csv", "-noheader", "-c", "SELECT count(*), count(DISTINCT file) FROM rejected_files"); r.stdout != "2,2\n" {
		t.Errorf("rejected_files after two reruns: %+v", r)
	}
}

// TestNonUTF8Names: files whose names are not UTF-8 came back as rows with
// NULL file, id and error, and load scotus-pdf failed on a NULL case_id
// (finding 6). Their names are now text with the odd bytes as \xNN.
func TestNonUTF8Names(t *testing.T) {
	dir := t.TempDir()
	xml, err := os.ReadFile("../../testdata/fixtures/uk-judgments/parser-test78__ewhc-comm-2023-3367.xml")
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := os.ReadFile("../../testdata/fixtures/scotus-pdf/14-95.pdf")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "trunc_\xff.xml"), xml[:len(xml)/2], 0o644)
	os.WriteFile(filepath.Join(dir, "ok_\xff.pdf"), pdf, 0o644)
	r := runCLI(t, "", "-csv", "-noheader", "-c", "SELECT file LIKE '%trunc_\\xff.xml', judgment_id IS NOT NULL, error LIKE '%not well-formed%' FROM read_judgments('"+dir+"', ignore_errors := true)")
	if r.code != 0 || r.stdout != "true,true,true\n" {
		t.Errorf("read_judgments: %+v", r)
	}
	db := filepath.Join(dir, "sc.duckdb")
	if r := runCLI(t, "", "load", "scotus-pdf", dir, "-db", db); r.code != 0 || !strings.Contains(r.stderr, "1 cases written") {
		t.Fatalf("load: %+v", r)
	}
	if r := runCLI(t, "", db, "-csv", "-noheader", "-c", "SELECT file LIKE '%ok_\\xff.pdf', case_id IS NOT NULL FROM cases"); r.stdout != "true,true\n" {
		t.Errorf("cases: %+v", r)
	}
}
