package catalog

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	rows, err := tbl.Start([]any{dir})
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

	if _, err := tbl.Start([]any{filepath.Join(dir, "*.nope")}); err == nil || !strings.Contains(err.Error(), "t: no files match") {
		t.Fatalf("no files: %v", err)
	}
	// Stopped early (LIMIT): Close returns and leaves no blocked reader.
	early, err := tbl.Start([]any{dir})
	if err != nil {
		t.Fatal(err)
	}
	early.Next(row)
	early.Close()
}
