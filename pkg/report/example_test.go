package report_test

import (
	"fmt"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// Table 2.1 of Li Hang from a recorded run of the primal form, in the
// Chinese edition's words.
func ExamplePrimalTable() {
	x, y := dataset.Example21()
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
	x, y := dataset.Example21()
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
