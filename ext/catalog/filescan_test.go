package catalog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestFileScanOrderAndErrors(t *testing.T) {
	dir := t.TempDir()
	for i := range 40 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.txt", i)), []byte(strings.Repeat("x", i%3)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func(file string, _ []any) ([][]any, error) {
		b, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(file, "f33.txt") {
			return nil, errors.New("broken f33")
		}
		var rows [][]any
		for j := range b {
			rows = append(rows, []any{filepath.Base(file), j})
		}
		return rows, nil
	}
	tbl := Table{Name: "t", Files: &FileScan{Ext: ".txt", Public: "t", Read: read}}
	rows, err := tbl.Start([]any{dir, int32(8)})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	row := make([]any, 2)
	for {
		ok, err := rows.Next(row)
		if err != nil {
			if !strings.Contains(err.Error(), "broken f33") {
				t.Fatal(err)
			}
			break
		}
		if !ok {
			t.Fatal("scan ended without f33's error")
		}
		got = append(got, fmt.Sprintf("%v %v", row[0], row[1]))
	}
	// Files 0..32 in order: f01 0, f02 0, f02 1, f04 0, …
	var want []string
	for i := range 33 {
		for j := range i % 3 {
			want = append(want, fmt.Sprintf("f%02d.txt %d", i, j))
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("order:\n%v\nwant\n%v", got, want)
	}
	rows.Close()
	rows.Close() // twice is fine

	if _, err := tbl.Start([]any{filepath.Join(dir, "*.nope"), int32(8)}); err == nil || !strings.Contains(err.Error(), "t: no files match") {
		t.Fatalf("no files: %v", err)
	}
	// Stopped early (LIMIT): Close returns and leaves no blocked reader.
	early, err := tbl.Start([]any{dir, int32(8)})
	if err != nil {
		t.Fatal(err)
	}
	early.Next(row)
	early.Close()
}

// The threads argument (DuckDB's setting) caps the read-ahead goroutines.
func TestFileScanThreads(t *testing.T) {
	dir := t.TempDir()
	for i := range 12 {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f%02d.txt", i)), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var now, peak atomic.Int32
	read := func(string, []any) ([][]any, error) {
		n := now.Add(1)
		for p := peak.Load(); n > p && !peak.CompareAndSwap(p, n); p = peak.Load() {
		}
		time.Sleep(2 * time.Millisecond) // long enough for other readers to overlap
		now.Add(-1)
		return [][]any{{1}}, nil
	}
	tbl := Table{Name: "t", Files: &FileScan{Ext: ".txt", Public: "t", Read: read}}
	for _, threads := range []int32{1, 2} {
		peak.Store(0)
		rows, err := tbl.Start([]any{dir, threads})
		if err != nil {
			t.Fatal(err)
		}
		n, row := 0, make([]any, 1)
		for {
			ok, err := rows.Next(row)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			n++
		}
		rows.Close()
		if n != 12 {
			t.Fatalf("threads=%d: %d rows", threads, n)
		}
		limit := min(threads, int32(runtime.GOMAXPROCS(0)))
		if p := peak.Load(); p > limit || (limit == 1 && p != 1) {
			t.Errorf("threads=%d: %d files read at once, want at most %d", threads, p, limit)
		}
	}
}
