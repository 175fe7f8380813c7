//go:build duckdb_arrow

package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lexduck/lexduck/ext"
	"github.com/lexduck/lexduck/ext/catalog"
)

// The loaded extension and ext.Register give DuckDB the same SQL surface:
// every scalar and macro with the same parameters, types
// and return type, as duckdb_functions() reports them.
func TestLoadedSurfaceMatchesEmbedded(t *testing.T) {
	var names []string
	for _, s := range catalog.Scalars() {
		names = append(names, "'"+s.Name+"'")
	}
	query := fmt.Sprintf(`SELECT function_name, function_type, database_name = '%s',
		parameters::VARCHAR, parameter_types::VARCHAR, return_type
		FROM duckdb_functions() WHERE database_name = '%s' OR function_name IN (%s)
		ORDER BY ALL`, catalog.MacroCatalog, catalog.MacroCatalog, strings.Join(names, ", "))

	db, err := ext.Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rs, err := db.QueryContext(context.Background(), query)
	if err != nil {
		t.Fatal(err)
	}
	defer rs.Close()
	var embedded []string
	for rs.Next() {
		var name, kind, params, types string
		var inCatalog bool
		var ret *string
		if err := rs.Scan(&name, &kind, &inCatalog, &params, &types, &ret); err != nil {
			t.Fatal(err)
		}
		r := "NULL"
		if ret != nil {
			r = *ret
		}
		embedded = append(embedded, strings.Join([]string{name, kind, fmt.Sprint(inCatalog), params, types, r}, "\t"))
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}

	h := loaded(t)
	rows, err := h.query(query)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range rows {
		got = append(got, strings.Join(r, "\t"))
	}
	if len(embedded) < 50 {
		t.Fatalf("only %d functions embedded", len(embedded))
	}
	t.Logf("%d embedded, %d loaded (name, kind, in lx_sys, parameters, types, return type)", len(embedded), len(got))
	for _, e := range embedded {
		if !slices.Contains(got, e) {
			t.Errorf("embedded only: %s", e)
		}
	}
	for _, g := range got {
		if !slices.Contains(embedded, g) {
			t.Errorf("loaded only:   %s", g)
		}
	}
}
