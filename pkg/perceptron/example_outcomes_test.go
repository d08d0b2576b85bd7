package perceptron_test

import (
	"fmt"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Every hyperplane Algorithm 2.1 can end at on Example 2.1, with the
// probability of each when the misclassified point is chosen at random.
func ExampleEnumeration_Outcomes() {
	x, y := dataset.Example21()
	outs, err := perceptron.Enumeration{}.Outcomes(x, y)
	if err != nil {
		panic(err)
	}
	for _, o := range outs {
		fmt.Printf("w=(%.4g, %.4g) b=%.4g  n=%v  k=%d  P=%.4g\n", o.W[0], o.W[1], o.B, o.Counts, o.Updates, o.Prob)
	}
	// Output:
	// w=(1, 0) b=-2  n=[0 1 3]  k=4  P=0.5
	// w=(1, 1) b=-3  n=[2 0 5]  k=7  P=0.25
	// w=(2, 1) b=-5  n=[2 1 8]  k=11  P=0.125
	// w=(3, 1) b=-5  n=[1 2 8]  k=11  P=0.125
}

// The operation counts of the book's run of Example 2.1 in both forms.
func ExamplePrimalCost() {
	x, y := dataset.Example21()
	res, err := perceptron.Primal{}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	e := perceptron.Examinations(3, nil, res.Mistakes)
	p := perceptron.PrimalCost(3, 2, e, res.Updates)
	d := perceptron.DualCost(3, 2, e, res.Updates)
	fmt.Printf("examined %d, updates %d\n", e, res.Updates)
	fmt.Printf("primal %+v total %d\n", p, p.Total())
	fmt.Printf("dual   %+v total %d\n", d, d.Total())
	// Output:
	// examined 18, updates 7
	// primal {Gram:0 Checks:36 Updates:14} total 50
	// dual   {Gram:12 Checks:18 Updates:35} total 65
}

// The states every run of Algorithm 2.1 can be in after 4 updates on
// Example 2.1: the α = (2, 0, 2) of some printings of Table 2.2 is not
// among them.
func ExampleEnumeration_States() {
	x, y := dataset.Example21()
	states, err := perceptron.Enumeration{}.States(x, y, 4)
	if err != nil {
		panic(err)
	}
	for _, s := range states {
		fmt.Printf("α=%v w=%s b=%.4g misclassified: %s\n", s.Counts, perceptron.Vec(s.W), s.B, perceptron.Points(s.Misclassified))
	}
	// Output:
	// α=[1 0 3] w=(0, 0) b=-2 misclassified: x1, x2
	// α=[0 1 3] w=(1, 0) b=-2 misclassified: none
}

// Table 2.2 of Li Hang from a recorded run of the dual form.
func ExampleDualTable() {
	x, y := dataset.Example21()
	res, err := perceptron.Dual{Record: true}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	header, rows := perceptron.DualTable(res.Trace)
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
	// [b 0 1 0 -1 -2 -1 -2 -3]
}
