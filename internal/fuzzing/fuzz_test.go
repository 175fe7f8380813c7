// Package fuzzing runs every fuzz target of the module for a few seconds
// as part of go test ./..., so the targets keep fuzzing in CI (plain go
// test only replays their seed corpora).
package fuzzing

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var fuzzFunc = regexp.MustCompile(`^func (Fuzz\w+)\(f \*testing\.F\)`)

// targets finds the fuzz targets below root: package dir → names.
func targets(t *testing.T, root string) map[string][]string {
	out := map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if m := fuzzFunc.FindStringSubmatch(sc.Text()); m != nil {
				dir := filepath.Dir(p)
				out[dir] = append(out[dir], m[1])
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestFuzzTargets fuzzes each target for fuzzTime executions, a few
// seconds each (-short skips it).
func TestFuzzTargets(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: fuzz targets only replay their seeds")
	}
	// Executions, not seconds: a time limit can end as "context deadline
	// exceeded" while a worker is mid-input. Minimizing a new input is
	// capped too: the default, 60 s of a large seed's variants, made a
	// run stall for a minute with nothing wrong.
	const fuzzTime = "4000x"
	found := targets(t, "../..")
	n := 0
	for dir, names := range found {
		for _, name := range names {
			n++
			t.Run(filepath.Base(dir)+"/"+name, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
				defer cancel()
				cmd := exec.CommandContext(ctx, "go", "test", "-run", "^$", "-fuzz", "^"+name+"$", "-fuzztime", fuzzTime, "-fuzzminimizetime", "200x", "-parallel", "2", ".")
				cmd.Dir = dir
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Fatalf("go test -fuzz %s in %s: %v\n%s", name, dir, err, out)
				}
			})
		}
	}
	if n < 9 {
		t.Errorf("found %d fuzz targets, want at least 9", n)
	}
}
