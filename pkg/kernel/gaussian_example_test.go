package kernel_test

import (
	"fmt"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The book's Gaussian kernel (7.90) with σ = 1 is LIBSVM's RBF with
// γ = 1/(2σ²) = 0.5.
func ExampleGaussian() {
	k := kernel.Gaussian(1)
	fmt.Println(k)
	fmt.Printf("K((3, 3), (1, 1)) = %.4g\n", k.Eval([]float64{3, 3}, []float64{1, 1}))
	// Output:
	// rbf(gamma=0.5)
	// K((3, 3), (1, 1)) = 0.01832
}
