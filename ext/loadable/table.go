//go:build lexduck_ext

package main

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"fmt"
	"runtime/cgo"
	"unsafe"

	"github.com/lexduck/lexduck/ext/catalog"
)

// tfn is one registered table function; its index+1 is the extra info.
type tfn struct {
	catalog.Table
	params []*catalog.Type
	cols   []*catalog.Type
}

var tfuncs []tfn

// scan is one query's scan state, behind a cgo.Handle in DuckDB's bind data.
//
// DuckDB binds once but initialises once per execution: bind opens the
// first scan (so a missing file fails at bind), and from the second
// execution of a prepared statement on, init opens a new one.
type scan struct {
	t     *tfn
	args  []any
	rows  catalog.Rows
	row   []any
	done  bool
	inits int
}

func registerTables(con C.duckdb_connection) error {
	if tfuncs == nil {
		for _, t := range append(catalog.Tables(), testTables...) {
			f := tfn{Table: t}
			for _, p := range t.Params {
				pt, err := catalog.ParseType(p)
				if err != nil {
					return fmt.Errorf("lexduck: %s: %w", t.Name, err)
				}
				f.params = append(f.params, pt)
			}
			for _, c := range t.Columns {
				ct, err := catalog.ParseType(c.Type)
				if err != nil {
					return fmt.Errorf("lexduck: %s: %w", t.Name, err)
				}
				f.cols = append(f.cols, ct)
			}
			tfuncs = append(tfuncs, f)
		}
	}
	for i := range tfuncs {
		if err := registerTable(con, i); err != nil {
			return fmt.Errorf("lexduck: register %s: %w", tfuncs[i].Name, err)
		}
	}
	return nil
}

func registerTable(con C.duckdb_connection, i int) error {
	name := C.CString(tfuncs[i].Name)
	defer C.free(unsafe.Pointer(name))
	f := C.lex_new_table(name, C.uintptr_t(i+1))
	defer C.lex_destroy_table(f)
	for _, p := range tfuncs[i].params {
		t, err := logicalType(p)
		if err != nil {
			return err
		}
		C.lex_table_add_param(f, t)
		C.lex_destroy_type(t)
	}
	if C.lex_register_table(con, f) != C.DuckDBSuccess {
		return fmt.Errorf("DuckDB refused the table function (is the name taken?)")
	}
	return nil
}

// lexTableBind reads the arguments, opens the scan and declares the columns.
//
//export lexTableBind
func lexTableBind(info C.duckdb_bind_info) {
	name := "lexduck"
	defer func() {
		if r := recover(); r != nil {
			bindFail(info, fmt.Errorf("%s: internal error: %v", name, r))
		}
	}()
	t := &tfuncs[int(C.lex_bind_extra_info(info))-1]
	name = t.Name
	args := make([]any, len(t.params))
	for i, p := range t.params {
		id, ok := typeIDs[p.Kind]
		if !ok {
			bindFail(info, fmt.Errorf("%s: parameter type %s is not supported here", t.Name, p.Kind))
			return
		}
		var s *C.char
		var n C.int64_t
		var d C.double
		if !C.lex_bind_param(info, C.uint64_t(i), id, &s, &n, &d) {
			bindFail(info, t.CheckArgs(args)) // args[i] is the first nil

			return
		}
		switch p.Kind {
		case "VARCHAR":
			args[i] = C.GoString(s)
			C.lex_free(unsafe.Pointer(s))
		case "BOOLEAN":
			args[i] = n != 0
		case "INTEGER":
			args[i] = int32(n)
		case "BIGINT":
			args[i] = int64(n)
		case "DOUBLE":
			args[i] = float64(d)
		}
	}
	rows, err := t.Start(args)
	if err != nil {
		bindFail(info, named(t.Name, err))
		return
	}
	for i, c := range t.Columns {
		lt, err := logicalType(t.cols[i])
		if err != nil {
			rows.Close()
			bindFail(info, named(t.Name, err))
			return
		}
		cn := C.CString(c.Name)
		C.lex_bind_add_column(info, cn, lt)
		C.free(unsafe.Pointer(cn))
		C.lex_destroy_type(lt)
	}
	h := cgo.NewHandle(&scan{t: t, args: args, rows: rows, row: make([]any, len(t.Columns))})
	C.lex_bind_set_handle(info, C.uintptr_t(h))
}

func bindFail(info C.duckdb_bind_info, err error) {
	report(err, func(m *C.char) { C.lex_bind_set_error(info, m) })
}

// lexTableInit runs once per execution.
//
//export lexTableInit
func lexTableInit(info C.duckdb_init_info) {
	name := "lexduck"
	defer func() {
		if r := recover(); r != nil {
			initFail(info, fmt.Errorf("%s: internal error: %v", name, r))
		}
	}()
	s := cgo.Handle(C.lex_init_handle(info)).Value().(*scan)
	name = s.t.Name
	s.inits++
	if s.inits == 1 {
		return
	}
	s.rows.Close()
	rows, err := s.t.Start(s.args)
	if err != nil {
		s.rows, s.done = emptyRows{}, true
		initFail(info, named(s.t.Name, err))
		return
	}
	s.rows, s.done = rows, false
}

func initFail(info C.duckdb_init_info, err error) {
	report(err, func(m *C.char) { C.lex_init_set_error(info, m) })
}

type emptyRows struct{}

func (emptyRows) Next([]any) (bool, error) { return false, nil }
func (emptyRows) Close() error             { return nil }

// lexTableFree is DuckDB dropping the bind data: the scan is closed, also
// when a LIMIT stopped it early.
//
//export lexTableFree
func lexTableFree(h C.uintptr_t) {
	defer func() { _ = recover() }()
	hd := cgo.Handle(h)
	hd.Value().(*scan).rows.Close()
	hd.Delete()
}

// lexTableScan fills one output chunk (up to the vector size) from the scan.
//
//export lexTableScan
func lexTableScan(info C.duckdb_function_info, output C.duckdb_data_chunk) {
	name := "lexduck"
	defer func() {
		if r := recover(); r != nil {
			scanFail(info, fmt.Errorf("%s: internal error: %v", name, r))
		}
	}()
	s := cgo.Handle(C.lex_function_handle(info)).Value().(*scan)
	name = s.t.Name
	capacity := int(C.lex_vector_capacity())
	cols := make([][]any, len(s.t.Columns))
	n := 0
	for !s.done && n < capacity {
		ok, err := s.rows.Next(s.row)
		if err != nil {
			scanFail(info, named(s.t.Name, err))
			return
		}
		if !ok {
			s.done = true
			break
		}
		for c, v := range s.row {
			cols[c] = append(cols[c], v)
		}
		n++
	}
	for c := range cols {
		if err := put(C.lex_chunk_vector(output, C.uint64_t(c)), s.t.cols[c], cols[c], 0); err != nil {
			scanFail(info, named(s.t.Name, err))
			return
		}
	}
	C.lex_chunk_set_size(output, C.uint64_t(n))
}

func scanFail(info C.duckdb_function_info, err error) {
	report(err, func(m *C.char) { C.lex_function_set_error(info, m) })
}
