//go:build lexduck_ext

package main

/*
#include "capi.h"
*/
import "C"

import (
	"fmt"
	"math"
	"time"
	"unsafe"

	"github.com/lexduck/lexduck/ext/catalog"
)

// vec is a read view of one DuckDB vector and its children, valid only
// during the callback that received it. Inputs to C API scalar functions
// arrive flattened; list children are flat too.
type vec struct {
	t      *catalog.Type
	data   unsafe.Pointer
	valid  *uint64 // nil: all rows valid
	elem   *vec    // LIST/ARRAY element; MAP entries (a STRUCT of key, value)
	fields []*vec  // STRUCT members
}

func load(v C.duckdb_vector, t *catalog.Type) *vec {
	x := &vec{t: t, data: C.lex_vector_data(v), valid: (*uint64)(unsafe.Pointer(C.lex_vector_validity(v)))}
	switch t.Kind {
	case "LIST":
		x.elem = load(C.lex_list_child(v), t.Elem)
	case "ARRAY":
		x.elem = load(C.lex_array_child(v), t.Elem)
	case "MAP":
		x.elem = load(C.lex_list_child(v), &catalog.Type{Kind: "STRUCT", Fields: t.Fields})
	case "STRUCT":
		x.fields = make([]*vec, len(t.Fields))
		for i, f := range t.Fields {
			x.fields[i] = load(C.lex_struct_child(v, C.uint64_t(i)), f.Type)
		}
	}
	return x
}

func (x *vec) null(i uint64) bool {
	if x.valid == nil {
		return false
	}
	w := *(*uint64)(unsafe.Add(unsafe.Pointer(x.valid), i/64*8))
	return w>>(i%64)&1 == 0
}

// str views row i of a VARCHAR vector without copying. duckdb_string_t is
// 16 bytes: a uint32 length, then 12 inline bytes, or a 4-byte prefix and a
// pointer when longer than 12.
func (x *vec) str(i uint64) string {
	p := unsafe.Add(x.data, i*16)
	n := *(*uint32)(p)
	if n <= 12 {
		return unsafe.String((*byte)(unsafe.Add(p, 4)), n)
	}
	return unsafe.String(*(**byte)(unsafe.Add(p, 8)), n)
}

type listEntry struct{ off, n uint64 }

func (x *vec) entry(i uint64) listEntry { return *(*listEntry)(unsafe.Add(x.data, i*16)) }

// value boxes row i the way database/sql hands values to the embedded path:
// string (copied), bool, int32, int64, float32, float64, []any, map[string]any
// for structs, map[any]any for maps, nil for NULL.
func (x *vec) value(i uint64) any {
	if x.null(i) {
		return nil
	}
	switch x.t.Kind {
	case "VARCHAR", "BLOB":
		return string([]byte(x.str(i)))
	case "BOOLEAN":
		return *(*uint8)(unsafe.Add(x.data, i)) != 0
	case "TINYINT":
		return *(*int8)(unsafe.Add(x.data, i))
	case "SMALLINT":
		return *(*int16)(unsafe.Add(x.data, i*2))
	case "INTEGER":
		return *(*int32)(unsafe.Add(x.data, i*4))
	case "BIGINT":
		return *(*int64)(unsafe.Add(x.data, i*8))
	case "UBIGINT":
		return *(*uint64)(unsafe.Add(x.data, i*8))
	case "FLOAT":
		return *(*float32)(unsafe.Add(x.data, i*4))
	case "DOUBLE":
		return *(*float64)(unsafe.Add(x.data, i*8))
	case "DATE":
		return time.Unix(int64(*(*int32)(unsafe.Add(x.data, i*4)))*86400, 0).UTC()
	case "LIST":
		e := x.entry(i)
		if f, ok := x.elem.float32s(e.off, e.n); ok {
			return f
		}
		out := make([]any, e.n)
		for j := range out {
			out[j] = x.elem.value(e.off + uint64(j))
		}
		return out
	case "ARRAY":
		if f, ok := x.elem.float32s(i*x.t.Size, x.t.Size); ok {
			return f
		}
		out := make([]any, x.t.Size)
		for j := range out {
			out[j] = x.elem.value(i*x.t.Size + uint64(j))
		}
		return out
	case "MAP":
		e := x.entry(i)
		out := make(map[any]any, e.n)
		for j := e.off; j < e.off+e.n; j++ {
			out[x.elem.fields[0].value(j)] = x.elem.fields[1].value(j)
		}
		return out
	case "STRUCT":
		out := make(map[string]any, len(x.fields))
		for k, f := range x.fields {
			out[x.t.Fields[k].Name] = f.value(i)
		}
		return out
	}
	panic(fmt.Sprintf("type %s is not supported as an argument", x.t.Kind))
}

// float32s copies rows off…off+n of a FLOAT vector as one []float32, the
// form catalog.Scalar allows for a FLOAT list without NULL elements (no
// boxing: knn's candidate matrix is millions of floats); ok is false for
// other types or when an element is NULL.
func (x *vec) float32s(off, n uint64) ([]float32, bool) {
	if x.t.Kind != "FLOAT" {
		return nil, false
	}
	for j := off; j < off+n; j++ {
		if x.null(j) {
			return nil, false
		}
	}
	return append([]float32(nil), unsafe.Slice((*float32)(unsafe.Add(x.data, off*4)), n)...), true
}

