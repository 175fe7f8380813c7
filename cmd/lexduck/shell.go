package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow/array"
	"golang.org/x/term"

	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/ext/render"
	"github.com/lexduck/lexduck/ext/stmt"
)

// ShellCommand is the interactive and scripted SQL shell.
type ShellCommand struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Lines, when set, replaces Stdin as the input (tests use it to type
	// lines without a terminal). Interactive, when true, makes the shell
	// behave as on a terminal: prompts and duckbox elision.
	Lines       LineReader
	Interactive bool
	Width       int // terminal width for elision; 0 asks the terminal
}

// shell is the state of one session.
type shell struct {
	readDepth int // .read files being run, one inside the other
	cmd       *ShellCommand
	ctx       context.Context
	db        *sql.DB
	conn      *sql.Conn
	dbPath    string
	readonly  bool

	out     io.Writer // current destination: Stdout or an .output/.once file
	outFile *os.File
	once    bool

	mode      render.Mode
	header    bool
	nullvalue *string
	maxrows   int
	timer     bool
	bail      bool
	echo      bool

	interactive bool
	width       int
	cancel      context.CancelFunc // cancels the running statement (Ctrl-C)
	failed      bool               // an error happened
	buf         string             // statement text typed so far
}

// stringFlags collects repeated -cmd flags.
type stringFlags []string

func (s *stringFlags) String() string     { return strings.Join(*s, "; ") }
func (s *stringFlags) Set(v string) error { *s = append(*s, v); return nil }

func (c *ShellCommand) flags(sh *shell, opts *shellOpts) *flag.FlagSet {
	fs := flag.NewFlagSet("lexduck", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&opts.command, "c", "", "run `SQL` (or a dot command) and exit")
	fs.StringVar(&opts.file, "f", "", "run the script `FILE` and exit")
	fs.StringVar(&opts.init, "init", "", "run `FILE` first instead of ~/.lexduckrc")
	fs.Var(&opts.cmds, "cmd", "run `SQL` before reading stdin (repeatable)")
	fs.BoolVar(&opts.noStdin, "no-stdin", false, "exit after -init and -cmd instead of reading stdin")
	fs.BoolVar(&sh.readonly, "readonly", false, "open the database read-only")
	fs.BoolVar(&sh.bail, "bail", false, "stop after the first error")
	fs.BoolVar(&sh.echo, "echo", false, "print each statement before running it")
	fs.BoolVar(&opts.version, "version", false, "print the lexduck and DuckDB versions and exit")
	fs.BoolVar(&opts.help, "help", false, "show this help")
	fs.BoolVar(&opts.header, "header", false, "show column names (the default)")
	fs.BoolVar(&opts.noheader, "noheader", false, "hide column names")
	fs.Func("nullvalue", "print NULL as `TEXT`", func(s string) error { sh.nullvalue = &s; return nil })
	for _, m := range render.Modes() {
		fs.BoolFunc(string(m), "set output mode to "+string(m), func(string) error { sh.mode = m; return nil })
	}
	return fs
}

type shellOpts struct {
	command, file, init string
	cmds                stringFlags
	noStdin             bool
	version, help       bool
	header, noheader    bool
}

