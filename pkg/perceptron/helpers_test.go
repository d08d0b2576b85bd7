package perceptron

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Tolerances of the tests.
const (
	exact   = 0     // integer data: the arithmetic is exact
	tight   = 1e-12 // closed forms evaluated in floating point
	solverT = 1e-9  // iterative solvers stopped at a relative gap of 1e-12
)

// book returns the data of Li Hang, Examples 2.1 and 2.2: positive
// x1 = (3,3), x2 = (4,3) and negative x3 = (1,1).
func book() (*mat.Dense, []float64) {
	return mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1}), []float64{1, 1, -1}
}

// xorData returns the four corners of the square labelled by XOR, which no
// hyperplane separates.
func xorData() (*mat.Dense, []float64) {
	return mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0}), []float64{-1, -1, 1, 1}
}

// separable returns n points with integer coordinates in [−10, 10]^d,
// labelled by sign(u·x + c) for a random integer hyperplane (u, c), keeping
// only points with functional margin y(u·x + c) ≥ margin. All arithmetic of
// a perceptron run with η = 1 on them is exact.
func separable(n, d int, margin float64, seed uint64) (x *mat.Dense, y []float64, u []float64, c float64) {
	rng := rand.New(rand.NewPCG(seed, 11))
	u = make([]float64, d)
	for {
		nz := false
		for j := range u {
			u[j] = float64(rng.IntN(7) - 3)
			nz = nz || u[j] != 0
		}
		if nz {
			break
		}
	}
	c = float64(rng.IntN(11) - 5)
	data := make([]float64, 0, n*d)
	y = make([]float64, 0, n)
	xi := make([]float64, d)
	for len(y) < n {
		z := c
		for j := range xi {
			xi[j] = float64(rng.IntN(21) - 10)
			z += u[j] * xi[j]
		}
		if z >= margin || -z >= margin {
			data = append(data, xi...)
			if z > 0 {
				y = append(y, 1)
			} else {
				y = append(y, -1)
			}
		}
	}
	return mat.NewDense(n, d, data), y, u, c
}

// noisy returns separable data with a fraction flip of the labels flipped.
func noisy(n, d int, flip float64, seed uint64) (*mat.Dense, []float64) {
	x, y, _, _ := separable(n, d, 1, seed)
	rng := rand.New(rand.NewPCG(seed, 13))
	for i := range y {
		if rng.Float64() < flip {
			y[i] = -y[i]
		}
	}
	return x, y
}
