package catalog

import (
	"strings"
	"testing"
)

func TestReaderColumnTypes(t *testing.T) {
	for _, cols := range [][]Column{JudgmentColumns, scotusColumns, lineColumns} {
		if _, err := ParseType(structType(cols)); err != nil {
			t.Errorf("%v: %v", cols[0], err)
		}
	}
}

func TestDisplayName(t *testing.T) {
	if got := DisplayName("ok_\xff.pdf"); got != `ok_\xff.pdf` {
		t.Errorf("DisplayName = %q", got)
	}
	if got := DisplayName("[2020] EWCA Civ 621.xml"); got != "[2020] EWCA Civ 621.xml" {
		t.Errorf("DisplayName = %q", got)
	}
	if strings.ContainsRune(DisplayName("a\xc3"), '\uFFFD') {
		t.Error("replacement character")
	}
}
