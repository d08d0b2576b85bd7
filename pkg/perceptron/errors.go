package perceptron

import (
	"errors"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Sentinel errors returned, wrapped with context, by the algorithms of this
// package. Test for them with errors.Is. Invalid settings give a
// *classify.SettingError (errors.Is(err, classify.ErrSetting)), arithmetic
// that overflows an error wrapping classify.ErrNotFinite, and errors in the
// data themselves wrap the sentinels of package dataset (dataset.ErrLabel,
// dataset.ErrNotFinite, …).
var (
	// ErrNotMisclassified: a Choices sequence chooses a point that the current
	// weights classify correctly, so the book's update rule cannot pick it.
	ErrNotMisclassified = errors.New("perceptron: chosen point is not misclassified")

	// ErrNotConverged is classify.ErrNotConverged: the epoch limit was
	// reached with points still misclassified. It is returned together
	// with the partial result and the pocket weights.
	ErrNotConverged = classify.ErrNotConverged

	// ErrNotSeparable is classify.ErrNotSeparable: the data are not
	// linearly separable (with the bias, or through the origin for the
	// CS229 form), so no positive margin γ exists.
	ErrNotSeparable = classify.ErrNotSeparable

	// ErrTrace: CheckProof was given an empty trace or one that does not
	// start at k = 0.
	ErrTrace = errors.New("perceptron: trace must start with the step k = 0")

	// ErrProof: one of the inequalities of Novikoff's proof fails at some
	// step (it cannot for a perceptron run started at ŵ₀ = 0 with a valid
	// bound, so this signals a mismatched trace and bound).
	ErrProof = errors.New("perceptron: a proof inequality does not hold")

	// ErrInit: HyperplaneBound was given a w of the wrong length or not
	// finite, or w = 0 and b = 0.
	ErrInit = errors.New("perceptron: bad hyperplane")
)

// Panic messages for programmer errors.
const (
	errGramSize = "perceptron: Gram matrix size does not match the number of examples"
	errLength   = "perceptron: vector lengths do not match"
	errDims     = "perceptron: number of labels does not match number of rows"
)

// wrap adds the name of the solver or function to err, in the style of the
// whole library, "perceptron.Primal: not converged …" (as "svm.SMO: …"),
// dropping the package prefix of the sentinel it wraps ("perceptron: ",
// "classify: ") so that a package is named once. errors.Is sees through it.
func wrap(ctx string, err error) error {
	if err == nil {
		return nil
	}
	return &ctxError{ctx: ctx, err: err}
}

type ctxError struct {
	ctx string
	err error
}

func (e *ctxError) Error() string {
	return e.ctx + ": " + errtext.Trim(e.err.Error())
}

func (e *ctxError) Unwrap() error { return e.err }
