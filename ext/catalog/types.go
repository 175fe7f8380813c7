package catalog

import (
	"fmt"
	"strconv"
	"strings"
)

// Type is a parsed DuckDB type name, independent of any DuckDB binding, so
// both registration paths (duckdb-go and the C extension API) build their
// types from the same parse of the catalog's strings.
type Type struct {
	Kind   string  // BOOLEAN, INTEGER, BIGINT, FLOAT, DOUBLE, VARCHAR, …, or LIST, ARRAY, STRUCT, MAP
	Elem   *Type   // LIST and ARRAY element; MAP key is Fields[0], value Fields[1]
	Size   uint64  // ARRAY length
	Fields []Field // STRUCT fields in order; MAP key and value
}

// Field is one STRUCT member.
type Field struct {
	Name string
	Type *Type
}

// Scalar type names the parser accepts.
var scalarKinds = map[string]bool{
	"BOOLEAN": true, "TINYINT": true, "SMALLINT": true, "INTEGER": true, "BIGINT": true, "UBIGINT": true,
	"FLOAT": true, "DOUBLE": true, "VARCHAR": true, "BLOB": true, "DATE": true, "TIMESTAMP": true, "ANY": true,
}

// ParseType parses a catalog type name: "VARCHAR", "DOUBLE[]", "FLOAT[384]",
// "STRUCT(p DOUBLE, r DOUBLE)", "MAP(VARCHAR, INTEGER)".
func ParseType(s string) (*Type, error) {
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

func (p *typeParser) parse() (*Type, error) {
	name := strings.ToUpper(p.ident())
	t := &Type{Kind: name}
	switch name {
	case "STRUCT":
		if err := p.expect('('); err != nil {
			return nil, err
		}
		for {
			field := p.ident()
			if field == "" {
				return nil, fmt.Errorf("want a field name at offset %d", p.i)
			}
			ft, err := p.parse()
			if err != nil {
				return nil, err
			}
			t.Fields = append(t.Fields, Field{Name: field, Type: ft})
			if !p.peek(',') {
				break
			}
			p.i++
		}
		if err := p.expect(')'); err != nil {
			return nil, err
		}
	case "MAP":
		if err := p.expect('('); err != nil {
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
		t.Fields = []Field{{Name: "key", Type: k}, {Name: "value", Type: v}}
	default:
		if !scalarKinds[name] {
			return nil, fmt.Errorf("unknown type %q", name)
		}
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
			t = &Type{Kind: "LIST", Elem: t}
		} else {
			n, err := strconv.ParseUint(size, 10, 64)
			if err != nil || n == 0 {
				return nil, fmt.Errorf("bad array size %q", size)
			}
			t = &Type{Kind: "ARRAY", Elem: t, Size: n}
		}
	}
	return t, nil
}
