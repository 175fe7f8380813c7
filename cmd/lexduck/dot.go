package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/lexduck/lexduck"
	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/ext/render"
)

// dotCmd is one dot command. This table drives .help, Tab completion and
// the README's command table.
type dotCmd struct {
	name  string
	args  string
	help  string
	files bool // the argument is a file path (completion)
	run   func(sh *shell, args []string) error
}

var dotCmds []dotCmd

func init() {
	dotCmds = []dotCmd{
		{name: ".bail", args: "on|off", help: "stop after hitting an error", run: boolSetter(func(sh *shell) *bool { return &sh.bail })},
		{name: ".databases", help: "list attached databases", run: cmdDatabases},
		{name: ".echo", args: "on|off", help: "print each statement before running it", run: boolSetter(func(sh *shell) *bool { return &sh.echo })},
		{name: ".exit", args: "?CODE?", help: "exit with return code CODE", run: cmdExit},
		{name: ".headers", args: "on|off", help: "show or hide column names", run: boolSetter(func(sh *shell) *bool { return &sh.header })},
		{name: ".help", args: "?PATTERN?", help: "show help for dot commands matching PATTERN", run: cmdHelp},
		{name: ".maxrows", args: "COUNT", help: "rows shown in duckbox mode on a terminal (default 40)", run: cmdMaxrows},
		{name: ".mode", args: "MODE", help: "set output mode: " + modeList(), run: cmdMode},
		{name: ".nullvalue", args: "STRING", help: "print STRING in place of NULL", run: cmdNullvalue},
		{name: ".once", args: "FILE", help: "send the next result to FILE", files: true, run: cmdOnce},
		{name: ".open", args: "?FILE?", help: "close this database and open FILE (in memory without FILE)", files: true, run: cmdOpen},
		{name: ".output", args: "?FILE?", help: "send results to FILE, or back to stdout without FILE", files: true, run: cmdOutput},
		{name: ".print", args: "STRING...", help: "print the STRINGs", run: cmdPrint},
		{name: ".queries", help: "list lexduck's ready-made analyses (queries/)", run: cmdQueries},
		{name: ".quit", help: "exit this program", run: cmdExit},
		{name: ".read", args: "FILE", help: "run the statements and dot commands in FILE", files: true, run: cmdRead},
		{name: ".run", args: "NAME", help: "run the ready-made analysis NAME (see .queries)", run: cmdRun},
		{name: ".schema", args: "?PATTERN?", help: "show CREATE statements of tables and views matching PATTERN", run: cmdSchema},
		{name: ".tables", args: "?PATTERN?", help: "list tables and views matching PATTERN", run: cmdTables},
		{name: ".timer", args: "on|off", help: "show the run time of each statement", run: boolSetter(func(sh *shell) *bool { return &sh.timer })},
		{name: ".udfs", args: "?PATTERN?", help: "list lexduck's functions and macros with signatures", run: cmdUDFs},
	}
}

func modeList() string {
	var s []string
	for _, m := range render.Modes() {
		s = append(s, string(m))
	}
	return strings.Join(s, " ")
}

