package kernel

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Kernel is a positive semi-definite function K(x, z) = φ(x)·φ(z).
// Eval panics if len(x) != len(z).
type Kernel interface {
	Eval(x, z []float64) float64
}

// Linear is the kernel K(x, z) = x·z.
type Linear struct{}

// Eval returns x·z.
func (Linear) Eval(x, z []float64) float64 { return floats.Dot(x, z) }

func (Linear) String() string { return "linear" }

// Polynomial is LIBSVM's polynomial kernel K(x, z) = (Gamma·x·z + Coef0)^Degree.
// The zero value is not useful: use Degree ≥ 1 and Gamma > 0 (Validate says so).
type Polynomial struct {
	Degree int
	Gamma  float64
	Coef0  float64
}

// Eval returns (Gamma·x·z + Coef0)^Degree.
func (k Polynomial) Eval(x, z []float64) float64 {
	return k.FromDot(floats.Dot(x, z))
}

// FromDot returns (Gamma·dot + Coef0)^Degree, the kernel value of two
// vectors whose inner product is dot; solvers that compute many inner
// products at once (a matrix–vector product) finish the kernel with it.
func (k Polynomial) FromDot(dot float64) float64 {
	return powi(k.Gamma*dot+k.Coef0, k.Degree)
}

func (k Polynomial) String() string {
	return fmt.Sprintf("poly(degree=%d, gamma=%g, coef0=%g)", k.Degree, k.Gamma, k.Coef0)
}

// RBF is the Gaussian kernel K(x, z) = exp(−Gamma·‖x−z‖²), Gamma > 0.
type RBF struct {
	Gamma float64
}

// Eval returns exp(−Gamma·‖x−z‖²).
func (k RBF) Eval(x, z []float64) float64 {
	if len(x) != len(z) {
		panic(errLength)
	}
	var s float64
	for i, v := range x {
		d := v - z[i]
		s += d * d
	}
	return math.Exp(-k.Gamma * s)
}

func (k RBF) String() string { return fmt.Sprintf("rbf(gamma=%g)", k.Gamma) }

const errLength = "kernel: vectors of different lengths"

// powi returns x**n for a small non-negative integer n by repeated squaring.
func powi(x float64, n int) float64 {
	r := 1.0
	for n > 0 {
		if n&1 == 1 {
			r *= x
		}
		x *= x
		n >>= 1
	}
	return r
}

// Validate reports whether k's parameters make a valid kernel: Polynomial
// needs Degree ≥ 1 and a finite Gamma > 0 and Coef0, RBF a finite Gamma > 0,
// String N ≥ 1 and 0 < Lambda ≤ 1;
// kernels of other types are accepted as they are. The error names the
// parameter and its value and wraps ErrParameter.
func Validate(k Kernel) error {
	bad := func(kind, param string, v any, want string) error {
		return errtext.Errorf("kernel.%s: %s = %v: %w, want %s", kind, param, v, ErrParameter, want)
	}
	switch k := k.(type) {
	case nil:
		return errtext.Errorf("kernel: nil: %w, want a Kernel", ErrParameter)
	case Polynomial:
		if k.Degree < 1 {
			return bad("Polynomial", "Degree", k.Degree, "an integer ≥ 1")
		}
		if !(k.Gamma > 0) || math.IsInf(k.Gamma, 0) {
			return bad("Polynomial", "Gamma", k.Gamma, "a finite number > 0")
		}
		if math.IsNaN(k.Coef0) || math.IsInf(k.Coef0, 0) {
			return bad("Polynomial", "Coef0", k.Coef0, "a finite number")
		}
	case RBF:
		if !(k.Gamma > 0) || math.IsInf(k.Gamma, 0) {
			return bad("RBF", "Gamma", k.Gamma, "a finite number > 0")
		}
	case String:
		if k.N < 1 {
			return bad("String", "N", k.N, "an integer ≥ 1")
		}
		if !(k.Lambda > 0 && k.Lambda <= 1) {
			return bad("String", "Lambda", k.Lambda, "a number in (0, 1]")
		}
	}
	return nil
}

// Setting returns the kernel that a solver uses for its Kernel field k:
// k itself, or Linear{} when k is nil. A k that Validate rejects gives a
// *classify.SettingError naming the solver (as "svm.SMO") and the field
// Kernel, which wraps Validate's error: a bad kernel is a bad setting of
// the solver, reported as its other settings are.
func Setting(solver string, k Kernel) (Kernel, error) {
	if k == nil {
		return Linear{}, nil
	}
	if err := Validate(k); err != nil {
		return nil, &classify.SettingError{Solver: solver, Field: "Kernel", Value: k, Want: "a valid kernel", Err: err}
	}
	return k, nil
}

// ErrParameter is wrapped by the errors of Validate: a kernel parameter is
// out of range. A bad kernel is a bad setting of the solver that uses it, so
// the error also matches classify.ErrSetting under errors.Is.
var ErrParameter error = parameterError{}

type parameterError struct{}

func (parameterError) Error() string { return "kernel: invalid parameter" }

// Is reports whether target is classify.ErrSetting.
func (parameterError) Is(target error) bool { return target == classify.ErrSetting }
