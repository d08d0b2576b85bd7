package classify_test

import (
	"errors"
	"math"
	"regexp"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// fitters are every solver of the library as a Fitter, by the name their
// errors start with, with settings that make each one stop short (at the
// first iteration or epoch) where it has a limit.
func fitters() (all, limited map[string]classify.Fitter) {
	one := perceptron.Settings{MaxEpochs: 1}
	all = map[string]classify.Fitter{
		"perceptron.Primal":     classify.FitterOf(perceptron.Primal{}.Fit),
		"perceptron.Dual":       classify.FitterOf(perceptron.Dual{}.Fit),
		"perceptron.KernelDual": classify.FitterOf(perceptron.KernelDual{}.Fit),
		"perceptron.Voted":      classify.FitterOf(perceptron.Voted{}.Fit),
		"svm.SMO":               classify.FitterOf(svm.SMO{}.Fit),
		"svm.PlattSMO":          classify.FitterOf(svm.PlattSMO{}.Fit),
		"svm.Exact":             classify.FitterOf(svm.Exact{}.Fit),
		"svm.InteriorPoint":     classify.FitterOf(svm.InteriorPoint{}.Fit),
		"svm.SquaredSlack":      classify.FitterOf(svm.SquaredSlack{C: 1}.Fit),
		"svm.DCD":               classify.FitterOf(svm.DCD{C: 1}.Fit),
	}
	limited = map[string]classify.Fitter{
		"perceptron.Primal":     classify.FitterOf(perceptron.Primal{Settings: one}.Fit),
		"perceptron.Dual":       classify.FitterOf(perceptron.Dual{Settings: one}.Fit),
		"perceptron.KernelDual": classify.FitterOf(perceptron.KernelDual{Settings: one}.Fit),
		"svm.SMO":               classify.FitterOf(svm.SMO{MaxIter: 1}.Fit),
		"svm.PlattSMO":          classify.FitterOf(svm.PlattSMO{MaxIter: 1}.Fit),
		"svm.InteriorPoint":     classify.FitterOf(svm.InteriorPoint{C: 1, MaxIter: 1}.Fit),
		"svm.DCD":               classify.FitterOf(svm.DCD{C: 1, MaxIter: 1, Eps: 1e-12}.Fit),
	}
	return all, limited
}

// onePlural is a count of one with a plural noun, "1 passes".
var onePlural = regexp.MustCompile(`\b1 (passes|iterations|steps|updates|epochs|points)\b`)

// prefixLike is a segment of a message that names a package or a solver.
var prefixLike = regexp.MustCompile(`^[a-z][a-z0-9]*(\.[A-Z][A-Za-z0-9]*)?$`)

// checkMessage reports a message that does not start with want, names a
// package twice ("figures: figures: …", "svm.SMO: …: svm: …"), or says
// "1 passes".
func checkMessage(t *testing.T, what string, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", what)
		return
	}
	msg := err.Error()
	if !strings.HasPrefix(msg, want+": ") {
		t.Errorf("%s: %q does not start with %q", what, msg, want+": ")
	}
	if m := onePlural.FindString(msg); m != "" {
		t.Errorf("%s: %q says %q", what, msg, m)
	}
	seen := map[string]bool{}
	for _, seg := range strings.Split(msg, ": ") {
		if !prefixLike.MatchString(seg) {
			continue
		}
		pkg, _, _ := strings.Cut(seg, ".")
		if seen[pkg] {
			t.Errorf("%s: %q names %s twice", what, msg, pkg)
		}
		seen[pkg] = true
	}
}

