//go:build lexduck_ext

package main

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/lexduck/lexduck/ext/catalog"
)

// testScalars is empty except in a build with the lexduck_paniccheck tag
// (paniccheck.go), which the tests use to prove the panic boundaries.
var testScalars []catalog.Scalar

// fn is one registered overload; its index+1 is the function's extra info.
type fn struct {
	catalog.Scalar
	params []*catalog.Type
	result *catalog.Type
}

// funcs is written once, during LOAD, before any callback can run.
var funcs []fn

// lexGoRegister registers every catalog scalar on con. It returns NULL or an
// error message the caller frees.
//
//export lexGoRegister
func lexGoRegister(con C.duckdb_connection) (msg *C.char) {
	defer func() {
		if r := recover(); r != nil {
			msg = C.CString(fmt.Sprintf("lexduck: register: internal error: %v", r))
		}
	}()
	if err := register(con); err != nil {
		return C.CString(err.Error())
	}
	if err := createMacros(con); err != nil {
		return C.CString(err.Error())
	}
	return nil
}

// createMacros creates sql/'s macros in the attached in-memory catalog
// lx_sys, as ext.Register does. The C API cannot make a search path
// global, so a session names them lx_sys.tokenize(…) or runs
// SET search_path = 'main,lx_sys.main' once.
func createMacros(con C.duckdb_connection) error {
	macros, err := catalog.Macros()
	if err != nil {
		return err
	}
	if err := exec(con, "ATTACH IF NOT EXISTS ':memory:' AS "+catalog.MacroCatalog); err != nil {
		return fmt.Errorf("lexduck: attach %s: %w", catalog.MacroCatalog, err)
	}
	// Macros that call macros (knn calls _lx_ident) are bound at CREATE
	// with the creating connection's search path.
	if err := exec(con, "SET search_path = '"+catalog.SearchPath+"'"); err != nil {
		return fmt.Errorf("lexduck: search path: %w", err)
	}
	for _, m := range macros {
		if err := exec(con, m.SQL); err != nil {
			return fmt.Errorf("lexduck: macro %s (%s): %w", m.Name, m.File, err)
		}
	}
	return nil
}

func exec(con C.duckdb_connection, sql string) error {
	s := C.CString(sql)
	defer C.free(unsafe.Pointer(s))
	if msg := C.lex_exec(con, s); msg != nil {
		defer C.free(unsafe.Pointer(msg))
		return fmt.Errorf("%s", C.GoString(msg))
	}
	return nil
}

func register(con C.duckdb_connection) error {
	if funcs != nil {
		// A second database in the same process: the list is already built.
		return registerAll(con)
	}
	for _, s := range append(catalog.Scalars(), testScalars...) {
		if err := s.Validate(); err != nil {
			return err
		}
		f := fn{Scalar: s}
		for _, p := range s.Params {
			t, err := catalog.ParseType(p)
			if err != nil {
				return fmt.Errorf("lexduck: %s: %w", s.Name, err)
			}
			f.params = append(f.params, t)
		}
		t, err := catalog.ParseType(s.Result)
		if err != nil {
			return fmt.Errorf("lexduck: %s: %w", s.Name, err)
		}
		f.result = t
		funcs = append(funcs, f)
	}
	return registerAll(con)
}

// registerAll registers funcs; overloads of one name (adjacent, as
// catalog.Scalars sorts them) go in one function set.
func registerAll(con C.duckdb_connection) error {
	for i := 0; i < len(funcs); {
		j := i + 1
		for j < len(funcs) && funcs[j].Name == funcs[i].Name {
			j++
		}
		if err := registerName(con, i, j); err != nil {
			return fmt.Errorf("lexduck: register %s: %w", funcs[i].Name, err)
		}
		i = j
	}
	return nil
}

func registerName(con C.duckdb_connection, from, to int) error {
	name := C.CString(funcs[from].Name)
	defer C.free(unsafe.Pointer(name))
	if to-from == 1 {
		f, err := newScalar(name, from)
		if err != nil {
			return err
		}
		defer C.lex_destroy_scalar(f)
		if C.lex_register_scalar(con, f) != C.DuckDBSuccess {
			return fmt.Errorf("DuckDB refused the function (is the name taken?)")
		}
		return nil
	}
	set := C.lex_new_set(name)
	defer C.lex_destroy_set(set)
	for i := from; i < to; i++ {
		f, err := newScalar(name, i)
		if err != nil {
			return err
		}
		ok := C.lex_add_to_set(set, f) == C.DuckDBSuccess
		C.lex_destroy_scalar(f)
		if !ok {
			return fmt.Errorf("overload %s clashes with another", funcs[i].Signature())
		}
	}
	if C.lex_register_set(con, set) != C.DuckDBSuccess {
		return fmt.Errorf("DuckDB refused the function set (is the name taken?)")
	}
	return nil
}

