package perceptron

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Primal is the perceptron in its original form, Algorithm 2.1 of Li Hang:
// while some point has yᵢ(w·xᵢ + b) ≤ 0, pick one and set
//
//	w ← w + η·yᵢ·xᵢ,  b ← b + η·yᵢ.
//
// The zero value runs the book's Example 2.1 settings: η = 1, w₀ = 0, b₀ = 0,
// the cyclic order and at most DefaultMaxEpochs epochs.
type Primal struct {
	// Eta is the learning rate η > 0. Zero means 1.
	Eta float64
	// W0 and B0 are the initial weights. A nil W0 means the zero vector.
	W0 []float64
	B0 float64
	// Order is the visiting order; the zero value is the book's Cyclic.
	Order Order
	// Sequence is the explicit order used by Cyclic (a permutation of the
	// 0-based point indices) and Choices (the misclassified points chosen,
	// in update order). Nil for the other orders.
	Sequence []int
	// MaxEpochs limits the run; 0 means DefaultMaxEpochs.
	MaxEpochs int
	// CS229 selects the mistake rule of the CS229 notes: a point is a
	// mistake when sign(w·x+b) ≠ y with sign(0) = +1, instead of the book's
	// y(w·x+b) ≤ 0. The rules differ only where w·x+b = 0: there a point
	// of label +1 is correct under CS229 and a mistake in the book.
	CS229 bool
	// NoBias keeps b fixed at B0 (CS229's θ ← θ + y·x has no intercept).
	NoBias bool
	// Src drives Shuffle and RandomMistake. Nil means
	// rand.NewPCG(1, 2), so runs are reproducible by default.
	Src rand.Source
	// Trace, if not nil, is called with every step, k = 0 first. The Step's
	// slices are copies that the callee may keep.
	Trace func(Step)
	// Record stores every step in Result.Trace. Each step copies w and α,
	// so use it on small data sets.
	Record bool
}

// Fit runs the perceptron on the data x (n×d, one example per row) with
// labels y in {−1, +1}.
//
// When the run stops at the epoch limit with points still misclassified,
// Fit returns the partial result together with an error wrapping
// ErrNotConverged; Result.Pocket then holds the best weights seen. Invalid
// data give an error wrapping a dataset sentinel; invalid settings give
// ErrEta, ErrInit, ErrMaxEpochs or ErrOrder; a Choices sequence that picks a
// correctly classified point gives ErrNotMisclassified with the partial
// result.
//
// Fit reads a *mat.Dense (or any mat.RawMatrixer) in place; other matrices
// are copied once.
func (p Primal) Fit(x mat.Matrix, y []float64) (*Result, error) {
	cfg, err := newConfig(p.Eta, p.Order, p.Sequence, p.MaxEpochs, p.CS229, p.Src, p.Trace, p.Record)
	if err != nil {
		return nil, wrap("primal", err)
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap("primal", err)
	}
	n, d := x.Dims()
	if err := cfg.checkSeq(n); err != nil {
		return nil, wrap("primal", err)
	}
	if err := checkInit(p.W0, p.B0, d); err != nil {
		return nil, wrap("primal", err)
	}
	l := newPrimal(x, y, p.W0, p.B0, p.NoBias)
	res, err := drive(l, y, cfg, false)
	if err != nil {
		return res, wrap("primal", err)
	}
	return res, nil
}

// checkInit checks W0 and B0 against the number of features d.
func checkInit(w0 []float64, b0 float64, d int) error {
	if len(w0) != 0 && len(w0) != d {
		return fmt.Errorf("%w: W0 has %d entries, the data have %d features", ErrInit, len(w0), d)
	}
	for j, v := range w0 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%w: W0[%d] = %v is not finite", ErrInit, j, v)
		}
	}
	if math.IsNaN(b0) || math.IsInf(b0, 0) {
		return fmt.Errorf("%w: B0 = %v is not finite", ErrInit, b0)
	}
	return nil
}

// rawRows returns the row-major storage of x and its stride, sharing the
// storage of a mat.RawMatrixer and copying any other matrix once.
func rawRows(x mat.Matrix) (data []float64, stride int) {
	if rm, ok := x.(mat.RawMatrixer); ok {
		raw := rm.RawMatrix()
		return raw.Data, raw.Stride
	}
	n, d := x.Dims()
	dense := mat.NewDense(n, d, nil)
	dense.Copy(x)
	return dense.RawMatrix().Data, d
}

// primal is the learner of Algorithm 2.1.
type primal struct {
	x         []float64 // row-major data
	stride, d int
	y         []float64
	w         []float64
	b         float64
	noBias    bool
}

func newPrimal(x mat.Matrix, y []float64, w0 []float64, b0 float64, noBias bool) *primal {
	_, d := x.Dims()
	data, stride := rawRows(x)
	w := make([]float64, d)
	copy(w, w0)
	return &primal{x: data, stride: stride, d: d, y: y, w: w, b: b0, noBias: noBias}
}

func (p *primal) row(i int) []float64 {
	return p.x[i*p.stride : i*p.stride+p.d : i*p.stride+p.d]
}

func (p *primal) score(i int) float64 { return floats.Dot(p.w, p.row(i)) + p.b }

func (p *primal) update(i int, step float64) {
	floats.AddScaled(p.w, step, p.row(i))
	if !p.noBias {
		p.b += step
	}
}

func (p *primal) weights() ([]float64, float64) { return p.w, p.b }

func (p *primal) save(s *snap) {
	s.w = append(s.w[:0], p.w...)
	s.b = p.b
}

func (p *primal) errors(s *snap, cs229 bool) int {
	var e int
	for i, yi := range p.y {
		if miss(cs229, yi, floats.Dot(s.w, p.row(i))+s.b) {
			e++
		}
	}
	return e
}
