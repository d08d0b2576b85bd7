package gallery

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Notebook 04-novikoff: the two inequalities of the proof, mistakes
// against the bound.

func novikoffEntries() []Entry {
	const nb = "04-novikoff"
	return []Entry{
		entry("04-novikoff-proof-table21", nb, "Theorem 2.1 along Table 2.1: ŵₖ·ŵₒₚₜ ≥ kηγ and ‖ŵₖ‖² ≤ kη²R²",
			NovikoffProof),
		entry("04-novikoff-mistakes-vs-bound", nb, "Mistakes of the perceptron against (R/γ)² on data of shrinking margin",
			func(l lang.Lang) (*plot.Plot, error) {
				trials, err := MarginTrials()
				if err != nil {
					return nil, err
				}
				return MistakesVsBound(trials, l)
			}),
	}
}

// NovikoffProof draws both inequalities of the proof of Theorem 2.1 at every
// step of the book's run on Example 2.1 (Table 2.1, η = 1), with R and the
// best γ of the data (perceptron.NovikoffBound): ŵₖ·ŵₒₚₜ ≥ kηγ and
// ‖ŵₖ‖² ≤ kη²R², the words in the language l.
func NovikoffProof(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("NovikoffProof", &err)
	x, y := dataset.Example21().XY()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	bd, err := perceptron.NovikoffBound(x, y)
	if err != nil {
		return nil, err
	}
	const eta = 1
	steps, err := perceptron.CheckProof(run.Trace, bd, eta)
	if err != nil {
		return nil, err
	}
	dot, norm2 := make([]float64, len(steps)), make([]float64, len(steps))
	for i, s := range steps {
		dot[i], norm2[i] = s.Dot, s.NormSq
	}
	return Novikoff(dot, norm2, eta, bd.Gamma, bd.R, l)
}

// Novikoff builds the two inequalities of the proof of Theorem 2.1 along a
// perceptron run, side by side: ŵₖ·ŵₒₚₜ against its lower bound kηγ, and
// ‖ŵₖ‖² against its upper bound kη²R². dot[k] and norm2[k] are the values
// after k mistakes, from k = 0. The bounds are drawn under the values
// (Series.Bound), which stay visible where they meet the bound: on
// Table 2.1 ŵₖ·ŵₒₚₜ = kηγ at every step.
//
// It returns figures.ErrEmpty for no values and figures.ErrNotFinite for
// non-finite parameters (figures.Lines reports non-finite values); it
// panics if dot and norm2 differ in length. NovikoffProof draws it for
// Table 2.1.
func Novikoff(dot, norm2 []float64, eta, gamma, r float64, l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("Novikoff", &err)
	if len(dot) != len(norm2) {
		panic("gallery: Novikoff dot and norm2 lengths differ")
	}
	if len(dot) == 0 {
		return nil, errtext.Errorf("gallery: Novikoff: %w: no steps", figures.ErrEmpty)
	}
	for _, v := range []float64{eta, gamma, r} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, errtext.Errorf("gallery: Novikoff: %w: η=%v γ=%v R=%v", figures.ErrNotFinite, eta, gamma, r)
		}
	}
	k := make([]float64, len(dot))
	lower := make([]float64, len(dot))
	upper := make([]float64, len(dot))
	for i := range k {
		k[i] = float64(i)
		lower[i] = k[i] * eta * gamma
		upper[i] = k[i] * eta * eta * r * r
	}
	kLabel := l.Pick("k (mistakes so far)", "k（误分类次数）")
	left, err := figures.Lines{
		Title:  "ŵₖ·ŵₒₚₜ ≥ kηγ",
		XLabel: kLabel,
		YLabel: "ŵₖ·ŵₒₚₜ",
		Series: []figures.Series{{Name: "ŵₖ·ŵₒₚₜ", X: k, Y: dot}, {Name: l.Pick("lower bound kηγ", "下界 kηγ"), X: k, Y: lower, Bound: true}},
		Lang:   l,
	}.Plot()
	if err != nil {
		return nil, errtext.Errorf("gallery: Novikoff: %w", err)
	}
	right, err := figures.Lines{
		Title:  "‖ŵₖ‖² ≤ kη²R²",
		XLabel: kLabel,
		YLabel: "‖ŵₖ‖²",
		Series: []figures.Series{{Name: "‖ŵₖ‖²", X: k, Y: norm2}, {Name: l.Pick("upper bound kη²R²", "上界 kη²R²"), X: k, Y: upper, Bound: true}},
		Lang:   l,
	}.Plot()
	if err != nil {
		return nil, errtext.Errorf("gallery: Novikoff: %w", err)
	}
	n := notation.Number
	return figures.NewGrid(l.Pick(
		fmt.Sprintf("Novikoff's proof along a run: η = %s, γ = %s, R = %s", n(eta), n(gamma), n(r)),
		fmt.Sprintf("沿一次迭代过程检验 Novikoff 定理的证明：η = %s，γ = %s，R = %s", n(eta), n(gamma), n(r))), 2, left, right), nil
}

// The experiment of MarginTrials: MarginSets data sets of MarginN points in
// R^MarginD with augmented vectors of norm at most MarginRadius for each
// planted margin of MarginGammas.
const (
	MarginN      = 200
	MarginD      = 5
	MarginRadius = 2
	MarginSets   = 5
)

// MarginGammas returns the planted margins of MarginTrials, halving from
// 0.4 to 0.0125: planted bounds (R/γ)² from 25 to 25600.
func MarginGammas() []float64 { return []float64{0.4, 0.2, 0.1, 0.05, 0.025, 0.0125} }

// MarginTrials runs the mistake-bound experiment of notebook 04-novikoff,
// experiment.MistakeTrials with the settings above and the source
// rand.NewPCG(4, 4).
func MarginTrials() (_ []experiment.Trial, err error) {
	defer wrapErr("MarginTrials", &err)
	return experiment.MistakeTrials(rand.NewPCG(4, 4), MarginN, MarginD, MarginRadius, MarginGammas(), MarginSets)
}

// MistakesVsBound draws the mistakes of each trial against the bound (R/γ)²
// of the best separator of its data (Trial.Best), on log–log axes with the
// line mistakes = bound, the words in the language l.
func MistakesVsBound(trials []experiment.Trial, l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("MistakesVsBound", &err)
	bound, mistakes := make([]float64, len(trials)), make([]float64, len(trials))
	for i, t := range trials {
		bound[i], mistakes[i] = t.Best.Bound, float64(t.Mistakes)
	}
	return mistakeBound(bound, mistakes, -1, l)
}
