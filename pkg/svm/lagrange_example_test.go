package svm_test

import (
	"fmt"
	"log"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Appendix C on Example 7.2: the Lagrangian at the optimum, the dual
// function θ_D(α) = min_{w,b} L(w, b, α) at α* and at two other feasible
// α (weak duality: never above p* = 1/4), −∞ off Σαᵢyᵢ = 0, and the
// active constraints of the primal optimum, the support vectors.
func ExamplePrimalProblem_Lagrangian() {
	x, y := dataset.Example21().XY()
	p := svm.PrimalProblem{X: x, Y: y}
	d, err := svm.NewDualProblem(x, y, nil, 0)
	if err != nil {
		log.Fatal(err)
	}
	w, b := []float64{0.5, 0.5}, -2.0
	alpha := []float64{0.25, 0, 0.25}
	fmt.Printf("p* = ½‖w*‖² = %.4g, L(w*, b*, α*) = %.4g\n", p.Objective(w, b), p.Lagrangian(w, b, alpha))
	for _, a := range [][]float64{alpha, {0, 2.0 / 13, 2.0 / 13}, {0.1, 0.1, 0.2}, {0.25, 0, 0.2}} {
		fmt.Printf("θ_D(%.4g) = %.4g\n", a, d.DualFunction(a))
	}
	fmt.Println("active:", p.ActiveIndices(w, b))
	// Output:
	// p* = ½‖w*‖² = 0.25, L(w*, b*, α*) = 0.25
	// θ_D([0.25 0 0.25]) = 0.25
	// θ_D([0 0.1538 0.1538]) = 0.1538
	// θ_D([0.1 0.1 0.2]) = 0.195
	// θ_D([0.25 0 0.2]) = -Inf
	// active: [0 2]
}
