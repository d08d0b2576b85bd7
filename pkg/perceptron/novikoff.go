package perceptron

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/separability"
)

// Augment returns the augmented vectors x̂ᵢ = (xᵢᵀ, 1)ᵀ of Theorem 2.1 as
// the rows of an n×(d+1) matrix, so that ŵ·x̂ = w·x + b for ŵ = (wᵀ, b)ᵀ.
func Augment(x mat.Matrix) *mat.Dense {
	n, d := x.Dims()
	a := mat.NewDense(n, d+1, nil)
	a.Slice(0, n, 0, d).(*mat.Dense).Copy(x)
	for i := 0; i < n; i++ {
		a.Set(i, d, 1)
	}
	return a
}

// Radius returns maxᵢ ‖xᵢ‖ over the rows of x: Novikoff's R when x holds
// augmented vectors (see Augment), CS229's D when it holds the xᵢ. The norms
// are computed without overflow (floats.Norm scales as LAPACK's dnrm2 does);
// the result is +Inf only when a norm exceeds the largest float64.
func Radius(x mat.Matrix) float64 {
	var r float64
	for _, xi := range kernel.Rows(x) {
		r = math.Max(r, floats.Norm(xi, 2))
	}
	return r
}

// Gamma returns the margin γ = minᵢ yᵢ(ŵ·x̂ᵢ) of the hyperplane w·x + b = 0
// normalised as in Theorem 2.1, ‖ŵ‖ = ‖(w, b)‖ = 1: minᵢ yᵢ(w·xᵢ+b)/‖(w, b)‖.
// It is positive exactly when the hyperplane separates the data. (It is
// not the geometric margin, which divides by ‖w‖; see Margins.) The
// products are formed after scaling, so they do not overflow where γ is a
// float64. Gamma returns NaN for w = 0, b = 0 and panics if the dimensions
// do not match.
func Gamma(x mat.Matrix, y []float64, w []float64, b float64) float64 {
	n, d := x.Dims()
	if len(w) != d || len(y) != n {
		panic(errLength)
	}
	norm := math.Hypot(floats.Norm(w, 2), b)
	if norm == 0 {
		return math.NaN()
	}
	u := make([]float64, d)
	floats.ScaleTo(u, 1/norm, w)
	ub := b / norm
	// Scale the points by 2^−e, e the exponent of the largest |xᵢⱼ| (an
	// exact scaling), so that no product overflows, and scale back.
	rows := kernel.Rows(x)
	var m float64
	for _, r := range rows {
		m = math.Max(m, floats.Norm(r, math.Inf(1)))
	}
	_, e := math.Frexp(m)
	g := math.Inf(1)
	for i, xi := range rows {
		t := math.Ldexp(ub, -e)
		for j, v := range xi {
			t += u[j] * math.Ldexp(v, -e)
		}
		g = math.Min(g, math.Ldexp(y[i]*t, e))
	}
	return g
}

// Bound holds the quantities of Novikoff's theorem (Theorem 2.1) or of the
// CS229 mistake bound for a data set and a separating hyperplane.
type Bound struct {
	// Augmented is true for Novikoff's form (vectors x̂ = (x, 1), the bias
	// is part of ŵ) and false for the CS229 form (no bias).
	Augmented bool
	// R is maxᵢ‖x̂ᵢ‖ (CS229: D = maxᵢ‖xᵢ‖).
	R float64
	// W and B form the unit vector ŵ_opt = (W, B), ‖ŵ_opt‖ = 1 (B = 0 in the
	// CS229 form), and Gamma = minᵢ yᵢ ŵ_opt·x̂ᵢ > 0 is its margin.
	W     []float64
	B     float64
	Gamma float64
	// Bound is (R/γ)², the largest possible number of mistakes.
	Bound float64
}

