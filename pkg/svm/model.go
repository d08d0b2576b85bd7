package svm

import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Model is a trained support vector machine, the decision function of
// Li Hang, Algorithm 7.4 (7.3 and 7.2 for the linear kernel):
//
//	f(x) = Σᵢ αᵢyᵢ K(xᵢ, x) + b,   sum over the support vectors,
//
// and the classifier sign f(x). It keeps only the support vectors.
type Model struct {
	// SV are copies of the support vectors xᵢ (αᵢ > 0), in the order of
	// Result.Support.
	SV [][]float64
	// Coef are the products αᵢyᵢ, one per support vector.
	Coef []float64
	// B is the bias b.
	B float64
	// Kernel is the kernel K.
	Kernel kernel.Kernel
	// W = Σ αᵢyᵢxᵢ for the linear kernel, nil otherwise; Decision then
	// computes w·x + b.
	W []float64
}

// NewModel returns the model of the solution res of the dual problem on the
// data x (n×d) and labels y with kernel k (nil means kernel.Linear{}, as in
// the solvers). It panics if res.Alpha or y does not have n elements.
func NewModel(res *Result, x mat.Matrix, y []float64, k kernel.Kernel) *Model {
	n, d := x.Dims()
	if len(res.Alpha) != n || len(y) != n {
		panic(errModelLength)
	}
	if k == nil {
		k = kernel.Linear{}
	}
	m := &Model{B: res.B, Kernel: k}
	rows := kernel.Rows(x)
	for _, i := range res.Support {
		m.SV = append(m.SV, append([]float64(nil), rows[i]...))
		m.Coef = append(m.Coef, res.Alpha[i]*y[i])
	}
	if _, ok := k.(kernel.Linear); ok {
		m.W = make([]float64, d)
		for i, sv := range m.SV {
			floats.AddScaled(m.W, m.Coef[i], sv)
		}
	}
	return m
}

// Decision returns f(x) = Σᵢ αᵢyᵢ K(xᵢ, x) + b. It panics if x does not have
// the dimension of the training data.
func (m *Model) Decision(x []float64) float64 {
	if m.W != nil {
		if len(x) != len(m.W) {
			panic(errModelDim)
		}
		return floats.Dot(m.W, x) + m.B
	}
	if len(m.SV) > 0 && len(x) != len(m.SV[0]) {
		panic(errModelDim)
	}
	f := m.B
	for i, sv := range m.SV {
		f += m.Coef[i] * m.Kernel.Eval(sv, x)
	}
	return f
}

// Predict returns the class sign f(x): +1 when f(x) ≥ 0 and −1 otherwise,
// the sign function of Li Hang, (2.2). It panics as Decision.
func (m *Model) Predict(x []float64) float64 {
	if m.Decision(x) >= 0 {
		return 1
	}
	return -1
}

// Accuracy returns the fraction of the rows of x that Predict assigns to
// their label in y. It panics if len(y) differs from the number of rows or
// the dimension from the training data's.
func (m *Model) Accuracy(x mat.Matrix, y []float64) float64 {
	rows := kernel.Rows(x)
	if len(rows) != len(y) {
		panic(errModelLength)
	}
	var right int
	for i, r := range rows {
		if m.Predict(r) == y[i] {
			right++
		}
	}
	return float64(right) / float64(len(y))
}

// Panic messages of Model.
const (
	errModelLength = "svm: model: lengths of α, y and the data differ"
	errModelDim    = "svm: model: point of the wrong dimension"
)
