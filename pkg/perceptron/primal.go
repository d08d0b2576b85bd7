package perceptron

import (
	"fmt"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Primal is the perceptron in its original form, Algorithm 2.1 of Li Hang:
// while some point has yᵢ(w·xᵢ + b) ≤ 0, pick one and set
//
//	w ← w + η·yᵢ·xᵢ,  b ← b + η·yᵢ.
//
// The zero value runs the book's Example 2.1: η = 1, w₀ = 0, b₀ = 0, the
// cyclic order and at most DefaultMaxEpochs epochs.
type Primal struct {
	Settings
	// W0 and B0 are the initial weights, finite; a nil W0 means the zero
	// vector.
	W0 []float64
	B0 float64
	// NoBias keeps b fixed at B0 (CS229's θ ← θ + y·x has no intercept).
	NoBias bool
}

// Result is the outcome of Primal and Dual: the model f(x) = sign(w·x + b)
// (classify.Linear) and the run that found it. It classifies on its own:
// Decision(x) = w·x + b and Predict(x) = classify.Sign(w·x + b) are the
// methods of the embedded classify.Linear.
type Result struct {
	classify.Linear
	Run
}

var (
	_ classify.Classifier  = (*Result)(nil)
	_ classify.Dimensioned = (*Result)(nil)
)

// Fit runs the perceptron on the data x (n×d, one example per row) with
// labels y in {−1, +1}.
//
// Fit returns an error, with the partial result, wrapping ErrNotConverged
// when the epoch limit is reached with points still misclassified
// (Run.Pocket then holds the best weights seen), ErrNotMisclassified when a
// Choices sequence picks a correctly classified point, and
// classify.ErrNotFinite when a score or weight overflows. Invalid settings
// give a *classify.SettingError, invalid data an error wrapping a dataset
// sentinel.
func (p Primal) Fit(x mat.Matrix, y []float64) (*Result, error) {
	const name = "perceptron.Primal"
	cfg, err := p.config(name)
	if err != nil {
		return nil, err
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap(name, err)
	}
	n, d := x.Dims()
	if err := cfg.checkSeq(n); err != nil {
		return nil, err
	}
	if err := p.checkStart(&cfg, d); err != nil {
		return nil, err
	}
	l := newPrimal(x, y, p.W0, p.B0, p.NoBias)
	run, err := drive(l, y, cfg, false)
	return &Result{Linear: classify.Linear{W: slices.Clone(l.w), B: l.b}, Run: *run}, wrap(name, err)
}

// checkStart checks W0 and B0 against the number of features d.
func (p Primal) checkStart(c *config, d int) error {
	if len(p.W0) != 0 && len(p.W0) != d {
		return c.bad("W0", fmt.Sprintf("%d entries", len(p.W0)), fmt.Sprintf("nil or one entry per feature (%d)", d))
	}
	if j, ok := allFinite(p.W0); !ok {
		return c.bad(fmt.Sprintf("W0[%d]", j), p.W0[j], "a finite number")
	}
	if !finite(p.B0) {
		return c.bad("B0", p.B0, "a finite number")
	}
	return nil
}

// checkInit checks a hyperplane (w, b) against the number of features d.
func checkInit(w []float64, b float64, d int) error {
	if len(w) != 0 && len(w) != d {
		return fmt.Errorf("%w: w has %d entries, the data have %d features", ErrInit, len(w), d)
	}
	if j, ok := allFinite(w); !ok {
		return fmt.Errorf("%w: w[%d] = %v is not finite", ErrInit, j, w[j])
	}
	if !finite(b) {
		return fmt.Errorf("%w: b = %v is not finite", ErrInit, b)
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
		if !correct(cs229, yi, floats.Dot(s.w, p.row(i))+s.b) {
			e++
		}
	}
	return e
}

func (p *primal) check() error { return checkWeights(p.w, p.b) }
