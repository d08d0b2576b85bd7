package svm

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

// TestKernelSettingError: a kernel with a bad parameter is a bad setting of
// every solver that takes a kernel, reported the same way — a
// *classify.SettingError naming the solver and its field Kernel, which also
// wraps what kernel.Validate says — and the message names the solver once,
// first.
func TestKernelSettingError(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, k := range []kernel.Kernel{kernel.RBF{}, kernel.RBF{Gamma: -1}, kernel.Polynomial{Gamma: 1}} {
		for _, c := range []struct {
			solver string
			fit    func() error
		}{
			{"svm.SMO", func() error { _, err := SMO{Kernel: k}.Fit(x, y); return err }},
			{"svm.SMO", func() error { _, err := SMO{Kernel: k}.Sweep(x, y, []float64{1, 10}); return err }},
			{"svm.PlattSMO", func() error { _, err := PlattSMO{Kernel: k}.Fit(x, y); return err }},
			{"svm.PlattSMO", func() error { _, _, err := PlattSMO{Kernel: k}.FitSteps(x, y); return err }},
			{"svm.Exact", func() error { _, err := Exact{Kernel: k}.Fit(x, y); return err }},
			{"svm.Exact", func() error { _, _, err := Exact{Kernel: k}.FitCandidates(x, y); return err }},
			{"svm.SquaredSlack", func() error { _, err := SquaredSlack{C: 1, Kernel: k}.Fit(x, y); return err }},
			{"svm.SquaredSlack", func() error { _, err := SquaredSlack{C: 1, Kernel: k}.FitPrimal(x, y); return err }},
			{"svm.NewDualProblem", func() error { _, err := NewDualProblem(x, y, k, 1); return err }},
		} {
			err := c.fit()
			var se *classify.SettingError
			if !errors.As(err, &se) || se.Solver != c.solver || se.Field != "Kernel" {
				t.Errorf("%s with %v: error %v, want a *classify.SettingError for %s.Kernel", c.solver, k, err, c.solver)
				continue
			}
			if !errors.Is(err, classify.ErrSetting) || !errors.Is(err, kernel.ErrParameter) {
				t.Errorf("%s with %v: %v does not match ErrSetting and kernel.ErrParameter", c.solver, k, err)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, c.solver+": ") || strings.Count(msg, "svm") != 1 {
				t.Errorf("%s with %v: message %q, want the prefix %s once", c.solver, k, msg, c.solver)
			}
		}
	}
}

// Every solver's errors name the solver first and once ("svm.SMO: …"), the
// squared-slack solver's included, also when the error comes from the SMO
// run inside it.
func TestErrorContext(t *testing.T) {
	x, y := dataset.Example21().XY()
	bad := []float64{1, 1, 0}
	one := []float64{1, 1, 1}
	xor := mat.NewDense(4, 2, []float64{1, 1, -1, -1, 1, -1, -1, 1})
	for _, c := range []struct {
		prefix string
		err    func() error
		want   error
	}{
		{"svm.SMO", func() error { _, err := SMO{}.Fit(x, bad); return err }, dataset.ErrLabel},
		{"svm.SMO", func() error { _, err := SMO{}.Sweep(xor, []float64{1, 1, -1, -1}, []float64{1, 0}); return err }, ErrNotSeparable},
		{"svm.PlattSMO", func() error { _, err := PlattSMO{}.Fit(x, bad); return err }, dataset.ErrLabel},
		{"svm.PlattSMO", func() error { _, err := PlattSMO{}.Fit(xor, []float64{1, 1, -1, -1}); return err }, ErrNotSeparable},
		{"svm.PlattSMO", func() error { _, err := PlattSMO{C: 1, MaxIter: 1}.Fit(dataset.Blobs(nil, 40, 3).XY()); return err }, ErrNotConverged},
		{"svm.PlattSMO", func() error { _, err := PlattSMO{C: -1}.Fit(x, y); return err }, classify.ErrSetting},
		{"svm.Exact", func() error { _, err := Exact{}.Fit(x, one); return err }, dataset.ErrOneClass},
		{"svm.Exact", func() error { _, err := Exact{MaxPoints: 2}.Fit(x, y); return err }, ErrTooLarge},
		{"svm.InteriorPoint", func() error { _, err := InteriorPoint{}.Fit(x, bad); return err }, dataset.ErrLabel},
		{"svm.NewDualProblem", func() error { _, err := NewDualProblem(x, bad, nil, 0); return err }, dataset.ErrLabel},
		{"svm.SquaredSlack", func() error { _, err := SquaredSlack{C: 1}.Fit(x, bad); return err }, dataset.ErrLabel},
		{"svm.SquaredSlack", func() error { _, err := SquaredSlack{C: 1}.Fit(x, one); return err }, dataset.ErrOneClass},
		{"svm.SquaredSlack", func() error { _, err := SquaredSlack{C: 1}.FitPrimal(x, bad); return err }, dataset.ErrLabel},
		{"svm.SquaredSlack", func() error { _, err := SquaredSlack{C: 1e300}.Fit(xor, []float64{1, 1, -1, -1}); return err }, ErrNotSeparable},
		{"svm.SquaredSlack", func() error {
			_, err := SquaredSlack{C: 100, MaxIter: 1}.FitPrimal(dataset.Blobs(nil, 40, 3).XY())
			return err
		}, ErrNotConverged},
		{"svm.DCD", func() error { _, err := DCD{C: 1}.Fit(x, bad); return err }, dataset.ErrLabel},
		{"svm.DCD", func() error { _, err := DCD{C: 1}.Fit(x, one); return err }, dataset.ErrOneClass},
		{"svm.DCD", func() error { _, err := DCD{C: -1}.Fit(x, y); return err }, classify.ErrSetting},
		{"svm.DCD", func() error { _, err := DCD{C: 1, Loss: 7}.Fit(x, y); return err }, classify.ErrSetting},
		{"svm.DCD", func() error {
			_, err := DCD{C: 1, Eps: 1e-12, MaxIter: 1}.Fit(xor, []float64{1, 1, -1, -1})
			return err
		}, ErrNotConverged},
		{"svm.DCD", func() error {
			csr := &dataset.CSR{N: 3, D: 2, Ptr: []int{0, 2, 4, 6}, Ind: []int32{0, 1, 0, 1, 0, 1}, Val: []float64{3, 3, 4, 3, 1, 1}}
			_, err := DCD{C: 1}.Fit(csr, bad)
			return err
		}, dataset.ErrLabel},
	} {
		err := c.err()
		if !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.prefix, err, c.want)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, c.prefix+": ") || strings.Count(msg, "svm") != 1 {
			t.Errorf("message %q should start with %q and name the package once", msg, c.prefix+": ")
		}
	}
}

