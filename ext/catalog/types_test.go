package catalog

import "testing"

func TestParseType(t *testing.T) {
	ty, err := ParseType("STRUCT(a MAP(VARCHAR, INTEGER), b FLOAT[3][])")
	if err != nil {
		t.Fatal(err)
	}
	if ty.Kind != "STRUCT" || len(ty.Fields) != 2 || ty.Fields[0].Type.Kind != "MAP" ||
		ty.Fields[0].Type.Fields[1].Type.Kind != "INTEGER" {
		t.Fatalf("bad parse: %+v", ty)
	}
	b := ty.Fields[1].Type
	if b.Kind != "LIST" || b.Elem.Kind != "ARRAY" || b.Elem.Size != 3 || b.Elem.Elem.Kind != "FLOAT" {
		t.Fatalf("b: %+v", b)
	}
	for _, bad := range []string{"", "VARCHR", "DOUBLE[", "STRUCT()", "MAP(VARCHAR)", "FLOAT[0]", "VARCHAR x"} {
		if _, err := ParseType(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
	for _, s := range Scalars() {
		for _, p := range append(s.Params, s.Result) {
			if _, err := ParseType(p); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		}
	}
}
