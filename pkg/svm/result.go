package svm

import (
	"math"
)

// Status says why a solver stopped.
type Status int

const (
	// Converged: the KKT conditions hold within the tolerance.
	Converged Status = iota
	// IterationLimit: the iteration limit was reached first.
	IterationLimit
	// NoProgress: the solver could not decrease the objective further.
	NoProgress
	// NotSeparable: a hard margin was asked for data that no hyperplane
	// separates (the error wraps ErrNotSeparable).
	NotSeparable
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
	}
	return "unknown"
}

// Result is the solution of the dual problem and everything derived from it.
// Indices are 0-based.
type Result struct {
	// Alpha are the Lagrange multipliers α*.
	Alpha []float64
	// W = Σ αᵢyᵢxᵢ, set only for the linear kernel (w* is unique).
	W []float64
	// B is the bias b*: the mean of yⱼ − Σαᵢyᵢ K(xᵢ, xⱼ) over the free
	// support vectors (0 < αⱼ < C) when there are any, otherwise the
	// midpoint of [BLow, BHigh].
	B float64
	// BLow and BHigh bound the interval of optimal b. They are equal when a
	// free support vector fixes b; otherwise b* is not unique (the book,
	// §7.2.2) and every b in the interval is optimal. An end may be infinite.
	BLow, BHigh float64
	// Support lists the support vectors, the i with αᵢ > 0.
	Support []int
	// Free lists the support vectors with 0 < αᵢ < C (all of Support for a
	// hard margin); Bounded those with αᵢ = C.
	Free, Bounded []int
	// DualObjective is ½αᵀQα − Σαᵢ, the quantity minimised (LIBSVM's obj).
	DualObjective float64
	// PrimalObjective is ½‖w‖² + CΣξᵢ with ξᵢ = [1 − yᵢf(xᵢ)]₊ at b = B
	// (½‖w‖² for a hard margin).
	PrimalObjective float64
	// Gap = PrimalObjective + DualObjective ≥ 0, the duality gap; zero at
	// the optimum.
	Gap float64
	// MaxViolation is the largest violation of the KKT conditions, in the
	// sense of LIBSVM's stopping rule: max over i ∈ I_up of −yᵢGᵢ minus min
	// over j ∈ I_low of −yⱼGⱼ, or 0 when negative.
	MaxViolation float64
	// Iterations counts solver iterations (SMO pairs, faces tried, ...).
	Iterations int
	// Status says why the solver stopped.
	Status Status
}

// boundTol is the relative distance to 0 or C under which an αᵢ counts as
// at the bound.
const boundTol = 1e-12

// fill computes every field of r derivable from α, the gradient
// G = Qα − e, the labels and C (math.Inf(1) for a hard margin): B and its
// interval, the support sets, both objectives, the gap and the KKT violation.
// It leaves W, Iterations and Status to the solver.
func (r *Result) fill(alpha, grad, y []float64, c float64) {
	r.Alpha = alpha
	r.Support, r.Free, r.Bounded = nil, nil, nil
	atZero := func(a float64) bool { return a <= boundTol*math.Max(1, c0(c)) }
	atC := func(a float64) bool { return !math.IsInf(c, 1) && a >= c-boundTol*math.Max(1, c) }

	lo, hi := math.Inf(-1), math.Inf(1)
	mUp, mLow := math.Inf(-1), math.Inf(1) // max over I_up, min over I_low of −yG
	var freeSum float64
	var wNorm2, sumAlpha float64
	for i, a := range alpha {
		v := -y[i] * grad[i]
		wNorm2 += a * (grad[i] + 1)
		sumAlpha += a
		zero, upper := atZero(a), atC(a)
		if !zero {
			r.Support = append(r.Support, i)
		}
		switch {
		case !zero && !upper:
			r.Free = append(r.Free, i)
			freeSum += v
		case upper:
			r.Bounded = append(r.Bounded, i)
		}
		// Bounds on b from the KKT conditions (see package doc).
		if (y[i] > 0 && zero) || (y[i] < 0 && upper) {
			lo = math.Max(lo, v)
		}
		if (y[i] < 0 && zero) || (y[i] > 0 && upper) {
			hi = math.Min(hi, v)
		}
		// LIBSVM's working sets I_up and I_low.
		if (y[i] > 0 && !upper) || (y[i] < 0 && !zero) {
			mUp = math.Max(mUp, v)
		}
		if (y[i] < 0 && !upper) || (y[i] > 0 && !zero) {
			mLow = math.Min(mLow, v)
		}
	}
	if len(r.Free) > 0 {
		r.B = freeSum / float64(len(r.Free))
		r.BLow, r.BHigh = r.B, r.B
	} else {
		r.BLow, r.BHigh = lo, hi
		switch {
		case !math.IsInf(lo, 0) && !math.IsInf(hi, 0):
			r.B = (lo + hi) / 2
		case !math.IsInf(lo, 0):
			r.B = lo
		case !math.IsInf(hi, 0):
			r.B = hi
		}
	}
	r.MaxViolation = math.Max(0, mUp-mLow)

	r.DualObjective = wNorm2/2 - sumAlpha
	r.PrimalObjective = wNorm2 / 2
	if !math.IsInf(c, 1) {
		var slack float64
		for i := range alpha {
			// yᵢf(xᵢ) = Gᵢ + 1 + yᵢb, so ξᵢ = [−(Gᵢ + yᵢb)]₊.
			slack += math.Max(0, -(grad[i] + y[i]*r.B))
		}
		r.PrimalObjective += c * slack
	}
	r.Gap = r.PrimalObjective + r.DualObjective
}

// c0 is C, or 1 for a hard margin, as the scale of "at zero".
func c0(c float64) float64 {
	if math.IsInf(c, 1) {
		return 1
	}
	return c
}
