package svm

import (
	"errors"
	"fmt"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Sentinel errors, returned wrapped with context; test with errors.Is. An
// invalid setting (a negative, NaN or infinite C, Eps or Bias, a negative MaxIter, …) is a
// *classify.SettingError, which matches classify.ErrSetting, and so is a
// kernel with an invalid parameter (Field "Kernel", wrapping
// kernel.ErrParameter); arithmetic that overflows or gives NaN wraps
// classify.ErrNotFinite.
//
// Every error of a solver starts with its name, "svm.SMO: …", and names it
// once; the texts of the sentinels start with their package ("svm: …",
// "classify: …"), which a solver's message drops.
var (
	// ErrNotSeparable is classify.ErrNotSeparable: a hard margin was asked
	// for data that no hyperplane (in the kernel's feature space)
	// separates.
	ErrNotSeparable = classify.ErrNotSeparable
	// ErrNotConverged is classify.ErrNotConverged: the solver stopped at
	// its iteration limit, made no progress, or ended with a duality gap or
	// KKT violation that is not small relative to the problem; the partial
	// Result comes with it.
	ErrNotConverged = classify.ErrNotConverged
	// ErrTooLarge: the problem is larger than the solver takes on: more
	// points than Exact enumerates, more work than InteriorPoint plans for
	// (MaxPrimalWork, and then the message names SMO).
	ErrTooLarge = errors.New("svm: problem too large for the solver")
	// ErrSingular: a quadratic has no unique stationary point (its Hessian
	// is singular).
	ErrSingular = errors.New("svm: quadratic has a singular Hessian, no unique stationary point")
)

// Status says why a solver stopped.
type Status int

const (
	// Converged: the result is finite and optimal within the solver's
	// tolerance, relative to the problem's own scale.
	Converged Status = iota
	// IterationLimit: the iteration limit was reached first.
	IterationLimit
	// NoProgress: the solver could not improve the result further, or
	// ended with a duality gap that is not small relative to the objective.
	NoProgress
	// NotSeparable: a hard margin was asked for data that no hyperplane
	// separates.
	NotSeparable
	// NonFinite: the arithmetic overflowed or gave NaN.
	NonFinite
	// RoundingLimit: the result is accepted (Err is nil) although its
	// duality gap or KKT violation is above the tolerance asked for,
	// because the tolerance is below what float64 resolves on this
	// problem: the KKT violation is at the rounding error of the gradient,
	// no step changes α any more, and the gap is what that violation
	// allows. SMO reports it (see SMO).
	RoundingLimit
)

func (s Status) String() string {
	switch s {
	case Converged:
		return "converged"
	case IterationLimit:
		return "iteration limit"
	case NoProgress:
		return "no progress"
	case NotSeparable:
		return "not separable"
	case NonFinite:
		return "not finite"
	case RoundingLimit:
		return "rounding limit"
	}
	return "unknown"
}

// Err returns nil for Converged and RoundingLimit and otherwise the
// sentinel error that a solver stopping with s wraps: ErrNotConverged for
// IterationLimit and NoProgress, ErrNotSeparable, or classify.ErrNotFinite.
func (s Status) Err() error {
	switch s {
	case Converged, RoundingLimit:
		return nil
	case IterationLimit, NoProgress:
		return ErrNotConverged
	case NotSeparable:
		return ErrNotSeparable
	case NonFinite:
		return classify.ErrNotFinite
	}
	return fmt.Errorf("unknown status %d", int(s))
}

// plural returns "1 pass" or "n passes": n with the noun one or many.
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// iterations returns "1 iteration" or "n iterations".
func iterations(n int) string { return plural(n, "iteration", "iterations") }

// stopError returns the error of a solver that stopped with status s: the
// solver's name, the message, and the status's sentinel.
func stopError(solver string, s Status, format string, args ...any) error {
	return errtext.Errorf("%s: %s: %w", solver, fmt.Sprintf(format, args...), s.Err())
}
