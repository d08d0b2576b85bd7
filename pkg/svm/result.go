package svm

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Result is the solution of the dual problem: the fitted Model, which
// classifies on its own, and everything the multipliers determine. Indices
// are 0-based. Decision(x) = Σ αᵢyᵢK(xᵢ, x) + b (w·x + b for the linear
// kernel) and Predict(x) = classify.Sign(Decision(x)) are the methods of
// the embedded Model (see Model.Decision).
type Result struct {
	// Model is the decision function f(x) = Σ αᵢyᵢK(xᵢ, x) + b over the
	// support vectors (copies of them, in the order of SupportIndices), with
	// W for the linear kernel and B, the bias b* described below.
	Model
	// Alpha are the Lagrange multipliers α*.
	Alpha []float64
	// BLow and BHigh bound the interval of optimal b. They equal B when a
	// free support vector fixes b (B is then the mean of yⱼ − Σαᵢyᵢ
	// K(xᵢ, xⱼ) over the free support vectors); otherwise b* is not unique
	// (the book, §7.2.2), every b in the interval is optimal and B is its
	// midpoint (or its finite end). An end may be infinite.
	BLow, BHigh float64
	// SupportIndices lists the indices of the support vectors, the i with
	// αᵢ > 0 (Support holds copies of the vectors themselves).
	SupportIndices []int
	// FreeIndices lists the support vectors with 0 < αᵢ < C (all of
	// SupportIndices for a hard margin); BoundedIndices those with αᵢ = C.
	FreeIndices, BoundedIndices []int
	// DualObjective is f(α) = ½αᵀQα − Σαᵢ, the quantity minimised (LIBSVM's
	// obj).
	DualObjective float64
	// PrimalObjective is ½‖w‖² + CΣᵢ[1 − yᵢf(xᵢ)]₊ at b = B (½‖w‖² for a
	// hard margin).
	PrimalObjective float64
	// Gap ≥ 0 is the duality gap P − D of the best primal point at hand:
	// (w, B), and (w, B)/ρ when every yᵢf(xᵢ) ≥ ρ > 0 (whose margins are
	// all ≥ 1, so it is feasible for a hard margin, where it is the only
	// candidate). It bounds f(α) − f(α*), and is zero at the optimum.
	Gap float64
	// MaxViolation is the largest violation of the KKT conditions in the
	// sense of LIBSVM's stopping rule, in units of the margin yᵢf(xᵢ) = 1:
	// max over I_up of −yᵢGᵢ minus min over I_low of −yⱼGⱼ, or 0 when
	// negative.
	MaxViolation float64
	// Iterations counts solver iterations (SMO pairs, faces tried, ...).
	Iterations int
	// KernelEvaluations counts the kernel values K(xᵢ, xⱼ) the solver
	// computed: for SMO the diagonal, the entries of the columns its cache
	// did not hold, those of the rebuilding of v after shrinking, and those
	// of the Result's numbers recomputed from α in float64 (none for the
	// linear kernel, from w); for PlattSMO the diagonal, K12 of every pair
	// it tried, two columns per step and the columns of the support vectors
	// that the Result reads; for Exact the n(n+1)/2 entries of the Gram
	// matrix.
	KernelEvaluations int
	// Status says why the solver stopped.
	Status Status

	quad, sumAlpha float64 // ½αᵀQα = ½‖w‖² and Σαᵢ
}

// boundTol is the relative distance under which an αᵢ counts as at a
// bound: at 0 when αᵢ ≤ boundTol·maxⱼαⱼ, at C when αᵢ ≥ (1 − boundTol)·C.
// Both are relative to the problem's own scale, so that the support set
// does not depend on the units of the data or of C.
const boundTol = 1e-12

// newResult returns the Result that α determines on the data x, y with
// kernel k and box bound c (+Inf for a hard margin), given the gradient
// G = Qα − e: the support sets, b and its interval, both objectives, the
// gap, the KKT violation and the model. It leaves Iterations and Status
// to the solver.
func newResult(x mat.Matrix, y []float64, k kernel.Kernel, c float64, alpha, grad []float64) *Result {
	r := newResultNumbers(y, c, alpha, grad)
	r.Model = newModel(x, y, alpha, r.SupportIndices, k, r.B)
	return r
}

