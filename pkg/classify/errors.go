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
)

// SettingError reports an invalid setting: the solver, the field, the value
// and what the field accepts. It matches ErrSetting under errors.Is.
type SettingError struct {
	Solver string // "perceptron.Primal", "svm.SMO", …
	Field  string // "Eta", "MaxIter", …
	Value  any    // the value given
	Want   string // what is accepted: "a finite number > 0"
}

func (e *SettingError) Error() string {
	return fmt.Sprintf("%s: %s = %v: %v, want %s", e.Solver, e.Field, e.Value, ErrSetting, e.Want)
}

// Is reports whether target is ErrSetting.
func (e *SettingError) Is(target error) bool { return target == ErrSetting }
