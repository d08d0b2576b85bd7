package perceptron

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Dual is the perceptron in its dual form, Algorithm 2.2 of Li Hang: with
// w = Σⱼ αⱼyⱼxⱼ, while some point has yᵢ(Σⱼ αⱼyⱼ xⱼ·xᵢ + b) ≤ 0, pick one
// and set
//
//	αᵢ ← αᵢ + η,  b ← b + η·yᵢ.
//
// The data enter only through the Gram matrix G = [xᵢ·xⱼ], computed once.
// Started from α = 0, b = 0 and visiting the points in the same order, it
// makes exactly the updates of Primal (book Tables 2.1 and 2.2).
//
// Fit keeps the scores sᵢ = Σⱼ αⱼyⱼGⱼᵢ up to date (an update with point i
// adds η·yᵢ·G[i][·] to them), so a check costs O(1) and an update O(n).
type Dual struct {
	// Eta is the learning rate η > 0. Zero means 1.
	Eta float64
	// Gram, if not nil, is the n×n Gram matrix [xᵢ·xⱼ] of the data passed
	// to Fit, for example from kernel.Gram(kernel.Linear{}, x); nil means
	// Fit computes it. Fit panics if its size is not n×n.
	Gram *mat.SymDense
	// Order, Sequence, MaxEpochs, CS229, Src, Trace and Record mean what
	// they mean for Primal.
	Order     Order
	Sequence  []int
	MaxEpochs int
	CS229     bool
	Src       rand.Source
	Trace     func(Step)
	Record    bool
}

// Fit runs the dual perceptron on x (n×d) and labels y. The result holds α,
// b and w = Σᵢ αᵢyᵢxᵢ; errors are those of Primal.Fit. It panics if Gram is
// set and is not n×n.
func (dl Dual) Fit(x mat.Matrix, y []float64) (*Result, error) {
	cfg, err := newConfig(dl.Eta, dl.Order, dl.Sequence, dl.MaxEpochs, dl.CS229, dl.Src, dl.Trace, dl.Record)
	if err != nil {
		return nil, wrap("dual", err)
	}
	g, err := prepareGram("dual", kernel.Linear{}, dl.Gram, &cfg, x, y)
	if err != nil {
		return nil, err
	}
	l := newDual(g, y, kernel.Rows(x))
	res, err := drive(l, y, cfg, true)
	if err != nil {
		return res, wrap("dual", err)
	}
	return res, nil
}

// dual is the learner of Algorithm 2.2 and of the kernel perceptron.
type dual struct {
	g     gram
	y     []float64
	alpha []float64 // αᵢ, kept here so that the pocket can save it
	s     []float64 // sᵢ = Σⱼ αⱼyⱼGⱼᵢ
	b     float64
	x     [][]float64 // rows of the data, to keep w = Σ αᵢyᵢxᵢ; nil for kernels
	w     []float64
}

func newDual(g *mat.SymDense, y []float64, rows [][]float64) *dual {
	n := len(y)
	l := &dual{g: newGram(g), y: y, alpha: make([]float64, n), s: make([]float64, n), x: rows}
	if rows != nil {
		l.w = make([]float64, len(rows[0]))
	}
	return l
}

func (l *dual) score(i int) float64 { return l.s[i] + l.b }

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
		if miss(cs229, yi, s.s[i]+s.b) {
			e++
		}
	}
	return e
}

// gram gives fast access to the rows of a mat.SymDense, which stores the
// upper triangle of its matrix.
type gram struct {
	data   []float64
	stride int
	n      int
}

func newGram(m *mat.SymDense) gram {
	raw := m.RawSymmetric()
	return gram{data: raw.Data, stride: raw.Stride, n: raw.N}
}

// addRow adds c·G[i][j] to dst[j] for all j.
func (g gram) addRow(dst []float64, i int, c float64) {
	// G[i][j] for j < i is stored at (j, i); for j ≥ i at (i, j).
	for j := 0; j < i; j++ {
		dst[j] += c * g.data[j*g.stride+i]
	}
	floats.AddScaled(dst[i:g.n], c, g.data[i*g.stride+i:i*g.stride+g.n])
}

// prepareGram validates the data and the visiting order of a dual-form run
// (form names it in errors) and returns the Gram matrix of k: g when it is
// not nil, computed otherwise. It panics if g is not n×n.
func prepareGram(form string, k kernel.Kernel, g *mat.SymDense, cfg *config, x mat.Matrix, y []float64) (*mat.SymDense, error) {
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap(form, err)
	}
	n, _ := x.Dims()
	if err := cfg.checkSeq(n); err != nil {
		return nil, wrap(form, err)
	}
	if g == nil {
		return kernel.Gram(k, x), nil
	}
	if g.SymmetricDim() != n {
		panic(errGramSize)
	}
	return g, nil
}
