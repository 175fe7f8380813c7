package main

import (
	"bytes"
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// checkGolden compares got with testdata/name, or rewrites it with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it)\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// fakeLines types lines at the shell as a terminal user would.
type fakeLines struct {
	lines   []string
	prompts []string
	history []string
}

func (f *fakeLines) ReadLine(prompt string) (string, error) {
	f.prompts = append(f.prompts, prompt)
	if len(f.lines) == 0 {
		return "", io.EOF
	}
	l := f.lines[0]
	f.lines = f.lines[1:]
	if l == "^C" {
		return "", ErrInterrupted
	}
	return l, nil
}
func (f *fakeLines) AddHistory(e string) { f.history = append(f.history, e) }
func (f *fakeLines) Close() error        { return nil }

type result struct {
	code           int
	stdout, stderr string
}

// runCLI runs the command in-process with stdin and arguments.
func runCLI(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	t.Setenv("HOME", t.TempDir()) // no ~/.lexduckrc, no history file
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

func TestAcceptance(t *testing.T) {
	if r := runCLI(t, "SELECT 42 AS x;\n", "-csv"); r.code != 0 || r.stdout != "x\n42\n" {
		t.Errorf("piped csv: %+v", r)
	}
	if r := runCLI(t, "", "-json", "-c", "SELECT word_count('a  b c') AS n"); r.code != 0 || strings.TrimSpace(r.stdout) != `[{"n":3}]` {
		t.Errorf("-json -c: %+v", r)
	}
	r := runCLI(t, "", "-c", "SELECT * FROM nope")
	if r.code != 1 || !strings.HasPrefix(r.stderr, "Catalog Error: Table with name nope does not exist!") {
		t.Errorf("-c error: %+v", r)
	}
	// A lexduck function's error reads as in the duckdb CLI with the
	// extension loaded: without duckdb-go's "database/sql/driver" wrapper.
	r = runCLI(t, "", "-c", "SELECT recall_at_k(['a'], ['a'], 0)")
	if r.code != 1 || r.stderr != "Invalid Input Error: recall_at_k: k must be at least 1, got 0\n" {
		t.Errorf("function error: %+v", r)
	}
}

func TestScripts(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.sql")
	os.WriteFile(script, []byte("CREATE TABLE t AS SELECT 'a;b' AS s;\n.mode list\nSELECT s FROM t;\n"), 0o644)
	for _, tc := range []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		stderr string // substring
	}{
		{"statement over lines with ; in a string", "SELECT 'x;\ny' AS v,\n 2 AS w;\n", []string{"-csv"}, 0, "v,w\n\"x;\ny\",2\n", ""},
		{"two statements on one line", "SELECT 1 AS a; SELECT 2 AS b;", []string{"-list"}, 0, "a\n1\nb\n2\n", ""},
		{"last statement without semicolon runs", "SELECT 7 AS a", []string{"-list"}, 0, "a\n7\n", ""},
		{"DDL and DML print nothing", "CREATE TABLE t(x INT); INSERT INTO t VALUES (1); SELECT x FROM t;", []string{"-list"}, 0, "x\n1\n", ""},
		{"RETURNING prints", "CREATE TABLE t(x INT); INSERT INTO t VALUES (5) RETURNING x;", []string{"-list"}, 0, "x\n5\n", ""},
		{"error continues without -bail", "SELECT * FROM nope; SELECT 1 AS a;", []string{"-list"}, 0, "a\n1\n", "Catalog Error"},
		{"error stops with -bail", "SELECT * FROM nope; SELECT 1 AS a;", []string{"-list", "-bail"}, 1, "", "Catalog Error"},
		{"-f runs a file with dot commands", "", []string{"-f", script}, 0, "s\na;b\n", ""},
		{"-noheader and -nullvalue", "SELECT NULL AS n, 1 AS m;", []string{"-csv", "-noheader", "-nullvalue", "∅"}, 0, "∅,1\n", ""},
		{"-cmd runs before stdin", "SELECT 2 AS b;", []string{"-list", "-cmd", "SELECT 1 AS a"}, 0, "a\n1\nb\n2\n", ""},
		{"-echo", "SELECT 1 AS a;", []string{"-list", "-echo"}, 0, "SELECT 1 AS a;\na\n1\n", ""},
		{"-c runs dot commands", "", []string{"-c", ".print hello world"}, 0, "hello world\n", ""},
		{".exit with a code", ".exit 3\nSELECT 1;", nil, 3, "", ""},
		{".quit", ".quit\nSELECT 1;", nil, 0, "", ""},
		{".headers off and .mode csv", ".headers off\n.mode csv\nSELECT 1 AS a, 'b' AS b;", nil, 0, "1,b\n", ""},
		{".nullvalue", ".mode list\n.nullvalue NULL\nSELECT NULL AS n;", nil, 0, "n\nNULL\n", ""},
		{"unknown dot command", ".frobnicate\nSELECT 1 AS a;", []string{"-list"}, 0, "a\n1\n", "unknown command"},
		{"bad mode", ".mode fancy", nil, 0, "", "unknown output mode"},
		{".tables and .schema", "CREATE TABLE judgments(id INT); CREATE VIEW v AS SELECT 1 AS x;\n.tables\n.schema judgments", nil, 0,
			"judgments  v\nCREATE TABLE judgments(id INTEGER);\n", ""},
		{".read", ".read " + script, nil, 0, "s\na;b\n", ""},
		{".run an unknown query", ".run nope", nil, 0, "", "no query named"},
		{".udfs lists functions", ".udfs word_count", nil, 0, "word_count(VARCHAR) → BIGINT  [scalar]\n    word_count(text): whitespace-separated tokens, as Python's len(text.split()) counts them\n", ""},
		{"macros work", "SELECT compression_pct('a', 'a b c d') AS p;", []string{"-list"}, 0, "p\n25.0\n", ""},
		{"comment-only input", "-- nothing\n/* at all */\n", nil, 0, "", ""},
		{"json empty result", "SELECT 1 AS a WHERE false;", []string{"-json"}, 0, "[]\n", ""},
		{"markdown", "SELECT 'a|b' AS s, 1 AS n;", []string{"-markdown"}, 0, "| s | n |\n|---|---:|\n| a\\|b | 1 |\n", ""},
		{"line", "SELECT 1 AS a, 'x' AS bb;", []string{"-line"}, 0, " a = 1\nbb = x\n", ""},
		{"duckbox has a type row", "SELECT 42 AS x;", nil, 0, "┌───────┐\n│   x   │\n│ int32 │\n├───────┤\n│    42 │\n└───────┘\n", ""},
		{"box", "SELECT 'a' AS x;", []string{"-box"}, 0, "┌───┐\n│ x │\n├───┤\n│ a │\n└───┘\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.stdin, tc.args...)
			if r.code != tc.code || r.stdout != tc.stdout || !strings.Contains(r.stderr, tc.stderr) || (tc.stderr == "" && r.stderr != "") {
				t.Errorf("got code %d\nstdout:\n%s\nstderr:\n%s\nwant code %d\nstdout:\n%s\nstderr containing %q", r.code, r.stdout, r.stderr, tc.code, tc.stdout, tc.stderr)
			}
		})
	}
}