// splitArgs splits a dot-command line into words; "…" and '…' group words.
func splitArgs(line string) []string {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// dot runs one dot command line.
func (sh *shell) dot(line string) error {
	words := splitArgs(line)
	if len(words) == 0 {
		return nil
	}
	for _, c := range dotCmds {
		if c.name == words[0] {
			return c.run(sh, words[1:])
		}
	}
	return sh.fail(fmt.Errorf("Error: unknown command or invalid arguments: %q. Enter \".help\" for help", strings.TrimPrefix(words[0], ".")))
}

func (sh *shell) usageErr(name string) error {
	for _, c := range dotCmds {
		if c.name == name {
			return sh.fail(fmt.Errorf("Usage: %s %s", c.name, c.args))
		}
	}
	return nil
}

func boolSetter(field func(*shell) *bool) func(*shell, []string) error {
	return func(sh *shell, args []string) error {
		if len(args) != 1 {
			return sh.fail(fmt.Errorf("Usage: on|off"))
		}
		switch strings.ToLower(args[0]) {
		case "on", "yes", "true", "1":
			*field(sh) = true
		case "off", "no", "false", "0":
			*field(sh) = false
		default:
			return sh.fail(fmt.Errorf("Error: not a boolean value: %q", args[0]))
		}
		return nil
	}
}

func cmdHelp(sh *shell, args []string) error {
	fmt.Fprint(sh.out, helpText(strings.Join(args, " ")))
	return nil
}

// helpText renders the dot-command table, filtered by a substring.
func helpText(pattern string) string {
	var b strings.Builder
	for _, c := range dotCmds {
		if pattern != "" && !strings.Contains(c.name+" "+c.help, pattern) {
			continue
		}
		fmt.Fprintf(&b, "%-22s %s\n", strings.TrimSpace(c.name+" "+c.args), c.help)
	}
	return b.String()
}

func cmdExit(sh *shell, args []string) error {
	code := 0
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil {
			return sh.usageErr(".exit")
		}
		code = n
	}
	return errStop{code}
}

func cmdMode(sh *shell, args []string) error {
	if len(args) == 0 {
		fmt.Fprintf(sh.out, "current output mode: %s\n", sh.mode)
		return nil
	}
	m, err := render.ParseMode(args[0])
	if err != nil {
		return sh.fail(fmt.Errorf("Error: %v", err))
	}
	sh.mode = m
	return nil
}

func cmdMaxrows(sh *shell, args []string) error {
	if len(args) == 0 {
		fmt.Fprintf(sh.out, "current max rows: %d\n", sh.maxrows)
		return nil
	}
	n, err := strconv.Atoi(args[0])
	if err != nil || n < 1 {
		return sh.usageErr(".maxrows")
	}
	sh.maxrows = n
	return nil
}

func cmdNullvalue(sh *shell, args []string) error {
	if len(args) != 1 {
		return sh.usageErr(".nullvalue")
	}
	v := args[0]
	sh.nullvalue = &v
	return nil
}

func cmdPrint(sh *shell, args []string) error {
	fmt.Fprintln(sh.out, strings.Join(args, " "))
	return nil
}

func cmdOutput(sh *shell, args []string) error {
	if len(args) == 0 {
		sh.setOutput(nil, false)
		return nil
	}
	return openOutput(sh, args, false)
}

func cmdOnce(sh *shell, args []string) error {
	if len(args) != 1 {
		return sh.usageErr(".once")
	}
	return openOutput(sh, args, true)
}

func openOutput(sh *shell, args []string, once bool) error {
	if args[0] == "stdout" || args[0] == "-" {
		sh.setOutput(nil, false)
		return nil
	}
	f, err := os.Create(args[0])
	if err != nil {
		return sh.fail(fmt.Errorf("Error: cannot open %q: %v", args[0], err))
	}
	sh.setOutput(f, once)
	return nil
}

func cmdRead(sh *shell, args []string) error {
	if len(args) != 1 {
		return sh.usageErr(".read")
	}
	return sh.runFile(args[0])
}

func cmdOpen(sh *shell, args []string) error {
	path := ""
	if len(args) > 0 {
		path = args[len(args)-1]
	}
	// Open the new database first: if it fails, the current one (an
	// in-memory database with the session's tables, say) stays.
	oldDB, oldConn, oldPath := sh.db, sh.conn, sh.dbPath
	if samePath(path, oldPath) { // a file is attached once per process: close it first
		oldConn.Close()
		oldDB.Close()
		if err := sh.open(path); err != nil {
			if err2 := sh.open(""); err2 != nil {
				return err2
			}
			return sh.fail(fmt.Errorf("Error: unable to open database %q: %v", path, err))
		}
		return nil
	}
	if err := sh.open(path); err != nil {
		sh.db, sh.conn, sh.dbPath = oldDB, oldConn, oldPath
		return sh.fail(fmt.Errorf("Error: unable to open database %q: %v", path, err))
	}
	oldConn.Close()
	oldDB.Close()
	return nil
}

