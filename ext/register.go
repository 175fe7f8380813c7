// Package ext is the one place that puts lexduck into a DuckDB database:
// every scalar function of package catalog, every table function, and the
// macros of sql/*.sql, registered in a fixed order.
//
// Usage rule: call Open, or Register once per database. Functions land in
// DuckDB's system catalog, so every connection of the database sees them;
// macros live in an attached in-memory catalog (lx_sys) on every
// connection's search path, so nothing is written into the user's file.
package ext

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync/atomic"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
)

// MacroCatalog is the name of the attached in-memory database that holds
// lexduck's macros. It is unlikely to be the stem of a user's file.
const MacroCatalog = catalog.MacroCatalog

// SearchPath is set on every connection so macros resolve without a prefix.
const SearchPath = catalog.SearchPath

// ErrNoArrow means lexduck was built without the duckdb_arrow build tag.
var ErrNoArrow = errors.New("lexduck was built without the build tag duckdb_arrow, which its Arrow result path needs: build and test with -tags duckdb_arrow")

// ErrNameTaken means a lexduck function would shadow a DuckDB builtin.
var ErrNameTaken = errors.New("name already taken by a DuckDB function")

// Open opens a DuckDB database (dsn as for duckdb-go: a file path or "" for
// memory, optionally with ?key=value settings), switches off automatic
// extension installs and loads and extension installation itself (lexduck
// runs offline and never downloads; a user may turn it back on with SET),
// and registers lexduck on it. A path that may hold '?' belongs in
// OpenFile.
func Open(dsn string) (*sql.DB, error) {
	return open(dsn, "", false)
}

// OpenFile opens the database file at path, taken literally (any
// character, '?' included; "" is memory), read-only if readOnly, and
// registers lexduck on it. The file is attached to an in-memory database
// and made the default on every connection, which is how a read-only file
// can sit beside lexduck's in-memory macro catalog: DuckDB's access_mode
// would make every attached database read-only, the macros' included.
func OpenFile(path string, readOnly bool) (*sql.DB, error) {
	if path == "" || path == ":memory:" {
		return open("", "", false)
	}
	return open("", path, readOnly)
}

