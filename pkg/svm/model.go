package svm

import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Model is a fitted support vector machine: the decision function
//
//	f(x) = Σᵢ αᵢyᵢ K(xᵢ, x) + b,   summed over the support vectors,
//
// of Li Hang (7.94) (w·x + b, (7.56), for the linear kernel) and the
// classifier Predict(x) = sign f(x), with sign(0) = +1 (Definition 2.1). It
// holds copies of the support vectors and its kernel, so it classifies
// without the training data.
type Model struct {
	// Expansion holds the kernel, copies of the support vectors (in the
	// order of Result.SupportIndices), their coefficients αᵢyᵢ, the bias b and the
	// dimension d of the points.
	kernel.Expansion
	// W = Σ αᵢyᵢxᵢ for the linear kernel, nil otherwise. When it is set,
	// Decision computes w·x + b (classify.Linear), the same value in d
	// operations instead of d·|SV|.
	W []float64
}

// Decision returns f(x). It panics if len(x) is not the dimension d.
func (m *Model) Decision(x []float64) float64 {
	if m.W != nil {
		return classify.Linear{W: m.W, B: m.B}.Decision(x)
	}
	return m.Expansion.Decision(x)
}

// Predict returns classify.Sign(f(x)): +1 when f(x) ≥ 0, −1 otherwise. It
// panics as Decision does.
func (m *Model) Predict(x []float64) float64 { return classify.Sign(m.Decision(x)) }

var (
	_ classify.Classifier  = (*Model)(nil)
	_ classify.Dimensioned = (*Model)(nil)
	_ classify.Classifier  = (*Result)(nil)
	_ classify.Dimensioned = (*Result)(nil)
	_ classify.Classifier  = (*InteriorPointResult)(nil)
	_ classify.Dimensioned = (*InteriorPointResult)(nil)
)

// newModel returns the model of the multipliers alpha on the data x with
// labels y, kernel k and bias b: copies of the rows listed in support (in
// one block of memory) and their coefficients αᵢyᵢ, and W for the linear
// kernel.
func newModel(x mat.Matrix, y, alpha []float64, support []int, k kernel.Kernel, b float64) Model {
	_, d := x.Dims()
	m := Model{Expansion: kernel.Expansion{Kernel: k, B: b, D: d,
		Support: make([][]float64, len(support)), Coef: make([]float64, len(support))}}
	block := make([]float64, len(support)*d)
	for j, i := range support {
		m.Support[j] = mat.Row(block[j*d:(j+1)*d:(j+1)*d], i, x)
		m.Coef[j] = alpha[i] * y[i]
	}
	if _, ok := k.(kernel.Linear); ok {
		m.W = linearWeights(d, m.Support, m.Coef)
	}
	return m
}

// linearWeights returns w = Σⱼ coef[j]·points[j] in d dimensions.
func linearWeights(d int, points [][]float64, coef []float64) []float64 {
	w := make([]float64, d)
	for j, p := range points {
		floats.AddScaled(w, coef[j], p)
	}
	return w
}
