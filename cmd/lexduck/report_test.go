package main

import (
	"bytes"
	"context"
	"database/sql"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexduck/lexduck"
	"github.com/lexduck/lexduck/ext"
)

// TestReportGolden runs the main job on the bundled corpus and compares
// the Markdown and every SVG with goldens (go test -update rewrites them):
// the report is deterministic to the byte.
func TestReportGolden(t *testing.T) {
	out := t.TempDir()
	r := runCLI(t, "", "report", "-out", out)
	if r.code != 0 {
		t.Fatalf("report: %+v", r)
	}
	checkGolden(t, "report/report.md", r.stdout)
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if string(md) != r.stdout {
		t.Error("report.md differs from what was printed")
	}
	for _, svg := range []string{"figure1_lengths.svg", "compression.svg", "recall_at_k.svg"} {
		b, err := os.ReadFile(filepath.Join(out, svg))
		if err != nil {
			t.Fatal(err)
		}
		checkGolden(t, "report/"+svg, string(b))
	}
	for _, want := range []string{"casesumm_07_rouge_table.csv", "ukprbench_04_recall_table.csv", "report.html"} {
		if _, err := os.Stat(filepath.Join(out, want)); err != nil {
			t.Error(err)
		}
	}
	if strings.Contains(r.stdout, "failed") || strings.Contains(r.stdout, "(no rows)") {
		t.Error("a section of the bundled report failed or is empty")
	}
	if strings.Contains(r.stdout, os.TempDir()) {
		t.Error("the report names a temporary path")
	}
}

// TestReportShowsFailuresInPlace breaks one query: the report names its
// file and line and still writes the others.
func TestReportShowsFailuresInPlace(t *testing.T) {
	var sections []*section
	for _, q := range []lexduck.Query{
		{Name: "x/broken", Title: "Broken", SQL: "-- title: Broken\nSELECT 1;\n\nSELECT * FROM nope;\n"},
		{Name: "x/fine", Title: "Fine", SQL: "-- title: Fine\nSELECT 42 AS answer;\n"},
	} {
		db, err := openTestDB()
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		conn, _ := db.Conn(context.Background())
		defer conn.Close()
		sections = append(sections, runSection(context.Background(), conn, q))
	}
	if !strings.Contains(sections[0].Markdown, "**This analysis failed:** `queries/x/broken.sql line 4: Catalog Error: Table with name nope does not exist!") {
		t.Errorf("broken section:\n%s", sections[0].Markdown)
	}
	if !strings.Contains(sections[1].Markdown, "| 42 |") {
		t.Errorf("the next section did not run:\n%s", sections[1].Markdown)
	}
}

// TestReportHTMLInChromium renders report.html in headless Chromium (as
// CI installs it) and checks that every figure is an inline SVG that drew
// and that the page is not blank.
func TestReportHTMLInChromium(t *testing.T) {
	chromium, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed (.ci/run installs Debian's chromium and runs this test)")
	}
	out := t.TempDir()
	if r := runCLI(t, "", "report", "-out", out, "-only", "casesumm/05", "-only", "ukprbench"); r.code != 0 {
		t.Fatalf("report: %+v", r)
	}
	page := "file://" + filepath.Join(out, "report.html")
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir=" + t.TempDir()}
	dom, err := exec.Command(chromium, append(flags, "--dump-dom", page)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	if n := bytes.Count(dom, []byte("<svg")); n != 3 || bytes.Contains(dom, []byte("<img")) {
		t.Errorf("want 3 inline SVG figures and no images, got %d svg", n)
	}
	if !bytes.Contains(dom, []byte("<td class=\"num\">")) {
		t.Error("no table rendered")
	}
	shot := filepath.Join(out, "shot.png")
	if err := exec.Command(chromium, append(flags, "--window-size=1200,2400", "--screenshot="+shot, page)...).Run(); err != nil {
		t.Fatalf("chromium --screenshot: %v", err)
	}
	f, err := os.Open(shot)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	colors := map[[3]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 7 {
		for x := b.Min.X; x < b.Max.X; x += 7 {
			r, g, bl, _ := img.At(x, y).RGBA()
			colors[[3]uint32{r >> 8, g >> 8, bl >> 8}] = true
		}
	}
	if b.Dx() != 1200 || len(colors) < 20 {
		t.Errorf("screenshot %dx%d with %d colours: the page did not render", b.Dx(), b.Dy(), len(colors))
	}
}

func openTestDB() (*sql.DB, error) { return ext.Open("") }
