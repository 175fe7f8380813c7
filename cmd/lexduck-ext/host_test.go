package main

import (
	"archive/tar"
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// The stock DuckDB the extension is tested in: libduckdb.so 1.5.6 from the
// npm package the Node bindings ship (no registry reachable from CI has the
// duckdb CLI). The tarball is fetched once into the user cache and checked
// against its pinned SHA-256.
const (
	duckdbTarball = "https://registry.npmjs.org/@duckdb/node-bindings-linux-x64/-/node-bindings-linux-x64-1.5.6-r.1.tgz"
	duckdbSHA256  = "1b9f82478539bb9a1d1df44bd103121a12ae52142c07158dc52b97d2ec1d69ff"
	duckdbVersion = "v1.5.6"
)

// libDuckDB returns the directory holding libduckdb.so, downloading it on
// first use.
func libDuckDB() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "lexduck", "libduckdb-1.5.6-r.1")
	if _, err := os.Stat(filepath.Join(dir, "libduckdb.so")); err == nil {
		return dir, nil
	}
	resp, err := http.Get(duckdbTarball)
	if err != nil {
		return "", fmt.Errorf("fetching DuckDB for the load test: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("fetching %s: %s", duckdbTarball, resp.Status)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", fmt.Errorf("fetching %s: %w", duckdbTarball, err)
	}
	if sum := sha256.Sum256(body); hex.EncodeToString(sum[:]) != duckdbSHA256 {
		return "", fmt.Errorf("%s: SHA-256 %x, want %s", duckdbTarball, sum, duckdbSHA256)
	}
	gz, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err != nil {
			return "", fmt.Errorf("%s: no package/libduckdb.so: %w", duckdbTarball, err)
		}
		if h.Name != "package/libduckdb.so" {
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		tmp, err := os.CreateTemp(dir, "libduckdb-*.tmp")
		if err != nil {
			return "", err
		}
		if _, err := io.Copy(tmp, tr); err != nil {
			tmp.Close()
			return "", err
		}
		if err := tmp.Close(); err != nil {
			return "", err
		}
		return dir, os.Rename(tmp.Name(), filepath.Join(dir, "libduckdb.so"))
	}
}

// duckdbInclude is the directory of duckdb.h from the duckdb-go-bindings module.
func duckdbInclude() (string, error) {
	return goCmd(context.Background(), "", "list", "-f", "{{.Dir}}", "github.com/duckdb/duckdb-go-bindings/include")
}

// buildHost compiles testdata/host.c against libduckdb.so into dir.
func buildHost(dir string) (string, error) {
	lib, err := libDuckDB()
	if err != nil {
		return "", err
	}
	inc, err := duckdbInclude()
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, "host")
	cmd := exec.Command("gcc", "-O1", "-I"+inc, "-o", out, "testdata/host.c",
		"-L"+lib, "-lduckdb", "-Wl,-rpath,"+lib)
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("gcc host.c: %w\n%s", err, b)
	}
	return out, nil
}

// host is one running host process: one in-memory database, one connection.
type host struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startHost(bin, extension string, env ...string) (*host, error) {
	cmd := exec.Command(bin, extension)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &host{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<20)}, nil
}

// errSQL is an error DuckDB reported for a statement.
type errSQL struct{ msg string }

func (e errSQL) Error() string { return e.msg }

func unescape(s string) string {
	return strings.NewReplacer(`\n`, "\n", `\t`, "\t").Replace(s)
}

// query runs one statement; rows come back as DuckDB renders them to VARCHAR.
func (h *host) query(sql string) ([][]string, error) {
	if _, err := fmt.Fprintf(h.in, "%d\n%s", len(sql), sql); err != nil {
		return nil, fmt.Errorf("host: %w", err)
	}
	head, err := h.out.ReadString('\n')
	if err != nil {
		return nil, fmt.Errorf("host died: %w (exit: %v)", err, h.cmd.Wait())
	}
	head = strings.TrimSuffix(head, "\n")
	switch {
	case strings.HasPrefix(head, "E "):
		return nil, errSQL{unescape(head[2:])}
	case strings.HasPrefix(head, "R "):
		ncol, _ := strconv.Atoi(head[2:])
		var rows [][]string
		for {
			line, err := h.out.ReadString('\n')
			if err != nil {
				return nil, fmt.Errorf("host died mid-result: %w", err)
			}
			line = strings.TrimSuffix(line, "\n")
			if line == "." {
				return rows, nil
			}
			cells := strings.Split(line, "\t")
			if len(cells) != ncol {
				return nil, fmt.Errorf("host: %d cells, want %d: %q", len(cells), ncol, line)
			}
			for i := range cells {
				cells[i] = unescape(cells[i])
			}
			rows = append(rows, cells)
		}
	}
	return nil, fmt.Errorf("host: bad reply %q", head)
}

func (h *host) close() error {
	h.in.Close()
	return h.cmd.Wait()
}

var errNoRows = errors.New("no rows")

// scalar runs a one-value query.
func (h *host) scalar(sql string) (string, error) {
	rows, err := h.query(sql)
	if err != nil {
		return "", err
	}
	if len(rows) != 1 || len(rows[0]) != 1 {
		return "", fmt.Errorf("%w: %q gave %v", errNoRows, sql, rows)
	}
	return rows[0][0], nil
}