func TestOutputAndOnce(t *testing.T) {
	dir := t.TempDir()
	once, all := filepath.Join(dir, "once.csv"), filepath.Join(dir, "all.txt")
	r := runCLI(t, ".mode csv\n.once "+once+"\nSELECT 1 AS a;\nSELECT 2 AS b;\n.output "+all+"\nSELECT 3 AS c;\n.output\nSELECT 4 AS d;\n")
	if r.stdout != "b\n2\nd\n4\n" {
		t.Errorf("stdout %q", r.stdout)
	}
	if b, _ := os.ReadFile(once); string(b) != "a\n1\n" {
		t.Errorf(".once file %q", b)
	}
	if b, _ := os.ReadFile(all); string(b) != "c\n3\n" {
		t.Errorf(".output file %q", b)
	}
}

func TestInteractive(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	lines := &fakeLines{lines: []string{"SELECT 1", "  AS a;", "SELECT 'gone", "^C", ".mode list", "SELECT 2 AS b; SELECT 3 AS c;"}}
	var out, errb bytes.Buffer
	err := (&ShellCommand{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb, Lines: lines, Interactive: true}).Run(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	wantPrompts := []string{"D ", "‣ ", "D ", "‣ ", "D ", "D ", "D "}
	if !slices.Equal(lines.prompts, wantPrompts) {
		t.Errorf("prompts %q, want %q", lines.prompts, wantPrompts)
	}
	wantHistory := []string{"SELECT 1\n  AS a;", ".mode list", "SELECT 2 AS b;", "SELECT 3 AS c;"}
	if !slices.Equal(lines.history, wantHistory) {
		t.Errorf("history %q, want %q", lines.history, wantHistory)
	}
	if !strings.Contains(out.String(), "b\n2\nc\n3\n") || strings.Contains(out.String(), "gone") || errb.Len() != 0 {
		t.Errorf("stdout %q stderr %q", out.String(), errb.String())
	}
}

func TestDuckboxElidesOnlyOnATerminal(t *testing.T) {
	q := ".maxrows 10\nSELECT range AS i FROM range(100);\n"
	r := runCLI(t, q)
	if strings.Contains(r.stdout, "·") || strings.Count(r.stdout, "\n") != 105 {
		t.Errorf("piped duckbox must not elide:\n%s", r.stdout)
	}
	t.Setenv("HOME", t.TempDir())
	var out bytes.Buffer
	lines := &fakeLines{lines: strings.Split(strings.TrimSpace(q), "\n")}
	if err := (&ShellCommand{Stdout: &out, Stderr: io.Discard, Lines: lines, Interactive: true, Width: 80}).Run(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "│ 100 rows (10 shown) │") || strings.Count(out.String(), "·") != 3 || strings.Contains(out.String(), "│                  50 │") {
		t.Errorf("terminal duckbox must elide:\n%s", out.String())
	}
}

func TestHelpGolden(t *testing.T) {
	r := runCLI(t, ".help\n")
	checkGolden(t, "help.golden", r.stdout)
}

func TestVersion(t *testing.T) {
	r := runCLI(t, "", "-version")
	if r.code != 0 || !strings.Contains(r.stdout, "(DuckDB v1.5.6") {
		t.Errorf("%+v", r)
	}
}

func TestDatabaseFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "corpus.duckdb")
	if r := runCLI(t, "CREATE TABLE t AS SELECT 1 AS x;", path); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	if r := runCLI(t, "", path, "-list", "-c", "SELECT x FROM t"); r.stdout != "x\n1\n" {
		t.Errorf("flags after DBFILE: %+v", r)
	}
	if r := runCLI(t, "", "-readonly", path, "-c", "INSERT INTO t VALUES (2)"); r.code != 1 || !strings.Contains(r.stderr, "read-only") {
		t.Errorf("-readonly: %+v", r)
	}
}

