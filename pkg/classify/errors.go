package classify

import (
	"errors"
	"fmt"

	"github.com/marginnotes/marginnotes/internal/errtext"
)

// Errors shared by every solver of the library, so that a caller (the
// command line, a student's program) tells a bad setting, failed
// arithmetic and a fit that did not succeed apart the same way whichever
// algorithm it ran, one sentinel for each meaning. Test for them with
// errors.Is. The packages that return them name them too (svm.ErrNotConverged
// and perceptron.ErrNotConverged are ErrNotConverged, dataset.ErrNotFinite
// and figures.ErrNotFinite are ErrNotFinite), so errors.Is(err,
// classify.ErrNotConverged) holds for the error of any Fitter that stopped
// short. Each text starts with "classify: "; a message that wraps one starts
// with the solver or package that returns it ("svm.SMO: …", "dataset: …")
// and drops that prefix, so that no message names a package twice.
var (
	// ErrSetting: a field of a solver's settings has an invalid value
	// (negative, NaN or infinite where a finite positive number is needed,
	// an unknown order, …). The error is a *SettingError naming the field.
	ErrSetting = errors.New("classify: invalid setting")
	// ErrNotFinite: a number is NaN or ±Inf where a finite one is needed:
	// a value of the data or of a figure, or the arithmetic of a fit that
	// overflowed or produced NaN (for example on data of magnitude 10²⁰⁰),
	// so that no result is reported as a success. The message names the
	// point or quantity concerned.
	ErrNotFinite = errors.New("classify: not finite")
	// ErrNotConverged: a solver stopped at its iteration limit, made no
	// progress, or ended with a result that its optimality test does not
	// accept; the partial result comes with it.
	ErrNotConverged = errors.New("classify: not converged")
	// ErrNotSeparable: no hyperplane (in a kernel's feature space, for a
	// kernel model) separates the classes, where the method needs one: a
	// hard margin, or the perceptron's convergence bound.
	ErrNotSeparable = errors.New("classify: data not separable")

	// ErrNonFinite is ErrNotFinite.
	//
	// Deprecated: use ErrNotFinite.
	ErrNonFinite = ErrNotFinite
)

// SettingError reports an invalid setting: the solver, the field, the value
// and what the field accepts, and the error that explains it, if any (a
// kernel's own, from kernel.Validate, for a bad kernel). It matches
// ErrSetting under errors.Is, and Err through Unwrap.
//
// Every solver of the library reports every invalid setting this way, a
// kernel with a bad parameter included (Field "Kernel"):
//
//	var se *classify.SettingError
//	if errors.As(err, &se) {
//		fmt.Println("fix", se.Solver+"."+se.Field)
//	}
type SettingError struct {
	Solver string // "perceptron.Primal", "svm.SMO", …
	Field  string // "Eta", "MaxIter", "Kernel", …
	Value  any    // the value given
	Want   string // what is accepted: "a finite number > 0"
	Err    error  // the underlying error, or nil
}

func (e *SettingError) Error() string {
	msg := fmt.Sprintf("%s: %s = %v: %s, want %s", e.Solver, e.Field, e.Value, errtext.Trim(ErrSetting.Error()), e.Want)
	if e.Err != nil {
		msg += " (" + e.Err.Error() + ")"
	}
	return msg
}

// Is reports whether target is ErrSetting.
func (e *SettingError) Is(target error) bool { return target == ErrSetting }

// Unwrap returns Err.
func (e *SettingError) Unwrap() error { return e.Err }
