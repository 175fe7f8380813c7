package stmt_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/ext/stmt"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    string
		stmts []string
		rest  string
	}{
		{"one", "SELECT 1;", []string{"SELECT 1;"}, ""},
		{"two and rest", "SELECT 1; SELECT 2;\nSELECT", []string{"SELECT 1;", " SELECT 2;"}, "\nSELECT"},
		{"semicolon in string", "SELECT 'a;b';", []string{"SELECT 'a;b';"}, ""},
		{"doubled quote", "SELECT 'it''s;';", []string{"SELECT 'it''s;';"}, ""},
		{"unterminated string", "SELECT 'a;", nil, "SELECT 'a;"},
		{"identifier", `SELECT 1 AS "x;y";`, []string{`SELECT 1 AS "x;y";`}, ""},
		{"line comment", "SELECT 1 -- no; split\n;", []string{"SELECT 1 -- no; split\n;"}, ""},
		{"block comment", "SELECT /* ; */ 1;", []string{"SELECT /* ; */ 1;"}, ""},
		{"nested block comment", "SELECT /* a /* ; */ ; */ 1;", []string{"SELECT /* a /* ; */ ; */ 1;"}, ""},
		{"dollar string", "SELECT $$a;b$$;", []string{"SELECT $$a;b$$;"}, ""},
		{"tagged dollar string", "SELECT $x$a;$$;b$x$;", []string{"SELECT $x$a;$$;b$x$;"}, ""},
		{"parameter is not a quote", "SELECT $1; SELECT 2;", []string{"SELECT $1;", " SELECT 2;"}, ""},
		{"E string backslash", `SELECT E'a\';b';`, []string{`SELECT E'a\';b';`}, ""},
		{"plain string backslash", `SELECT 'a\'; SELECT 2;`, []string{`SELECT 'a\';`, " SELECT 2;"}, ""},
		{"identifier ending in e", `SELECT type'x;';`, []string{`SELECT type'x;';`}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stmts, rest := stmt.Split(tc.in)
			if !slices.Equal(stmts, tc.stmts) || rest != tc.rest {
				t.Errorf("Split(%q) = %q, %q; want %q, %q", tc.in, stmts, rest, tc.stmts, tc.rest)
			}
		})
	}
}

func TestBlank(t *testing.T) {
	for in, want := range map[string]bool{
		"":                  true,
		"  \n\t":            true,
		"-- just a comment": true,
		"/* c */ -- d\n":    true,
		"/* open":           true,
		"SELECT":            false,
		"-- c\nx":           false,
	} {
		if got := stmt.Blank(in); got != want {
			t.Errorf("Blank(%q) = %v, want %v", in, got, want)
		}
	}
	if !stmt.Complete("SELECT 1; -- done") || stmt.Complete("SELECT 1; SELECT") {
		t.Error("Complete is wrong")
	}
}

func FuzzSplit(f *testing.F) {
	for _, s := range []string{"SELECT 1;", "SELECT 'a;b'; x", "$$;$$;", "/* /* */ ; */;", `E'\';'`, "-- ;\n;", `"a"";";`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		stmts, rest := stmt.Split(in)
		if got := strings.Join(stmts, "") + rest; got != in {
			t.Fatalf("pieces do not join back: %q != %q", got, in)
		}
		for _, s := range stmts {
			if !strings.HasSuffix(s, ";") {
				t.Fatalf("statement %q does not end with ';'", s)
			}
			// A complete statement re-split is itself exactly one statement.
			again, r := stmt.Split(s)
			if len(again) != 1 || r != "" {
				t.Fatalf("statement %q re-splits into %q + %q", s, again, r)
			}
		}
	})
}