func TestCompletion(t *testing.T) {
	sh := &shell{cmd: &ShellCommand{Stdout: io.Discard, Stderr: io.Discard}, ctx: context.Background()}
	if err := sh.open(""); err != nil {
		t.Fatal(err)
	}
	defer sh.close()
	head, got, tail := sh.complete(".mo", 3)
	if head != "" || !slices.Equal(got, []string{".mode "}) || tail != "" {
		t.Errorf("dot: %q %q %q", head, got, tail)
	}
	head, got, _ = sh.complete(".mode cs", 8)
	if head != ".mode " || !slices.Equal(got, []string{"csv"}) {
		t.Errorf(".mode arg: %q %q", head, got)
	}
	// The byte offset DuckDB returns (19) must become a cut after the rune-counted head.
	line := "SELECT 'sección', rou"
	head, got, tail = sh.complete(line+" x", len([]rune(line)))
	if head != "SELECT 'sección', " || !slices.Contains(got, "round") || slices.Contains(got, "count") || tail != " x" {
		t.Errorf("sql: %q %q %q", head, got, tail)
	}
	// A statement typed over several lines: the earlier lines give context.
	sh.buf = "SELECT count(*)\n"
	head, got, _ = sh.complete("FR", 2)
	if head != "" || !slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, "FROM") }) {
		t.Errorf("multi-line: %q %q", head, got)
	}
}

