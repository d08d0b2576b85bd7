package perceptron

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Kernel is the kernel perceptron (Aizerman, Braverman & Rozonoer 1964):
// the dual form with the inner products xⱼ·xᵢ replaced by a kernel K(xⱼ, xᵢ),
// so that the decision function is
//
//	f(x) = Σⱼ αⱼyⱼ K(xⱼ, x) + b.
//
// With kernel.Linear it makes the updates of Dual.
type Kernel struct {
	// Kernel is the kernel K; nil means kernel.Linear{}.
	Kernel kernel.Kernel
	// Gram, if not nil, is the n×n matrix [K(xᵢ, xⱼ)] of the data passed to
	// Fit; nil means Fit computes it with kernel.Gram. Fit panics if its
	// size is not n×n.
	Gram *mat.SymDense
	// Eta, Order, Sequence, MaxEpochs, CS229, Src, Trace and Record mean
	// what they mean for Primal. The steps of the trace have W = nil.
	Eta       float64
	Order     Order
	Sequence  []int
	MaxEpochs int
	CS229     bool
	Src       rand.Source
	Trace     func(Step)
	Record    bool
}

// KernelResult is the outcome of a kernel perceptron run: the Result (with
// W = nil) and the model f(x) = Σⱼ Coef[j]·K(Support[j], x) + B over the
// points with αⱼ > 0.
type KernelResult struct {
	Result
	Kernel  kernel.Kernel
	Index   []int       // 0-based indices of the points with αⱼ > 0
	Support [][]float64 // copies of those points
	Coef    []float64   // αⱼ·yⱼ for those points
}

// Fit runs the kernel perceptron on x (n×d) and labels y. Invalid kernel
// parameters give ErrKernel; the other errors are those of Primal.Fit, and
// with ErrNotConverged the partial result is returned. It panics if Gram is
// set and is not n×n.
func (kp Kernel) Fit(x mat.Matrix, y []float64) (*KernelResult, error) {
	k := kp.Kernel
	if k == nil {
		k = kernel.Linear{}
	}
	if err := kernel.Validate(k); err != nil {
		return nil, wrap("kernel", fmt.Errorf("%w: %w", ErrKernel, err))
	}
	cfg, err := newConfig(kp.Eta, kp.Order, kp.Sequence, kp.MaxEpochs, kp.CS229, kp.Src, kp.Trace, kp.Record)
	if err != nil {
		return nil, wrap("kernel", err)
	}
	g, err := prepareGram("kernel", k, kp.Gram, &cfg, x, y)
	if err != nil {
		return nil, err
	}
	l := newDual(g, y, nil)
	res, runErr := drive(l, y, cfg, true)
	out := &KernelResult{Result: *res, Kernel: k}
	rows := kernel.Rows(x)
	for i, a := range res.Alpha {
		if a > 0 {
			out.Index = append(out.Index, i)
			out.Support = append(out.Support, slices.Clone(rows[i]))
			out.Coef = append(out.Coef, a*y[i])
		}
	}
	if runErr != nil {
		return out, wrap("kernel", runErr)
	}
	return out, nil
}

// Decision returns f(x) = Σⱼ αⱼyⱼ K(xⱼ, x) + b. It panics if len(x) differs
// from the number of features of the training data.
func (r *KernelResult) Decision(x []float64) float64 {
	f := r.B
	for j, sv := range r.Support {
		if len(sv) != len(x) {
			panic(errLength)
		}
		f += r.Coef[j] * r.Kernel.Eval(sv, x)
	}
	return f
}

// Predict returns sign(f(x)) in {−1, +1}, with sign(0) = +1.
func (r *KernelResult) Predict(x []float64) float64 {
	if r.Decision(x) >= 0 {
		return 1
	}
	return -1
}
