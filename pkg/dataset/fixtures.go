package dataset

import "gonum.org/v1/gonum/mat"

// Example21 returns the training data of Li Hang, Statistical Learning
// Methods, Example 2.1, used again in Examples 2.2, 7.1 and 7.2: the
// positive points x1 = (3, 3) and x2 = (4, 3) and the negative point
// x3 = (1, 1), as a 3×2 matrix X (rows 0, 1, 2 are the book's x1, x2, x3)
// with labels Y = (+1, +1, −1) and the feature names x(1), x(2). Each call
// returns a new Set; XY gives the pair that the solvers take:
//
//	x, y := dataset.Example21().XY()
func Example21() *Set {
	x := mat.NewDense(3, 2, []float64{
		3, 3,
		4, 3,
		1, 1,
	})
	return &Set{X: x, Y: []float64{1, 1, -1}, Names: []string{"x(1)", "x(2)"},
		Source: "Li Hang, Statistical Learning Methods, Example 2.1"}
}
