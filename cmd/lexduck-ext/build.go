package main

import (
	"bytes"
	"context"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

const (
	capiVersion = "v1.2.0" // the frozen API band capi.h uses; DuckDB 1.2.0 and later load it
	abiType     = "C_STRUCT"
	pkg         = "./ext/loadable"
)

// Options says what to build.
type Options struct {
	Out      string   // extension file; its base name must stay lexduck.duckdb_extension
	Platform string   // DuckDB's PRAGMA platform of the host, e.g. linux_amd64
	Version  string   // shown in duckdb_extensions().extension_version
	Root     string   // module root (the directory with go.mod)
	Tags     []string // extra build tags (tests: lexduck_paniccheck)
}

// Result describes the built file.
type Result struct {
	Size    int64  // bytes
	Version string // as written into the footer
}

func parseFlags(args []string, stderr io.Writer) (Options, error) {
	fs := flag.NewFlagSet("lexduck-ext", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var o Options
	fs.StringVar(&o.Out, "o", filepath.Join("build", "lexduck.duckdb_extension"), "output `file`")
	fs.StringVar(&o.Platform, "platform", defaultPlatform(), "DuckDB platform string the footer names")
	fs.StringVar(&o.Version, "version", "", "extension version (default: git describe of the checkout)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	return o, nil
}

// defaultPlatform is DuckDB's platform string for the machine building.
func defaultPlatform() string { return runtime.GOOS + "_" + runtime.GOARCH }

// Build compiles, checks and footers the extension.
func Build(ctx context.Context, o Options) (Result, error) {
	if filepath.Base(o.Out) != "lexduck.duckdb_extension" {
		return Result{}, fmt.Errorf("output %s: DuckDB derives the entrypoint from the file name, so it must be lexduck.duckdb_extension", o.Out)
	}
	if o.Root == "" {
		root, err := goCmd(ctx, "", "list", "-m", "-f", "{{.Dir}}")
		if err != nil {
			return Result{}, err
		}
		o.Root = root
	}
	if o.Version == "" {
		o.Version = gitVersion(ctx, o.Root)
	}
	inc, err := goCmd(ctx, o.Root, "list", "-f", "{{.Dir}}", "github.com/duckdb/duckdb-go-bindings/include")
	if err != nil {
		return Result{}, fmt.Errorf("locating duckdb.h: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(o.Out), 0o755); err != nil {
		return Result{}, err
	}
	lib := o.Out + ".so.tmp"
	defer os.Remove(lib)
	defer os.Remove(strings.TrimSuffix(lib, ".tmp") + ".h") // cgo's header for the library, not needed
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", strings.Join(append([]string{"lexduck_ext"}, o.Tags...), ","), "-buildmode=c-shared", "-trimpath",
		"-ldflags=-s -w", "-o", lib, pkg)
	cmd.Dir = o.Root
	cmd.Env = append(os.Environ(), "CGO_ENABLED=1", "CGO_CFLAGS=-O2 -I"+inc)
	if out, err := cmd.CombinedOutput(); err != nil {
		return Result{}, fmt.Errorf("go build -buildmode=c-shared: %w\n%s", err, out)
	}
	if err := CheckImports(lib); err != nil {
		return Result{}, err
	}
	body, err := os.ReadFile(lib)
	if err != nil {
		return Result{}, err
	}
	f, err := Footer(o.Platform, o.Version)
	if err != nil {
		return Result{}, err
	}
	tmp := o.Out + ".tmp"
	if err := os.WriteFile(tmp, append(body, f...), 0o755); err != nil {
		return Result{}, err
	}
	if err := os.Rename(tmp, o.Out); err != nil {
		return Result{}, err
	}
	return Result{Size: int64(len(body) + len(f)), Version: o.Version}, nil
}

// ErrLinksDuckDB means the library would call DuckDB symbols directly; in a
// host those resolve to nothing or to a second DuckDB, and crash.
var ErrLinksDuckDB = errors.New("the extension imports DuckDB symbols; reach DuckDB only through the API struct (capi.h LEX)")

// CheckImports fails if the shared library at path imports any duckdb_* symbol.
func CheckImports(path string) error {
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Errorf("check imports of %s: %w", path, err)
	}
	defer f.Close()
	syms, err := f.ImportedSymbols()
	if err != nil {
		return fmt.Errorf("check imports of %s: %w", path, err)
	}
	var bad []string
	for _, s := range syms {
		if strings.HasPrefix(s.Name, "duckdb_") {
			bad = append(bad, s.Name)
		}
	}
	if len(bad) > 0 {
		return fmt.Errorf("%s: %w: %s", path, ErrLinksDuckDB, strings.Join(bad, ", "))
	}
	return nil
}

func goCmd(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}

// gitVersion is `git describe --tags --always --dirty` of the checkout, or
// v0.0.0-dev outside git.
func gitVersion(ctx context.Context, dir string) string {
	cmd := exec.CommandContext(ctx, "git", "describe", "--tags", "--always", "--dirty")
	cmd.Dir = dir
	out, err := cmd.Output()
	v := strings.TrimSpace(string(out))
	if err != nil || v == "" {
		return "v0.0.0-dev"
	}
	return v
}
