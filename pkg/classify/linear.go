package classify

import "gonum.org/v1/gonum/floats"

// Linear is the linear model f(x) = sign(w·x + b) of Definition 2.1, the
// model of the perceptron and of the linear SVM. The models of the
// perceptron and svm packages embed it, so that their W and B classify on
// their own.
type Linear struct {
	// W is the weight vector w (its length is the dimension d).
	W []float64
	// B is the bias b.
	B float64
}

// Decision returns w·x + b. It panics if len(x) ≠ len(W).
func (l Linear) Decision(x []float64) float64 {
	if len(x) != len(l.W) {
		panic(errPoint)
	}
	return floats.Dot(l.W, x) + l.B
}

// Predict returns Sign(w·x + b). It panics as Decision does.
func (l Linear) Predict(x []float64) float64 { return Sign(l.Decision(x)) }

// Dim returns the dimension d = len(W).
func (l Linear) Dim() int { return len(l.W) }

const errPoint = "classify: point of the wrong dimension"

var (
	_ Classifier  = Linear{}
	_ Dimensioned = Linear{}
)
