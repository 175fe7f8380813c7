//go:build lexduck_ext

// Command loadable is lexduck as a DuckDB loadable extension: built with
// -buildmode=c-shared by cmd/lexduck-ext into lexduck.duckdb_extension, it
// registers every scalar function of package catalog — the list ext.Register
// uses — through DuckDB's C extension API (C_STRUCT ABI, API v1.2.0).
//
// It neither imports duckdb-go nor links DuckDB: the host provides DuckDB and
// hands over its API struct at LOAD (capi.c). Only duckdb.h is used, at build
// time, from github.com/duckdb/duckdb-go-bindings/include.
//
// NULL behaviour and errors are the embedded path's: a NULL argument gives
// NULL unless the function is NULL-aware, an error fails the query with
// "name: message", and a Go panic becomes "name: internal error: …".
package main

/*
#include <stdlib.h>
#include "capi.h"
*/
import "C"

func main() {}
