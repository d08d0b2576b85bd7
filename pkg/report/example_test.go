package report_test

import (
	"fmt"
	"log"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Table 2.1 of Li Hang from a recorded run of the primal form, in the
// Chinese edition's words.
func ExamplePrimalTable() {
	x, y := dataset.Example21().XY()
	res, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	header, rows := report.PrimalTable(res, lang.Chinese)
	fmt.Println(header)
	for _, r := range rows {
		fmt.Println(r)
	}
	// Output:
	// [k 误分类点 w b w·x+b]
	// [0  (0, 0) 0 0]
	// [1 x1 (3, 3) 1 3x⁽¹⁾ + 3x⁽²⁾ + 1]
	// [2 x3 (2, 2) 0 2x⁽¹⁾ + 2x⁽²⁾]
	// [3 x3 (1, 1) −1 x⁽¹⁾ + x⁽²⁾ − 1]
	// [4 x3 (0, 0) −2 −2]
	// [5 x1 (3, 3) −1 3x⁽¹⁾ + 3x⁽²⁾ − 1]
	// [6 x3 (2, 2) −2 2x⁽¹⁾ + 2x⁽²⁾ − 2]
	// [7 x3 (1, 1) −3 x⁽¹⁾ + x⁽²⁾ − 3]
	// [8 无 (1, 1) −3 x⁽¹⁾ + x⁽²⁾ − 3]
}

// Table 2.2 of Li Hang from a recorded run of the dual form.
func ExampleDualTable() {
	x, y := dataset.Example21().XY()
	res, err := perceptron.Dual{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	header, rows := report.DualTable(&res.Run, lang.English)
	fmt.Println(header)
	for _, r := range rows {
		fmt.Println(r)
	}
	// Output:
	// [k 0 1 2 3 4 5 6 7]
	// [misclassified  x1 x3 x3 x3 x1 x3 x3]
	// [α1 0 1 1 1 1 2 2 2]
	// [α2 0 0 0 0 0 0 0 0]
	// [α3 0 0 1 2 3 3 4 5]
	// [b 0 1 0 −1 −2 −1 −2 −3]
}

// Example 7.2 of the book: the dual problem written out, and the reduced
// quadratic s(α1, α2) after substituting α3 = α1 + α2.
func ExampleDualObjective() {
	x, y := dataset.Example21().XY()
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
	x, y := dataset.Example21().XY()
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
