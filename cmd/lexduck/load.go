package main

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	duckdb "github.com/duckdb/duckdb-go/v2"
	"golang.org/x/term"

	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/loaders"
)

// LoadCommand loads corpora into a database file: lexduck load judgments PATH… -db FILE.
type LoadCommand struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
}

func (c *LoadCommand) usage() {
	fmt.Fprintln(c.Stderr, `Usage: lexduck load judgments PATH... -db FILE [-ignore-errors]
       lexduck load scotus-pdf PATH... -db FILE [-ignore-errors]
       lexduck load casesumm FILE... -db FILE

judgments: Find Case Law XML (files, directories or globs) into the tables
  judgments, paragraphs, footnotes, citations and rejected_files, appending
  if they exist (a judgment already there is reported, not loaded twice).
scotus-pdf: U.S. Supreme Court PDFs, one row per case (bound volumes are
  split into cases), syllabus and opinion, into cases and rejected_files.
casesumm: CaseSumm's dataset files (Parquet, JSON lines, CSV) with opinion
  and syllabus columns into cases.`)
}

// Run runs the load subcommand; args follow "load".
func (c *LoadCommand) Run(ctx context.Context, args []string) error {
	if len(args) == 0 || !slices.Contains([]string{"judgments", "scotus-pdf", "casesumm"}, args[0]) {
		c.usage()
		return exitError{2}
	}
	fs := flag.NewFlagSet("lexduck load "+args[0], flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	dbPath := fs.String("db", "", "database `FILE` to load into (required)")
	ignore := fs.Bool("ignore-errors", false, "load the other files when one is broken, and report it")
	var paths []string
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			fmt.Fprintf(c.Stderr, "lexduck load: %v\n", err)
			c.usage()
			return exitError{2}
		}
		if fs.NArg() == 0 {
			break
		}
		paths = append(paths, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if *dbPath == "" || len(paths) == 0 {
		c.usage()
		return exitError{2}
	}
	var files []string
	if args[0] == "judgments" { // before the database is opened: a load of nothing creates no file
		for _, p := range paths {
			fs, err := loaders.ExpandPaths(p, ".xml")
			if err != nil {
				return fmt.Errorf("lexduck load: %s: %w", p, err)
			}
			if len(fs) == 0 {
				return fmt.Errorf("lexduck load: no files match %q", p)
			}
			files = append(files, fs...)
		}
	}
	db, err := ext.OpenFile(*dbPath, false)
	if err != nil {
		return err
	}
	defer db.Close()
	switch args[0] {
	case "scotus-pdf":
		return loadScotusPDF(ctx, db, paths, *ignore, c.Stderr)
	case "casesumm":
		return loadCaseSumm(ctx, db, paths, c.Stderr)
	}
	return loadJudgments(ctx, db, files, *ignore, c.Stderr)
}

// loadColumns are the columns of the tables lexduck load judgments fills,
// in the order it appends them.
var loadColumns = map[string]string{
	"judgments": `judgment_id VARCHAR PRIMARY KEY, file VARCHAR, uri VARCHAR, neutral_citation VARCHAR,
		court VARCHAR, judgment_date DATE, name VARCHAR, paragraphs INTEGER, bytes BIGINT, citation_source VARCHAR`,
	"paragraphs": `judgment_id VARCHAR, num INTEGER, eid VARCHAR, position INTEGER, text VARCHAR`,
	"footnotes":  `judgment_id VARCHAR, para_num INTEGER, marker VARCHAR, text VARCHAR`,
	"citations": `judgment_id VARCHAR, para_num INTEGER, para_position INTEGER, kind VARCHAR, raw VARCHAR, canonical VARCHAR,
		court VARCHAR, year INTEGER, pinpoints INTEGER[], pin_type VARCHAR, source VARCHAR, start_offset INTEGER, end_offset INTEGER, group_id INTEGER`,
	"rejected_files": `file VARCHAR, reason VARCHAR`,
}

// tableDefs create the tables, and bring a database loaded by an earlier
// lexduck up to date (rows move by name, so added columns may sit last).
var tableDefs = func() []string {
	var out []string
	for _, t := range loadTables {
		out = append(out, "CREATE TABLE IF NOT EXISTS "+t+" ("+loadColumns[t]+")")
	}
	return append(out,
		`ALTER TABLE judgments ADD COLUMN IF NOT EXISTS citation_source VARCHAR`,
		`ALTER TABLE citations ADD COLUMN IF NOT EXISTS para_position INTEGER`)
}()

// parsed is one file's result, numbered for writing in file order.
type parsed struct {
	i     int
	file  string
	size  int64
	j     *loaders.Judgment
	cites []loaders.JudgmentCitation
	err   error
}

// loadJudgments parses files on every core and streams their rows, in
// file order, through one Appender per table: one parse per file, memory
// bounded by a few files in flight, whatever the corpus size. The rows go
// to temporary staging tables (spilled to disk beyond the memory limit)
// and move into the real tables in one transaction at the end, so a load
// is all or nothing: killed at any point, it leaves the database as it
// was before.
func loadJudgments(ctx context.Context, db *sql.DB, files []string, ignore bool, stderr io.Writer) error {
	// The live heap is a few parsed files; let it grow 4x between
	// collections instead of 2x: XML parsing allocates a node per element.
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	// DuckDB's buffer pool would otherwise keep every written block (up to
	// 80% of RAM); checkpoint once at the end rather than after each batch.
	for _, setting := range []struct{ name, value string }{{"memory_limit", "512MB"}, {"checkpoint_threshold", "16GB"}} {
		var old string
		if err := conn.QueryRowContext(ctx, "SELECT current_setting('"+setting.name+"')").Scan(&old); err != nil {
			return fmt.Errorf("lexduck load: %w", err)
		}
		if _, err := conn.ExecContext(ctx, "SET "+setting.name+" = '"+setting.value+"'"); err != nil {
			return fmt.Errorf("lexduck load: %s: %w", setting.name, err)
		}
		defer conn.ExecContext(context.Background(), "SET "+setting.name+" = '"+old+"'") // the database outlives the load
	}
	for _, s := range tableDefs {
		if _, err := conn.ExecContext(ctx, s); err != nil {
			return fmt.Errorf("lexduck load: %w", err)
		}
	}
	for _, t := range loadTables {
		cols := strings.Replace(loadColumns[t], " PRIMARY KEY", "", 1)
		if _, err := conn.ExecContext(ctx, "CREATE OR REPLACE TEMP TABLE "+staging(t)+" ("+cols+")"); err != nil {
			return fmt.Errorf("lexduck load: %w", err)
		}
	}
	defer func() {
		for _, t := range loadTables {
			conn.ExecContext(context.Background(), "DROP TABLE IF EXISTS "+staging(t))
		}
	}()
	seen := map[string]string{} // judgment_id → file it came from ("" = the database)
	rows, err := conn.QueryContext(ctx, "SELECT judgment_id FROM judgments")
	if err != nil {
		return err
	}
	for rows.Next() {
		var id string
		rows.Scan(&id)
		seen[id] = ""
	}
	rows.Close()

	// Parse in parallel, write in order.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	results := make(chan parsed, 2*runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				r := parsed{i: i, file: files[i]}
				if st, err := os.Stat(files[i]); err == nil {
					r.size = st.Size()
				}
				r.j, r.err = loaders.ReadJudgment(files[i])
				if r.err == nil {
					r.cites = r.j.Citations()
				}
				select {
				case results <- r:
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for i := range files {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	tty := false
	if f, ok := stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		tty = true
	}
	start := time.Now()
	var st loadStats
	// Staged rows are committed every batchBytes of XML, so memory stays
	// flat however large the corpus.
	const batchBytes = 64 << 20
	err = conn.Raw(func(dc any) error {
		begin := func() (map[string]*duckdb.Appender, error) {
			if _, err := dc.(driver.ExecerContext).ExecContext(ctx, "BEGIN TRANSACTION", nil); err != nil {
				return nil, err
			}
			apps := map[string]*duckdb.Appender{}
			for _, t := range loadTables {
				a, err := duckdb.NewAppender(dc.(driver.Conn), "temp", "main", stagingPrefix+t)
				if err != nil {
					return nil, err
				}
				apps[t] = a
			}
			return apps, nil
		}
		closeAll := func(apps map[string]*duckdb.Appender) error {
			var first error
			for _, t := range loadTables {
				if err := apps[t].Close(); err != nil && first == nil {
					first = err
				}
			}
			return first
		}
		apps, err := begin()
		if err != nil {
			return err
		}
		pending := map[int]parsed{}
		next := 0
		var sinceCommit int64
		lastDraw := time.Time{}
		for r := range results {
			pending[r.i] = r
			for {
				r, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				if err := st.write(apps, r, seen, ignore); err != nil {
					cancel()
					closeAll(apps)
					dc.(driver.ExecerContext).ExecContext(context.Background(), "ROLLBACK", nil)
					return err
				}
				sinceCommit += r.size
				if sinceCommit >= batchBytes {
					sinceCommit = 0
					if err := closeAll(apps); err != nil {
						return err
					}
					if _, err := dc.(driver.ExecerContext).ExecContext(ctx, "COMMIT", nil); err != nil {
						return err
					}
					if apps, err = begin(); err != nil {
						return err
					}
				}
				if tty && time.Since(lastDraw) > 100*time.Millisecond {
					drawProgress(stderr, next, len(files), st.bytes, len(st.rejected))
					lastDraw = time.Now()
				}
			}
		}
		if err := closeAll(apps); err != nil {
			return err
		}
		_, err = dc.(driver.ExecerContext).ExecContext(ctx, "COMMIT", nil)
		return err
	})
	if tty {
		fmt.Fprint(stderr, "\r\033[K")
	}
	if err == nil {
		err = publish(ctx, conn)
	}
	if err != nil {
		return fmt.Errorf("lexduck load: %w; nothing was loaded", err)
	}
	if _, err := conn.ExecContext(ctx, "CHECKPOINT"); err != nil {
		return fmt.Errorf("lexduck load: checkpoint: %w", err)
	}
	fmt.Fprintf(stderr, "read %d files (%.1f MB) in %.1fs: %d judgments, %d paragraphs, %d footnotes, %d citations written; %d rejected\n",
		len(files), float64(st.bytes)/1e6, time.Since(start).Seconds(), st.judgments, st.paragraphs, st.footnotes, st.citations, len(st.rejected))
	for _, r := range st.rejected {
		fmt.Fprintf(stderr, "  rejected %s: %s\n", r[0], r[1])
	}
	return nil
}

type loadStats struct {
	bytes                                       int64
	judgments, paragraphs, footnotes, citations int
	rejected                                    [][2]string
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullableInt(n int) any {
	if n == 0 {
		return nil
	}
	return int32(n)
}

// write appends one parsed file's rows, or records why it was rejected.
func (st *loadStats) write(apps map[string]*duckdb.Appender, r parsed, seen map[string]string, ignore bool) error {
	st.bytes += r.size
	reject := func(reason string) error {
		st.rejected = append(st.rejected, [2]string{r.file, reason})
		return apps["rejected_files"].AppendRow(r.file, reason)
	}
	if r.err != nil {
		if !ignore {
			return fmt.Errorf("%w (-ignore-errors loads the other files and reports this one)", r.err)
		}
		return reject(r.err.Error())
	}
	j := r.j
	if prev, dup := seen[j.ID]; dup {
		if prev == "" {
			return reject("judgment " + j.ID + " is already in the database")
		}
		return reject("same judgment (" + j.ID + ") as " + prev)
	}
	seen[j.ID] = r.file
	var date any
	if t, err := time.Parse("2006-01-02", j.Date); err == nil {
		date = t
	}
	if err := apps["judgments"].AppendRow(j.ID, r.file, nullable(j.URI), nullable(j.NeutralCitation), nullable(j.Court), date,
		nullable(j.Name), int32(len(j.Paragraphs)), r.size, nullable(j.CitationSource)); err != nil {
		return err
	}
	for _, p := range j.Paragraphs {
		if err := apps["paragraphs"].AppendRow(j.ID, nullableInt(p.Num), nullable(p.EID), int32(p.Position), p.Text); err != nil {
			return err
		}
	}
	for _, f := range j.Footnotes {
		if err := apps["footnotes"].AppendRow(j.ID, nullableInt(f.ParaNum), nullable(f.Marker), f.Text); err != nil {
			return err
		}
	}
	for _, c := range r.cites {
		pins := make([]int32, len(c.Pinpoints))
		for k, p := range c.Pinpoints {
			pins[k] = int32(p)
		}
		var group any
		if c.Group >= 0 {
			group = int32(c.Group)
		}
		if err := apps["citations"].AppendRow(j.ID, nullableInt(c.ParaNum), nullableInt(c.Position), c.Kind, c.Raw, c.Canonical, nullable(c.Court), nullableInt(c.Year),
			pins, nullable(c.PinType), c.Source, int32(c.Start), int32(c.End), group); err != nil {
			return err
		}
	}
	st.judgments++
	st.paragraphs += len(j.Paragraphs)
	st.footnotes += len(j.Footnotes)
	st.citations += len(r.cites)
	return nil
}

// drawProgress draws a one-line progress bar (terminals only).
func drawProgress(w io.Writer, done, total int, bytes int64, rejected int) {
	const width = 30
	filled := width * done / max(total, 1)
	fmt.Fprintf(w, "\r\033[Kloading judgments [%s%s] %d/%d files, %.1f MB, %d rejected",
		strings.Repeat("=", filled), strings.Repeat(" ", width-filled), done, total, float64(bytes)/1e6, rejected)
}

// loadTables are the tables a judgment load fills, through staging(t).
var loadTables = []string{"judgments", "paragraphs", "footnotes", "citations", "rejected_files"}

// stagingPrefix names a load's temporary staging tables (in temp.main).
const stagingPrefix = "_lx_load_"

func staging(table string) string { return "temp.main." + stagingPrefix + table }

// publish moves the staged rows into the real tables in one transaction:
// a file rejected before and loaded or rejected now loses its old
// rejected_files row, so a second run adds no duplicates.
func publish(ctx context.Context, conn *sql.Conn) error {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	steps := []string{
		"DELETE FROM rejected_files WHERE file IN (SELECT file FROM " + staging("rejected_files") + " UNION ALL SELECT file FROM " + staging("judgments") + ")",
	}
	for _, t := range loadTables {
		steps = append(steps, "INSERT INTO "+t+" BY NAME SELECT * FROM "+staging(t))
	}
	for _, q := range steps {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return tx.Commit()
}
