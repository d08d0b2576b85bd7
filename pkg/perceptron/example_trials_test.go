package perceptron_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Theorem 2.1 holds for any separating hyperplane: the book's answer of
// Example 2.1 and the other answer of its alternative order give weaker
// bounds than the best hyperplane's 117 (notebook 04-novikoff).
func ExampleHyperplaneBound() {
	x, y := dataset.Example21()
	for _, h := range []struct {
		w []float64
		b float64
	}{{[]float64{1, 1}, -3}, {[]float64{2, 1}, -5}} {
		bd, err := perceptron.HyperplaneBound(x, y, h.w, h.b)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s = 0: γ = %.4g, (R/γ)² = %.4g\n", perceptron.Affine(h.w, h.b), bd.Gamma, bd.Bound)
	}
	fmt.Printf("1/√11 = %.4g\n", 1/math.Sqrt(11))
	// Output:
	// x⁽¹⁾+x⁽²⁾-3 = 0: γ = 0.3015, (R/γ)² = 286
	// 2x⁽¹⁾+x⁽²⁾-5 = 0: γ = 0.3651, (R/γ)² = 195
	// 1/√11 = 0.3015
}

// The CS229 form has no bias: Example 2.1 is not separable through the
// origin, but on the augmented points x̂ = (x, 1) the CS229 bound is
// Novikoff's. Its mistake rule counts w·x = 0 as +1, so at θ = 0 the
// positive x1 is not a mistake, and the run starts with x3.
func ExampleCS229Bound() {
	x, y := dataset.Example21()
	_, err := perceptron.CS229Bound(x, y)
	fmt.Println("not separable through the origin:", errors.Is(err, perceptron.ErrNotSeparable))
	xh := perceptron.Augment(x)
	bd, err := perceptron.CS229Bound(xh, y)
	if err != nil {
		panic(err)
	}
	fmt.Printf("on x̂: D = %.4g, γ = %.4g, (D/γ)² = %.4g\n", bd.R, bd.Gamma, bd.Bound)
	for _, cs229 := range []bool{false, true} {
		res, err := perceptron.Primal{NoBias: true, CS229: cs229}.Fit(xh, y)
		if err != nil {
			panic(err)
		}
		fmt.Printf("CS229 rule %v: %d mistakes (%s), θ = %s\n", cs229, res.Updates, perceptron.Points(res.Mistakes), perceptron.Vec(res.W))
	}
	// Output:
	// not separable through the origin: true
	// on x̂: D = 5.099, γ = 0.4714, (D/γ)² = 117
	// CS229 rule false: 7 mistakes (x1, x3, x3, x3, x1, x3, x3), θ = (1, 1, -3)
	// CS229 rule true: 7 mistakes (x3, x1, x3, x3, x1, x3, x3), θ = (1, 1, -3)
}

// From ŵ₀ = 0 the learning rate only scales the run: the same points, the
// same number of mistakes, ŵ = η·(1, 1, −3).
func ExamplePrimal_eta() {
	x, y := dataset.Example21()
	for _, eta := range []float64{0.1, 1, 10} {
		res, err := perceptron.Primal{Eta: eta}.Fit(x, y)
		if err != nil {
			panic(err)
		}
		fmt.Printf("η = %g: k = %d, w = %s, b = %.4g\n", eta, res.Updates, perceptron.Vec(res.W), res.B)
	}
	// Output:
	// η = 0.1: k = 7, w = (0.1, 0.1), b = -0.3
	// η = 1: k = 7, w = (1, 1), b = -3
	// η = 10: k = 7, w = (10, 10), b = -30
}

// The experiment of notebook 04-novikoff: mistakes against (R/γ)² on data of
// shrinking margin, the first of five data sets per margin.
func ExampleMistakeTrials() {
	gammas := []float64{0.4, 0.2, 0.1, 0.05, 0.025, 0.0125}
	trials, err := perceptron.MistakeTrials(rand.NewPCG(4, 4), 200, 5, 2, gammas, 5)
	if err != nil {
		panic(err)
	}
	worst := 0.0
	for _, t := range trials {
		worst = math.Max(worst, float64(t.Mistakes)/t.Best.Bound)
		if t.Set == 0 {
			fmt.Printf("γ = %-6g best γ = %.4g, (R/γ)² = %.4g, k = %d\n", t.Gamma, t.Best.Gamma, t.Best.Bound, t.Mistakes)
		}
	}
	fmt.Printf("largest k/(R/γ)² = %.4g\n", worst)
	// Output:
	// γ = 0.4    best γ = 0.4163, (R/γ)² = 23.06, k = 6
	// γ = 0.2    best γ = 0.2133, (R/γ)² = 87.9, k = 15
	// γ = 0.1    best γ = 0.1134, (R/γ)² = 311.2, k = 24
	// γ = 0.05   best γ = 0.09827, (R/γ)² = 414.2, k = 45
	// γ = 0.025  best γ = 0.05741, (R/γ)² = 1214, k = 100
	// γ = 0.0125 best γ = 0.03174, (R/γ)² = 3969, k = 69
	// largest k/(R/γ)² = 0.3429
}
