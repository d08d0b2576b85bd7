package gallery

import (
	"math/rand/v2"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
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
func NovikoffProof(l lang.Lang) (*figures.Grid, error) {
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
	return figures.Novikoff(dot, norm2, eta, bd.Gamma, bd.R, l)
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
func MarginTrials() ([]experiment.Trial, error) {
	return experiment.MistakeTrials(rand.NewPCG(4, 4), MarginN, MarginD, MarginRadius, MarginGammas(), MarginSets)
}

// MistakesVsBound draws the mistakes of each trial against the bound (R/γ)²
// of the best separator of its data (Trial.Best), on log–log axes with the
// line mistakes = bound, the words in the language l.
func MistakesVsBound(trials []experiment.Trial, l lang.Lang) (*plot.Plot, error) {
	bound, mistakes := make([]float64, len(trials)), make([]float64, len(trials))
	for i, t := range trials {
		bound[i], mistakes[i] = t.Best.Bound, float64(t.Mistakes)
	}
	return figures.MistakeBound(bound, mistakes, l)
}
