//go:build duckdb_arrow

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Regression tests for the shell findings of the hardening issue (16, 18)
// and the database-path ones (12, 13, -readonly).
func TestShellHardening(t *testing.T) {
	dir := t.TempDir()
	// .read of a directory or a device is an error like a failed
	// statement: a piped session goes on without -bail.
	for _, bad := range []string{dir, "/dev/zero"} {
		r := runCLI(t, ".read "+bad+"\nSELECT 41 + 1 AS x;\n", "-csv")
		if !strings.Contains(r.stdout, "42") || !strings.Contains(r.stderr, "not a regular file") {
			t.Errorf(".read %s: %+v", bad, r)
		}
	}
	// A binary file is not a script.
	bin := filepath.Join(dir, "bin.sql")
	os.WriteFile(bin, []byte("SELECT 1;\x00\xff\xfe;"), 0o644)
	if r := runCLI(t, ".read "+bin+"\nSELECT 42 AS x;\n", "-csv"); !strings.Contains(r.stderr, "not a text file") || !strings.Contains(r.stdout, "42") {
		t.Errorf("binary: %+v", r)
	}
	// A script that reads itself stops at a depth, with a message.
	self := filepath.Join(dir, "self.sql")
	os.WriteFile(self, []byte(".read "+self+"\n"), 0o644)
	if r := runCLI(t, ".read "+self+"\nSELECT 42 AS x;\n", "-csv"); !strings.Contains(r.stderr, "nested more than 64 deep") || !strings.Contains(r.stdout, "42") {
		t.Errorf("self: %.300s / %.300s", r.stdout, r.stderr)
	}
	// A failed .open keeps the database that was open.
	r := runCLI(t, "CREATE TABLE kept AS SELECT 7 AS v;\n.open /nonexistent/dir/x.duckdb\nSELECT v FROM kept;\n", "-csv")
	if !strings.Contains(r.stderr, "unable to open database") || !strings.Contains(r.stdout, "7") {
		t.Errorf(".open failure: %+v", r)
	}
	// A 40,000-line statement runs (it was quadratic: 75 s).
	var b strings.Builder
	b.WriteString("CREATE TABLE big AS SELECT * FROM (VALUES\n")
	for i := range 40000 {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString("(1)")
	}
	b.WriteString(") t(x);\nSELECT count(*) AS n FROM big;\n")
	before := scriptSplits
	if r := runCLI(t, b.String(), "-csv"); r.stdout != "n\n40000\n" {
		t.Errorf("long statement: %.200s %.200s", r.stdout, r.stderr)
	}
	if n := scriptSplits - before; n > 2 { // it was one split per line: 40,001
		t.Errorf("the script was split %d times", n)
	}
}

func TestDatabasePaths(t *testing.T) {
	dir := t.TempDir()
	// report -db with a missing file and a load that matches nothing make no file.
	typo := filepath.Join(dir, "typo.duckdb")
	if r := runCLI(t, "", "report", "-db", typo); r.code == 0 || !strings.Contains(r.stderr, "no database file") {
		t.Errorf("report -db typo: %+v", r)
	}
	if r := runCLI(t, "", "load", "judgments", filepath.Join(dir, "none", "*.xml"), "-db", typo); r.code == 0 || !strings.Contains(r.stderr, "no files match") {
		t.Errorf("load of nothing: %+v", r)
	}
	if _, err := os.Stat(typo); err == nil {
		t.Error("a database file was created")
	}
	// report -db runs analyses that build tables, so it opens the file read-write.
	uk := filepath.Join(dir, "uk.duckdb")
	runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments/2020-ewca-621-civ.xml", "-db", uk)
	if r := runCLI(t, "", "report", "-db", uk, "-only", "ukprbench/01"); r.code != 0 || strings.Contains(r.stdout, "This analysis failed") {
		t.Errorf("report -db: %.300s %s", r.stdout, r.stderr)
	}
	if r := runCLI(t, "", "report", "-only", "no-such-analysis"); r.code == 0 || !strings.Contains(r.stderr, "matches no analysis") {
		t.Errorf("report -only unknown: %+v", r)
	}
	// A path with '?' is a file name, not connection options.
	q := filepath.Join(dir, "a?threads=1")
	if r := runCLI(t, "", q, "-c", "CREATE TABLE t AS SELECT 1 AS x"); r.code != 0 {
		t.Fatalf("create: %+v", r)
	}
	if _, err := os.Stat(q); err != nil {
		t.Errorf("no file %q: %v", q, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "a")); err == nil {
		t.Error("the path was cut at '?'")
	}
	// -readonly opens, reads, refuses writes with DuckDB's error.
	if r := runCLI(t, "", "-readonly", q, "-csv", "-noheader", "-c", "SELECT x, word_count('a b') FROM t"); r.code != 0 || r.stdout != "1,2\n" {
		t.Errorf("-readonly read: %+v", r)
	}
	if r := runCLI(t, "", "-readonly", q, "-c", "INSERT INTO t VALUES (2)"); r.code != 1 || !strings.Contains(r.stderr, "read-only mode") {
		t.Errorf("-readonly write: %+v", r)
	}
	// INSTALL fails at once, offline, and writes nothing under HOME.
	home := t.TempDir()
	t.Setenv("HOME", home)
	var out, errb strings.Builder
	code := run(t.Context(), []string{"-c", "INSTALL httpfs"}, strings.NewReader(""), &out, &errb)
	if code != 1 || !strings.Contains(errb.String(), "extension installation is off") {
		t.Errorf("INSTALL: %d %q", code, errb.String())
	}
	if entries, _ := os.ReadDir(home); len(entries) > 0 {
		t.Errorf("INSTALL wrote under HOME: %v", entries)
	}
}

