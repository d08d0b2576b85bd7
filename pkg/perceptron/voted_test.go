package perceptron

import (
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

func TestVotedProperties(t *testing.T) {
	xs, ys, _, _ := separable(50, 3, 2, 8)
	xn, yn := noisy(200, 3, 0.1, 8)
	for _, tc := range []struct {
		name   string
		sep    bool
		epochs int
	}{{"separable", true, 100}, {"noisy", false, 7}} {
		t.Run(tc.name, func(t *testing.T) {
			x, y := xn, yn
			if tc.sep {
				x, y = xs, ys
			}
			n, d := x.Dims()
			epochs := tc.epochs
			v, err := Voted{Epochs: epochs}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			// Every examination counts once: Σ cₖ = T·n.
			var total int
			avg, avgB := make([]float64, d), 0.0
			for _, vt := range v.Votes {
				total += vt.C
				floats.AddScaled(avg, float64(vt.C), vt.W)
				avgB += float64(vt.C) * vt.B
			}
			if total != epochs*n {
				t.Errorf("Σc = %d, want %d", total, epochs*n)
			}
			floats.Scale(1/float64(total), avg)
			const tol = 1e-12
			if !floats.EqualApprox(avg, v.W, tol) || !scalar.EqualWithinAbsOrRel(avgB/float64(total), v.B, tol, tol) {
				t.Errorf("averaged (%v, %v), want (%v, %v)", v.W, v.B, avg, avgB/float64(total))
			}
			// The last vector is the primal perceptron's after the same epochs.
			p, _ := Primal{MaxEpochs: epochs}.Fit(x, y)
			last := v.Votes[len(v.Votes)-1]
			if !floats.Equal(last.W, p.W) || last.B != p.B || v.Updates != p.Updates {
				t.Errorf("last vote (%v, %v) after %d updates, primal (%v, %v) after %d", last.W, last.B, v.Updates, p.W, p.B, p.Updates)
			}
			if tc.sep && (!p.Converged || len(Misclassified(x, y, last.W, last.B)) != 0) {
				t.Error("the last vector does not separate separable data")
			}
		})
	}
}

// On noisy data the averaged perceptron's training error is no worse than a
// third of the points here (the final perceptron vector jumps around).
func TestVotedNoisyAccuracy(t *testing.T) {
	x, y := noisy(400, 3, 0.1, 21)
	v, err := Voted{Epochs: 20, Order: Shuffle, Src: rand.NewPCG(5, 5)}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	var wrongVote, wrongAvg int
	for i, xi := range kernel.Rows(x) {
		if v.Predict(xi) != y[i] {
			wrongVote++
		}
		if v.PredictAveraged(xi) != y[i] {
			wrongAvg++
		}
	}
	// 10% of the labels are flipped; a good linear rule errs on about 10%.
	if wrongVote > 60 || wrongAvg > 60 {
		t.Errorf("training errors: voted %d, averaged %d of 400 (labels flipped: about 40)", wrongVote, wrongAvg)
	}
}

func TestVotedErrors(t *testing.T) {
	x, y := book()
	if _, err := (Voted{Epochs: -1}).Fit(x, y); !errors.Is(err, ErrMaxEpochs) {
		t.Errorf("Epochs = −1: err = %v, want ErrMaxEpochs", err)
	}
	if _, err := (Voted{Order: RandomMistake}).Fit(x, y); !errors.Is(err, ErrOrder) {
		t.Errorf("RandomMistake: err = %v, want ErrOrder", err)
	}
}
