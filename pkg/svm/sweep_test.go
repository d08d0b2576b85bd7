package svm

import (
	"errors"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// sweepTol compares a sweep's results with separate fits: the same solver on
// the same problem, so equal up to rounding.
const sweepTol = 1e-12

func TestSweep(t *testing.T) {
	s := dataset.Blobs(rand.NewPCG(7, 7), 40, 3)
	cs := []float64{0.01, 0.1, 1, 10}
	for _, tc := range []struct {
		name string
		smo  SMO
	}{
		{"linear", SMO{}},
		{"rbf", SMO{Kernel: kernel.RBF{Gamma: 0.5}, Eps: 1e-6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := tc.smo.Sweep(s.X, s.Y, cs)
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != len(cs) {
				t.Fatalf("%d results, want %d", len(res), len(cs))
			}
			for i, c := range cs {
				one := tc.smo
				one.C = c
				want, err := one.Fit(s.X, s.Y)
				if err != nil {
					t.Fatal(err)
				}
				if !floats.EqualApprox(res[i].Alpha, want.Alpha, sweepTol) {
					t.Errorf("C = %v: α differs from a separate fit", c)
				}
				if m := floats.Max(res[i].Alpha); m > c*(1+sweepTol) {
					t.Errorf("C = %v: max α = %v exceeds C", c, m)
				}
			}
		})
	}
}

func TestSweepError(t *testing.T) {
	x, y := dataset.Example21()
	res, err := SMO{}.Sweep(x, y, []float64{1, -1, 2})
	if !errors.Is(err, ErrC) {
		t.Fatalf("error %v, want ErrC", err)
	}
	if len(res) != 1 {
		t.Errorf("%d results before the error, want 1", len(res))
	}
}
