package classify

import (
	"math"

	"gonum.org/v1/gonum/mat"
)

// Classifier is a fitted binary classifier.
type Classifier interface {
	// Decision returns the score f(x): w·x + b for a linear model,
	// Σᵢ αᵢyᵢK(xᵢ, x) + b for a kernel model. It panics if x does not have
	// the dimension of the training data.
	Decision(x []float64) float64
	// Predict returns the label of x in {−1, +1}: Sign(Decision(x)).
	Predict(x []float64) float64
}

// Dimensioned is implemented by classifiers that know the dimension of the
// points they classify. Decisions, Predictions and Accuracy use it to check
// the data before the first call.
type Dimensioned interface {
	Dim() int
}

// Sign is the sign function of Definition 2.1 (2.2): +1 for z ≥ 0 and −1
// for z < 0. A NaN score has no sign: Sign returns NaN, which equals no
// label, so a model whose arithmetic failed never counts as right.
func Sign(z float64) float64 {
	switch {
	case z >= 0:
		return 1
	case z < 0:
		return -1
	}
	return math.NaN()
}

// Decisions returns f(xᵢ) for every row xᵢ of the n×d matrix x, in dst if it
// has length n (a new slice when dst is nil). It panics if dst is neither
// nil nor of length n, or if the rows do not have the classifier's dimension.
func Decisions(dst []float64, c Classifier, x mat.Matrix) []float64 {
	return each(dst, c.Decision, c, x)
}

// Predictions returns the labels Predict(xᵢ) of the rows of x, in dst as
// Decisions does. It panics as Decisions does.
func Predictions(dst []float64, c Classifier, x mat.Matrix) []float64 {
	return each(dst, c.Predict, c, x)
}

// Accuracy returns the fraction of the rows xᵢ of x whose label yᵢ the
// classifier predicts: the mean of [Predict(xᵢ) = yᵢ]. It is 1 minus the
// training (or test) error rate under Definition 2.1. It panics if len(y)
// differs from the number of rows of x, if x has no rows, or as Decisions.
func Accuracy(c Classifier, x mat.Matrix, y []float64) float64 {
	n, _ := x.Dims()
	if len(y) != n {
		panic(errLabels)
	}
	if n == 0 {
		panic(errEmpty)
	}
	right := 0
	for i, p := range Predictions(nil, c, x) {
		if p == y[i] {
			right++
		}
	}
	return float64(right) / float64(n)
}

// each applies f to the rows of x.
func each(dst []float64, f func([]float64) float64, c Classifier, x mat.Matrix) []float64 {
	n, d := x.Dims()
	if dc, ok := c.(Dimensioned); ok && dc.Dim() != d {
		panic(errDim)
	}
	switch {
	case dst == nil:
		dst = make([]float64, n)
	case len(dst) != n:
		panic(errDst)
	}
	if rm, ok := x.(mat.RawMatrixer); ok {
		raw := rm.RawMatrix()
		for i := range n {
			dst[i] = f(raw.Data[i*raw.Stride : i*raw.Stride+d : i*raw.Stride+d])
		}
		return dst
	}
	row := make([]float64, d)
	for i := range n {
		mat.Row(row, i, x)
		dst[i] = f(row)
	}
	return dst
}

// Panic messages.
const (
	errLabels = "classify: number of labels differs from the number of rows"
	errEmpty  = "classify: no rows"
	errDim    = "classify: data dimension differs from the classifier's"
	errDst    = "classify: destination length differs from the number of rows"
)
