package perceptron

import (
	"errors"
	"math"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// fitter is the part of Primal, Dual and KernelDual that the error tables
// use.
type fitter func(x mat.Matrix, y []float64) error

// forms returns the three forms with the settings of p.
func forms(p Primal) map[string]fitter {
	return map[string]fitter{
		"primal": func(x mat.Matrix, y []float64) error { _, err := p.Fit(x, y); return err },
		"dual":   func(x mat.Matrix, y []float64) error { _, err := Dual{Settings: p.Settings}.Fit(x, y); return err },
		"kernel": func(x mat.Matrix, y []float64) error {
			_, err := KernelDual{Settings: p.Settings}.Fit(x, y)
			return err
		},
	}
}

// Every invalid setting gives a *classify.SettingError that names the
// solver, the field and the value, the same way for each form, and says so
// once.
func TestSettingErrors(t *testing.T) {
	x, y := book()
	solvers := map[string]string{"primal": "perceptron.Primal", "dual": "perceptron.Dual", "kernel": "perceptron.KernelDual"}
	cases := []struct {
		name  string
		p     Primal // settings; Dual and KernelDual get the same ones
		field string
	}{
		{"negative eta", Primal{Settings: Settings{Eta: -1}}, "Eta"},
		{"NaN eta", Primal{Settings: Settings{Eta: math.NaN()}}, "Eta"},
		{"infinite eta", Primal{Settings: Settings{Eta: math.Inf(1)}}, "Eta"},
		{"negative MaxEpochs", Primal{Settings: Settings{MaxEpochs: -1}}, "MaxEpochs"},
		{"unknown order", Primal{Settings: Settings{Order: Order(9)}}, "Order"},
		{"choices without sequence", Primal{Settings: Settings{Order: Choices}}, "Sequence"},
		{"index out of range", Primal{Settings: Settings{Order: Choices, Sequence: []int{0, 3}}}, "Sequence[1]"},
		{"negative index", Primal{Settings: Settings{Order: Choices, Sequence: []int{-1}}}, "Sequence[0]"},
		{"cyclic sequence not a permutation", Primal{Settings: Settings{Sequence: []int{0, 0, 1}}}, "Sequence[1]"},
		{"cyclic sequence too short", Primal{Settings: Settings{Sequence: []int{0, 1}}}, "Sequence"},
		{"shuffle with a sequence", Primal{Settings: Settings{Order: Shuffle, Sequence: []int{0, 1, 2}}}, "Sequence"},
	}
	for _, tc := range cases {
		for form, fit := range forms(tc.p) {
			t.Run(form+"/"+tc.name, func(t *testing.T) {
				err := fit(x, y)
				var se *classify.SettingError
				if !errors.Is(err, classify.ErrSetting) || !errors.As(err, &se) {
					t.Fatalf("err = %v, want a *classify.SettingError", err)
				}
				if se.Solver != solvers[form] || se.Field != tc.field {
					t.Errorf("error names %s.%s, want %s.%s", se.Solver, se.Field, solvers[form], tc.field)
				}
				if msg := err.Error(); strings.Count(msg, "perceptron") != 1 || strings.Count(msg, tc.field) != 1 {
					t.Errorf("message %q should name the solver and %s once", msg, tc.field)
				}
			})
		}
	}
	for name, c := range map[string]struct {
		fit   func() error
		field string
	}{
		"W0 too long":        {func() error { _, err := Primal{W0: []float64{1, 2, 3}}.Fit(x, y); return err }, "W0"},
		"W0 not finite":      {func() error { _, err := Primal{W0: []float64{math.Inf(-1), 0}}.Fit(x, y); return err }, "W0[0]"},
		"B0 NaN":             {func() error { _, err := Primal{B0: math.NaN()}.Fit(x, y); return err }, "B0"},
		"negative budget":    {func() error { _, err := Dual{GramBudget: -1}.Fit(x, y); return err }, "GramBudget"},
		"voted epochs":       {func() error { _, err := Voted{Settings: Settings{MaxEpochs: -1}}.Fit(x, y); return err }, "MaxEpochs"},
		"voted order":        {func() error { _, err := Voted{Settings: Settings{Order: RandomMistake}}.Fit(x, y); return err }, "Order"},
		"voted votes":        {func() error { _, err := Voted{MaxVotes: 1}.Fit(x, y); return err }, "MaxVotes"},
		"enumeration limit":  {func() error { _, err := Enumeration{MaxUpdates: -1}.Outcomes(x, y); return err }, "MaxUpdates"},
		"enumeration states": {func() error { _, err := Enumeration{MaxStates: -1}.Outcomes(x, y); return err }, "MaxStates"},
		"enumeration step":   {func() error { _, err := Enumeration{}.States(x, y, -1); return err }, "k"},
	} {
		t.Run(name, func(t *testing.T) {
			err := c.fit()
			var se *classify.SettingError
			if !errors.As(err, &se) || se.Field != c.field {
				t.Errorf("err = %v, want a *classify.SettingError for %s", err, c.field)
			}
		})
	}
}

// A kernel with bad parameters is a bad setting, and the error also wraps
// what kernel.Validate says.
func TestKernelSettingError(t *testing.T) {
	x, y := book()
	for _, k := range []kernel.Kernel{kernel.RBF{Gamma: -1}, kernel.RBF{}, kernel.Polynomial{Gamma: 1}} {
		_, err := KernelDual{Kernel: k}.Fit(x, y)
		var se *classify.SettingError
		if !errors.As(err, &se) || se.Solver != "perceptron.KernelDual" || se.Field != "Kernel" {
			t.Errorf("%v: err = %v, want a *classify.SettingError for perceptron.KernelDual.Kernel", k, err)
			continue
		}
		if verr := kernel.Validate(k); se.Err == nil || se.Err.Error() != verr.Error() || !errors.Is(err, kernel.ErrParameter) {
			t.Errorf("%v: err = %v does not wrap kernel.Validate's %v", k, err, verr)
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "perceptron.KernelDual: ") || strings.Count(msg, "perceptron") != 1 {
			t.Errorf("%v: message %q, want the prefix perceptron.KernelDual once", k, msg)
		}
	}
}

// The errors of the data and of the run name the form once.
func TestRunErrors(t *testing.T) {
	x, y := book()
	solvers := map[string]string{"primal": "perceptron.Primal", "dual": "perceptron.Dual", "kernel": "perceptron.KernelDual"}
	xx, yx := xorData()
	cases := []struct {
		name string
		x    mat.Matrix
		y    []float64
		p    Primal // settings; Dual and KernelDual get the same ones
		want error
	}{
		{"chosen point correct", x, y, Primal{Settings: Settings{Order: Choices, Sequence: []int{0, 0}}}, ErrNotMisclassified},
		{"not separable", xx, yx, Primal{Settings: Settings{MaxEpochs: 10}}, ErrNotConverged},
		{"overflow", x, y, Primal{Settings: Settings{Eta: 1e308}}, classify.ErrNotFinite},
		{"labels 0/1", x, []float64{1, 1, 0}, Primal{}, dataset.ErrLabel},
		{"NaN feature", mat.NewDense(1, 1, []float64{math.NaN()}), []float64{1}, Primal{}, dataset.ErrNotFinite},
		{"label count", x, []float64{1, -1}, Primal{}, dataset.ErrLength},
		{"nil matrix", nil, nil, Primal{}, dataset.ErrEmpty},
	}
	for _, tc := range cases {
		for form, fit := range forms(tc.p) {
			t.Run(form+"/"+tc.name, func(t *testing.T) {
				err := fit(tc.x, tc.y)
				if !errors.Is(err, tc.want) {
					t.Fatalf("err = %v, want %v", err, tc.want)
				}
				if msg := err.Error(); !strings.HasPrefix(msg, solvers[form]+": ") || strings.Count(msg, "perceptron") != 1 {
					t.Errorf("message %q should start with %q and name the package once", msg, solvers[form]+": ")
				}
			})
		}
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

// Every error of the package names the solver or function that returned
// it, first and once, in the style of the whole library ("svm.SMO: …").
func TestErrorContext(t *testing.T) {
	x, y := book()
	xx, yx := xorData()
	bad := []float64{1, 1, 0}
	for _, c := range []struct {
		prefix string
		err    func() error
		want   error
	}{
		{"perceptron.Voted", func() error { _, err := Voted{}.Fit(x, bad); return err }, dataset.ErrLabel},
		{"perceptron.Voted", func() error {
			_, err := Voted{}.Fit(mat.NewDense(2, 1, []float64{1e308, -1e308}), []float64{1, -1})
			return err
		}, classify.ErrNotFinite},
		{"perceptron.NovikoffBound", func() error { _, err := NovikoffBound(xx, yx); return err }, ErrNotSeparable},
		{"perceptron.NovikoffBound", func() error { _, err := NovikoffBound(x, bad); return err }, dataset.ErrLabel},
		{"perceptron.CS229Bound", func() error { _, err := CS229Bound(x, y); return err }, ErrNotSeparable},
		{"perceptron.HyperplaneBound", func() error { _, err := HyperplaneBound(x, y, []float64{0, 0}, 0); return err }, ErrInit},
		{"perceptron.HyperplaneBound", func() error { _, err := HyperplaneBound(x, y, []float64{-1, -1}, 3); return err }, ErrNotSeparable},
		{"perceptron.CheckProof", func() error { _, err := CheckProof(nil, &Bound{}, 1); return err }, ErrTrace},
		{"perceptron.Enumeration", func() error { _, err := Enumeration{}.Outcomes(x, bad); return err }, dataset.ErrLabel},
	} {
		err := c.err()
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.prefix, err, c.want)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, c.prefix+": ") || strings.Count(msg, "perceptron") != 1 {
			t.Errorf("message %q should start with %q and name the package once", msg, c.prefix+": ")
		}
	}
}
