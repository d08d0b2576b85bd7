package svm

import "errors"

// Sentinel errors, returned wrapped with context; test with errors.Is.
var (
	// ErrC: the box constraint C is negative or NaN.
	ErrC = errors.New("svm: C must be > 0 (or 0 for a hard margin)")
	// ErrNotSeparable: a hard margin was asked for data that no hyperplane
	// (in the kernel's feature space) separates.
	ErrNotSeparable = errors.New("svm: data not separable, a hard margin has no solution")
	// ErrNotConverged: the solver stopped at its iteration limit or made no
	// progress; the partial Result is returned with it.
	ErrNotConverged = errors.New("svm: solver did not converge")
	// ErrTooLarge: the exact solver was given more points than it enumerates.
	ErrTooLarge = errors.New("svm: problem too large for the exact solver")
)