// put writes vals to rows base… of v, whose type is t; nil is NULL.
func put(v C.duckdb_vector, t *catalog.Type, vals []any, base uint64) error {
	var valid *uint64
	for i, val := range vals {
		if val != nil {
			continue
		}
		if valid == nil {
			valid = (*uint64)(unsafe.Pointer(C.lex_vector_validity_writable(v)))
		}
		r := base + uint64(i)
		w := (*uint64)(unsafe.Add(unsafe.Pointer(valid), r/64*8))
		*w &^= 1 << (r % 64)
	}
	switch t.Kind {
	case "VARCHAR", "BLOB":
		return putStrings(v, vals, base)
	case "STRUCT":
		for k, f := range t.Fields {
			sub := make([]any, len(vals))
			for i, val := range vals {
				if m, ok := val.(map[string]any); ok {
					sub[i] = m[f.Name]
				} else if val != nil {
					return fmt.Errorf("result row %d is %T, want a struct", i, val)
				}
			}
			if err := put(C.lex_struct_child(v, C.uint64_t(k)), f.Type, sub, base); err != nil {
				return err
			}
		}
		return nil
	case "LIST":
		start := uint64(C.lex_list_size(v))
		var flat []any
		entries := unsafe.Slice((*listEntry)(C.lex_vector_data(v)), base+uint64(len(vals)))
		for i, val := range vals {
			l, ok := val.([]any)
			if !ok {
				l = anyList(val)
				if l == nil && val != nil {
					return fmt.Errorf("result row %d is %T, want a list", i, val)
				}
			}
			entries[base+uint64(i)] = listEntry{start + uint64(len(flat)), uint64(len(l))}
			flat = append(flat, l...)
		}
		if !C.lex_list_grow(v, C.uint64_t(start+uint64(len(flat)))) {
			return fmt.Errorf("cannot grow a list result to %d elements", start+uint64(len(flat)))
		}
		return put(C.lex_list_child(v), t.Elem, flat, start)
	}
	data := C.lex_vector_data(v)
	for i, val := range vals {
		if val == nil {
			continue
		}
		r := base + uint64(i)
		var err error
		switch t.Kind {
		case "DOUBLE":
			var f float64
			f, err = toFloat(val)
			*(*float64)(unsafe.Add(data, r*8)) = f
		case "FLOAT":
			var f float64
			f, err = toFloat(val)
			*(*float32)(unsafe.Add(data, r*4)) = float32(f)
		case "BIGINT":
			var n int64
			n, err = toInt(val)
			*(*int64)(unsafe.Add(data, r*8)) = n
		case "INTEGER":
			var n int64
			n, err = toInt(val)
			if err == nil && (n < math.MinInt32 || n > math.MaxInt32) {
				err = fmt.Errorf("%d overflows INTEGER", n)
			}
			*(*int32)(unsafe.Add(data, r*4)) = int32(n)
		case "DATE": // int32 days since 1970-01-01
			tm, ok := val.(time.Time)
			if !ok {
				err = fmt.Errorf("result row %d is %T, want a time.Time", i, val)
			}
			y, m, d := tm.Date()
			days := time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
			*(*int32)(unsafe.Add(data, r*4)) = int32(days)
		case "BOOLEAN":
			b, ok := val.(bool)
			if !ok {
				err = fmt.Errorf("result row %d is %T, want bool", i, val)
			}
			*(*uint8)(unsafe.Add(data, r)) = 0
			if b {
				*(*uint8)(unsafe.Add(data, r)) = 1
			}
		default:
			err = fmt.Errorf("result type %s is not supported", t.Kind)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// anyList converts typed slices an implementation may return to []any.
func anyList(v any) []any {
	switch l := v.(type) {
	case []string:
		return boxed(l)
	case []float64:
		return boxed(l)
	case []int32:
		return boxed(l)
	case []int64:
		return boxed(l)
	}
	return nil
}

func boxed[T any](l []T) []any {
	out := make([]any, len(l))
	for i, x := range l {
		out[i] = x
	}
	return out
}

func toFloat(v any) (float64, error) {
	switch x := v.(type) {
	case float64:
		return x, nil
	case float32:
		return float64(x), nil
	case int:
		return float64(x), nil
	case int32:
		return float64(x), nil
	case int64:
		return float64(x), nil
	}
	return 0, fmt.Errorf("result is %T, want a number", v)
}

func toInt(v any) (int64, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case int:
		return int64(x), nil
	case int32:
		return int64(x), nil
	case int16:
		return int64(x), nil
	case int8:
		return int64(x), nil
	}
	return 0, fmt.Errorf("result is %T, want an integer", v)
}

// putStrings writes a VARCHAR column with one C call: the strings go into one
// buffer with offsets.
func putStrings(v C.duckdb_vector, vals []any, base uint64) error {
	n := len(vals)
	if n == 0 {
		return nil
	}
	var buf []byte
	off := make([]int64, n)
	ln := make([]int64, n)
	for i, val := range vals {
		if val == nil {
			ln[i] = -1
			continue
		}
		s, ok := val.(string)
		if !ok {
			return fmt.Errorf("result row %d is %T, want a string", i, val)
		}
		off[i], ln[i] = int64(len(buf)), int64(len(s))
		buf = append(buf, s...)
	}
	var p *C.char
	if len(buf) > 0 {
		p = (*C.char)(unsafe.Pointer(&buf[0]))
	} else {
		buf = []byte{0}
		p = (*C.char)(unsafe.Pointer(&buf[0]))
	}
	C.lex_assign_strings(v, C.uint64_t(base), p, (*C.int64_t)(&off[0]), (*C.int64_t)(&ln[0]), C.uint64_t(n))
	return nil
}
