package kernel_test

import (
	"fmt"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Exercise 7.4: (x·z)² = φ(x)·φ(z) with φ(x) = (x₁², √2x₁x₂, x₂²), and
// a Gram matrix of (x·z)², here of the positive points (1, 2), (2, 3),
// (3, 3) of exercise 7.2, has no negative eigenvalue.
func ExamplePolynomialFeatures() {
	x, z := []float64{3, 3}, []float64{1, 1}
	fx, fz := kernel.PolynomialFeatures(x, 2), kernel.PolynomialFeatures(z, 2)
	fmt.Printf("φ(x1) = %.4g, φ(x3) = %.4g\n", fx, fz)
	fmt.Printf("φ(x1)·φ(x3) = %.4g = (x1·x3)² = %.4g\n", floats.Dot(fx, fz), kernel.Polynomial{Degree: 2, Gamma: 1}.Eval(x, z))
	xs := mat.NewDense(3, 2, []float64{1, 2, 2, 3, 3, 3})
	fmt.Printf("eigenvalues of the Gram matrix of (x·z)²: %.4g\n", kernel.GramEigenvalues(kernel.Polynomial{Degree: 2, Gamma: 1}, xs))
	// Output:
	// φ(x1) = [9 12.73 9], φ(x3) = [1 1.414 1]
	// φ(x1)·φ(x3) = 36 = (x1·x3)² = 36
	// eigenvalues of the Gram matrix of (x·z)²: [0.02801 11.42 506.6]
}
