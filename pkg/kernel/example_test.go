package kernel_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The Gram matrix of Example 2.2: the inner products of x1=(3,3), x2=(4,3)
// and x3=(1,1).
func ExampleGram() {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	g := kernel.Gram(kernel.Linear{}, x)
	fmt.Printf("%.4g\n", mat.Formatted(g))
	// Output:
	// ⎡18  21   6⎤
	// ⎢21  25   7⎥
	// ⎣ 6   7   2⎦
}

func ExampleRBF() {
	k := kernel.RBF{Gamma: 0.5}
	fmt.Printf("%.4g\n", k.Eval([]float64{0, 0}, []float64{1, 1}))
	// Output: 0.3679
}