// Run runs the shell with duckdb-style arguments: [flags] [DBFILE] [flags].
func (c *ShellCommand) Run(ctx context.Context, args []string) (err error) {
	sh := &shell{cmd: c, ctx: ctx, out: c.Stdout, mode: render.Duckbox, header: true, maxrows: 40}
	var opts shellOpts
	fs := c.flags(sh, &opts)
	for {
		if err := fs.Parse(args); err != nil {
			fmt.Fprintf(c.Stderr, "lexduck: %v\n", err)
			c.usage(fs)
			return exitError{1}
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		if sh.dbPath != "" {
			fmt.Fprintf(c.Stderr, "lexduck: more than one database file: %q and %q\n", sh.dbPath, args[0])
			return exitError{1}
		}
		sh.dbPath, args = args[0], args[1:]
	}
	if opts.help {
		c.usage(fs)
		return nil
	}
	if opts.noheader {
		sh.header = false
	}

	sh.interactive = c.Interactive
	lines := c.Lines
	stdinTTY := false
	if f, ok := c.Stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		stdinTTY = true
	}
	if lines == nil && stdinTTY && opts.command == "" && opts.file == "" {
		sh.interactive = true
	}
	sh.width = c.Width
	if sh.width == 0 {
		if f, ok := c.Stdout.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			if w, _, err := term.GetSize(int(f.Fd())); err == nil {
				sh.width = w
			}
		}
	}

	if err := sh.open(sh.dbPath); err != nil {
		fmt.Fprintln(c.Stderr, err)
		return exitError{1}
	}
	defer func() { sh.close() }()

	if opts.version {
		var v string
		if err := sh.conn.QueryRowContext(ctx, "SELECT library_version || ' ' || source_id FROM pragma_version()").Scan(&v); err != nil {
			return err
		}
		fmt.Fprintf(c.Stdout, "lexduck %s (DuckDB %s)\n", version(), v)
		return nil
	}

	// Init file, then -cmd, then -c / -f / stdin, as the duckdb CLI does.
	initFile := opts.init
	if initFile == "" {
		if home, err := os.UserHomeDir(); err == nil {
			if p := filepath.Join(home, ".lexduckrc"); fileExists(p) {
				initFile = p
			}
		}
	}
	if initFile != "" {
		if err := sh.runFile(initFile); err != nil {
			return err
		}
	}
	for _, cmd := range opts.cmds {
		if err := sh.runScript(newScriptReader(strings.NewReader(cmd)), false); err != nil {
			return err
		}
	}
	switch {
	case opts.command != "":
		sh.bail = true // -c stops at, and exits 1 on, the first error
		err = sh.runScript(newScriptReader(strings.NewReader(opts.command)), false)
		if err == nil && sh.failed {
			err = exitError{1}
		}
		return err
	case opts.file != "":
		return sh.runFile(opts.file)
	case opts.noStdin:
		return nil
	}
	if lines == nil {
		if sh.interactive {
			lines = newTermReader(sh.complete)
		} else {
			lines = newScriptReader(c.Stdin)
		}
	}
	defer lines.Close()
	if sh.interactive {
		fmt.Fprintf(c.Stdout, "lexduck %s: DuckDB with legal-NLP functions. Enter \".help\" for usage hints.\n", version())
		if sh.dbPath == "" {
			fmt.Fprintln(c.Stdout, "Connected to a transient in-memory database.")
		}
		stop := sh.catchInterrupts()
		defer stop()
	}
	return sh.runScript(lines, sh.interactive)
}

func (c *ShellCommand) usage(fs *flag.FlagSet) {
	w := c.Stdout
	fmt.Fprintln(w, "Usage: lexduck [OPTIONS] [DBFILE] [OPTIONS]")
	fmt.Fprintln(w, "       lexduck report [-db FILE] [-out DIR] [-only NAME...]")
	fmt.Fprintln(w, "A DuckDB shell with lexduck's legal-NLP functions; in memory without DBFILE.")
	fmt.Fprintln(w, "\nOPTIONS:")
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(w, "  -%-18s %s\n", strings.TrimSpace(f.Name+" "+name), usage)
	})
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

// open connects the shell to a database file ("" for memory).
func (sh *shell) open(path string) error {
	db, err := ext.OpenFile(path, sh.readonly)
	if err != nil {
		return err
	}
	conn, err := db.Conn(sh.ctx)
	if err != nil {
		db.Close()
		return err
	}
	sh.db, sh.conn, sh.dbPath = db, conn, path
	return nil
}

func (sh *shell) close() {
	if sh.conn != nil {
		sh.conn.Close()
	}
	if sh.db != nil {
		sh.db.Close()
	}
	sh.setOutput(nil, false)
}

// catchInterrupts makes Ctrl-C cancel the running statement instead of
// killing the shell; at the prompt the line editor handles it.
func (sh *shell) catchInterrupts() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-ch:
				if sh.cancel != nil {
					sh.cancel()
				}
			case <-done:
				return
			}
		}
	}()
	return func() { signal.Stop(ch); close(done) }
}

// scriptSplits counts the statement splits of runScript (a test checks
// that a long statement is split once, not once per line).
var scriptSplits int

