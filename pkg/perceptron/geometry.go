package perceptron

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Distance returns the distance |w·x + b| / ‖w‖ of the point x to the
// hyperplane w·x + b = 0 (Li Hang §2.2). It returns NaN when w = 0, which
// defines no hyperplane, and panics if len(x) != len(w).
func Distance(w []float64, b float64, x []float64) float64 {
	return math.Abs(floats.Dot(w, x)+b) / norm(w)
}

// norm returns ‖w‖, or NaN for w = 0 so that ratios by it are NaN.
func norm(w []float64) float64 {
	nw := floats.Norm(w, 2)
	if nw == 0 {
		return math.NaN()
	}
	return nw
}

// FunctionalMargin returns y·(w·x + b), positive when (w, b) classifies the
// point (x, y) correctly. It panics if len(x) != len(w).
func FunctionalMargin(w []float64, b float64, x []float64, y float64) float64 {
	return y * (floats.Dot(w, x) + b)
}

// GeometricMargin returns y·(w·x + b) / ‖w‖, the signed distance of the
// point to the hyperplane (Li Hang §7.1.2). It returns NaN when w = 0 and
// panics if len(x) != len(w).
func GeometricMargin(w []float64, b float64, x []float64, y float64) float64 {
	return FunctionalMargin(w, b, x, y) / norm(w)
}

// Margins returns the functional and geometric margins of the hyperplane
// (w, b) with respect to the data set: the minima over the points of
// yᵢ(w·xᵢ + b) and of yᵢ(w·xᵢ + b)/‖w‖. Both are positive exactly when
// (w, b) separates the data. The geometric margin is NaN for w = 0. It
// panics if the dimensions do not match.
func Margins(x mat.Matrix, y []float64, w []float64, b float64) (functional, geometric float64) {
	functional = math.Inf(1)
	for i, xi := range rows(x, y, w) {
		functional = math.Min(functional, FunctionalMargin(w, b, xi, y[i]))
	}
	return functional, functional / norm(w)
}

// Misclassified returns the 0-based indices of the points with
// yᵢ(w·xᵢ + b) ≤ 0, the set M of Li Hang §2.2. With w = 0 and b = 0 every
// point is in M. It panics if the dimensions do not match.
func Misclassified(x mat.Matrix, y []float64, w []float64, b float64) []int {
	var m []int
	for i, xi := range rows(x, y, w) {
		if y[i]*(floats.Dot(w, xi)+b) <= 0 {
			m = append(m, i)
		}
	}
	return m
}

// Loss returns the perceptron loss of Li Hang §2.2,
//
//	L(w, b) = −Σ_{i∈M} yᵢ(w·xᵢ + b),
//
// over the misclassified set M. L ≥ 0, and L = 0 does not mean that the data
// are separated: at w = 0, b = 0 every point is in M and L = 0. It panics if
// the dimensions do not match.
func Loss(x mat.Matrix, y []float64, w []float64, b float64) float64 {
	var l float64
	for i, xi := range rows(x, y, w) {
		if z := y[i] * (floats.Dot(w, xi) + b); z <= 0 {
			l -= z
		}
	}
	return l
}

// LossGrad returns the gradient of L(w, b):
//
//	∇_w L = −Σ_{i∈M} yᵢxᵢ,  ∇_b L = −Σ_{i∈M} yᵢ.
//
// One step of stochastic gradient descent with one point of M is the
// perceptron update. It panics if the dimensions do not match.
func LossGrad(x mat.Matrix, y []float64, w []float64, b float64) (gw []float64, gb float64) {
	gw = make([]float64, len(w))
	for i, xi := range rows(x, y, w) {
		if y[i]*(floats.Dot(w, xi)+b) <= 0 {
			floats.AddScaled(gw, -y[i], xi)
			gb -= y[i]
		}
	}
	return gw, gb
}

// rows returns the rows of x after checking its shape against y and w.
func rows(x mat.Matrix, y, w []float64) [][]float64 {
	n, d := x.Dims()
	if n != len(y) {
		panic(errDims)
	}
	if d != len(w) {
		panic(errLength)
	}
	return kernel.Rows(x)
}