func open(dsn, attach string, readOnly bool) (*sql.DB, error) {
	dsn, err := withDefaults(dsn)
	if err != nil {
		return nil, err
	}
	var ready atomic.Bool
	var alias string // the attached file's catalog, once attached
	c, err := duckdb.NewConnector(dsn, func(ex driver.ExecerContext) error {
		if !ready.Load() {
			return nil // Register sets the search path on its own connection
		}
		stmt := "SET search_path = '" + SearchPath + "'"
		if alias != "" {
			stmt = "USE " + quoteIdent(alias) + "; " + stmt
		}
		_, err := ex.ExecContext(context.Background(), stmt, nil)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("ext: open %q: %w", dsn, err)
	}
	db := sql.OpenDB(c)
	if attach != "" {
		if alias, err = attachFile(db, attach, readOnly); err != nil {
			db.Close()
			return nil, err
		}
	}
	if err := Register(context.Background(), db); err != nil {
		db.Close()
		return nil, err
	}
	// The only connections opened before this point are the attach's and
	// Register's, and the pool keeps them: reset them, so that every
	// connection gets the default catalog and search path from the callback.
	db.SetMaxIdleConns(0)
	db.SetMaxIdleConns(2)
	ready.Store(true)
	return db, nil
}

// attachFile attaches the database file at path and returns its catalog
// name (the file's stem, as DuckDB names it).
func attachFile(db *sql.DB, path string, readOnly bool) (string, error) {
	ctx := context.Background()
	opts := ""
	if readOnly {
		opts = " (READ_ONLY)"
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "ATTACH "+quoteString(path)+opts); err != nil {
		return "", fmt.Errorf("ext: open %s: %w", path, err)
	}
	var alias string
	if err := conn.QueryRowContext(ctx,
		"SELECT database_name FROM duckdb_databases() WHERE NOT internal AND database_name NOT IN ('memory', ?) ORDER BY database_oid DESC LIMIT 1",
		MacroCatalog).Scan(&alias); err != nil {
		return "", fmt.Errorf("ext: open %s: %w", path, err)
	}
	return alias, nil
}

func quoteString(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
func quoteIdent(s string) string  { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// NoInstallDir is the extension directory lexduck sets so that INSTALL
// fails at once, offline and without writing; SET extension_directory to
// a real directory turns installation back on.
const NoInstallDir = "/dev/null/lexduck-extension-installation-is-off"

// withDefaults adds autoinstall/autoload=false to a DSN unless it sets them.
func withDefaults(dsn string) (string, error) {
	base, query, _ := strings.Cut(dsn, "?")
	q, err := url.ParseQuery(query)
	if err != nil {
		return "", fmt.Errorf("ext: dsn %q: %w", dsn, err)
	}
	for _, k := range []string{"autoinstall_known_extensions", "autoload_known_extensions"} {
		if !q.Has(k) {
			q.Set(k, "false")
		}
	}
	// DuckDB 1.5.6 has no setting that switches INSTALL off; an extension
	// directory that cannot be created makes INSTALL fail before it
	// downloads or writes anything (ErrorText says so in plain words).
	if !q.Has("extension_directory") {
		q.Set("extension_directory", NoInstallDir)
	}
	return base + "?" + q.Encode(), nil
}

// Register registers every lexduck function and macro on db. It is
// idempotent: a second call on the same database replaces the definitions.
// It fails, naming the object, if a DuckDB builtin already has one of
// lexduck's names, or if any definition is rejected.
func Register(ctx context.Context, db *sql.DB) error {
	if !arrowBuilt {
		return fmt.Errorf("ext: register: %w", ErrNoArrow)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("ext: register: %w", err)
	}
	defer conn.Close()

	var attached bool
	if err := conn.QueryRowContext(ctx,
		"SELECT count(*) > 0 FROM duckdb_databases() WHERE database_name = ?", MacroCatalog).Scan(&attached); err != nil {
		return fmt.Errorf("ext: register: %w", err)
	}
	if !attached { // first registration on this instance: check for clashes with builtins
		var names []string
		for _, f := range Functions() {
			names = append(names, f.Name)
		}
		if err := checkNames(ctx, conn, names); err != nil {
			return err
		}
	}
	if err := registerScalars(conn); err != nil {
		return err
	}
	return createMacros(ctx, conn) // which also sets this connection's search path
}

func registerScalars(conn *sql.Conn) error {
	byName := map[string][]duckdb.ScalarFunc{}
	var names []string
	for _, s := range catalog.Scalars() {
		f, err := newScalarFunc(s)
		if err != nil {
			return fmt.Errorf("ext: register %s: %w", s.Name, err)
		}
		if byName[s.Name] == nil {
			names = append(names, s.Name)
		}
		byName[s.Name] = append(byName[s.Name], f)
	}
	for _, name := range names {
		fs := byName[name]
		var err error
		if len(fs) == 1 {
			err = duckdb.RegisterScalarUDF(conn, name, fs[0])
		} else {
			err = duckdb.RegisterScalarUDFSet(conn, name, fs...)
		}
		if err != nil {
			return fmt.Errorf("ext: register %s: %w", name, err)
		}
	}
	return nil
}

// checkNames fails if a builtin (or an extension loaded before Register)
// already has one of lexduck's names.
func checkNames(ctx context.Context, conn *sql.Conn, names []string) error {
	ours := map[string]bool{}
	for _, n := range names {
		ours[n] = true
	}
	rows, err := conn.QueryContext(ctx, "SELECT DISTINCT function_name FROM duckdb_functions()")
	if err != nil {
		return fmt.Errorf("ext: register: %w", err)
	}
	defer rows.Close()
	var taken []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return err
		}
		if ours[n] {
			taken = append(taken, n)
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(taken) > 0 {
		sort.Strings(taken)
		return fmt.Errorf("ext: register %s: %w", strings.Join(taken, ", "), ErrNameTaken)
	}
	return nil
}

func createMacros(ctx context.Context, conn *sql.Conn) error {
	if _, err := conn.ExecContext(ctx, "ATTACH IF NOT EXISTS ':memory:' AS "+MacroCatalog); err != nil {
		return fmt.Errorf("ext: register: attach %s: %w", MacroCatalog, err)
	}
	macros, err := catalog.Macros()
	if err != nil {
		return err
	}
	// Macros that call macros (knn calls _lx_ident) are bound at CREATE
	// with this connection's search path.
	if _, err := conn.ExecContext(ctx, "SET search_path = '"+SearchPath+"'"); err != nil {
		return fmt.Errorf("ext: register: search path: %w", err)
	}
	for _, m := range macros {
		if _, err := conn.ExecContext(ctx, m.SQL); err != nil {
			return fmt.Errorf("ext: register macro %s (%s): %w", m.Name, m.File, err)
		}
	}
	return nil
}

// Function describes one SQL name lexduck registers, for .udfs and docs.
type Function struct {
	Name      string
	Kind      string // "scalar", "table" or "macro"
	Signature string
	Doc       string
}

// Functions lists every scalar function, table function and macro lexduck
// registers for users, sorted by name and then signature; internal
// functions (names starting with "_", which macros call) are left out.
func Functions() []Function {
	var out []Function
	for _, s := range catalog.Scalars() {
		if strings.HasPrefix(s.Name, "_") {
			continue
		}
		out = append(out, Function{Name: s.Name, Kind: "scalar", Signature: s.Signature(), Doc: s.Doc})
	}
	ms, _ := catalog.Macros()
	for _, m := range ms {
		if strings.HasPrefix(m.Name, "_") {
			continue
		}
		out = append(out, Function{Name: m.Name, Kind: m.Kind, Signature: m.Signature, Doc: m.Doc})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Signature < out[j].Signature
	})
	return out
}
