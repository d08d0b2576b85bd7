package loss

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Func is a loss as a function of the functional margin z = y(w·x + b).
type Func func(z float64) float64

// ZeroOne is the 0-1 loss of Figure 7.6: 1 for z < 0, 0 for z ≥ 0.
func ZeroOne(z float64) float64 {
	if z < 0 {
		return 1
	}
	return 0
}

// Mistake is the 0-1 loss with the perceptron's rule of Algorithm 2.1, which
// counts a point with y(w·x + b) ≤ 0 as misclassified: 1 for z ≤ 0, 0 for
// z > 0. Summed over a data set it is the number of points on which the
// perceptron would update.
func Mistake(z float64) float64 {
	if z <= 0 {
		return 1
	}
	return 0
}

// Perceptron is the perceptron loss [−z]₊ = max(−z, 0) (dashed in Figure 7.6).
func Perceptron(z float64) float64 { return max(-z, 0) }

// Hinge is the hinge loss [1 − z]₊ = max(1 − z, 0) (solid in Figure 7.6).
func Hinge(z float64) float64 { return max(1-z, 0) }

// Logistic is the logistic loss in base 2, log₂(1 + e^{−z}), which passes
// through (0, 1). It is computed without overflow for large |z|.
func Logistic(z float64) float64 {
	if z >= 0 {
		return math.Log1p(math.Exp(-z)) / math.Ln2
	}
	return (-z + math.Log1p(math.Exp(z))) / math.Ln2
}

// Margins returns the functional margins zᵢ = yᵢ(w·xᵢ + b) of the rows xᵢ of
// x. It panics if len(y) is not the number of rows of x or len(w) not the
// number of columns.
func Margins(x mat.Matrix, y, w []float64, b float64) []float64 {
	n, d := x.Dims()
	if len(y) != n {
		panic(errLabels)
	}
	if len(w) != d {
		panic(errWeights)
	}
	z := make([]float64, n)
	if dense, ok := x.(*mat.Dense); ok {
		for i := range z {
			z[i] = y[i] * (floats.Dot(w, dense.RawRowView(i)) + b)
		}
		return z
	}
	row := make([]float64, d)
	for i := range z {
		mat.Row(row, i, x)
		z[i] = y[i] * (floats.Dot(w, row) + b)
	}
	return z
}

// Sum returns Σᵢ f(yᵢ(w·xᵢ + b)) over the rows xᵢ of x: with Perceptron,
// the loss L(w, b) of Li Hang §2.2; with Mistake, the number of
// misclassified points; with Hinge, the first term of the SVM's primal
// objective (Theorem 7.4). It panics as Margins does.
func Sum(f Func, x mat.Matrix, y, w []float64, b float64) float64 {
	var s float64
	for _, z := range Margins(x, y, w, b) {
		s += f(z)
	}
	return s
}

// EmpiricalRisk returns the mean loss (1/N) Σᵢ f(yᵢ(w·xᵢ + b)) over the N
// rows of x, the empirical risk R_emp of Li Hang §1.3; with ZeroOne or
// Mistake it is the training error rate. It panics as Margins does.
func EmpiricalRisk(f Func, x mat.Matrix, y, w []float64, b float64) float64 {
	n, _ := x.Dims()
	return Sum(f, x, y, w, b) / float64(n)
}
