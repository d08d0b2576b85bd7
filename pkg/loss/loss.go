package loss

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Func is a loss as a function of the functional margin z = y·f(x).
type Func func(z float64) float64

// ZeroOne is the 0-1 loss of Figure 7.6: 1 for z < 0, 0 for z > 0. At
// z = 0 it follows Definition 2.1 (sign(0) = +1) through the sign of the
// zero that Margins gives a point on the boundary: 0 for +0 (a positive
// point, which Predict gets right), 1 for −0 (a negative point, which
// Predict calls +1). A NaN margin is a loss of 1.
func ZeroOne(z float64) float64 {
	if z > 0 || z == 0 && !math.Signbit(z) {
		return 0
	}
	return 1
}

// Mistake is the 0-1 loss with the perceptron's rule of Algorithm 2.1, which
// counts a point with y(w·x + b) ≤ 0 as misclassified: 1 for z ≤ 0 (and for
// NaN), 0 for z > 0. Summed over a data set it is the size of the set M of
// misclassified points, on which the perceptron would update.
func Mistake(z float64) float64 {
	if z > 0 {
		return 0
	}
	return 1
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

// Margins returns the functional margins zᵢ = yᵢ·f(xᵢ) of the rows xᵢ of x
// under the classifier c, f being c.Decision: yᵢ(w·xᵢ + b) for a linear
// model such as classify.Linear{W: w, B: b}. A score f(xᵢ) = 0 counts as +0,
// the sign Definition 2.1 gives it, so that a point on the boundary has the
// margin +0 when yᵢ = +1 and −0 when yᵢ = −1 (see ZeroOne). It panics if
// len(y) is not the number of rows of x, or if the rows do not have c's
// dimension (classify.Decisions).
func Margins(c classify.Classifier, x mat.Matrix, y []float64) []float64 {
	n, _ := x.Dims()
	if len(y) != n {
		panic(errLabels)
	}
	z := classify.Decisions(nil, c, x)
	for i, f := range z {
		z[i] = y[i] * (f + 0) // f + 0 turns −0 into +0
	}
	return z
}

// Sum returns Σᵢ f(zᵢ) over the margins zᵢ = yᵢ·c.Decision(xᵢ) of the rows
// of x (Margins). With Perceptron and c = classify.Linear{W: w, B: b} it is
// the loss L(w, b) of Li Hang §2.2; with Mistake the number of points with
// yᵢ(w·xᵢ + b) ≤ 0, the misclassified set M of the perceptron; with
// ZeroOne the number of points whose label c.Predict gets wrong; with Hinge
// the first term of the SVM's primal objective (Theorem 7.4). It panics as
// Margins does.
func Sum(f Func, c classify.Classifier, x mat.Matrix, y []float64) float64 {
	var s float64
	for _, z := range Margins(c, x, y) {
		s += f(z)
	}
	return s
}

// EmpiricalRisk returns the mean loss (1/N) Σᵢ f(zᵢ) over the N rows of x,
// the empirical risk R_emp of Li Hang §1.3. With ZeroOne it is the error
// rate of c.Predict, 1 − classify.Accuracy(c, x, y). It panics if x has no
// rows, or as Margins does.
func EmpiricalRisk(f Func, c classify.Classifier, x mat.Matrix, y []float64) float64 {
	n, _ := x.Dims()
	if n == 0 {
		panic(errEmpty)
	}
	return Sum(f, c, x, y) / float64(n)
}