// newResultNumbers returns the Result of newResult without its Model (and
// without copying the support vectors): what a solver needs to judge α.
func newResultNumbers(y []float64, c float64, alpha, grad []float64) *Result {
	r := &Result{Alpha: alpha}
	var amax float64
	for _, a := range alpha {
		amax = math.Max(amax, a)
	}
	hard := math.IsInf(c, 1)
	atZero := func(a float64) bool { return a <= boundTol*amax }
	atC := func(a float64) bool { return !hard && a >= (1-boundTol)*c }

	lo, hi := math.Inf(-1), math.Inf(1)
	mUp, mLow := math.Inf(-1), math.Inf(1) // max over I_up, min over I_low of −yG
	var freeSum, wNorm2, sumAlpha float64
	for i, a := range alpha {
		v := -y[i] * grad[i]
		wNorm2 += a * (grad[i] + 1)
		sumAlpha += a
		zero, upper := atZero(a), atC(a)
		if !zero {
			r.SupportIndices = append(r.SupportIndices, i)
		}
		switch {
		case !zero && !upper:
			r.FreeIndices = append(r.FreeIndices, i)
			freeSum += v
		case upper:
			r.BoundedIndices = append(r.BoundedIndices, i)
		}
		// Bounds on b from the KKT conditions: b ≥ vᵢ where yᵢf(xᵢ) ≥ 1
		// is required of a positive point, b ≤ vᵢ for a negative one.
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
	switch {
	case len(r.FreeIndices) > 0:
		r.BLow = freeSum / float64(len(r.FreeIndices))
		r.BHigh = r.BLow
	case lo > hi:
		// The bounds cross by at most the KKT violation: b is fixed to
		// within the solver's tolerance.
		r.BLow = (lo + hi) / 2
		r.BHigh = r.BLow
	default:
		r.BLow, r.BHigh = lo, hi
	}
	b := r.BLow
	switch {
	case !math.IsInf(r.BLow, 0) && !math.IsInf(r.BHigh, 0):
		b = (r.BLow + r.BHigh) / 2
	case math.IsInf(r.BLow, 0) && !math.IsInf(r.BHigh, 0):
		b = r.BHigh
	case math.IsInf(r.BLow, 0):
		b = 0
	}
	r.MaxViolation = math.Max(0, mUp-mLow)

	// yᵢf(xᵢ) = Gᵢ + 1 + yᵢb; the primal objective at (w, b) and the
	// least functional margin ρ.
	r.DualObjective = wNorm2/2 - sumAlpha
	r.PrimalObjective = wNorm2 / 2
	rho := math.Inf(1)
	var slack float64
	for i := range alpha {
		m := grad[i] + 1 + y[i]*b
		rho = math.Min(rho, m)
		slack += math.Max(0, 1-m)
	}
	best := math.Inf(1) // the best primal objective at hand
	if !hard {
		r.PrimalObjective += c * slack
		best = r.PrimalObjective
	}
	if rho > 0 {
		best = math.Min(best, wNorm2/2/(rho*rho))
	}
	r.Gap = best + r.DualObjective
	r.quad, r.sumAlpha = wNorm2/2, sumAlpha
	r.B = b
	return r
}

// gapTarget returns the largest duality gap that counts as small with
// relative tolerance tol: tol times ½‖w‖² = ½αᵀQα, the part of the objective
// that the data determine (for a small C it is far below the objective
// itself, whose −Σαᵢ is then nearly constant, and it is what tells one
// support set from another), plus the rounding error of the sums that form
// the gap. (SMO computes the gap it reports, and tests, from α in float64,
// whatever its cache holds.)
func (r *Result) gapTarget(tol float64) float64 {
	return tol*math.Max(r.quad, 0) + 64*epsilon*(r.sumAlpha+math.Abs(r.PrimalObjective))
}

// smoGapTarget returns the largest duality gap with which SMO counts a
// result with KKT violation at most tol as converged, for the box bound c
// and the largest kernel value kmax = max K(xᵢ, xᵢ):
//
//	gapTarget(tol) + tol²·min(1, c·kmax)·W,  W = Σᵢmax(αᵢ, c − αᵢ).
//
// The first term bounds ½‖w − w*‖² ≤ Gap ≤ tol·½‖w‖², so w is within
// √tol·‖w‖ of w*. The second is the gap that a KKT violation of
// tol²·min(1, c·kmax) leaves at most (see settled): where the objective is
// mostly C·Σξ (many αᵢ at C, features far from unit scale; ½‖w‖² can be
// 10⁻³ of it), the first alone took SMO two to four times svm-train's
// iterations to move the objective by 10⁻⁶ of itself. For a small C the gap
// between two support sets is of the order of C²·kmax while W is of nC: the
// factor c·kmax keeps the second term below it. It is 0 for a hard margin.
func smoGapTarget(r *Result, c, kmax, tol float64) float64 {
	if math.IsInf(c, 1) {
		return r.gapTarget(tol)
	}
	var w float64
	for _, a := range r.Alpha {
		w += max(a, c-a)
	}
	return r.gapTarget(tol) + tol*tol*min(1, c*kmax)*w
}

// epsilon is the relative rounding error of a float64, 2⁻⁵³.
const epsilon = 0x1p-53

// nonFinite returns a description of the first value of r that is not
// finite, naming the point (1-based, as the book numbers x1…xN), or "".
func (r *Result) nonFinite() string {
	for i, a := range r.Alpha {
		if math.IsNaN(a) || math.IsInf(a, 0) {
			return fmt.Sprintf("α%d = %v", i+1, a)
		}
	}
	for j, v := range r.W {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Sprintf("w⁽%d⁾ = %v", j+1, v)
		}
	}
	for _, q := range []struct {
		name string
		v    float64
	}{{"b", r.B}, {"the dual objective", r.DualObjective}, {"the primal objective", r.PrimalObjective}} {
		if math.IsNaN(q.v) || math.IsInf(q.v, 0) {
			return fmt.Sprintf("%s = %v", q.name, q.v)
		}
	}
	if math.IsNaN(r.Gap) || math.IsNaN(r.MaxViolation) {
		return fmt.Sprintf("gap %v, KKT violation %v", r.Gap, r.MaxViolation)
	}
	return ""
}
