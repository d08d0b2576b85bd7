package perceptron_test

import (
	"errors"
	"fmt"
	"math"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// Theorem 2.1 holds for any separating hyperplane: the book's answer of
// Example 2.1 and the other answer of its alternative order give weaker
// bounds than the best hyperplane's 117 (notebook 04-novikoff).
func ExampleHyperplaneBound() {
	x, y := dataset.Example21().XY()
	for _, h := range []struct {
		w []float64
		b float64
	}{{[]float64{1, 1}, -3}, {[]float64{2, 1}, -5}} {
		bd, err := perceptron.HyperplaneBound(x, y, h.w, h.b)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: γ = %.4g, (R/γ)² = %.4g\n", notation.Equation(h.w, h.b), bd.Gamma, bd.Bound)
	}
	fmt.Printf("1/√11 = %.4g\n", 1/math.Sqrt(11))
	// Output:
	// x⁽¹⁾ + x⁽²⁾ − 3 = 0: γ = 0.3015, (R/γ)² = 286
	// 2x⁽¹⁾ + x⁽²⁾ − 5 = 0: γ = 0.3651, (R/γ)² = 195
	// 1/√11 = 0.3015
}

// The CS229 form has no bias: Example 2.1 is not separable through the
// origin, but on the augmented points x̂ = (x, 1) the CS229 bound is
// Novikoff's. Its mistake rule counts w·x = 0 as +1, so at θ = 0 the
// positive x1 is not a mistake, and the run starts with x3.
func ExampleCS229Bound() {
	x, y := dataset.Example21().XY()
	_, err := perceptron.CS229Bound(x, y)
	fmt.Println("not separable through the origin:", errors.Is(err, perceptron.ErrNotSeparable))
	xh := perceptron.Augment(x)
	bd, err := perceptron.CS229Bound(xh, y)
	if err != nil {
		panic(err)
	}
	fmt.Printf("on x̂: D = %.4g, γ = %.4g, (D/γ)² = %.4g\n", bd.R, bd.Gamma, bd.Bound)
	for _, cs229 := range []bool{false, true} {
		res, err := perceptron.Primal{Settings: perceptron.Settings{CS229: cs229}, NoBias: true}.Fit(xh, y)
		if err != nil {
			panic(err)
		}
		fmt.Printf("CS229 rule %v: %d mistakes (%s), θ = %s\n", cs229, res.Updates, report.Points(res.Mistakes, lang.English), notation.Vector(res.W))
	}
	// Output:
	// not separable through the origin: true
	// on x̂: D = 5.099, γ = 0.4714, (D/γ)² = 117
	// CS229 rule false: 7 mistakes (x1, x3, x3, x3, x1, x3, x3), θ = (1, 1, −3)
	// CS229 rule true: 7 mistakes (x3, x1, x3, x3, x1, x3, x3), θ = (1, 1, −3)
}

// From ŵ₀ = 0 the learning rate only scales the run: the same points, the
// same number of mistakes, ŵ = η·(1, 1, −3).
func ExamplePrimal_eta() {
	x, y := dataset.Example21().XY()
	for _, eta := range []float64{0.1, 1, 10} {
		res, err := perceptron.Primal{Settings: perceptron.Settings{Eta: eta}}.Fit(x, y)
		if err != nil {
			panic(err)
		}
		fmt.Printf("η = %g: k = %d, w = %s, b = %s\n", eta, res.Updates, notation.Vector(res.W), notation.Number(res.B))
	}
	// Output:
	// η = 0.1: k = 7, w = (0.1, 0.1), b = −0.3
	// η = 1: k = 7, w = (1, 1), b = −3
	// η = 10: k = 7, w = (10, 10), b = −30
}
