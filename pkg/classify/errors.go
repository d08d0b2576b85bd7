package classify

import (
	"errors"
	"fmt"
)

// Errors shared by every solver of the library, so that a caller (the
// command line, a student's program) tells a bad setting and failed
// arithmetic apart the same way whichever algorithm it ran. Test for them
// with errors.Is.
var (
	// ErrSetting: a field of a solver's settings has an invalid value
	// (negative, NaN or infinite where a finite positive number is needed,
	// an unknown order, …). The error is a *SettingError naming the field.
	ErrSetting = errors.New("invalid setting")
	// ErrNonFinite: the arithmetic of a fit overflowed or produced NaN
	// (for example on data of magnitude 10²⁰⁰), so no result is reported as
	// a success. The message names the point or quantity concerned.
	ErrNonFinite = errors.New("arithmetic is not finite")
	// ErrNotSeparable: a hard margin was asked for data that no hyperplane
	// (in the kernel's feature space) separates. svm.ErrNotSeparable is
	// this error.
	ErrNotSeparable = errors.New("data not separable, a hard margin has no solution")
	// ErrNotConverged: a solver stopped at its iteration limit, made no
	// progress, or ended with a duality gap or KKT violation that is not
	// small relative to the problem; the partial result comes with it.
	// svm.ErrNotConverged is this error.
	ErrNotConverged = errors.New("solver did not converge")
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
	msg := fmt.Sprintf("%s: %s = %v: %v, want %s", e.Solver, e.Field, e.Value, ErrSetting, e.Want)
	if e.Err != nil {
		msg += " (" + e.Err.Error() + ")"
	}
	return msg
}

// Is reports whether target is ErrSetting.
func (e *SettingError) Is(target error) bool { return target == ErrSetting }

// Unwrap returns Err.
func (e *SettingError) Unwrap() error { return e.Err }