// NovikoffBound returns R = maxᵢ‖x̂ᵢ‖, the best γ (the maximum margin over
// unit ŵ, found by separability.MaxMargin on the augmented points) and the
// bound (R/γ)² on the number of mistakes of Algorithm 2.1 (η arbitrary,
// ŵ₀ = 0). Non-separable data give an error matching both ErrNotSeparable
// and classify.ErrNotSeparable (which svm.ErrNotSeparable is); a quantity
// too large for a float64 (R, or the bound itself) one wrapping
// classify.ErrNonFinite that names it.
func NovikoffBound(x mat.Matrix, y []float64) (*Bound, error) {
	return bestBound("perceptron.NovikoffBound", x, y, true)
}

// CS229Bound is NovikoffBound for the CS229 form: no bias, D = maxᵢ‖xᵢ‖ and
// the best γ over unit u with yᵢu·xᵢ ≥ γ, a hyperplane through the origin.
// Data not separable through the origin give ErrNotSeparable.
func CS229Bound(x mat.Matrix, y []float64) (*Bound, error) {
	return bestBound("perceptron.CS229Bound", x, y, false)
}

// bestBound is NovikoffBound (augmented) or CS229Bound; name prefixes the
// errors.
func bestBound(name string, x mat.Matrix, y []float64, augmented bool) (*Bound, error) {
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap(name, err)
	}
	z := x
	if augmented {
		z = Augment(x)
	}
	sol, err := separability.MaxMargin{}.Fit(z, y)
	switch {
	case errors.Is(err, classify.ErrNotSeparable):
		return nil, wrap(name, fmt.Errorf("%w (%w)", ErrNotSeparable, err))
	case errors.Is(err, classify.ErrNotConverged):
		return nil, wrap(name, fmt.Errorf("%w (%w)", ErrNotConverged, err))
	case err != nil:
		return nil, wrap(name, err)
	}
	bd := &Bound{Augmented: augmented, R: Radius(z), Gamma: sol.Gamma}
	if err := boundFinite(z, bd); err != nil {
		return nil, wrap(name, err)
	}
	bd.W = sol.W
	if augmented {
		_, d := x.Dims()
		bd.W, bd.B = sol.W[:d:d], sol.W[d]
	}
	return bd, nil
}

// boundFinite sets bd.Bound = (R/γ)², or returns an error wrapping
// classify.ErrNonFinite naming the point whose norm or the quantity that
// overflows.
func boundFinite(z mat.Matrix, bd *Bound) error {
	if math.IsInf(bd.R, 0) {
		for i, zi := range kernel.Rows(z) {
			if math.IsInf(floats.Norm(zi, 2), 0) {
				return fmt.Errorf("the radius R = ‖x%d‖ overflows a float64: %w", i+1, classify.ErrNonFinite)
			}
		}
	}
	ratio := bd.R / bd.Gamma
	bd.Bound = ratio * ratio
	if math.IsInf(bd.Bound, 0) || math.IsNaN(bd.Bound) {
		return fmt.Errorf("(R/γ)² = (%.6g/%.6g)² overflows a float64: %w", bd.R, bd.Gamma, classify.ErrNonFinite)
	}
	return nil
}

// Prefixes of the errors of HyperplaneBound and CheckProof.
const (
	hyperplaneBoundName = "perceptron.HyperplaneBound"
	checkProofName      = "perceptron.CheckProof"
)

// HyperplaneBound returns the quantities of Theorem 2.1 for a given
// separating hyperplane w·x + b = 0 instead of the best one: ŵ_opt = (w, b)
// scaled to unit norm, its γ (see Gamma), R and (R/γ)². A hyperplane that
// does not separate the data gives ErrNotSeparable; w = 0, b = 0 or a w of
// the wrong length gives ErrInit.
func HyperplaneBound(x mat.Matrix, y []float64, w []float64, b float64) (*Bound, error) {
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap(hyperplaneBoundName, err)
	}
	_, d := x.Dims()
	if err := checkInit(w, b, d); err != nil || len(w) != d {
		return nil, wrap(hyperplaneBoundName, fmt.Errorf("%w: need w with %d finite entries, got %d", ErrInit, d, len(w)))
	}
	norm := math.Hypot(floats.Norm(w, 2), b)
	if norm == 0 {
		return nil, wrap(hyperplaneBoundName, fmt.Errorf("%w: w = 0 and b = 0", ErrInit))
	}
	g := Gamma(x, y, w, b)
	if !(g > 0) {
		return nil, wrap(hyperplaneBoundName, fmt.Errorf("%w: the hyperplane has margin γ = %.3g ≤ 0", ErrNotSeparable, g))
	}
	z := Augment(x)
	bd := &Bound{Augmented: true, R: Radius(z), W: make([]float64, d), B: b / norm, Gamma: g}
	floats.ScaleTo(bd.W, 1/norm, w)
	if err := boundFinite(z, bd); err != nil {
		return nil, wrap(hyperplaneBoundName, err)
	}
	return bd, nil
}

