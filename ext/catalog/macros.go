package catalog

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/lexduck/lexduck"
	"github.com/lexduck/lexduck/ext/stmt"
)

// MacroCatalog is the attached in-memory database that holds lexduck's
// macros on every registration path. It is unlikely to be the stem of a
// user's file.
const MacroCatalog = "lx_sys"

// SearchPath makes the macros resolve without a prefix.
const SearchPath = "main," + MacroCatalog + ".main"

// Macro is one CREATE MACRO statement from sql/*.sql, rewritten to create
// the macro in MacroCatalog (CREATE OR REPLACE, so registering twice works).
type Macro struct {
	Name      string
	Kind      string // "macro" or "table macro"
	Signature string // name(params)
	Doc       string // the "--" lines above the statement
	File      string // sql/ file name
	SQL       string
}

var createMacroRE = regexp.MustCompile(`(?is)^CREATE\s+(?:OR\s+REPLACE\s+)?MACRO\s+([A-Za-z_][A-Za-z0-9_]*)\s*(\([^)]*\))\s*AS\s+(TABLE\b)?`)

// Macros returns the macros in file-name order, then statement order.
var Macros = sync.OnceValues(func() ([]Macro, error) {
	files, err := fs.Glob(lexduck.SQL, "sql/*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	var out []Macro
	for _, f := range files {
		b, err := fs.ReadFile(lexduck.SQL, f)
		if err != nil {
			return nil, err
		}
		ms, err := parseMacros(path.Base(f), string(b))
		if err != nil {
			return nil, err
		}
		out = append(out, ms...)
	}
	// A macro called as lx_sys.knn(…), with no search path, binds its body
	// with the caller's search path: calls to internal macros (knn calls
	// _lx_ident) are therefore qualified.
	for _, m := range out {
		if !strings.HasPrefix(m.Name, "_") {
			continue
		}
		call := regexp.MustCompile(`(^|[^.\w])` + regexp.QuoteMeta(m.Name) + `\(`)
		for i := range out {
			out[i].SQL = call.ReplaceAllString(out[i].SQL, "${1}"+MacroCatalog+".main."+m.Name+"(")
		}
	}
	return out, nil
})

// parseMacros reads the CREATE MACRO statements of one file.
func parseMacros(file, text string) ([]Macro, error) {
	stmts, rest := stmt.Split(text)
	if !stmt.Blank(rest) {
		return nil, fmt.Errorf("catalog: %s: statement without ';' at end of file", file)
	}
	var out []Macro
	for _, s := range stmts {
		doc, body := leadingComment(s)
		m := createMacroRE.FindStringSubmatch(body)
		if m == nil {
			return nil, fmt.Errorf("catalog: %s: only CREATE MACRO statements belong in sql/: %.60q", file, body)
		}
		kind := "macro"
		if m[3] != "" {
			kind = "table macro"
		}
		qualified := createMacroRE.ReplaceAllStringFunc(body, func(h string) string {
			return strings.Replace(h, m[1], MacroCatalog+".main."+m[1], 1)
		})
		qualified = strings.Replace(qualified, "CREATE MACRO", "CREATE OR REPLACE MACRO", 1)
		out = append(out, Macro{Name: m[1], Kind: kind, Signature: m[1] + m[2], Doc: doc, File: file, SQL: qualified})
	}
	return out, nil
}

// leadingComment splits the "--" lines before a statement from its body.
func leadingComment(s string) (doc, body string) {
	var docs []string
	s = strings.TrimSpace(s)
	for strings.HasPrefix(s, "--") {
		line, after, _ := strings.Cut(s, "\n")
		docs = append(docs, strings.TrimSpace(strings.TrimPrefix(line, "--")))
		s = strings.TrimSpace(after)
	}
	return strings.Join(docs, " "), s
}
