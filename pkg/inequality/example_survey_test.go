package inequality_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/marginnotes/marginnotes/pkg/inequality"
)

// The inequality on 10⁵ random pairs, both sides computed directly
// (notebook 05-cauchy-schwarz).
func ExampleRandomPairs() {
	for _, dim := range []int{1, 3, 10} {
		s := inequality.RandomPairs(rand.NewPCG(5, 5), 100000, dim)
		fmt.Printf("dim %d: min gap %.4g, min 1-|cos θ| %.4g, violations %d\n", s.Dim, s.MinGap, 1-s.MaxCos, s.Violations)
	}
	// Output:
	// dim 1: min gap 0, min 1-|cos θ| 0, violations 0
	// dim 3: min gap 1.567e-05, min 1-|cos θ| 1.208e-05, violations 0
	// dim 10: min gap 0.4205, min 1-|cos θ| 0.0468, violations 0
}
