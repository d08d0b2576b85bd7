package report_test

import (
	"fmt"
	"log"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/report"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Example 7.2 of the book: the dual problem written out, and the reduced
// quadratic s(α1, α2) after substituting α3 = α1 + α2.
func ExampleDualObjective() {
	x, y := dataset.Example21()
	d, err := svm.NewDualProblem(x, y, nil, 0) // C = 0: hard margin
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("f(α) =", report.DualObjective(d, notation.Text))
	fmt.Println("s(α1, α2) =", report.Quadratic(d.Eliminate(2), notation.Text))
	fmt.Println(report.Quadratic(d.Eliminate(2), notation.LaTeX))
	// Output:
	// f(α) = ½(18α1² + 25α2² + 2α3² + 42α1α2 − 12α1α3 − 14α2α3) − α1 − α2 − α3
	// s(α1, α2) = 4α1² + (13/2)α2² + 10α1α2 − 2α1 − 2α2
	// 4\alpha_{1}^{2} + \frac{13}{2}\alpha_{2}^{2} + 10\alpha_{1}\alpha_{2} - 2\alpha_{1} - 2\alpha_{2}
}

// The first faces the exact solver tries on Example 7.2, in both editions:
// the stationary point (3/2, −1, 1/2) is rejected, the faces α1 = 0 and
// α2 = 0 give −2/13 and −1/4.
func ExampleCandidates() {
	x, y := dataset.Example21()
	_, cands, err := svm.Exact{}.FitCandidates(x, y)
	if err != nil {
		log.Fatal(err)
	}
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		header, rows := report.Candidates(cands[:3], l)
		fmt.Println(header)
		for _, r := range rows {
			fmt.Println(r)
		}
	}
	// Output:
	// [free αᵢ (others 0) minimiser α f(α) verdict]
	// [α1, α2, α3 (3/2, −1, 1/2) −1/2 rejected: α2 = −1 < 0]
	// [α2, α3 (0, 2/13, 2/13) −2/13 feasible]
	// [α1, α3 (1/4, 0, 1/4) −1/4 feasible]
	// [自由的 αᵢ（其余为 0） 极小点 α f(α) 结论]
	// [α1, α2, α3 (3/2, −1, 1/2) −1/2 舍去：α2 = −1 < 0]
	// [α2, α3 (0, 2/13, 2/13) −2/13 可行]
	// [α1, α3 (1/4, 0, 1/4) −1/4 可行]
}
