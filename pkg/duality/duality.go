package duality

import (
	"errors"
	"fmt"
	"math"
)

// Errors of Solve, returned wrapped; test with errors.Is.
var (
	// ErrNotConvex: the objective or the constraint has A < 0 (or a
	// coefficient that is not finite).
	ErrNotConvex = errors.New("duality: problem is not a convex quadratic one")
	// ErrInfeasible: no x satisfies c(x) ≤ 0.
	ErrInfeasible = errors.New("duality: no feasible point")
	// ErrUnbounded: f has no minimum on the feasible set.
	ErrUnbounded = errors.New("duality: objective unbounded below on the feasible set")
)

// Quadratic is q(x) = Ax² + Bx + C.
type Quadratic struct {
	A, B, C float64
}

// At returns q(x).
func (q Quadratic) At(x float64) float64 { return (q.A*x+q.B)*x + q.C }

// Slope returns q'(x) = 2Ax + B.
func (q Quadratic) Slope(x float64) float64 { return 2*q.A*x + q.B }

// plus returns q + αr.
func (q Quadratic) plus(alpha float64, r Quadratic) Quadratic {
	return Quadratic{A: q.A + alpha*r.A, B: q.B + alpha*r.B, C: q.C + alpha*r.C}
}

// Problem is the primal problem of Appendix C in one variable with one
// inequality constraint: min_x Objective(x) s.t. Constraint(x) ≤ 0.
type Problem struct {
	Objective, Constraint Quadratic
}

// Lagrangian returns the generalized Lagrangian L(x, α) = f(x) + αc(x).
func (p Problem) Lagrangian(x, alpha float64) float64 {
	return p.Objective.At(x) + alpha*p.Constraint.At(x)
}

// PrimalFunction returns θ_P(x) = max_{α≥0} L(x, α): f(x) when c(x) ≤ 0
// (α = 0 is best), +∞ when c(x) > 0 (L grows without bound with α).
func (p Problem) PrimalFunction(x float64) float64 {
	if p.Constraint.At(x) > 0 {
		return math.Inf(1)
	}
	return p.Objective.At(x)
}

// DualFunction returns θ_D(α) = min_x L(x, α) and the x that attains it.
// L(·, α) is the quadratic (f + αc)(x) = ax² + bx + c': for a > 0 the
// minimum is c' − b²/(4a) at x = −b/(2a); for a = b = 0 it is c' at every x
// (x is NaN); otherwise L is unbounded below and θ_D(α) = −∞ (x is NaN).
func (p Problem) DualFunction(alpha float64) (theta, x float64) {
	l := p.Objective.plus(alpha, p.Constraint)
	switch {
	case l.A > 0:
		x = -l.B / (2 * l.A)
		return l.C - l.B*l.B/(4*l.A), x
	case l.A == 0 && l.B == 0:
		return l.C, math.NaN()
	}
	return math.Inf(-1), math.NaN()
}

// Solution is what Solve finds: the primal solution and value, the KKT
// multiplier and the dual value.
type Solution struct {
	// X is a minimiser x* of the primal problem and P = f(x*) its value p*.
	X, P float64
	// Lo and Hi bound the feasible set {x : c(x) ≤ 0}, an interval (an end
	// may be infinite; Lo = Hi for a single point).
	Lo, Hi float64
	// Slater reports Slater's condition: some x has c(x) < 0.
	Slater bool
	// Alpha is the multiplier α* ≥ 0 of the KKT conditions (Theorem C.3):
	// f'(x*) + α*c'(x*) = 0, α*c(x*) = 0. It is NaN when no such α exists,
	// which happens only without Slater's condition.
	Alpha float64
	// D is the dual value d* = sup_{α≥0} θ_D(α), and Attained reports
	// whether some α attains it: then Alpha does and D = θ_D(Alpha).
	// Otherwise D is the limit of θ_D(α) as α → ∞.
	D        float64
	Attained bool
}

// discTol is the relative size of the discriminant B² − 4AC of the
// constraint, against its terms, under which it counts as 0: a double root,
// the single feasible point of a constraint c(x) = A(x − x₀)² ≤ 0 whose
// coefficients were rounded.
const discTol = 1e-12

// activeTol is the relative size of c(x*) under which the constraint
// counts as active: the rounding of the roots of c.
const activeTol = 1e-12

