package perceptron

import (
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// KernelDual is the kernel perceptron (Aizerman, Braverman & Rozonoer
// 1964): the dual form with the inner products xⱼ·xᵢ replaced by a kernel
// K(xⱼ, xᵢ), so that the model is
//
//	f(x) = sign(Σⱼ αⱼyⱼ K(xⱼ, x) + b).
//
// With kernel.Linear it makes the updates of Dual. The Gram matrix is kept
// in full or in part as Dual's is.
type KernelDual struct {
	Settings
	// Kernel is the kernel; nil means kernel.Linear{}.
	Kernel kernel.Kernel
	// Gram, if not nil, is the n×n matrix [K(xᵢ, xⱼ)] of the data passed to
	// Fit; nil means Fit computes what it needs. Fit panics if its size is
	// not n×n.
	Gram *mat.SymDense
	// GramBudget is the memory, in bytes, for the Gram matrix or its cached
	// rows (at least two rows are kept); 0 means DefaultGramBudget.
	GramBudget int
}

// KernelDualResult is the outcome of KernelDual: the model
// f(x) = Σⱼ Coef[j]·K(Support[j], x) + B over the points with αⱼ > 0
// (kernel.Expansion, Coef[j] = αⱼyⱼ, copies of the points) and the run that
// found it. The steps of its trace have W = nil. It classifies on its own:
// Decision(x) = Σⱼ Coef[j]·K(Support[j], x) + B and Predict(x) =
// classify.Sign(Decision(x)) are the methods of the embedded
// kernel.Expansion.
type KernelDualResult struct {
	kernel.Expansion
	Run
	// SupportIndices holds the 0-based indices of the points of Support.
	SupportIndices []int
}

// KernelResult is KernelDualResult.
//
// Deprecated: use KernelDualResult, named after its solver (as
// VotedResult is Voted's).
type KernelResult = KernelDualResult

var (
	_ classify.Classifier  = (*KernelDualResult)(nil)
	_ classify.Dimensioned = (*KernelDualResult)(nil)
)

// Fit runs the kernel perceptron on x (n×d) and labels y. Invalid kernel
// parameters give a *classify.SettingError that also wraps the error of
// kernel.Validate; the other errors are those of Primal.Fit. The error
// ErrNotFinite also covers a kernel value that is not finite at a support
// point. It panics if Gram is set and is not n×n.
func (kd KernelDual) Fit(x mat.Matrix, y []float64) (*KernelDualResult, error) {
	const name = "perceptron.KernelDual"
	cfg, err := kd.config(name)
	if err != nil {
		return nil, err
	}
	k, err := kernel.Setting(cfg.solver, kd.Kernel)
	if err != nil {
		return nil, err
	}
	g, err := prepareDual(name, &cfg, kd.GramBudget, k, kd.Gram, x, y)
	if err != nil {
		return nil, err
	}
	l := newDual(g, y, nil)
	run, err := drive(l, y, cfg, true)
	_, d := x.Dims()
	out := &KernelDualResult{Expansion: kernel.Expansion{Kernel: k, B: l.b, D: d}, Run: *run}
	rows := kernel.Rows(x)
	for i, a := range l.alpha {
		if a > 0 {
			out.SupportIndices = append(out.SupportIndices, i)
			out.Support = append(out.Support, slices.Clone(rows[i]))
			out.Coef = append(out.Coef, a*y[i])
		}
	}
	return out, wrap(name, err)
}