// TestMessages walks the errors of the common failure paths of every
// solver, the figure constructors, the data readers and the model files:
// each starts with the solver or package that returns it, names it once,
// and matches the one sentinel of its meaning, whichever package returned
// it.
func TestMessages(t *testing.T) {
	x, y := dataset.Example21().XY()
	xor := mat.NewDense(4, 2, []float64{1, 1, -1, -1, 1, -1, -1, 1})
	xorY := []float64{1, 1, -1, -1}
	huge := mat.NewDense(3, 2, []float64{3e200, 3e200, 4e200, 3e200, 1e200, 1e200})
	nan := mat.NewDense(3, 2, []float64{3, 3, math.NaN(), 3, 1, 1})
	all, limited := fitters()
	for name, fit := range all {
		_, err := fit(x, []float64{1, 1, 0})
		checkMessage(t, name+" label 0", err, name)
		if !errors.Is(err, dataset.ErrLabel) {
			t.Errorf("%s label 0: %v, want dataset.ErrLabel", name, err)
		}
		_, err = fit(nan, y)
		checkMessage(t, name+" NaN", err, name)
		if !errors.Is(err, classify.ErrNotFinite) || !errors.Is(err, dataset.ErrNotFinite) {
			t.Errorf("%s NaN: %v, want classify.ErrNotFinite", name, err)
		}
		if name == "svm.SquaredSlack" || name == "svm.Exact" {
			continue // their arithmetic does not overflow on these
		}
		_, err = fit(huge, y)
		if err != nil {
			checkMessage(t, name+" 1e200", err, name)
			if !errors.Is(err, classify.ErrNotFinite) {
				t.Errorf("%s 1e200: %v, want classify.ErrNotFinite", name, err)
			}
		}
	}
	for name, fit := range limited {
		m, err := fit(xor, xorY)
		checkMessage(t, name+" stopped short", err, name)
		if !errors.Is(err, classify.ErrNotConverged) || m == nil {
			t.Errorf("%s stopped short: %v, %v; want classify.ErrNotConverged with the partial result", name, m, err)
		}
	}
	for _, name := range []string{"svm.SMO", "svm.Exact", "svm.InteriorPoint"} {
		_, err := all[name](xor, xorY)
		checkMessage(t, name+" hard margin on XOR", err, name)
		if !errors.Is(err, classify.ErrNotSeparable) {
			t.Errorf("%s hard margin on XOR: %v, want classify.ErrNotSeparable", name, err)
		}
	}
	_, err := perceptron.NovikoffBound(xor, xorY)
	checkMessage(t, "perceptron.NovikoffBound on XOR", err, "perceptron.NovikoffBound")
	if !errors.Is(err, classify.ErrNotSeparable) {
		t.Errorf("perceptron.Novikoff on XOR: %v, want classify.ErrNotSeparable", err)
	}
	_, err = svm.SMO{C: -1}.Fit(x, y)
	checkMessage(t, "svm.SMO C = -1", err, "svm.SMO")
	_, err = svm.SMO{Kernel: kernel.RBF{Gamma: -1}}.Fit(x, y)
	checkMessage(t, "svm.SMO bad kernel", err, "svm.SMO")

	// The figure constructors.
	_, err = figures.NewClasses(nan, y)
	checkMessage(t, "figures.NewClasses NaN", err, "figures")
	if !errors.Is(err, classify.ErrNotFinite) || !errors.Is(err, figures.ErrNotFinite) {
		t.Errorf("figures.NewClasses NaN: %v, want ErrNotFinite", err)
	}
	_, err = figures.NewHyperplane([]float64{1, math.Inf(1)}, 0)
	checkMessage(t, "figures.NewHyperplane +Inf", err, "figures")
	_, err = figures.NewHyperplane([]float64{1}, 0)
	checkMessage(t, "figures.NewHyperplane 1-D", err, "figures")
	_, err = figures.NewSupportVectors(nan, []int{1}, nil)
	checkMessage(t, "figures.NewSupportVectors NaN", err, "figures")
	_, err = figures.NewRegions(&svm.Model{})
	if err != nil {
		checkMessage(t, "figures.NewRegions", err, "figures")
	}

	// The readers and the model files.
	_, err = dataset.ReadCSV(strings.NewReader("1,2,1\n1,NaN,-1\n"))
	checkMessage(t, "dataset.ReadCSV NaN", err, "dataset")
	if !errors.Is(err, classify.ErrNotFinite) {
		t.Errorf("dataset.ReadCSV NaN: %v, want ErrNotFinite", err)
	}
	_, err = dataset.New(nan, y)
	checkMessage(t, "dataset.New NaN", err, "dataset")
	_, err = modelio.Read(strings.NewReader(`{"format": "marginnotes-model", "version": 9}`))
	checkMessage(t, "modelio.Read version 9", err, "modelio")
}
