package perceptron_test

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Example 2.1 of Li Hang: Table 2.1, printed with 1-based point numbers.
func ExamplePrimal() {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	res, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	for _, s := range res.Trace {
		point := "-"
		if s.Point >= 0 {
			point = fmt.Sprintf("x%d", s.Point+1)
		}
		fmt.Printf("k=%d %-2s w=(%.4g, %.4g) b=%.4g  L=%.4g\n", s.K, point, s.W[0], s.W[1], s.B,
			perceptron.Loss(x, y, s.W, s.B))
	}
	fmt.Printf("f(x) = sign(%.4g x1 + %.4g x2 %+.4g), %d updates\n", res.W[0], res.W[1], res.B, res.Updates)
	// Output:
	// k=0 -  w=(0, 0) b=0  L=0
	// k=1 x1 w=(3, 3) b=1  L=7
	// k=2 x3 w=(2, 2) b=0  L=4
	// k=3 x3 w=(1, 1) b=-1  L=1
	// k=4 x3 w=(0, 0) b=-2  L=4
	// k=5 x1 w=(3, 3) b=-1  L=5
	// k=6 x3 w=(2, 2) b=-2  L=2
	// k=7 x3 w=(1, 1) b=-3  L=0
	// f(x) = sign(1 x1 + 1 x2 -3), 7 updates
}

// The book's other run of Example 2.1: the misclassified points chosen in
// the order x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3.
func ExamplePrimal_choices() {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	p := perceptron.Primal{Settings: perceptron.Settings{Order: perceptron.Choices, Sequence: []int{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2}}}
	res, err := p.Fit(x, y)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%.4g x1 + %.4g x2 %+.4g = 0\n", res.W[0], res.W[1], res.B)
	// Output:
	// 2 x1 + 1 x2 -5 = 0
}

// Example 2.2 of Li Hang: the Gram matrix and Table 2.2.
func ExampleDual() {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	g := kernel.Gram(kernel.Linear{}, x)
	fmt.Printf("G =\n%.4g\n", mat.Formatted(g))
	res, err := perceptron.Dual{Settings: perceptron.Settings{Record: true}, Gram: g}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	for k, s := range res.Trace {
		alpha, _ := res.AlphaAt(k) // recorded: Record is set
		fmt.Printf("k=%d α=%v b=%.4g\n", s.K, alpha, s.B)
	}
	fmt.Printf("w = (%.4g, %.4g), b = %.4g\n", res.W[0], res.W[1], res.B)
	// Output:
	// G =
	// ⎡18  21   6⎤
	// ⎢21  25   7⎥
	// ⎣ 6   7   2⎦
	// k=0 α=[0 0 0] b=0
	// k=1 α=[1 0 0] b=1
	// k=2 α=[1 0 1] b=0
	// k=3 α=[1 0 2] b=-1
	// k=4 α=[1 0 3] b=-2
	// k=5 α=[2 0 3] b=-1
	// k=6 α=[2 0 4] b=-2
	// k=7 α=[2 0 5] b=-3
	// w = (1, 1), b = -3
}

// Theorem 2.1 on Example 2.1: R, the best γ, the bound and the actual k.
func ExampleNovikoffBound() {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	bd, err := perceptron.NovikoffBound(x, y)
	if err != nil {
		panic(err)
	}
	res, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	steps, err := perceptron.CheckProof(res.Trace, bd, 1)
	if err != nil {
		panic(err)
	}
	fmt.Printf("R = %.4g, γ = %.4g, ŵ_opt = (%.4g, %.4g, %.4g)\n", bd.R, bd.Gamma, bd.W[0], bd.W[1], bd.B)
	fmt.Printf("(R/γ)² = %.4g ≥ k = %d\n", bd.Bound, res.Updates)
	last := steps[len(steps)-1]
	fmt.Printf("k=%d: ŵ·ŵ_opt = %.4g ≥ kηγ = %.4g, ‖ŵ‖² = %.4g ≤ kη²R² = %.4g\n",
		last.K, last.Dot, last.DotMin, last.NormSq, last.NormSqMax)
	// Output:
	// R = 5.099, γ = 0.4714, ŵ_opt = (0.2357, 0.2357, -0.9428)
	// (R/γ)² = 117 ≥ k = 7
	// k=7: ŵ·ŵ_opt = 3.3 ≥ kηγ = 3.3, ‖ŵ‖² = 11 ≤ kη²R² = 182
}

// Distance, margins and the loss of §2.2 for the answer of Example 2.1.
func ExampleMargins() {
	x := mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	y := []float64{1, 1, -1}
	w, b := []float64{1, 1}, -3.0
	f, g := perceptron.Margins(x, y, w, b)
	fmt.Printf("distance of x3: %.4g\n", perceptron.Distance(w, b, []float64{1, 1}))
	fmt.Printf("functional margin %.4g, geometric margin %.4g\n", f, g)
	fmt.Printf("Novikoff γ of this hyperplane: %.4g\n", perceptron.Gamma(x, y, w, b))
	// Output:
	// distance of x3: 0.7071
	// functional margin 1, geometric margin 0.7071
	// Novikoff γ of this hyperplane: 0.3015
}

// The kernel perceptron separates XOR, which no hyperplane does.
func ExampleKernelDual() {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0})
	y := []float64{-1, -1, 1, 1}
	res, err := perceptron.KernelDual{Kernel: kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	for _, p := range [][]float64{{0, 0}, {1, 1}, {0, 1}, {1, 0}} {
		fmt.Printf("f(%v) = %+.4g\n", p, res.Decision(p))
	}
	fmt.Printf("α = %.4g, %d updates\n", res.Alpha, res.Updates)
	// Output:
	// f([0 0]) = -2
	// f([1 1]) = -4
	// f([0 1]) = +1
	// f([1 0]) = +1
	// α = [7 4 5 5], 21 updates
}
