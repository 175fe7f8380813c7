package sqllogic

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestParseAndCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.test")
	src := "# comment\nstatement error\nSELECT nope()\n----\nnope\n\nrequire lexduck\n\nquery IR rowsort\nSELECT 1, x FROM '__TESTDATA__/t'\n----\n2\t0.5\n1\t0.25\n"
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := Parse(path, "/data")
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0].Kind != "statement error" || recs[1].Kind != "require" || recs[2].SQL != "SELECT 1, x FROM '/data/t'" || !recs[2].Sort {
		t.Fatalf("parsed %+v", recs)
	}
	if err := recs[0].Check(nil, errors.New("Catalog Error: nope does not exist")); err != nil {
		t.Error(err)
	}
	if recs[0].Check(nil, errors.New("other")) == nil || recs[0].Check(nil, nil) == nil {
		t.Error("statement error accepted a wrong or missing error")
	}
	q := recs[2]
	if err := q.Check([][]string{{"1", "0.25000000000000001"}, {"2", "0.5"}}, nil); err != nil {
		t.Error(err) // rowsort, and R within 1e-12
	}
	for _, bad := range [][][]string{{{"1", "0.2500001"}, {"2", "0.5"}}, {{"1", "0.25"}}, {{"1", "0.25", "x"}, {"2", "0.5", "y"}}} {
		if q.Check(bad, nil) == nil {
			t.Errorf("accepted %v", bad)
		}
	}
	if os.WriteFile(path, []byte("frobnicate\n"), 0o644) != nil {
		t.Fatal("write")
	}
	if _, err := Parse(path, ""); err == nil {
		t.Error("unknown record parsed")
	}
}
