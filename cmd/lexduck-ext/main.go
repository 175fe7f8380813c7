// Command lexduck-ext builds lexduck as a DuckDB loadable extension:
//
//	go run ./cmd/lexduck-ext [-o build/lexduck.duckdb_extension] [-version v0.1.0]
//
// It compiles ./ext/loadable with -buildmode=c-shared (cgo, gcc, and duckdb.h
// from the duckdb-go-bindings module; DuckDB itself is not linked), checks
// that the library imports no duckdb_* symbol, and appends DuckDB's 512-byte
// metadata footer (ABI C_STRUCT, C API v1.2.0, the platform, the version).
// Load it with:
//
//	duckdb -unsigned -c "LOAD 'build/lexduck.duckdb_extension'; SELECT word_count('a b');"
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() {
	err := Run(context.Background(), os.Args[1:], os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return // -h printed the usage, as asked
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lexduck-ext:", err)
		os.Exit(1)
	}
}

// Run parses args and builds the extension, reporting to stdout.
func Run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	opts, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	res, err := Build(ctx, opts)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d bytes, platform %s, version %s, C API %s\n",
		opts.Out, res.Size, opts.Platform, res.Version, capiVersion)
	return nil
}
