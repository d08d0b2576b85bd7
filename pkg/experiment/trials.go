package experiment

import (
	"fmt"
	"math/rand/v2"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Trial is one data set of a mistake-bound experiment (MistakeTrials): data
// drawn by dataset.Separable with a planted separator of margin Gamma, the
// two bounds of Theorem 2.1 that hold on it, and the mistakes Primal made.
type Trial struct {
	// Gamma is the margin asked of dataset.Separable; Set is the index of
	// the data set among those drawn with this margin (0-based).
	Gamma float64
	Set   int
	// Planted is the bound of the separator the generator planted
	// (perceptron.HyperplaneBound), Best that of the best one
	// (perceptron.NovikoffBound): Best.Gamma ≥ Planted.Gamma, so
	// Best.Bound ≤ Planted.Bound.
	Planted, Best *perceptron.Bound
	// Mistakes is the number of updates of perceptron.Primal (η = 1,
	// w₀ = 0, b₀ = 0, the cyclic order) until no point is misclassified;
	// Epochs the epochs it took.
	Mistakes, Epochs int
}

// MistakeTrials runs the experiment behind the picture of Novikoff's theorem
// (Theorem 2.1): for each margin γ in gammas it draws sets data sets of n
// points in R^d with dataset.Separable(src, n, d, γ, radius), all from src in
// that order (nil means rand.NewPCG(dataset.DefaultSeed, dataset.DefaultSeed)),
// and runs perceptron.Primal (η = 1, w₀ = 0, b₀ = 0, the cyclic order) on
// each. The epoch limit is ⌊(R/γ)²⌋ + 2 for the planted γ: every epoch but
// the last makes at least one update, so by the theorem every run converges
// within it, and an error wrapping perceptron.ErrNotConverged would mean the
// theorem failed. The trials are listed by margin, then by set.
//
// The error (wrapping perceptron.ErrNotSeparable if the best margin of a
// data set could not be certified, which valid parameters rule out) is
// returned with the trials so far. It panics for parameters
// dataset.Separable rejects and if sets < 1.
func MistakeTrials(src rand.Source, n, d int, radius float64, gammas []float64, sets int) ([]Trial, error) {
	if sets < 1 {
		panic(errTrialSets)
	}
	if src == nil {
		src = rand.NewPCG(dataset.DefaultSeed, dataset.DefaultSeed)
	}
	out := make([]Trial, 0, len(gammas)*sets)
	for _, g := range gammas {
		for s := range sets {
			set, opt := dataset.Separable(src, n, d, g, radius)
			t, err := runTrial(set, opt)
			if err != nil {
				return out, fmt.Errorf("experiment: mistake trial γ=%g, set %d: %w", g, s, err)
			}
			t.Gamma, t.Set = g, s
			out = append(out, t)
		}
	}
	return out, nil
}

// runTrial computes the bounds of one data set with planted separator opt
// = (w, b) and runs Primal on it.
func runTrial(set *dataset.Set, opt []float64) (Trial, error) {
	d := len(opt) - 1
	planted, err := perceptron.HyperplaneBound(set.X, set.Y, opt[:d], opt[d])
	if err != nil {
		return Trial{}, err
	}
	best, err := perceptron.NovikoffBound(set.X, set.Y)
	if err != nil {
		return Trial{}, err
	}
	res, err := perceptron.Primal{Settings: perceptron.Settings{MaxEpochs: int(planted.Bound) + 2}}.Fit(set.X, set.Y)
	if err != nil {
		return Trial{}, err
	}
	return Trial{Planted: planted, Best: best, Mistakes: res.Updates, Epochs: res.Epochs}, nil
}

const errTrialSets = "experiment: MistakeTrials: sets must be at least 1"
