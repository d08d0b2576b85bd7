package kernel

import (
	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Expansion is a decision function expanded over training points,
//
//	f(x) = Σⱼ Coef[j]·K(Support[j], x) + B,
//
// the model of the kernel perceptron (Coef[j] = αⱼyⱼ) and of the kernel SVM
// (Li Hang, §7.3, Algorithm 7.4). It holds copies of the points, so it classifies without
// the training data.
type Expansion struct {
	// Kernel is K; nil means Linear{}.
	Kernel Kernel
	// Support are the points xⱼ with a non-zero coefficient, all of the
	// same dimension.
	Support [][]float64
	// Coef are the coefficients αⱼyⱼ, one per point of Support.
	Coef []float64
	// B is the bias b.
	B float64
	// D is the dimension of the points; it matters when Support is empty.
	D int
}

// Decision returns f(x) = Σⱼ Coef[j]·K(Support[j], x) + B. It panics if
// len(x) ≠ D.
func (e *Expansion) Decision(x []float64) float64 {
	if len(x) != e.D {
		panic(errLength)
	}
	k := e.Kernel
	if k == nil {
		k = Linear{}
	}
	f := e.B
	for j, sv := range e.Support {
		f += e.Coef[j] * k.Eval(sv, x)
	}
	return f
}

// Predict returns classify.Sign(f(x)): +1 when f(x) ≥ 0 (Definition 2.1).
// It panics as Decision does.
func (e *Expansion) Predict(x []float64) float64 { return classify.Sign(e.Decision(x)) }

// Dim returns the dimension D.
func (e *Expansion) Dim() int { return e.D }

var (
	_ classify.Classifier  = (*Expansion)(nil)
	_ classify.Dimensioned = (*Expansion)(nil)
)