// TestFIFOAndDevices: a FIFO named *.xml in a directory blocked the
// loaders, and read_judgments('/dev/zero') grew without bound (finding
// 17). Neither is a file to read now.
func TestFIFOAndDevices(t *testing.T) {
	dir := t.TempDir()
	xml, err := os.ReadFile("../../testdata/fixtures/uk-judgments/2020-ewca-621-civ.xml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "ok.xml"), xml, 0o644)
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.xml"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "dir.xml"), 0o755) // a directory a glob matches
	if r := runCLI(t, "", "-csv", "-noheader", "-c", "SELECT count(*), count(error) FROM read_judgments('"+dir+"/*.xml', ignore_errors := true)"); r.stdout != "1,0\n" {
		t.Errorf("read_judgments: %+v", r)
	}
	if r := runCLI(t, "", "-c", "SELECT * FROM read_judgments('/dev/zero')"); r.code != 1 || !strings.Contains(r.stderr, "no files match") {
		t.Errorf("/dev/zero: %+v", r)
	}
	db := filepath.Join(t.TempDir(), "uk.duckdb")
	if r := runCLI(t, "", "load", "judgments", dir, "-db", db); r.code != 0 || !strings.Contains(r.stderr, "read 1 files") {
		t.Errorf("load: %+v", r)
	}
	if r := runCLI(t, "", "load", "judgments", filepath.Join(dir, "pipe.xml"), "-db", db, "-ignore-errors"); r.code != 0 || !strings.Contains(r.stderr, "not a regular file") {
		t.Errorf("load of a FIFO by name: %+v", r)
	}
	if r := runCLI(t, ".read "+filepath.Join(dir, "pipe.xml")+"\nSELECT 42 AS x;\n", "-csv"); !strings.Contains(r.stderr, "not a regular file") || !strings.Contains(r.stdout, "42") {
		t.Errorf(".read of a FIFO: %+v", r)
	}
}

// TestLoadIntoOlderDatabase: a database loaded by an earlier lexduck
// (no citations.para_position, no judgments.citation_source) gains the
// columns and takes new rows by column name.
func TestLoadIntoOlderDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "old.duckdb")
	old := `CREATE TABLE judgments (judgment_id VARCHAR PRIMARY KEY, file VARCHAR, uri VARCHAR, neutral_citation VARCHAR,
		court VARCHAR, judgment_date DATE, name VARCHAR, paragraphs INTEGER, bytes BIGINT);
	CREATE TABLE citations (judgment_id VARCHAR, para_num INTEGER, kind VARCHAR, raw VARCHAR, canonical VARCHAR,
		court VARCHAR, year INTEGER, pinpoints INTEGER[], pin_type VARCHAR, source VARCHAR, start_offset INTEGER, end_offset INTEGER, group_id INTEGER);`
	if r := runCLI(t, "", db, "-c", old); r.code != 0 {
		t.Fatal(r)
	}
	if r := runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments/2020-ewca-621-civ.xml", "-db", db); r.code != 0 {
		t.Fatalf("load: %+v", r)
	}
	r := runCLI(t, "", db, "-csv", "-noheader", "-c", `SELECT (SELECT citation_source FROM judgments), (SELECT count(*) FROM citations WHERE para_position IS NOT NULL) > 0`)
	if r.stdout != "cite,true\n" {
		t.Errorf("after load: %+v", r)
	}
}
