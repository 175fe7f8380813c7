package ext

import (
	"fmt"

	duckdb "github.com/duckdb/duckdb-go/v2"

	"github.com/lexduck/lexduck/ext/catalog"
)

var simpleTypes = map[string]duckdb.Type{
	"BOOLEAN": duckdb.TYPE_BOOLEAN, "TINYINT": duckdb.TYPE_TINYINT, "SMALLINT": duckdb.TYPE_SMALLINT,
	"INTEGER": duckdb.TYPE_INTEGER, "BIGINT": duckdb.TYPE_BIGINT, "UBIGINT": duckdb.TYPE_UBIGINT,
	"FLOAT": duckdb.TYPE_FLOAT, "DOUBLE": duckdb.TYPE_DOUBLE, "VARCHAR": duckdb.TYPE_VARCHAR,
	"BLOB": duckdb.TYPE_BLOB, "DATE": duckdb.TYPE_DATE, "TIMESTAMP": duckdb.TYPE_TIMESTAMP,
	"ANY": duckdb.TYPE_ANY,
}

// parseType turns a DuckDB type name as written in the catalog ("VARCHAR",
// "DOUBLE[]", "FLOAT[384]", "STRUCT(p DOUBLE, r DOUBLE)", "MAP(VARCHAR, INTEGER)")
// into a duckdb.TypeInfo. The grammar is catalog.ParseType's, shared with the
// loadable extension.
func parseType(s string) (duckdb.TypeInfo, error) {
	t, err := catalog.ParseType(s)
	if err != nil {
		return nil, err
	}
	info, err := typeInfo(t)
	if err != nil {
		return nil, fmt.Errorf("type %q: %w", s, err)
	}
	return info, nil
}

func typeInfo(t *catalog.Type) (duckdb.TypeInfo, error) {
	switch t.Kind {
	case "LIST", "ARRAY":
		e, err := typeInfo(t.Elem)
		if err != nil {
			return nil, err
		}
		if t.Kind == "LIST" {
			return duckdb.NewListInfo(e)
		}
		return duckdb.NewArrayInfo(e, t.Size)
	case "MAP":
		k, err := typeInfo(t.Fields[0].Type)
		if err != nil {
			return nil, err
		}
		v, err := typeInfo(t.Fields[1].Type)
		if err != nil {
			return nil, err
		}
		return duckdb.NewMapInfo(k, v)
	case "STRUCT":
		entries := make([]duckdb.StructEntry, len(t.Fields))
		for i, f := range t.Fields {
			ft, err := typeInfo(f.Type)
			if err != nil {
				return nil, err
			}
			if entries[i], err = duckdb.NewStructEntry(ft, f.Name); err != nil {
				return nil, err
			}
		}
		return duckdb.NewStructInfo(entries[0], entries[1:]...)
	}
	st, ok := simpleTypes[t.Kind]
	if !ok {
		return nil, fmt.Errorf("unknown type %q", t.Kind)
	}
	return duckdb.NewTypeInfo(st)
}
