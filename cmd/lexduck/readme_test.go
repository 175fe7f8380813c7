package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/ext"
)

// functionTable renders ext.Functions() as the README's function table,
// one row per name (overloads share a row; .udfs lists them all).
func functionTable() string {
	var b strings.Builder
	b.WriteString("| function | kind | returns | what it does |\n|---|---|---|---|\n")
	seen := map[string]bool{}
	for _, f := range ext.Functions() {
		if seen[f.Name] {
			continue
		}
		seen[f.Name] = true
		returns := "table"
		if _, r, ok := strings.Cut(f.Signature, " → "); ok {
			returns = "`" + r + "`"
		} else if f.Kind == "macro" {
			returns = "expression"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", f.Name, f.Kind, returns, strings.ReplaceAll(f.Doc, "|", `\|`))
	}
	return b.String()
}

// dotTable renders the dot-command registry as the README's command table.
func dotTable() string {
	var b strings.Builder
	b.WriteString("| command | what it does |\n|---|---|\n")
	for _, c := range dotCmds {
		fmt.Fprintf(&b, "| `%s` | %s |\n", strings.ReplaceAll(strings.TrimSpace(c.name+" "+c.args), "|", `\|`), c.help)
	}
	return b.String()
}

// TestREADMETables keeps the README's tables equal to the registries that
// drive .udfs and .help; go test -update rewrites them.
func TestREADMETables(t *testing.T) {
	const path = "../../README.md"
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for name, table := range map[string]string{"functions": functionTable(), "dot-commands": dotTable()} {
		re := regexp.MustCompile(`(?s)(<!-- ` + name + ` -->\n).*?(<!-- /` + name + ` -->)`)
		if !re.MatchString(readme) {
			t.Fatalf("README.md has no <!-- %s --> … <!-- /%s --> block", name, name)
		}
		want := "<!-- " + name + " -->\n" + table + "<!-- /" + name + " -->"
		if got := re.FindString(readme); got != want {
			if !*update {
				t.Errorf("README.md's %s table is out of date (go test ./cmd/lexduck -update rewrites it)", name)
				continue
			}
			readme = re.ReplaceAllLiteralString(readme, want)
		}
	}
	if *update {
		if err := os.WriteFile(path, []byte(readme), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