// TestZeroC: one rule for C in every solver. C = 0, the zero value, is a
// hard margin where the solver has one — Example 2.1's (w, b) = ((½, ½),
// −2) of Example 7.1 — and a *classify.SettingError for C saying that there
// is none in SquaredSlack (Fit and FitPrimal) and DCD.
func TestZeroC(t *testing.T) {
	x, y := dataset.Example21().XY()
	hard := map[string]func() (w []float64, b float64, err error){
		"svm.SMO":      func() ([]float64, float64, error) { r, err := SMO{}.Fit(x, y); return r.W, r.B, err },
		"svm.PlattSMO": func() ([]float64, float64, error) { r, err := PlattSMO{}.Fit(x, y); return r.W, r.B, err },
		"svm.Exact":    func() ([]float64, float64, error) { r, err := Exact{}.Fit(x, y); return r.W, r.B, err },
		"svm.InteriorPoint": func() ([]float64, float64, error) {
			r, err := InteriorPoint{}.Fit(x, y)
			return r.W, r.B, err
		},
	}
	for name, fit := range hard {
		w, b, err := fit()
		if err != nil || len(w) != 2 || math.Abs(w[0]-0.5) > 1e-6 || math.Abs(w[1]-0.5) > 1e-6 || math.Abs(b+2) > 1e-6 {
			t.Errorf("%s{}: w = %v, b = %v, %v; want the hard margin (½, ½), −2", name, w, b, err)
		}
	}
	none := map[string]func() error{
		"svm.SquaredSlack":           func() error { _, err := SquaredSlack{}.Fit(x, y); return err },
		"svm.SquaredSlack FitPrimal": func() error { _, err := SquaredSlack{}.FitPrimal(x, y); return err },
		"svm.DCD":                    func() error { _, err := DCD{}.Fit(x, y); return err },
		"svm.DCD squared":            func() error { _, err := DCD{Loss: SquaredHinge}.Fit(x, y); return err },
	}
	for name, fit := range none {
		err := fit()
		var se *classify.SettingError
		if !errors.As(err, &se) || se.Field != "C" || !strings.Contains(err.Error(), "no hard margin") {
			t.Errorf("%s with C = 0: %v, want a SettingError for C saying there is no hard margin", name, err)
		}
	}
}

// TestEpsBelowMinEps: one rule for Eps in the solvers that stop on SMO's
// KKT violation. Below MinEps, which float64 cannot resolve, Eps is a
// *classify.SettingError of the solver that was given it (before, PlattSMO
// ran on and SquaredSlack's error was SMO's); MinEps itself solves
// Example 2.1.
func TestEpsBelowMinEps(t *testing.T) {
	x, y := dataset.Example21().XY()
	fits := map[string]func(eps float64) error{
		"svm.SMO":          func(eps float64) error { _, err := SMO{Eps: eps}.Fit(x, y); return err },
		"svm.PlattSMO":     func(eps float64) error { _, err := PlattSMO{Eps: eps}.Fit(x, y); return err },
		"svm.SquaredSlack": func(eps float64) error { _, err := SquaredSlack{C: 1, Eps: eps}.Fit(x, y); return err },
	}
	for name, fit := range fits {
		var se *classify.SettingError
		if err := fit(MinEps / 2); !errors.As(err, &se) || se.Solver != name || se.Field != "Eps" || !strings.Contains(err.Error(), "MinEps") {
			t.Errorf("%s with Eps = MinEps/2: %v, want a SettingError of %s for Eps naming MinEps", name, err, name)
		}
		if err := fit(MinEps); err != nil {
			t.Errorf("%s with Eps = MinEps: %v", name, err)
		}
	}
}
