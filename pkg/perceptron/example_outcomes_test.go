package perceptron_test

import (
	"fmt"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// Every hyperplane Algorithm 2.1 can end at on Example 2.1, with the
// probability of each when the misclassified point is chosen at random.
func ExampleEnumeration_Outcomes() {
	x, y := dataset.Example21().XY()
	outs, err := perceptron.Enumeration{}.Outcomes(x, y)
	if err != nil {
		panic(err)
	}
	for _, o := range outs {
		fmt.Printf("%s = 0  n=%v  k=%d  P=%s\n", notation.Affine(o.W, o.B), o.Counts, o.Updates, notation.Number(o.Prob))
	}
	// Output:
	// x⁽¹⁾ − 2 = 0  n=[0 1 3]  k=4  P=1/2
	// x⁽¹⁾ + x⁽²⁾ − 3 = 0  n=[2 0 5]  k=7  P=1/4
	// 2x⁽¹⁾ + x⁽²⁾ − 5 = 0  n=[2 1 8]  k=11  P=1/8
	// 3x⁽¹⁾ + x⁽²⁾ − 5 = 0  n=[1 2 8]  k=11  P=1/8
}

// The states every run of Algorithm 2.1 can be in after 4 updates on
// Example 2.1: the α = (2, 0, 2) of some printings of Table 2.2 is not
// among them.
func ExampleEnumeration_States() {
	x, y := dataset.Example21().XY()
	states, err := perceptron.Enumeration{}.States(x, y, 4)
	if err != nil {
		panic(err)
	}
	for _, s := range states {
		fmt.Printf("α=%v w=%s b=%s misclassified: %s\n", s.Counts, notation.Vector(s.W), notation.Number(s.B),
			report.Points(s.Misclassified, lang.English))
	}
	// Output:
	// α=[1 0 3] w=(0, 0) b=−2 misclassified: x1, x2
	// α=[0 1 3] w=(1, 0) b=−2 misclassified: none
}
