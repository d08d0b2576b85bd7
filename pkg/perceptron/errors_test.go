package perceptron

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// fitter is the part of Primal, Dual and Kernel that the error table uses.
type fitter func(x mat.Matrix, y []float64) error

// TestErrors checks every documented error of Fit with errors.Is, for each
// form that shares the settings.
func TestErrors(t *testing.T) {
	x, y := book()
	xx, yx := xorData()
	cases := []struct {
		name string
		x    mat.Matrix
		y    []float64
		p    Primal // settings; Dual and Kernel get the same ones
		want error
	}{
		{"negative eta", x, y, Primal{Eta: -1}, ErrEta},
		{"NaN eta", x, y, Primal{Eta: math.NaN()}, ErrEta},
		{"infinite eta", x, y, Primal{Eta: math.Inf(1)}, ErrEta},
		{"negative MaxEpochs", x, y, Primal{MaxEpochs: -1}, ErrMaxEpochs},
		{"unknown order", x, y, Primal{Order: Order(9)}, ErrOrder},
		{"choices without sequence", x, y, Primal{Order: Choices}, ErrOrder},
		{"index out of range", x, y, Primal{Order: Choices, Sequence: []int{0, 3}}, ErrOrder},
		{"negative index", x, y, Primal{Order: Choices, Sequence: []int{-1}}, ErrOrder},
		{"cyclic sequence not a permutation", x, y, Primal{Sequence: []int{0, 0, 1}}, ErrOrder},
		{"cyclic sequence too short", x, y, Primal{Sequence: []int{0, 1}}, ErrOrder},
		{"shuffle with a sequence", x, y, Primal{Order: Shuffle, Sequence: []int{0, 1, 2}}, ErrOrder},
		{"chosen point correct", x, y, Primal{Order: Choices, Sequence: []int{0, 0}}, ErrNotMisclassified},
		{"not separable", xx, yx, Primal{MaxEpochs: 10}, ErrNotConverged},
		{"labels 0/1", x, []float64{1, 1, 0}, Primal{}, dataset.ErrLabel},
		{"NaN feature", mat.NewDense(1, 1, []float64{math.NaN()}), []float64{1}, Primal{}, dataset.ErrNotFinite},
		{"label count", x, []float64{1, -1}, Primal{}, dataset.ErrLength},
		{"nil matrix", nil, nil, Primal{}, dataset.ErrEmpty},
	}
	for _, tc := range cases {
		p := tc.p
		forms := map[string]fitter{
			"primal": func(x mat.Matrix, y []float64) error { _, err := p.Fit(x, y); return err },
			"dual": func(x mat.Matrix, y []float64) error {
				_, err := Dual{Eta: p.Eta, Order: p.Order, Sequence: p.Sequence, MaxEpochs: p.MaxEpochs}.Fit(x, y)
				return err
			},
			"kernel": func(x mat.Matrix, y []float64) error {
				_, err := Kernel{Eta: p.Eta, Order: p.Order, Sequence: p.Sequence, MaxEpochs: p.MaxEpochs}.Fit(x, y)
				return err
			},
		}
		for form, fit := range forms {
			t.Run(form+"/"+tc.name, func(t *testing.T) {
				err := fit(tc.x, tc.y)
				if !errors.Is(err, tc.want) {
					t.Fatalf("err = %v, want %v", err, tc.want)
				}
				if msg := err.Error(); !strings.HasPrefix(msg, "perceptron: "+form+": ") || strings.Count(msg, "perceptron:") != 1 {
					t.Errorf("message %q should start with %q once", msg, "perceptron: "+form+": ")
				}
			})
		}
	}
}

func TestInitErrors(t *testing.T) {
	x, y := book()
	for name, p := range map[string]Primal{
		"W0 too long":   {W0: []float64{1, 2, 3}},
		"W0 not finite": {W0: []float64{math.Inf(-1), 0}},
		"B0 NaN":        {B0: math.NaN()},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := p.Fit(x, y); !errors.Is(err, ErrInit) {
				t.Errorf("err = %v, want ErrInit", err)
			}
		})
	}
}

func TestVotedDataError(t *testing.T) {
	x, _ := book()
	if _, err := (Voted{}).Fit(x, []float64{1, 2, 1}); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("err = %v, want dataset.ErrLabel", err)
	}
}

func TestBoundDataError(t *testing.T) {
	x, _ := book()
	bad := []float64{1, 1, 0}
	for name, f := range map[string]func() error{
		"NovikoffBound":   func() error { _, err := NovikoffBound(x, bad); return err },
		"CS229Bound":      func() error { _, err := CS229Bound(x, bad); return err },
		"HyperplaneBound": func() error { _, err := HyperplaneBound(x, bad, []float64{1, 1}, -3); return err },
	} {
		if err := f(); !errors.Is(err, dataset.ErrLabel) {
			t.Errorf("%s: err = %v, want dataset.ErrLabel", name, err)
		}
	}
}