func TestInitOpenDatabasesTimerQueries(t *testing.T) {
	dir := t.TempDir()
	initFile := filepath.Join(dir, "init.sql")
	os.WriteFile(initFile, []byte(".mode list\nCREATE TABLE seeded AS SELECT 5 AS v;\n"), 0o644)
	if r := runCLI(t, "SELECT v FROM seeded;", "-init", initFile); r.stdout != "v\n5\n" || r.code != 0 {
		t.Errorf("-init: %+v", r)
	}
	db := filepath.Join(dir, "other.duckdb")
	r := runCLI(t, ".open "+db+"\nCREATE TABLE t AS SELECT 1 AS x;\n.mode csv\n.databases\n")
	if r.code != 0 || !strings.Contains(r.stdout, "other,"+db) {
		t.Errorf(".open/.databases: %+v", r)
	}
	if r := runCLI(t, "", db, "-list", "-c", "SELECT x FROM t"); r.stdout != "x\n1\n" {
		t.Errorf(".open wrote elsewhere: %+v", r)
	}
	if r := runCLI(t, ".timer on\nSELECT 1 AS a;", "-list"); !strings.Contains(r.stdout, "a\n1\nRun Time (s): real ") {
		t.Errorf(".timer: %+v", r)
	}
	r = runCLI(t, ".queries\n")
	if !strings.Contains(r.stdout, "casesumm/07_rouge_table  ROUGE of each summarization system") {
		t.Errorf(".queries: %+v", r)
	}
	r = runCLI(t, "CREATE TABLE summaries AS SELECT 1 AS case_id, 'lead' AS system, 'the court held' AS summary, 'the court held' AS syllabus;\n.mode csv\n.run casesumm/rouge_table\n")
	if !strings.Contains(r.stdout, "lead,1,100.0,100.0,100.0") {
		t.Errorf(".run: %+v", r)
	}
}

func TestLoadJudgments(t *testing.T) {
	db := filepath.Join(t.TempDir(), "uk.duckdb")
	r := runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments/2020-ewca-1316-civ.xml",
		"../../testdata/fixtures/uk-judgments/2020-ewca-1057-civ.xml", "../../testdata/fixtures/other", "-db", db)
	if r.code != 1 || !strings.Contains(r.stderr, "not a judgment") || !strings.Contains(r.stderr, "-ignore-errors") || !strings.Contains(r.stderr, "nothing was loaded") {
		t.Fatalf("broken file without -ignore-errors: %+v", r)
	}
	if r := runCLI(t, "", db, "-csv", "-noheader", "-c", "SELECT count(*) FROM judgments"); r.stdout != "0\n" {
		t.Fatalf("a failed load left rows: %+v", r)
	}
	r = runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments/2020-ewca-1*-civ.xml", "../../testdata/fixtures/other", "-db", db, "-ignore-errors")
	if r.code != 0 || !strings.Contains(r.stderr, "1 rejected") || !strings.Contains(r.stderr, "rejected ../../testdata/fixtures/other/uksc-2022-14-press-summary.xml: ") {
		t.Fatalf("load: %+v", r)
	}
	r = runCLI(t, "", db, "-csv", "-c", `SELECT (SELECT count(*) FROM judgments) AS j, (SELECT count(num) FROM paragraphs) AS p,
		(SELECT count(*) FROM rejected_files) AS r,
		(SELECT count(*) FROM citations WHERE canonical = '[2020] EWCA Civ 1057' AND pinpoints[1] = 96) AS pin`)
	if r.stdout != "j,p,r,pin\n8,562,1,1\n" { // PROVENANCE: 110+117+98+47+35+36+58+61 numbered paragraphs
		t.Errorf("tables: %+v", r)
	}
	// Loading again adds nothing and says why.
	r = runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments/2020-ewca-1057-civ.xml", "-db", db)
	if r.code != 0 || !strings.Contains(r.stderr, "is already in the database") {
		t.Errorf("reload: %+v", r)
	}
	if r := runCLI(t, "", "load", "judgments", "-db", db); r.code != 2 {
		t.Errorf("no paths: %+v", r)
	}
}

