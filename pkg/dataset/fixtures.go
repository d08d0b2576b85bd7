package dataset

import "gonum.org/v1/gonum/mat"

// Example21 returns the training data of Li Hang, Statistical Learning
// Methods, Example 2.1, used again in Examples 2.2, 7.1 and 7.2: the
// positive points x1 = (3, 3) and x2 = (4, 3) and the negative point
// x3 = (1, 1), as a 3×2 matrix (rows 0, 1, 2 are the book's x1, x2, x3) and
// labels (+1, +1, −1). Each call returns new values.
func Example21() (*mat.Dense, []float64) {
	x := mat.NewDense(3, 2, []float64{
		3, 3,
		4, 3,
		1, 1,
	})
	return x, []float64{1, 1, -1}
}
