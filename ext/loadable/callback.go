//go:build lexduck_ext

package main

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

import (
	"context"
	"fmt"
	"strings"
	"unsafe"

	"github.com/lexduck/lexduck/internal/par"
)

// lexScalar is the one C callback of every registered scalar: DuckDB calls it
// once per chunk (at most 2,048 rows), from any of its worker threads. The
// function's catalog entry comes from the extra info.
//
//export lexScalar
func lexScalar(info C.duckdb_function_info, input C.duckdb_data_chunk, output C.duckdb_vector) {
	name := "lexduck"
	defer func() {
		if r := recover(); r != nil {
			fail(info, fmt.Errorf("%s: internal error: %v", name, r))
		}
	}()
	f := &funcs[int(C.lex_extra_info(info))-1]
	name = f.Public()
	if err := run(f, input, output); err != nil {
		fail(info, named(f.Public(), err))
	}
}

func fail(info C.duckdb_function_info, err error) {
	report(err, func(m *C.char) { C.lex_set_error(info, m) })
}

// report hands err's message to one of DuckDB's set_error calls, which
// copy it.
func report(err error, set func(*C.char)) {
	msg := C.CString(err.Error())
	defer C.free(unsafe.Pointer(msg))
	set(msg)
}

// named prefixes err with the function's name unless it already starts with
// it, as the embedded path does.
func named(name string, err error) error {
	if strings.HasPrefix(err.Error(), name+":") {
		return err
	}
	return fmt.Errorf("%s: %w", name, err)
}

func run(f *fn, input C.duckdb_data_chunk, output C.duckdb_vector) error {
	n := uint64(C.lex_chunk_size(input))
	args := make([]*vec, len(f.params))
	for i, t := range f.params {
		args[i] = load(C.lex_chunk_vector(input, C.uint64_t(i)), t)
	}
	out := make([]any, n)
	switch {
	case f.StrInt != nil:
		for r := range n {
			if !args[0].null(r) {
				out[r] = f.StrInt(args[0].str(r))
			}
		}
	case f.StrStrFloat != nil:
		for r := range n {
			if args[0].null(r) || args[1].null(r) {
				continue
			}
			if v, ok := f.StrStrFloat(args[0].str(r), args[1].str(r)); ok {
				out[r] = v
			}
		}
	case f.Parallel && n > 1:
		if err := evalParallel(f, args, out); err != nil {
			return err
		}
	default:
		if err := evalRows(f, args, out, 0, n); err != nil {
			return err
		}
	}
	return put(output, f.result, out, 0)
}

// evalRows evaluates rows [from, to) into out.
func evalRows(f *fn, args []*vec, out []any, from, to uint64) error {
	row := make([]any, len(args))
	for r := from; r < to; r++ {
		skip := false
		for i, a := range args {
			row[i] = a.value(r)
			if row[i] == nil && !f.NullAware {
				skip = true
			}
		}
		if skip {
			continue
		}
		var v any
		var err error
		if f.EvalContext != nil {
			v, err = f.EvalContext(context.Background(), row) // the C API tells a scalar of no interrupt
		} else {
			v, err = f.Eval(row)
		}
		if err != nil {
			return err
		}
		out[r] = v
	}
	return nil
}

// evalParallel spreads one chunk's rows over all cores, for functions that
// take milliseconds a row (par.Do: a panic in any goroutine is an error,
// the first failing row's error wins).
func evalParallel(f *fn, args []*vec, out []any) error {
	return par.Do(context.Background(), len(out), func() func(int) error {
		return func(i int) error { return evalRows(f, args, out, uint64(i), uint64(i)+1) }
	})
}
