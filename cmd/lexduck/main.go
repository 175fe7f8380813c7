// Command lexduck is a DuckDB shell with lexduck's legal-NLP functions
// registered: the duckdb CLI's flags, dot commands and output modes, plus
// subcommands for loading corpora and writing reports.
//
//	lexduck [flags] [DBFILE]        the shell (in memory without DBFILE)
//	lexduck load judgments PATH… -db FILE   load Find Case Law XML
//	lexduck report [flags]          run queries/ and write a report
//	lexduck export ukprbench -db FILE -out DIR   BEIR files and triplets
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// exitError carries an exit status without printing anything more.
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// run dispatches to a subcommand and maps its error to an exit status.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var err error
	switch {
	case len(args) > 0 && args[0] == "report":
		err = (&ReportCommand{Stdin: stdin, Stdout: stdout, Stderr: stderr}).Run(ctx, args[1:])
	case len(args) > 0 && args[0] == "load":
		err = (&LoadCommand{Stdin: stdin, Stdout: stdout, Stderr: stderr}).Run(ctx, args[1:])
	case len(args) > 0 && args[0] == "export":
		err = (&ExportCommand{Stdin: stdin, Stdout: stdout, Stderr: stderr}).Run(ctx, args[1:])
	default:
		err = (&ShellCommand{Stdin: stdin, Stdout: stdout, Stderr: stderr}).Run(ctx, args)
	}
	var ee exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee):
		return ee.code
	default:
		fmt.Fprintln(stderr, err)
		return 1
	}
}