func newScalar(name *C.char, i int) (C.duckdb_scalar_function, error) {
	s := &funcs[i]
	f := C.lex_new_scalar(name, C.uintptr_t(i+1), C.bool(s.NullAware), C.bool(s.Volatile))
	for _, p := range s.params {
		t, err := logicalType(p)
		if err != nil {
			C.lex_destroy_scalar(f)
			return f, err
		}
		C.lex_add_param(f, t)
		C.lex_destroy_type(t)
	}
	t, err := logicalType(s.result)
	if err != nil {
		C.lex_destroy_scalar(f)
		return f, err
	}
	C.lex_set_result(f, t)
	C.lex_destroy_type(t)
	return f, nil
}

var typeIDs = map[string]C.duckdb_type{
	"BOOLEAN": C.DUCKDB_TYPE_BOOLEAN, "TINYINT": C.DUCKDB_TYPE_TINYINT, "SMALLINT": C.DUCKDB_TYPE_SMALLINT,
	"INTEGER": C.DUCKDB_TYPE_INTEGER, "BIGINT": C.DUCKDB_TYPE_BIGINT, "UBIGINT": C.DUCKDB_TYPE_UBIGINT,
	"FLOAT": C.DUCKDB_TYPE_FLOAT, "DOUBLE": C.DUCKDB_TYPE_DOUBLE, "VARCHAR": C.DUCKDB_TYPE_VARCHAR,
	"BLOB": C.DUCKDB_TYPE_BLOB, "DATE": C.DUCKDB_TYPE_DATE, "TIMESTAMP": C.DUCKDB_TYPE_TIMESTAMP,
	"ANY": C.DUCKDB_TYPE_ANY,
}

// logicalType builds t; the caller destroys the result.
func logicalType(t *catalog.Type) (C.duckdb_logical_type, error) {
	switch t.Kind {
	case "LIST", "ARRAY":
		e, err := logicalType(t.Elem)
		if err != nil {
			return nil, err
		}
		defer C.lex_destroy_type(e)
		if t.Kind == "LIST" {
			return C.lex_list_type(e), nil
		}
		return C.lex_array_type(e, C.uint64_t(t.Size)), nil
	case "MAP":
		k, err := logicalType(t.Fields[0].Type)
		if err != nil {
			return nil, err
		}
		defer C.lex_destroy_type(k)
		v, err := logicalType(t.Fields[1].Type)
		if err != nil {
			return nil, err
		}
		defer C.lex_destroy_type(v)
		return C.lex_map_type(k, v), nil
	case "STRUCT":
		n := len(t.Fields)
		types := (*[1 << 20]C.duckdb_logical_type)(C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof(C.duckdb_logical_type(nil)))))[:n:n]
		names := (*[1 << 20]*C.char)(C.malloc(C.size_t(n) * C.size_t(unsafe.Sizeof((*C.char)(nil)))))[:n:n]
		defer C.free(unsafe.Pointer(&types[0]))
		defer C.free(unsafe.Pointer(&names[0]))
		for i, f := range t.Fields {
			ft, err := logicalType(f.Type)
			if err != nil {
				for _, x := range types[:i] {
					C.lex_destroy_type(x)
				}
				for _, x := range names[:i] {
					C.free(unsafe.Pointer(x))
				}
				return nil, err
			}
			types[i], names[i] = ft, C.CString(f.Name)
		}
		st := C.lex_struct_type(&types[0], &names[0], C.uint64_t(n))
		for i := range n {
			C.lex_destroy_type(types[i])
			C.free(unsafe.Pointer(names[i]))
		}
		return st, nil
	}
	id, ok := typeIDs[t.Kind]
	if !ok {
		return nil, fmt.Errorf("type %s has no C API equivalent here", t.Kind)
	}
	return C.lex_simple_type(id), nil
}
