package experiment

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

// genT is the relative accuracy dataset.Separable promises for the planted
// margin and radius (its documentation: relative 1e-12), with room for the
// normalisation in HyperplaneBound.
const genT = 1e-10

// solverT is the relative accuracy of the best margin (perceptron.MaxMargin
// stops at a relative gap of 1e-12).
const solverT = 1e-9

func TestMistakeTrials(t *testing.T) {
	const (
		n, d   = 60, 4
		radius = 2.0
		sets   = 3
	)
	gammas := []float64{0.3, 0.1, 0.03}
	trials, err := MistakeTrials(rand.NewPCG(7, 7), n, d, radius, gammas, sets)
	if err != nil {
		t.Fatal(err)
	}
	if len(trials) != len(gammas)*sets {
		t.Fatalf("%d trials, want %d", len(trials), len(gammas)*sets)
	}
	for i, tr := range trials {
		if tr.Gamma != gammas[i/sets] || tr.Set != i%sets {
			t.Errorf("trial %d is (γ=%g, set %d), want (γ=%g, set %d)", i, tr.Gamma, tr.Set, gammas[i/sets], i%sets)
		}
		// The planted separator has exactly the margin asked for (the
		// first example of each class sits on it), and ‖x̂ᵢ‖ ≤ radius.
		if !scalar.EqualWithinAbsOrRel(tr.Planted.Gamma, tr.Gamma, genT, genT) {
			t.Errorf("trial %d: planted γ = %v, want %v", i, tr.Planted.Gamma, tr.Gamma)
		}
		if tr.Best.R > radius*(1+genT) || tr.Best.R != tr.Planted.R {
			t.Errorf("trial %d: R = %v (planted %v), want equal and ≤ %v", i, tr.Best.R, tr.Planted.R, radius)
		}
		// Theorem 2.1 with either separator; the best one is the tighter.
		if tr.Best.Gamma < tr.Planted.Gamma*(1-solverT) {
			t.Errorf("trial %d: best γ %v below the planted %v", i, tr.Best.Gamma, tr.Planted.Gamma)
		}
		if tr.Mistakes < 1 || float64(tr.Mistakes) > tr.Best.Bound {
			t.Errorf("trial %d: %d mistakes, want between 1 and the bound %v", i, tr.Mistakes, tr.Best.Bound)
		}
		if tr.Epochs < 1 || tr.Epochs > tr.Mistakes+1 {
			t.Errorf("trial %d: %d epochs for %d mistakes", i, tr.Epochs, tr.Mistakes)
		}
	}

	// The same source gives the same trials.
	again, err := MistakeTrials(rand.NewPCG(7, 7), n, d, radius, gammas, sets)
	if err != nil {
		t.Fatal(err)
	}
	for i := range trials {
		if again[i].Mistakes != trials[i].Mistakes || again[i].Best.Gamma != trials[i].Best.Gamma {
			t.Errorf("trial %d differs between two runs from the same seed", i)
		}
	}
	// nil means the documented default source.
	def, err := MistakeTrials(nil, n, d, radius, gammas[:1], 1)
	if err != nil {
		t.Fatal(err)
	}
	want, err := MistakeTrials(rand.NewPCG(1, 1), n, d, radius, gammas[:1], 1)
	if err != nil {
		t.Fatal(err)
	}
	if def[0].Mistakes != want[0].Mistakes || def[0].Best.Gamma != want[0].Best.Gamma {
		t.Error("nil source differs from rand.NewPCG(1, 1)")
	}
}

func TestMistakeTrialsPanics(t *testing.T) {
	defer func() {
		if r := recover(); r != errTrialSets {
			t.Errorf("panic %v, want %q", r, errTrialSets)
		}
	}()
	MistakeTrials(nil, 10, 2, 2, []float64{0.1}, 0)
	t.Error("no panic")
}
