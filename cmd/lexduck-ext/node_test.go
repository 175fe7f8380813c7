package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// nodeAPI is DuckDB's official Node client, pinned to the DuckDB the C host
// uses (its bindings package is the one libduckdb.so comes from).
const nodeAPI = "@duckdb/node-api@1.5.6-r.1"

// nodeClient installs nodeAPI once into the user cache (npm checks the
// packages' integrity against the registry) and returns the directory.
func nodeClient() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "lexduck", "node-api-1.5.6-r.1")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@duckdb", "node-api", "package.json")); err == nil {
		return dir, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), []byte(`{"private": true}`+"\n"), 0o644); err != nil {
		return "", err
	}
	cmd := exec.Command("npm", "install", "--no-audit", "--no-fund", "--save-exact", nodeAPI)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm install %s: %w\n%s", nodeAPI, err, out)
	}
	return dir, nil
}

// The extension in a stock client that is not ours: DuckDB's Node API, with
// four connections querying at once from Node's worker threads.
func TestNodeClient(t *testing.T) {
	for _, tool := range []string{"node", "npm"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed; the C host tests cover loading (%v)", tool, err)
		}
	}
	dir, err := nodeClient()
	if err != nil {
		t.Fatal(err)
	}
	script, err := os.ReadFile("testdata/node_client.mjs")
	if err != nil {
		t.Fatal(err)
	}
	run := filepath.Join(dir, "node_client.mjs") // bare imports resolve from node_modules beside it
	if err := os.WriteFile(run, script, 0o644); err != nil {
		t.Fatal(err)
	}
	trec, err := filepath.Abs("../../testdata/vectors/trec")
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command("node", run, extPath, trec)
	cmd.Stderr = &stderr
	stdout, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.Bytes())
	}
	got := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(stdout))
	for sc.Scan() {
		var line struct {
			Name  string          `json:"name"`
			Value json.RawMessage `json:"value"`
		}
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		got[line.Name] = string(line.Value)
	}
	rows, queries := trecCounts(t, trec)
	ref := got["reference"] // one thread
	want := map[string]string{
		"rouge":      `[[0.857143]]`,
		"trec_run":   fmt.Sprintf(`[["%d","%d"]]`, rows, queries),
		"knn":        `[["1","1",1,1],["1","2",2,0.948683],["2","2",1,1],["2","3",2,0.989949],["3","2",2,0.989949],["3","3",1,1]]`,
		"error":      `"Invalid Input Error: recall_at_k: k must be at least 1, got 0"`,
		"concurrent": "[" + strings.Repeat(ref+",", 3) + ref + "]",
	}
	// 400,000 strings of 4 words plus 0-4 "x": 2,400,000 words and tokens.
	if !strings.HasPrefix(ref, `[["2400000","2400000","`) {
		t.Errorf("reference: %s", ref)
	}
	for name, w := range want {
		if got[name] != w {
			t.Errorf("%s: got %s, want %s", name, got[name], w)
		}
	}
}

// trecCounts counts run.txt's lines and distinct query ids.
func trecCounts(t *testing.T, dir string) (rows, queries int) {
	b, err := os.ReadFile(filepath.Join(dir, "run.txt"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		rows++
		seen[strings.Fields(line)[0]] = true
	}
	return rows, len(seen)
}