func cmdDatabases(sh *shell, _ []string) error {
	return sh.execute("SELECT database_name AS name, coalesce(path, '') AS path FROM duckdb_databases() WHERE NOT internal AND database_name <> '" + ext.MacroCatalog + "' ORDER BY 1")
}

// sqlString quotes s as a SQL string literal.
func sqlString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

func likePattern(args []string) string {
	if len(args) == 0 {
		return "'%'"
	}
	return sqlString(args[0])
}

func cmdTables(sh *shell, args []string) error {
	q := `SELECT name FROM (
	SELECT table_name AS name, database_name AS db FROM duckdb_tables() WHERE NOT internal
	UNION ALL SELECT view_name, database_name FROM duckdb_views() WHERE NOT internal
) WHERE db <> '` + ext.MacroCatalog + `' AND name LIKE ` + likePattern(args) + ` ORDER BY name`
	rows, err := sh.conn.QueryContext(sh.ctx, q)
	if err != nil {
		return sh.fail(err)
	}
	defer rows.Close()
	var names []string
	width := 0
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return sh.fail(err)
		}
		names = append(names, n)
		width = max(width, len(n))
	}
	if err := rows.Err(); err != nil {
		return sh.fail(err)
	}
	// Names in columns, filled down then across, as the duckdb CLI prints them.
	cols := max(1, 80/(width+2))
	nrows := (len(names) + cols - 1) / cols
	for r := range nrows {
		var line strings.Builder
		for c := range cols {
			if i := c*nrows + r; i < len(names) {
				fmt.Fprintf(&line, "%-*s  ", width, names[i])
			}
		}
		fmt.Fprintln(sh.out, strings.TrimRight(line.String(), " "))
	}
	return nil
}

func cmdSchema(sh *shell, args []string) error {
	q := `SELECT sql FROM (
	SELECT sql, table_name AS name, database_name AS db FROM duckdb_tables() WHERE NOT internal
	UNION ALL SELECT sql, view_name, database_name FROM duckdb_views() WHERE NOT internal
	UNION ALL SELECT sql, index_name, database_name FROM duckdb_indexes()
) WHERE db <> '` + ext.MacroCatalog + `' AND name LIKE ` + likePattern(args) + ` AND sql IS NOT NULL ORDER BY name`
	rows, err := sh.conn.QueryContext(sh.ctx, q)
	if err != nil {
		return sh.fail(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return sh.fail(err)
		}
		s = strings.TrimSpace(s)
		if !strings.HasSuffix(s, ";") {
			s += ";"
		}
		fmt.Fprintln(sh.out, s)
	}
	return rows.Err()
}

func cmdUDFs(sh *shell, args []string) error {
	for _, f := range ext.Functions() {
		if len(args) > 0 && !strings.Contains(f.Name, args[0]) {
			continue
		}
		fmt.Fprintf(sh.out, "%s  [%s]\n    %s\n", f.Signature, f.Kind, f.Doc)
	}
	return nil
}

func cmdQueries(sh *shell, _ []string) error {
	qs, err := lexduck.LoadQueries()
	if err != nil {
		return sh.fail(err)
	}
	for _, q := range qs {
		line := q.Name + "  " + q.Title
		if q.Reproduces != "" {
			line += " (reproduces " + q.Reproduces + ")"
		}
		fmt.Fprintln(sh.out, line)
	}
	return nil
}

// queryMatches reports whether name ("casesumm/07_rouge_table") is what
// the user asked for: the whole name, its last element, or either without
// the ordering prefix ("casesumm/rouge_table", "rouge_table").
func queryMatches(name, asked string) bool {
	base := filepath.Base(name)
	bare := strings.TrimLeft(base, "0123456789")
	if bare != base {
		bare = strings.TrimPrefix(bare, "_")
	}
	dir := filepath.Dir(name)
	return asked == name || asked == base || asked == bare || asked == dir+"/"+bare
}