// Solve solves the primal problem and its dual. The feasible set of a
// convex quadratic constraint is an interval; f is minimised on it (the
// unconstrained minimiser clamped to it, or an end when f is affine). The
// multiplier comes from the KKT conditions at x*: α* = 0 when the
// constraint is inactive, α* = −f'(x*)/c'(x*) when it is active with
// c'(x*) ≠ 0. Then d* = θ_D(α*) = p* (Theorem C.2). When c'(x*) = 0 at an
// active constraint, the feasible set is the single point x* where c
// touches 0, c(x) = A(x − x*)², and θ_D(α) = p* − f'(x*)²/(4(a_f + αA)):
// if f'(x*) = 0, α* = 0 attains p*; otherwise no α does, and d* = p* is
// only the limit as α → ∞.
//
// It returns an error wrapping ErrNotConvex, ErrInfeasible or ErrUnbounded.
func (p Problem) Solve() (*Solution, error) {
	f, c := p.Objective, p.Constraint
	if !(f.A >= 0 && c.A >= 0) || !finite(f.A, f.B, f.C, c.A, c.B, c.C) {
		return nil, fmt.Errorf("%w: f = %v, c = %v", ErrNotConvex, f, c)
	}
	s := &Solution{Alpha: math.NaN()}
	var err error
	if s.Lo, s.Hi, s.Slater, err = feasible(c); err != nil {
		return nil, err
	}
	switch {
	case f.A > 0:
		s.X = math.Min(math.Max(-f.B/(2*f.A), s.Lo), s.Hi)
	case f.B > 0:
		s.X = s.Lo
	case f.B < 0:
		s.X = s.Hi
	default:
		s.X = math.Min(math.Max(0, s.Lo), s.Hi)
	}
	if math.IsInf(s.X, 0) {
		return nil, fmt.Errorf("%w: f = %v on [%v, %v]", ErrUnbounded, f, s.Lo, s.Hi)
	}
	s.P = f.At(s.X)
	scale := math.Abs(c.A)*s.X*s.X + math.Abs(c.B*s.X) + math.Abs(c.C)
	active := math.Abs(c.At(s.X)) <= activeTol*scale
	df, dc := f.Slope(s.X), c.Slope(s.X)
	if math.Abs(dc) <= activeTol*(math.Abs(2*c.A*s.X)+math.Abs(c.B)) {
		dc = 0 // the vertex of c, up to rounding
	}
	switch {
	case !active || df == 0:
		s.Alpha = 0
	case dc != 0:
		s.Alpha = math.Max(0, -df/dc)
	}
	if math.IsNaN(s.Alpha) {
		s.D = s.P // the limit of θ_D(α) = p* − f'(x*)²/(4(a_f + αA))
		return s, nil
	}
	s.D, _ = p.DualFunction(s.Alpha)
	s.Attained = true
	return s, nil
}

// feasible returns the interval {x : c(x) ≤ 0} of a convex quadratic c and
// whether some x has c(x) < 0.
func feasible(c Quadratic) (lo, hi float64, slater bool, err error) {
	switch {
	case c.A > 0:
		disc := c.B*c.B - 4*c.A*c.C
		if math.Abs(disc) <= discTol*(c.B*c.B+math.Abs(4*c.A*c.C)) {
			disc = 0 // a double root, up to the rounding of its terms
		}
		if disc < 0 {
			return 0, 0, false, fmt.Errorf("%w: c = %v is positive everywhere", ErrInfeasible, c)
		}
		if disc == 0 {
			x := -c.B / (2 * c.A)
			return x, x, false, nil
		}
		// The roots without cancellation: q = −(B + sign(B)√disc)/2.
		q := -(c.B + math.Copysign(math.Sqrt(disc), c.B)) / 2
		x1, x2 := q/c.A, c.C/q
		return math.Min(x1, x2), math.Max(x1, x2), true, nil
	case c.B > 0:
		return math.Inf(-1), -c.C / c.B, true, nil
	case c.B < 0:
		return -c.C / c.B, math.Inf(1), true, nil
	case c.C <= 0:
		return math.Inf(-1), math.Inf(1), c.C < 0, nil
	}
	return 0, 0, false, fmt.Errorf("%w: c = %v is a positive constant", ErrInfeasible, c)
}

// finite reports whether every value is neither NaN nor infinite.
func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
