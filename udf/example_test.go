package udf_test

import (
	"context"
	"fmt"

	"github.com/lexduck/lexduck/udf"
)

func ExampleROUGE() {
	s := udf.ROUGE("The court held that the statute applies.", "The court held the statute applied.", true)
	fmt.Printf("rouge1 F %.4f, rouge2 F %.4f, rougeL F %.4f\n", s.Rouge1.F, s.Rouge2.F, s.RougeL.F)
	// Output: rouge1 F 0.9231, rouge2 F 0.7273, rougeL F 0.9231
}

func ExampleTokenize() {
	fmt.Println(udf.Tokenize("The friends had a meeting; İstanbul’s court", true))
	// Output: [the friend had a meet i stanbul s court]
}

func ExampleStem() {
	fmt.Println(udf.Stem("generously"), udf.Stem("dying"), udf.Stem("held"))
	// Output: gener die held
}

func ExampleWordCount() {
	fmt.Println(udf.WordCount("Held: the judgment\u00a0is affirmed."))
	// Output: 5
}

func ExampleRecallAtK() {
	ranked := []string{"d3", "d1", "d7", "d2"}
	relevant := []string{"d1", "d2", "d9"}
	fmt.Printf("%.4f %.4f %.4f\n", udf.RecallAtK(ranked, relevant, 2), udf.PrecisionAtK(ranked, relevant, 2), udf.ReciprocalRank(ranked, relevant))
	// Output: 0.3333 0.5000 0.5000
}

func ExampleSpearman() {
	rho, _ := udf.Spearman([]float64{1, 2, 2, 3}, []float64{1, 2, 3, 4})
	tau, _ := udf.KendallTau([]float64{1, 2, 2, 3}, []float64{1, 2, 3, 4})
	fmt.Printf("%.6f %.6f\n", rho, tau)
	// Output: 0.948683 0.912871
}

func ExampleExtractCitations() {
	for _, c := range udf.ExtractCitations("Brownlie v FS Cairo [2021] UKSC 45 at [25]-[27]; see also [2004] 1 W.L.R. 1.") {
		fmt.Println(c.Kind, c.Canonical, c.Pinpoints)
	}
	// Output:
	// uk_ncn [2021] UKSC 45 [25 26 27]
	// uk_report [2004] 1 WLR 1 []
}

func ExampleMaskCitations() {
	fmt.Println(udf.MaskCitations("As held in [2020] EWCA Civ 621 at [11], the point is settled.", "[CITATION]"))
	// Output: As held in [CITATION], the point is settled.
}

func ExampleExtractSyllabus() {
	s := udf.ExtractSyllabus("No. 12–345. Argued May 1, 2012—Decided June 2, 2012\nThe question is hard.\nHeld: It is easy. Pp. 2–3.\n" +
		"ROBERTS, C. J., delivered the opinion of the Court.\nJUSTICE X delivered the opinion of the Court.\nWe affirm.")
	fmt.Printf("%s/%s: %q | %q\n", s.StartRule, s.EndRule, s.Syllabus, s.Opinion)
	// Output: docket/vote: "The question is hard. Held: It is easy. Pp. 2–3." | "We affirm."
}

func ExampleKNN() {
	q := &udf.Vectors{IDs: []string{"q"}, Dim: 2, Data: []float32{1, 0}}
	c := &udf.Vectors{IDs: []string{"a", "b", "c"}, Dim: 2, Data: []float32{0, 1, 1, 1, 2, 0}}
	res, _ := udf.KNN(context.Background(), q, c, 2, udf.MetricCosine, nil)
	for rank, n := range res[0] {
		fmt.Printf("%d %s %.4f\n", rank+1, c.IDs[n.Index], n.Score)
	}
	// Output:
	// 1 c 1.0000
	// 2 b 0.7071
}