func TestUKPRBenchPipeline(t *testing.T) {
	db := filepath.Join(t.TempDir(), "uk.duckdb")
	if r := runCLI(t, "", "load", "judgments", "../../testdata/fixtures/uk-judgments", "-db", db); r.code != 0 {
		t.Fatalf("load: %+v", r)
	}
	for _, q := range []string{"01_instances", "02_statistics", "03_baselines", "04_recall_table"} {
		if r := runCLI(t, "", db, "-csv", "-bail", "-c", ".run ukprbench/"+q); r.code != 0 || r.stderr != "" {
			t.Fatalf("%s: %+v", q, r)
		}
	}
	r := runCLI(t, "", db, "-csv", "-noheader", "-c", `
		SELECT (SELECT count(*) FROM ukprbench_groups WHERE removed_because IS NULL),
		       (SELECT count(*) FROM ukprbench_queries),
		       -- every positive is a paragraph of the cited judgment
		       (SELECT count(*) FROM ukprbench_queries q, unnest(q.positive_positions) u(pos)
		        WHERE NOT EXISTS (SELECT 1 FROM paragraphs p WHERE p.judgment_id = q.cited_id AND p.position = pos)),
		       (SELECT count(*) FROM ukprbench_queries q WHERE len(q.positive_positions) = 0),
		       -- no citing judgment in two splits
		       (SELECT count(*) FROM (SELECT citing_id FROM ukprbench_queries GROUP BY 1 HAVING count(DISTINCT split) > 1)),
		       -- masked queries no longer name the cited judgment
		       (SELECT count(*) FROM ukprbench_queries WHERE text LIKE '%' || split_part(cited_as, ';', 1) || '%'),
		       (SELECT count(*) FROM ukprbench_groups WHERE removed_because = 'european court') > 0,
		       (SELECT count(DISTINCT system) FROM retrieval_runs)`)
	if r.stdout != "19,38,0,0,0,0,true,2\n" {
		t.Errorf("pipeline checks: %+v", r)
	}
}

