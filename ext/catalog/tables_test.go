package catalog

import "testing"

func TestTableEntries(t *testing.T) {
	for _, tb := range Tables() {
		if (tb.Open == nil) == (tb.Files == nil) {
			t.Errorf("%s: want exactly one of Open and Files", tb.Name)
		}
		if len(tb.Names) != len(tb.Params) && tb.Name[0] != '_' {
			t.Errorf("%s: %d names for %d parameters", tb.Name, len(tb.Names), len(tb.Params))
		}
		for _, c := range tb.Columns {
			if _, err := ParseType(c.Type); err != nil {
				t.Errorf("%s.%s: %v", tb.Name, c.Name, err)
			}
		}
	}
	if tb, _ := TableNamed("read_trec_run"); tb.Signature() != "read_trec_run(path)" {
		t.Errorf("signature %q", tb.Signature())
	}
}
