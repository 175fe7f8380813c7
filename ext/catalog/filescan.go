package catalog

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/lexduck/lexduck/loaders"
)

// FileScan makes a table function read the files its first argument names
// (a file, a directory searched for Ext files, or a glob), each file giving
// its rows independently, so scans can run files in parallel. Its last
// argument is DuckDB's threads setting, which the macro in front of it
// passes as current_setting('threads'): an adapter that runs the files on
// DuckDB's threads ignores it, Start reads ahead on that many goroutines.
type FileScan struct {
	Ext    string // ".pdf"
	Public string // the user-facing name errors carry (the table is often a macro's _lx_ helper)
	// Read returns one file's rows (values as for Scalar.Eval results).
	Read func(file string, args []any) ([][]any, error)
}

// Files expands the path argument, failing when nothing matches.
func (s *FileScan) Files(args []any) ([]string, error) {
	path, ok := args[0].(string)
	if !ok {
		return nil, fmt.Errorf("%s: path must be a string", s.Public)
	}
	files, err := loaders.ExpandPaths(path, s.Ext)
	if err != nil {
		return nil, fmt.Errorf("%s: %q: %w", s.Public, path, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("%s: no files match %q", s.Public, path)
	}
	return files, nil
}

// Start opens a scan of t: Open for row sources, or, for file scans, the
// files in order, read ahead on as many goroutines as the threads argument
// allows (at most GOMAXPROCS, at least one).
func (t Table) Start(args []any) (Rows, error) {
	if t.Open != nil {
		return t.Open(args)
	}
	files, err := t.Files.Files(args)
	if err != nil {
		return nil, err
	}
	workers := runtime.GOMAXPROCS(0)
	if n, ok := args[len(args)-1].(int32); ok && n >= 1 && int(n) < workers {
		workers = int(n)
	}
	return newAhead(files, args, t.Files.Read, workers), nil
}

type fileResult struct {
	rows [][]any
	err  error
}

// ahead reads files on worker goroutines and hands their rows out in file
// order; at most 2×workers files are read but not yet consumed.
type ahead struct {
	results []chan fileResult
	next    int     // index of the next file to take
	cur     [][]any // the rest of the current file's rows
	window  chan struct{}
	stop    chan struct{}
	once    sync.Once
}

func newAhead(files []string, args []any, read func(string, []any) ([][]any, error), workers int) *ahead {
	a := &ahead{results: make([]chan fileResult, len(files)), stop: make(chan struct{})}
	for i := range a.results {
		a.results[i] = make(chan fileResult, 1)
	}
	window := make(chan struct{}, 2*workers)
	work := make(chan int)
	for range workers {
		go func() {
			for i := range work {
				a.results[i] <- readSafe(read, files[i], args)
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range files {
			select {
			case window <- struct{}{}: // released as the consumer takes a file
			case <-a.stop:
				return
			}
			select {
			case work <- i:
			case <-a.stop:
				return
			}
		}
	}()
	a.window = window
	return a
}

func readSafe(read func(string, []any) ([][]any, error), file string, args []any) (r fileResult) {
	defer func() {
		if p := recover(); p != nil {
			r = fileResult{err: fmt.Errorf("%s: internal error: %v", file, p)}
		}
	}()
	rows, err := read(file, args)
	return fileResult{rows: rows, err: err}
}

func (a *ahead) Next(dst []any) (bool, error) {
	for len(a.cur) == 0 {
		if a.next >= len(a.results) {
			return false, nil
		}
		r := <-a.results[a.next]
		a.next++
		<-a.window
		if r.err != nil {
			a.Close()
			return false, r.err
		}
		a.cur = r.rows
	}
	copy(dst, a.cur[0])
	a.cur = a.cur[1:]
	return true, nil
}

func (a *ahead) Close() error {
	a.once.Do(func() { close(a.stop) })
	return nil
}