// ProofStep holds both inequalities of the proof of Theorem 2.1 at step k,
// in the form that holds for any start ŵ₀ (ŵ₀ = 0 in the book):
//
//	ŵₖ·ŵ_opt ≥ ŵ₀·ŵ_opt + kηγ   (Dot ≥ DotMin)
//	‖ŵₖ‖²    ≤ ‖ŵ₀‖² + kη²R²    (NormSq ≤ NormSqMax)
//
// Joined by Cauchy–Schwarz, ŵₖ·ŵ_opt ≤ ‖ŵₖ‖, they give k ≤ (R/γ)² when
// ŵ₀ = 0. For the CS229 form read θₖ for ŵₖ, D for R and η = 1.
type ProofStep struct {
	K                 int
	Dot, DotMin       float64
	NormSq, NormSqMax float64
}

// ProofTol is the relative slack CheckProof allows for rounding.
const ProofTol = 1e-9

// CheckProof evaluates both inequalities of the proof of Novikoff's
// theorem at every step of trace, a perceptron run with learning rate eta
// (0 means 1) whose first step is k = 0. bd supplies ŵ_opt, γ and R; with
// a CS229 bound (Augmented false) the bias of the steps is ignored, as in a
// run with NoBias. It returns the values of every step (for plotting) and
// an error wrapping ErrProof if an inequality fails beyond ProofTol, ErrTrace
// if the trace is empty or does not start at k = 0, a *classify.SettingError
// for a bad eta.
// It panics if the steps' weights do not match bd.W in length.
func CheckProof(trace []Step, bd *Bound, eta float64) ([]ProofStep, error) {
	if eta == 0 {
		eta = 1
	}
	if !(eta > 0) || math.IsInf(eta, 0) {
		return nil, &classify.SettingError{Solver: "perceptron.CheckProof", Field: "eta", Value: eta, Want: "a finite number > 0"}
	}
	if len(trace) == 0 || trace[0].K != 0 {
		return nil, wrap(checkProofName, ErrTrace)
	}
	hat := func(s Step) (dot, normSq float64) {
		if len(s.W) != len(bd.W) {
			panic(errLength)
		}
		dot, normSq = floats.Dot(s.W, bd.W), floats.Dot(s.W, s.W)
		if bd.Augmented {
			dot += s.B * bd.B
			normSq += s.B * s.B
		}
		return dot, normSq
	}
	dot0, norm0 := hat(trace[0])
	out := make([]ProofStep, len(trace))
	var bad error
	for i, s := range trace {
		dot, normSq := hat(s)
		k := float64(s.K)
		ps := ProofStep{
			K:         s.K,
			Dot:       dot,
			DotMin:    dot0 + k*eta*bd.Gamma,
			NormSq:    normSq,
			NormSqMax: norm0 + k*eta*eta*bd.R*bd.R,
		}
		out[i] = ps
		if bad != nil {
			continue
		}
		if ps.Dot < ps.DotMin-ProofTol*math.Max(1, math.Abs(ps.DotMin)) {
			bad = wrap(checkProofName, fmt.Errorf("%w at k = %d: ŵ·ŵ_opt = %.6g < %.6g", ErrProof, s.K, ps.Dot, ps.DotMin))
		} else if ps.NormSq > ps.NormSqMax+ProofTol*math.Max(1, ps.NormSqMax) {
			bad = wrap(checkProofName, fmt.Errorf("%w at k = %d: ‖ŵ‖² = %.6g > %.6g", ErrProof, s.K, ps.NormSq, ps.NormSqMax))
		}
	}
	return out, bad
}
