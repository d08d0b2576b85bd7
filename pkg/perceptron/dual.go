package perceptron

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Dual is the perceptron in its dual form, Algorithm 2.2 of Li Hang: with
// w = Σⱼ αⱼyⱼxⱼ, while some point has yᵢ(Σⱼ αⱼyⱼ xⱼ·xᵢ + b) ≤ 0, pick one
// and set
//
//	αᵢ ← αᵢ + η,  b ← b + η·yᵢ.
//
// The data enter only through the Gram matrix G = [xᵢ·xⱼ]. Started from
// α = 0, b = 0 and visiting the points in the same order, it makes exactly
// the updates of Primal (book Tables 2.1 and 2.2). Fit keeps the full Gram
// matrix when its 8n² bytes fit GramBudget. Beyond that it forms no row of
// G at all: the score it needs, Σⱼ αⱼyⱼGⱼᵢ + b, is entry i of G(α∘y) + b,
// and G = XXᵀ makes it xᵢ·w + b with w = Xᵀ(α∘y) = Σⱼ αⱼyⱼxⱼ, which it
// keeps; a check and an update then cost O(d), as the primal's do, and the
// memory is the data's and O(n + d) — 2·10⁴ points or 10⁶ run at the
// primal's speed, making the same updates (exactly the full matrix's
// where the arithmetic is exact, as on integer data). KernelDual keeps
// the most recently used rows of its kernel's matrix within the budget
// instead.
type Dual struct {
	Settings
	// Gram, if not nil, is the n×n Gram matrix [xᵢ·xⱼ] of the data passed
	// to Fit, for example from kernel.Gram(kernel.Linear{}, x); nil means
	// Fit computes what it needs. Fit panics if its size is not n×n.
	Gram *mat.SymDense
	// GramBudget is the memory, in bytes, for the Gram matrix or its cached
	// rows (at least two rows are kept); 0 means DefaultGramBudget.
	GramBudget int
}

// Fit runs the dual perceptron on x (n×d) and labels y. The result holds α
// (Run.Alpha), b and w = Σᵢ αᵢyᵢxᵢ; errors are those of Primal.Fit. It
// panics if Gram is set and is not n×n.
func (dl Dual) Fit(x mat.Matrix, y []float64) (*Result, error) {
	const name = "perceptron.Dual"
	cfg, err := dl.config(name)
	if err != nil {
		return nil, err
	}
	budget, err := validateDual(name, &cfg, dl.GramBudget, x, y)
	if err != nil {
		return nil, err
	}
	var l learner
	if n, _ := x.Dims(); dl.Gram == nil && n > budget/8/n {
		l = newWideDual(x, y)
	} else {
		l = newDual(newGramRows(kernel.Linear{}, dl.Gram, x, budget), y, kernel.Rows(x))
	}
	run, err := drive(l, y, cfg, true)
	w, b := l.weights()
	return &Result{Linear: classify.Linear{W: slices.Clone(w), B: b}, Run: *run}, wrap(name, err)
}

// validateDual validates the budget, the data and the visiting order of a
// dual-form run (form names it in errors) and returns the budget in bytes.
func validateDual(form string, cfg *config, budget int, x mat.Matrix, y []float64) (int, error) {
	if budget < 0 {
		return 0, cfg.bad("GramBudget", budget, "a number of bytes ≥ 0")
	}
	if budget == 0 {
		budget = DefaultGramBudget
	}
	if err := dataset.Validate(x, y); err != nil {
		return 0, wrap(form, err)
	}
	n, _ := x.Dims()
	if err := cfg.checkSeq(n); err != nil {
		return 0, err
	}
	return budget, nil
}

// prepareDual validates a dual-form run as validateDual does and returns
// the rows of the Gram matrix of k. It panics if g is not n×n.
func prepareDual(form string, cfg *config, budget int, k kernel.Kernel, g *mat.SymDense, x mat.Matrix, y []float64) (gramRows, error) {
	budget, err := validateDual(form, cfg, budget, x, y)
	if err != nil {
		return nil, err
	}
	return newGramRows(k, g, x, budget), nil
}

// dual is the learner of Algorithm 2.2 and of the kernel perceptron.
type dual struct {
	g     gramRows
	y     []float64
	alpha []float64 // αᵢ, kept here so that the pocket can save it
	s     []float64 // sᵢ = Σⱼ αⱼyⱼGⱼᵢ
	b     float64
	x     [][]float64 // rows of the data, to keep w = Σ αᵢyᵢxᵢ; nil for kernels
	w     []float64
}

func newDual(g gramRows, y []float64, rows [][]float64) *dual {
	n := len(y)
	l := &dual{g: g, y: y, alpha: make([]float64, n), s: make([]float64, n), x: rows}
	if rows != nil {
		l.w = make([]float64, len(rows[0]))
	}
	return l
}

func (l *dual) score(i int) float64 { return l.s[i] + l.b }

// update adds η·yᵢ·G[i][·] to the scores: a check costs O(1), an update
// O(n) (plus computing the row when the Gram matrix is not kept).
func (l *dual) update(i int, step float64) {
	l.g.addRow(l.s, i, step)
	l.b += step
	l.alpha[i] += step * l.y[i] // step = η·yᵢ and yᵢ² = 1
	if l.w != nil {
		floats.AddScaled(l.w, step, l.x[i])
	}
}

func (l *dual) weights() ([]float64, float64) { return l.w, l.b }

func (l *dual) save(s *snap) {
	if l.w != nil {
		s.w = append(s.w[:0], l.w...)
	}
	s.b = l.b
	s.alpha = append(s.alpha[:0], l.alpha...)
	s.s = append(s.s[:0], l.s...)
}

func (l *dual) errors(s *snap, cs229 bool) int {
	var e int
	for i, yi := range l.y {
		if !correct(cs229, yi, s.s[i]+s.b) {
			e++
		}
	}
	return e
}

func (l *dual) check() error {
	if i, ok := allFinite(l.alpha); !ok {
		return fmt.Errorf("%w: α%d = %v", classify.ErrNonFinite, i+1, l.alpha[i])
	}
	return checkWeights(l.w, l.b)
}

// wideDual is Dual's learner when the Gram matrix does not fit its budget:
// the primal learner's scores xᵢ·w + b, which equal the dual's
// Σⱼ αⱼyⱼGⱼᵢ + b (see Dual), with α kept beside w for the result and the
// pocket.
type wideDual struct {
	*primal
	alpha []float64
}

func newWideDual(x mat.Matrix, y []float64) *wideDual {
	n, _ := x.Dims()
	return &wideDual{primal: newPrimal(x, y, nil, 0, false), alpha: make([]float64, n)}
}

func (l *wideDual) update(i int, step float64) {
	l.primal.update(i, step)
	l.alpha[i] += step * l.y[i] // step = η·yᵢ and yᵢ² = 1
}

func (l *wideDual) save(s *snap) {
	l.primal.save(s)
	s.alpha = append(s.alpha[:0], l.alpha...)
}

func (l *wideDual) check() error {
	if i, ok := allFinite(l.alpha); !ok {
		return fmt.Errorf("%w: α%d = %v", classify.ErrNonFinite, i+1, l.alpha[i])
	}
	return l.primal.check()
}