func TestLoadScotusAndCaseSumm(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "sc.duckdb")
	r := runCLI(t, "", "load", "scotus-pdf", "../../testdata/fixtures/scotus-pdf", "-db", db)
	if r.code != 1 || !strings.Contains(r.stderr, "nothing was loaded") {
		t.Fatalf("broken PDFs without -ignore-errors: %+v", r)
	}
	r = runCLI(t, "", "load", "scotus-pdf", "../../testdata/fixtures/scotus-pdf", "-db", db, "-ignore-errors")
	if r.code != 0 || !strings.Contains(r.stderr, "26 cases written, 25 with a syllabus; 0 already loaded; 1 rejected") {
		t.Fatalf("load scotus-pdf: %+v", r)
	}
	// Identity by content (finding 8): one file under three spellings is
	// one case; loading a folder again beside a new file adds only the new
	// file's cases, and rejected files are listed once.
	abs, _ := filepath.Abs("../../testdata/fixtures/scotus-pdf/14-95.pdf")
	db3 := filepath.Join(dir, "same.duckdb")
	r = runCLI(t, "", "load", "scotus-pdf", abs, "../../testdata/fixtures/scotus-pdf/14-95.pdf", "../../testdata/fixtures/scotus-pdf/../scotus-pdf/14-95.pdf", "-db", db3)
	if r.code != 0 || !strings.Contains(r.stderr, "1 cases written") {
		t.Fatalf("one file, three paths: %+v", r)
	}
	r = runCLI(t, "", "load", "scotus-pdf", "../../testdata/fixtures/scotus-pdf", "-db", db, "-ignore-errors")
	if r.code != 0 || !strings.Contains(r.stderr, "0 cases written, 0 with a syllabus; 26 already loaded; 1 rejected") {
		t.Fatalf("reload: %+v", r)
	}
	if r := runCLI(t, "", db, "-csv", "-noheader", "-c", "SELECT (SELECT count(*) FROM cases), (SELECT count(*) FROM rejected_files)"); r.stdout != "26,1\n" {
		t.Fatalf("after reload: %+v", r)
	}
	for _, q := range []string{"01_table3", "02_compression", "03_correlation", "04_structured", "05_figure1", "06_baselines", "07_rouge_table"} {
		if r := runCLI(t, "", db, "-csv", "-bail", "-c", ".run casesumm/"+q); r.code != 0 || r.stderr != "" || strings.Count(r.stdout, "\n") < 2 {
			t.Fatalf("%s: %+v", q, r)
		}
	}
	parquet := filepath.Join(dir, "cases.parquet")
	if r := runCLI(t, "", db, "-c", "COPY (SELECT case_id AS id, decided AS date, opinion, syllabus FROM cases WHERE ok) TO '"+parquet+"'"); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	db2 := filepath.Join(dir, "cs.duckdb")
	if r := runCLI(t, "", "load", "casesumm", parquet, "-db", db2); r.code != 0 || !strings.Contains(r.stderr, "25 cases written") {
		t.Fatalf("load casesumm: %+v", r)
	}
	if r := runCLI(t, "", db2, "-csv", "-noheader", "-c", "SELECT count(*), min(year) FROM cases WHERE ok AND source = 'dataset'"); r.stdout != "25,1972\n" {
		t.Errorf("casesumm cases: %+v", r)
	}
	// Two files of the same name (and the same cases) load once, in one
	// transaction.
	for _, sub := range []string{"a", "b"} {
		os.MkdirAll(filepath.Join(dir, sub), 0o755)
		os.WriteFile(filepath.Join(dir, sub, "ok.csv"), []byte("id,opinion,syllabus\n1,The opinion.,Held: x.\n2,Another.,Held: y.\n"), 0o644)
	}
	db4 := filepath.Join(dir, "twice.duckdb")
	if r := runCLI(t, "", "load", "casesumm", filepath.Join(dir, "a", "ok.csv"), filepath.Join(dir, "b", "ok.csv"), "-db", db4); r.code != 0 ||
		!strings.Contains(r.stderr, "a/ok.csv: 2 cases written") || !strings.Contains(r.stderr, "b/ok.csv: 0 cases written") {
		t.Fatalf("same name twice: %+v", r)
	}
	bad := filepath.Join(dir, "bad.csv")
	os.WriteFile(bad, []byte("id,text\n1,x\n"), 0o644)
	if r := runCLI(t, "", "load", "casesumm", bad, "-db", db2); r.code != 1 || !strings.Contains(r.stderr, `has no "opinion" column`) {
		t.Errorf("missing columns: %+v", r)
	}
}

func TestQueryMatches(t *testing.T) {
	for _, asked := range []string{"casesumm/07_rouge_table", "07_rouge_table", "rouge_table", "casesumm/rouge_table"} {
		if !queryMatches("casesumm/07_rouge_table", asked) {
			t.Errorf("%q does not match", asked)
		}
	}
	if queryMatches("casesumm/07_rouge_table", "table") || queryMatches("casesumm/07_rouge_table", "ukprbench/rouge_table") {
		t.Error("matched too much")
	}
}
