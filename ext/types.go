package ext

import (
	"fmt"
	"strconv"
	"strings"

	duckdb "github.com/duckdb/duckdb-go/v2"
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
// into a duckdb.TypeInfo.
func parseType(s string) (duckdb.TypeInfo, error) {
	p := typeParser{s: s}
	t, err := p.parse()
	if err == nil && p.skipSpace() < len(p.s) {
		err = fmt.Errorf("trailing %q", p.s[p.i:])
	}
	if err != nil {
		return nil, fmt.Errorf("type %q: %w", s, err)
	}
	return t, nil
}

type typeParser struct {
	s string
	i int
}

func (p *typeParser) skipSpace() int {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
	return p.i
}

func (p *typeParser) ident() string {
	p.skipSpace()
	j := p.i
	for p.i < len(p.s) && (p.s[p.i] == '_' || p.s[p.i] >= 'A' && p.s[p.i] <= 'Z' || p.s[p.i] >= 'a' && p.s[p.i] <= 'z' || p.s[p.i] >= '0' && p.s[p.i] <= '9') {
		p.i++
	}
	return p.s[j:p.i]
}

func (p *typeParser) expect(c byte) error {
	p.skipSpace()
	if p.i >= len(p.s) || p.s[p.i] != c {
		return fmt.Errorf("want %q at offset %d", c, p.i)
	}
	p.i++
	return nil
}

func (p *typeParser) peek(c byte) bool {
	p.skipSpace()
	return p.i < len(p.s) && p.s[p.i] == c
}

func (p *typeParser) parse() (duckdb.TypeInfo, error) {
	name := strings.ToUpper(p.ident())
	var t duckdb.TypeInfo
	var err error
	switch name {
	case "STRUCT":
		if err = p.expect('('); err != nil {
			return nil, err
		}
		var entries []duckdb.StructEntry
		for {
			field := p.ident()
			ft, err := p.parse()
			if err != nil {
				return nil, err
			}
			e, err := duckdb.NewStructEntry(ft, field)
			if err != nil {
				return nil, err
			}
			entries = append(entries, e)
			if !p.peek(',') {
				break
			}
			p.i++
		}
		if err = p.expect(')'); err != nil {
			return nil, err
		}
		t, err = duckdb.NewStructInfo(entries[0], entries[1:]...)
	case "MAP":
		if err = p.expect('('); err != nil {
			return nil, err
		}
		k, err := p.parse()
		if err != nil {
			return nil, err
		}
		if err = p.expect(','); err != nil {
			return nil, err
		}
		v, err := p.parse()
		if err != nil {
			return nil, err
		}
		if err = p.expect(')'); err != nil {
			return nil, err
		}
		t, err = duckdb.NewMapInfo(k, v)
		if err != nil {
			return nil, err
		}
	default:
		st, ok := simpleTypes[name]
		if !ok {
			return nil, fmt.Errorf("unknown type %q", name)
		}
		t, err = duckdb.NewTypeInfo(st)
	}
	if err != nil {
		return nil, err
	}
	for p.peek('[') {
		p.i++
		j := p.i
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
		}
		size := p.s[j:p.i]
		if err := p.expect(']'); err != nil {
			return nil, err
		}
		if size == "" {
			t, err = duckdb.NewListInfo(t)
		} else {
			n, _ := strconv.ParseUint(size, 10, 64)
			t, err = duckdb.NewArrayInfo(t, n)
		}
		if err != nil {
			return nil, err
		}
	}
	return t, nil
}