// maxReadDepth bounds .read inside .read (a script that reads itself).
const maxReadDepth = 64

// maxScriptBytes bounds a script read by .read.
const maxScriptBytes = 256 << 20

func (sh *shell) runFile(path string) error {
	fail := func(format string, args ...any) error {
		sh.errorf(format, args...)
		if sh.bail {
			return exitError{1}
		}
		return nil
	}
	if sh.readDepth >= maxReadDepth {
		return fail("Error: .read %q: scripts nested more than %d deep (does a script read itself?)", path, maxReadDepth)
	}
	// A directory, FIFO or device is not a script (/dev/zero never ends),
	// and neither is a binary file: each is an error like a failed
	// statement, so a piped session goes on without -bail.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0) // a FIFO must not block the open
	if err != nil {
		return fail("Error: cannot open %q: %v", path, err)
	}
	defer f.Close()
	st, err := f.Stat()
	switch {
	case err != nil:
		return fail("Error: cannot read %q: %v", path, err)
	case !st.Mode().IsRegular():
		return fail("Error: cannot read %q: not a regular file", path)
	case st.Size() > maxScriptBytes:
		return fail("Error: cannot read %q: %d bytes is more than a script may have (%d)", path, st.Size(), maxScriptBytes)
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return fail("Error: cannot read %q: %v", path, err)
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 {
		return fail("Error: cannot read %q: not a text file (not UTF-8, or NUL bytes)", path)
	}
	sh.readDepth++
	defer func() { sh.readDepth-- }()
	return sh.runScript(newScriptReader(bytes.NewReader(data)), false)
}

// errStop ends a script: .quit, or an error under -bail.
type errStop struct{ code int }

func (e errStop) Error() string { return "stop" }

// runScript reads lines until EOF, running each dot command and each
// complete statement as soon as it is read.
func (sh *shell) runScript(lines LineReader, interactive bool) error {
	buf := ""
	// Lines of an unfinished statement collect here; only a line with a
	// ';' can end a statement, so only then is the text split: a
	// 40,000-line INSERT costs one split, not one per line.
	var pending strings.Builder
	for {
		prompt := ""
		if interactive {
			prompt = "D "
			if buf != "" || pending.Len() > 0 {
				prompt = "‣ "
			}
		}
		line, err := lines.ReadLine(prompt)
		if errors.Is(err, ErrInterrupted) {
			buf = ""
			pending.Reset()
			continue
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if buf == "" && pending.Len() == 0 && strings.HasPrefix(line, ".") {
			lines.AddHistory(line)
			if err := sh.dot(line); err != nil {
				return sh.stopCode(err)
			}
			continue
		}
		pending.WriteString(line)
		pending.WriteByte('\n')
		if !strings.Contains(line, ";") {
			if interactive {
				sh.buf = buf + pending.String() // completion sees the statement typed so far
			}
			continue
		}
		buf += pending.String()
		pending.Reset()
		scriptSplits++
		stmts, rest := stmt.Split(buf)
		for _, s := range stmts {
			s = strings.TrimSpace(s)
			if stmt.Blank(strings.TrimSuffix(s, ";")) {
				continue
			}
			lines.AddHistory(s)
			if err := sh.execute(s); err != nil {
				return sh.stopCode(err)
			}
		}
		buf = rest
		if stmt.Blank(buf) {
			buf = ""
		}
		if interactive {
			sh.buf = buf // completion sees the statement typed so far
		}
	}
	buf += pending.String()
	if !stmt.Blank(buf) { // a last statement without ';' still runs
		if err := sh.execute(strings.TrimSpace(buf)); err != nil {
			return sh.stopCode(err)
		}
	}
	return nil
}

func (sh *shell) stopCode(err error) error {
	var st errStop
	if errors.As(err, &st) {
		if st.code == 0 {
			return nil
		}
		return exitError(st)
	}
	return err
}

func (sh *shell) errorf(format string, args ...any) {
	sh.failed = true
	fmt.Fprintf(sh.cmd.Stderr, format+"\n", args...)
}

// fail reports err; under -bail it stops the script with status 1.
func (sh *shell) fail(err error) error {
	sh.errorf("%s", ext.ErrorText(err))
	if sh.bail {
		return errStop{1}
	}
	return nil
}

// quietKeywords start statements whose result (a "Count" or "Success"
// column) the duckdb CLI does not print.
var quietKeywords = map[string]bool{
	"INSERT": true, "UPDATE": true, "DELETE": true, "CREATE": true, "DROP": true, "ALTER": true,
	"ATTACH": true, "DETACH": true, "USE": true, "SET": true, "RESET": true, "LOAD": true,
	"INSTALL": true, "BEGIN": true, "START": true, "COMMIT": true, "END": true, "ROLLBACK": true,
	"ABORT": true, "CHECKPOINT": true, "FORCE": true, "COPY": true, "VACUUM": true, "IMPORT": true,
	"EXPORT": true, "TRUNCATE": true, "COMMENT": true, "PREPARE": true, "DEALLOCATE": true, "ANALYZE": true,
	"MERGE": true, "UPSERT": true,
}

// firstKeyword returns the statement's first word, upper case.
func firstKeyword(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\r\n(")
		switch {
		case strings.HasPrefix(s, "--"):
			_, s, _ = strings.Cut(s, "\n")
		case strings.HasPrefix(s, "/*"):
			_, s, _ = strings.Cut(s, "*/")
		default:
			end := strings.IndexFunc(s, func(r rune) bool {
				return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
			})
			if end < 0 {
				end = len(s)
			}
			return strings.ToUpper(s[:end])
		}
	}
}

// execute runs one statement and writes its result in the current mode.
func (sh *shell) execute(query string) error {
	if sh.echo {
		fmt.Fprintln(sh.out, query)
	}
	ctx, cancel := context.WithCancel(sh.ctx)
	sh.cancel = cancel
	defer func() { cancel(); sh.cancel = nil }()
	start, ru0 := time.Now(), rusage()
	err := ext.QueryArrow(ctx, sh.conn, query, func(rr array.RecordReader) error {
		schema := rr.Schema()
		if f := schema.Fields(); len(f) == 1 && (f[0].Name == "Count" || f[0].Name == "Success") && quietKeywords[firstKeyword(query)] {
			for rr.Next() {
			}
			return nil
		}
		w := render.New(sh.mode, sh.out, render.Options{
			Header: sh.header, NullValue: sh.nullvalue, MaxRows: sh.maxrows,
			Elide: sh.interactive && sh.outFile == nil, Width: sh.width,
		})
		if err := w.Header(schema); err != nil {
			return err
		}
		for rr.Next() {
			if err := w.Rows(rr.RecordBatch()); err != nil {
				return err
			}
		}
		if err := rr.Err(); err != nil {
			return err
		}
		return w.Footer()
	})
	if sh.timer {
		ru1 := rusage()
		fmt.Fprintf(sh.out, "Run Time (s): real %.3f user %.6f sys %.6f\n",
			time.Since(start).Seconds(), ru1.user-ru0.user, ru1.sys-ru0.sys)
	}
	sh.endOnce()
	if err != nil {
		if errors.Is(err, context.Canceled) && sh.ctx.Err() == nil {
			err = errors.New("Interrupted") //nolint:staticcheck // DuckDB's own word
		}
		return sh.fail(err)
	}
	return nil
}

type cpuTimes struct{ user, sys float64 }

func rusage() cpuTimes {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return cpuTimes{}
	}
	return cpuTimes{
		user: float64(ru.Utime.Sec) + float64(ru.Utime.Usec)/1e6,
		sys:  float64(ru.Stime.Sec) + float64(ru.Stime.Usec)/1e6,
	}
}

// setOutput sends results to f (nil: back to stdout); once makes it last
// for one statement only.
func (sh *shell) setOutput(f *os.File, once bool) {
	if sh.outFile != nil {
		sh.outFile.Close()
	}
	sh.outFile, sh.once = f, once
	if f == nil {
		sh.out = sh.cmd.Stdout
	} else {
		sh.out = f
	}
}

func (sh *shell) endOnce() {
	if sh.once {
		sh.setOutput(nil, false)
	}
}
