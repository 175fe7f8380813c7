package udf_test

import (
	"testing"

	"github.com/lexduck/lexduck/udf"
)

func TestCheckCitations(t *testing.T) {
	source := "In Roe v. Wade, 410 U.S. 113, 153 (1973), the Court held. See also Doe v. Bolton, 410 U.S. 179 (1973); " +
		"410 U.S., at 164. In R (Miller) v Secretary of State [2017] UKSC 5; [2018] AC 61 at [141] the court said."
	for _, tc := range []struct{ summary, want string }{
		{"Roe v. Wade, 410 U.S. 113 (1973), applies.", "found"},
		{"Roe, 410 U.S., at 153, applies.", "found"},
		{"Roe, 410 U.S., at 164, applies.", "found"},
		{"Roe v. Wade, 410 U.S. 113, 200 (1973), applies.", "pin_mismatch"},
		{"Casey, 505 U.S. 833 (1992), applies.", "not_in_source"},
		{"Miller [2018] AC 61 at [141].", "found"},
		{"Miller [2017] UKSC 5 at [142].", "pin_mismatch"},
		{"Miller [2019] UKSC 41.", "not_in_source"},
	} {
		got := udf.CheckCitations(tc.summary, source)
		if len(got) != 1 || got[0].Status != tc.want {
			t.Errorf("%q: %+v, want one %s", tc.summary, got, tc.want)
		}
	}
	if got := udf.CheckCitations("No citation here.", source); got != nil {
		t.Errorf("no citations: %+v", got)
	}
}
