package render_test

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/lexduck/lexduck/ext/render"
)

func TestFormatFloatMatchesPythonRepr(t *testing.T) {
	f, err := os.Open("testdata/python_repr.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		in, want, _ := strings.Cut(sc.Text(), "\t")
		v, err := strconv.ParseFloat(in, 64)
		if err != nil {
			t.Fatal(err)
		}
		if got := render.FormatFloat(v, 64); got != want {
			t.Errorf("FormatFloat(%s) = %s, want %s", in, got, want)
		}
		n++
	}
	if n < 50 {
		t.Fatalf("only %d cases read", n)
	}
}

func record(t *testing.T) arrow.RecordBatch {
	t.Helper()
	schema := arrow.NewSchema([]arrow.Field{
		{Name: "n", Type: arrow.PrimitiveTypes.Int64, Nullable: true},
		{Name: "s", Type: arrow.BinaryTypes.String, Nullable: true},
		{Name: "l", Type: arrow.ListOf(arrow.BinaryTypes.String), Nullable: true},
	}, nil)
	b := array.NewRecordBuilder(memory.DefaultAllocator, schema)
	defer b.Release()
	b.Field(0).(*array.Int64Builder).AppendValues([]int64{1, 22}, []bool{true, false})
	b.Field(1).(*array.StringBuilder).AppendValues([]string{"a,\"b\"", "x|y\nz"}, nil)
	lb := b.Field(2).(*array.ListBuilder)
	vb := lb.ValueBuilder().(*array.StringBuilder)
	lb.Append(true)
	vb.AppendValues([]string{"p", "q r", "", "it's"}, nil)
	lb.Append(true)
	rec := b.NewRecordBatch()
	t.Cleanup(rec.Release)
	return rec
}

func TestWriters(t *testing.T) {
	for _, tc := range []struct {
		mode render.Mode
		want string
	}{
		{render.CSV, "n,s,l\n1,\"a,\"\"b\"\"\",\"[p, q r, '', 'it\\'s']\"\n,\"x|y\nz\",[]\n"},
		{render.Tabs, "n\ts\tl\n1\t\"a,\"\"b\"\"\"\t[p, q r, '', 'it\\'s']\n\t\"x|y\nz\"\t[]\n"},
		{render.JSONMode, "[{\"n\":1,\"s\":\"a,\\\"b\\\"\",\"l\":[\"p\",\"q r\",\"\",\"it's\"]},\n{\"n\":null,\"s\":\"x|y\\nz\",\"l\":[]}]\n"},
		{render.JSONLines, "{\"n\":1,\"s\":\"a,\\\"b\\\"\",\"l\":[\"p\",\"q r\",\"\",\"it's\"]}\n{\"n\":null,\"s\":\"x|y\\nz\",\"l\":[]}\n"},
		{render.Markdown, "| n | s | l |\n|---:|---|---|\n| 1 | a,\"b\" | [p, q r, '', 'it\\\\'s'] |\n|  | x\\|y<br>z | [] |\n"},
		{render.Duckbox, "┌───────┬─────────┬───────────────────────┐\n│   n   │    s    │           l           │\n│ int64 │ varchar │       varchar[]       │\n├───────┼─────────┼───────────────────────┤\n│     1 │ a,\"b\"   │ [p, q r, '', 'it\\'s'] │\n│  NULL │ x|y\\nz  │ []                    │\n└───────┴─────────┴───────────────────────┘\n"},
		{render.HTML, "<table>\n<tr><th>n</th><th>s</th><th>l</th></tr>\n<tr><td>1</td><td>a,&#34;b&#34;</td><td>[p, q r, &#39;&#39;, &#39;it\\&#39;s&#39;]</td></tr>\n<tr><td></td><td>x|y\nz</td><td>[]</td></tr>\n</table>\n"},
	} {
		t.Run(string(tc.mode), func(t *testing.T) {
			var buf bytes.Buffer
			rec := record(t)
			w := render.New(tc.mode, &buf, render.Options{Header: true})
			if err := w.Header(rec.Schema()); err != nil {
				t.Fatal(err)
			}
			if err := w.Rows(rec); err != nil {
				t.Fatal(err)
			}
			if err := w.Footer(); err != nil {
				t.Fatal(err)
			}
			if buf.String() != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", buf.String(), tc.want)
			}
		})
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range render.Modes() {
		if got, err := render.ParseMode(string(m)); err != nil || got != m {
			t.Errorf("ParseMode(%q) = %q, %v", m, got, err)
		}
	}
	if _, err := render.ParseMode("fancy"); err == nil {
		t.Error("ParseMode accepted an unknown mode")
	}
}

// Strings inside lists are quoted exactly where DuckDB 1.5.6's VARCHAR cast
// quotes them (checked against libduckdb 1.5.6:
// SELECT ['a(b', 'a\b', 'null', …]::VARCHAR).
func TestNestedStringQuoting(t *testing.T) {
	for s, want := range map[string]string{
		"a(b": `'a(b'`, "a)b": `'a)b'`, "a=b": `'a=b'`, "a:b": `'a:b'`, `a"b`: `'a"b'`,
		"a;b": "a;b", "a b": "a b", " ab": `' ab'`, "ab\t": "'ab\t'", `a\b`: `a\b`,
		"null": `'null'`, "Null": `'Null'`, "": `''`, "a'b": `'a\'b'`, `a\(b`: `'a\\(b'`,
	} {
		lb := array.NewListBuilder(memory.NewGoAllocator(), arrow.BinaryTypes.String)
		lb.Append(true)
		lb.ValueBuilder().(*array.StringBuilder).Append(s)
		arr := lb.NewArray()
		if got, _ := render.Text(arr, 0); got != "["+want+"]" {
			t.Errorf("%q: %s, want [%s]", s, got, want)
		}
		arr.Release()
		lb.Release()
	}
}
