package svm_test

import (
	"fmt"
	"log"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Book exercise 7.3 on the data of Example 2.1 with C = 1: the dual (SMO
// on the kernel with 1/(2C) on its diagonal) and the primal (Newton on the
// squared hinge) give α = (2/9, 0, 2/9), w = (4/9, 4/9), b = −16/9 and the
// slacks ξ = α/(2C) = (1/9, 0, 1/9); the objectives are ±2/9.
func ExampleSquaredSlack() {
	x, y := dataset.Example21().XY()
	sq := svm.SquaredSlack{C: 1}
	du, err := sq.Fit(x, y)
	if err != nil {
		log.Fatal(err)
	}
	pr, err := sq.FitPrimal(x, y)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range []*svm.SquaredSlackResult{du, pr} {
		fmt.Printf("α = %.4g, w = %.4g, b = %.4g, ξ = %.4g, P = %.4g, D = %.4g\n",
			r.Alpha, r.W, r.B, r.Xi, r.PrimalObjective, r.DualObjective)
	}
	// Output:
	// α = [0.2222 0 0.2222], w = [0.4444 0.4444], b = -1.778, ξ = [0.1111 0 0.1111], P = 0.2222, D = -0.2222
	// α = [0.2222 0 0.2222], w = [0.4444 0.4444], b = -1.778, ξ = [0.1111 0 0.1111], P = 0.2222, D = -0.2222
}