func cmdRun(sh *shell, args []string) error {
	if len(args) != 1 {
		return sh.usageErr(".run")
	}
	qs, err := lexduck.LoadQueries()
	if err != nil {
		return sh.fail(err)
	}
	for _, q := range qs {
		if queryMatches(q.Name, args[0]) {
			return sh.runScript(newScriptReader(strings.NewReader(q.SQL)), false)
		}
	}
	return sh.fail(fmt.Errorf("Error: no query named %q (see .queries)", args[0]))
}

// complete is the Tab completer: dot-command names, file paths after
// file-taking dot commands, query names after .run, and SQL from DuckDB's
// own sql_auto_complete, which sees the whole statement typed so far.
func (sh *shell) complete(line string, pos int) (head string, completions []string, tail string) {
	r := []rune(line)
	if pos > len(r) {
		pos = len(r)
	}
	before, after := string(r[:pos]), string(r[pos:])
	if sh.buf == "" && strings.HasPrefix(before, ".") {
		return completeDot(before, after)
	}
	return sh.completeSQL(before, after)
}

func completeDot(before, after string) (string, []string, string) {
	name, arg, hasArg := strings.Cut(before, " ")
	if !hasArg {
		var out []string
		for _, c := range dotCmds {
			if strings.HasPrefix(c.name, name) {
				out = append(out, c.name+" ")
			}
		}
		return "", out, after
	}
	for _, c := range dotCmds {
		if c.name != name {
			continue
		}
		switch {
		case c.files:
			return name + " ", completePath(arg), after
		case c.name == ".run":
			qs, _ := lexduck.LoadQueries()
			var out []string
			for _, q := range qs {
				if strings.HasPrefix(q.Name, arg) {
					out = append(out, q.Name)
				}
			}
			return name + " ", out, after
		case c.name == ".mode":
			var out []string
			for _, m := range render.Modes() {
				if strings.HasPrefix(string(m), arg) {
					out = append(out, string(m))
				}
			}
			return name + " ", out, after
		}
	}
	return before, nil, after
}

func completePath(prefix string) []string {
	dir, file := filepath.Split(prefix)
	d := dir
	if d == "" {
		d = "."
	}
	entries, err := os.ReadDir(d)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), file) {
			name := dir + e.Name()
			if e.IsDir() {
				name += "/"
			}
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// completeSQL asks sql_auto_complete about the statement so far. Its
// suggestion_start is a byte offset into that text; liner works in runes
// on the current line, so the head is cut by bytes here.
func (sh *shell) completeSQL(before, after string) (string, []string, string) {
	text := sh.buf + before
	rows, err := sh.conn.QueryContext(context.Background(),
		"SELECT suggestion, suggestion_start FROM sql_auto_complete(?) LIMIT 50", text)
	if err != nil {
		return before, nil, after
	}
	defer rows.Close()
	var out []string
	start := -1
	for rows.Next() {
		var s string
		var st int
		if rows.Scan(&s, &st) != nil {
			return before, nil, after
		}
		out = append(out, s)
		start = st
	}
	start -= len(sh.buf) // byte offset within the current line
	if start < 0 || start > len(before) {
		return before, nil, after
	}
	// DuckDB ranks fuzzy matches too ("group" for "rou"); a line editor
	// inserts the common prefix, so keep the ones that extend what was
	// typed, unless there are none (then the fuzzy ones are the fix-ups).
	typed := strings.ToLower(before[start:])
	var prefixed []string
	for _, s := range out {
		if strings.HasPrefix(strings.ToLower(s), typed) {
			prefixed = append(prefixed, s)
		}
	}
	if len(prefixed) > 0 {
		out = prefixed
	}
	return before[:start], out, after
}

// samePath reports whether a and b name the same database file.
func samePath(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}
