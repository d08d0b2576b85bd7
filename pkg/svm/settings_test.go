package svm

import (
	"errors"
	"strings"
	"testing"

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
