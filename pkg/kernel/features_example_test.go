package kernel_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Example 7.3: three maps, into R³, R³ and R⁴, and one kernel (x·z)²; on
// x = (1, 2), z = (3, 4), x·z = 11 and every map gives 121, and on 1000
// random pairs they differ from (x·z)² by rounding only.
func ExampleExample73Maps() {
	x, z := []float64{1, 2}, []float64{3, 4}
	sq := kernel.Polynomial{Degree: 2, Gamma: 1}
	for i, phi := range kernel.Example73Maps() {
		fmt.Printf("φ%d(x) = %.4g, φ%d(x)·φ%d(z) = %.4g, below 1e-14 on random pairs: %t\n", i+1, phi(x), i+1, i+1,
			phi.Eval(x, z), kernel.MaxDifference(sq, phi, rand.NewPCG(1, 2), 1000, 2) < 1e-14)
	}
	// Output:
	// φ1(x) = [1 2.828 4], φ1(x)·φ1(z) = 121, below 1e-14 on random pairs: true
	// φ2(x) = [-2.121 2.828 3.536], φ2(x)·φ2(z) = 121, below 1e-14 on random pairs: true
	// φ3(x) = [1 2 2 4], φ3(x)·φ3(z) = 121, below 1e-14 on random pairs: true
}

// The kernel trick done the long way: the book's (x·z + 1)² (7.88) is the
// inner product of six coordinates, (x⁽¹⁾)², √2x⁽¹⁾x⁽²⁾, √2x⁽¹⁾, (x⁽²⁾)²,
// √2x⁽²⁾ and 1; for d = 100 and (x·z + 1)³ there are C(103, 3) = 176851.
func ExamplePolynomial_Features() {
	k := kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}
	x, z := []float64{1, 2}, []float64{3, 4}
	fmt.Printf("φ(x) = %.4g\n", k.Features(x))
	fmt.Printf("φ(x)·φ(z) = %.4g = K(x, z) = %.4g\n", floats.Dot(k.Features(x), k.Features(z)), k.Eval(x, z))
	fmt.Println(len(kernel.Polynomial{Degree: 3, Gamma: 1, Coef0: 1}.Features(make([]float64, 100))))
	// Output:
	// φ(x) = [1 2.828 1.414 4 2.828 1]
	// φ(x)·φ(z) = 144 = K(x, z) = 144
	// 176851
}

// Theorem 7.5 on random sets: the Gaussian kernel (7.90) passes, −‖x − z‖²
// and LIBSVM's sigmoid kernel tanh(x·z − 1) fail, the latter already on
// (2, 0), (−2, 0), whose Gram matrix has a negative eigenvalue although
// its diagonal is positive.
func ExampleCheckGrams() {
	for _, c := range []struct {
		name string
		k    kernel.Kernel
	}{{"Gaussian, σ = 1", kernel.Gaussian(1)}, {"−‖x − z‖²", negSquaredKernel{}}, {"tanh(x·z − 1)", sigmoidKernel{}}} {
		r := kernel.CheckGrams(c.k, rand.NewPCG(1, 1), 200)
		fmt.Printf("%s: positive semi-definite on %d sets: %t", c.name, r.Sets, r.Semidefinite())
		if !r.Semidefinite() {
			fmt.Printf(", worst λ_min/λ_max %.4g", r.Ratio())
		}
		fmt.Println()
	}
	x := mat.NewDense(2, 2, []float64{2, 0, -2, 0})
	fmt.Printf("tanh(x·z − 1) on (2, 0), (−2, 0): eigenvalues %.4g\n", kernel.GramEigenvalues(sigmoidKernel{}, x))
	// Output:
	// Gaussian, σ = 1: positive semi-definite on 200 sets: true
	// −‖x − z‖²: positive semi-definite on 200 sets: false, worst λ_min/λ_max -3.37
	// tanh(x·z − 1): positive semi-definite on 200 sets: false, worst λ_min/λ_max -3.201
	// tanh(x·z − 1) on (2, 0), (−2, 0): eigenvalues [-0.004854 1.995]
}

// negSquaredKernel is −‖x − z‖²: symmetric, not a kernel.
type negSquaredKernel struct{}

func (negSquaredKernel) Eval(x, z []float64) float64 {
	d := floats.Distance(x, z, 2)
	return -d * d
}

// sigmoidKernel is LIBSVM's sigmoid kernel tanh(γx·z + r), γ = 1, r = −1.
type sigmoidKernel struct{}

func (sigmoidKernel) Eval(x, z []float64) float64 { return math.Tanh(floats.Dot(x, z) - 1) }
