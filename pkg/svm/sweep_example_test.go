package svm_test

import (
	"fmt"
	"log"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// The book's data under a soft margin: for small C both support vectors
// sit at the bound αᵢ = C, and b* is only known to lie in an interval;
// from C = 1/4 on, the hard-margin answer α* = (1/4, 0, 1/4) is reached.
func ExampleSMO_Sweep() {
	x, y := dataset.Example21().XY()
	res, err := svm.SMO{}.Sweep(x, y, []float64{0.1, 0.2, 1, 10})
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range res {
		fmt.Printf("α = %.4g, w = %.4g, b in [%.4g, %.4g], α at C: %d\n", r.Alpha, r.W, r.BLow, r.BHigh, len(r.BoundedIndices))
	}
	// Output:
	// α = [0.1 0 0.1], w = [0.2 0.2], b in [-0.4, -0.2], α at C: 2
	// α = [0.2 0 0.2], w = [0.4 0.4], b in [-1.8, -1.4], α at C: 2
	// α = [0.25 0 0.25], w = [0.5 0.5], b in [-2, -2], α at C: 0
	// α = [0.25 0 0.25], w = [0.5 0.5], b in [-2, -2], α at C: 0
}
