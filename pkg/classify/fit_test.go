package classify_test

import (
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/separability"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// FitterOf turns every solver's Fit into one shape: a model that
// classifies as the solver's own result does; with an error and no result,
// a nil Classifier that compares equal to nil (an interface holding a nil
// *Result would not, and calling it would panic); with an error and a
// partial result, that result.
func TestFitterOf(t *testing.T) {
	x, y := dataset.Example21().XY()
	bad := []float64{1, 1, 0}
	xor := mat.NewDense(4, 2, []float64{1, 1, -1, -1, 1, -1, -1, 1})
	xorY := []float64{1, 1, -1, -1}
	fitters := map[string]classify.Fitter{
		"perceptron.Primal":     classify.FitterOf(perceptron.Primal{}.Fit),
		"perceptron.Dual":       classify.FitterOf(perceptron.Dual{}.Fit),
		"perceptron.KernelDual": classify.FitterOf(perceptron.KernelDual{}.Fit),
		"perceptron.Voted":      classify.FitterOf(perceptron.Voted{}.Fit),
		"svm.SMO":               classify.FitterOf(svm.SMO{}.Fit),
		"svm.PlattSMO":          classify.FitterOf(svm.PlattSMO{}.Fit),
		"svm.Exact":             classify.FitterOf(svm.Exact{}.Fit),
		"svm.InteriorPoint":     classify.FitterOf(svm.InteriorPoint{}.Fit),
		"svm.SquaredSlack":      classify.FitterOf(svm.SquaredSlack{C: 1}.Fit),
		"svm.DCD":               classify.FitterOf(svm.DCD{}.Fit),
	}
	for name, fit := range fitters {
		m, err := fit(x, y)
		if err != nil || m == nil {
			t.Errorf("%s: %v, %v", name, m, err)
			continue
		}
		if a := classify.Accuracy(m, x, y); a != 1 {
			t.Errorf("%s: accuracy %v on Example 2.1, want 1", name, a)
		}
		m, err = fit(x, bad)
		if !errors.Is(err, dataset.ErrLabel) || m != nil {
			t.Errorf("%s with a label 0: %#v, %v; want a nil Classifier and dataset.ErrLabel", name, m, err)
		}
	}
	// A partial result comes with its error.
	m, err := classify.FitterOf(perceptron.Primal{Settings: perceptron.Settings{MaxEpochs: 3}}.Fit)(xor, xorY)
	if !errors.Is(err, perceptron.ErrNotConverged) || m == nil {
		t.Errorf("perceptron on XOR: %v, %v; want the partial result with ErrNotConverged", m, err)
	}
	// No hyperplane through the origin separates Example 2.1 (x3 = x1/3):
	// MaxMargin returns no result.
	m, err = classify.FitterOf(separability.MaxMargin{}.Fit)(x, y)
	if !errors.Is(err, classify.ErrNotSeparable) || m != nil {
		t.Errorf("max margin through the origin: %#v, %v; want a nil Classifier and ErrNotSeparable", m, err)
	}
	// A bad setting: no model.
	m, err = classify.FitterOf(svm.SMO{Kernel: kernel.RBF{Gamma: -1}}.Fit)(x, y)
	if !errors.Is(err, classify.ErrSetting) || m != nil {
		t.Errorf("bad kernel: %#v, %v; want a nil Classifier and ErrSetting", m, err)
	}
}
