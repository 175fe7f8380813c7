package udf

import "testing"

func TestFixOCR(t *testing.T) {
	for in, want := range map[string]string{
		// Misreadings of the structural words, seen in the LoC text.
		"MR. JusTcE MOODY dblivered the opinion of the court.": "MR. JUSTICE MOODY delivered the opinion of the court.",
		"Opmion of the Court.":                                 "Opinion of the Court.",
		"CERTIORAmI TO THE CIRCUIT COURT":                      "CERTIORARI TO THE CIRCUIT COURT",
		"Argued March 3, 1890. Deeided May":                    "Argued March 3, 1890. Decided May",
		"for PLAINIFF in ERRoR.":                               "for PLAINTIFF in ERROR.",
		"Mr. Smith for plainfiffs in error.":                   "Mr. Smith for plaintiffs in error.",
		"(C6urt)":                                              "(Court)",
		"MR. JusTicE GRAY":                                     "MR. JUSTICE GRAY",
		// English words and the Latin of the reports stay as they are.
		"it appears that the count was bad": "it appears that the count was bad",
		"amicus curiae, sub judice":         "amicus curiae, sub judice",
		"the courts and their opinions":     "the courts and their opinions",
		"the United States, 1890.":          "the United States, 1890.",
		"":                                  "",
	} {
		if got := fixOCR(in); got != want {
			t.Errorf("fixOCR(%q) = %q, want %q", in, got, want)
		}
	}
}

func BenchmarkFixOCR(b *testing.B) {
	l := "will be presumed to have been made by the court below, in the absence of anything to the contrary;"
	b.SetBytes(int64(len(l)))
	for b.Loop() {
		fixOCR(l)
	}
}
