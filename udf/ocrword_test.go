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
		"from the Circult Court of Maryland.":                  "from the Circuit Court of Maryland.",
		"Motion to dismlss, with which":                        "Motion to dismiss, with which",
		"This causc came on to be heard":                       "This cause came on to be heard",
		"Statement of tbe Case.":                               "Statement of the Case.",
		// English words and the Latin of the reports stay as they are.
		"it appears that the count was bad": "it appears that the count was bad",
		"amicus curiae, sub judice":         "amicus curiae, sub judice",
		"the courts and their opinions":     "the courts and their opinions",
		"the United States, 1890.":          "the United States, 1890.",
		"in this case the clause is strict": "in this case the clause is strict",
		"a notion of the circus":            "a notion of the circus",
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
