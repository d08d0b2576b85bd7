package svm

import "math"

// Subproblem is the two-variable problem of SMO, (7.101)–(7.103) of the
// book: the dual objective f as a function of αᵢ and αⱼ alone, every other
// multiplier fixed at its current value. The equality constraint keeps
// αᵢyᵢ + αⱼyⱼ = ς, so αᵢ = yᵢ(ς − αⱼyⱼ) follows from αⱼ and the problem is
// one of αⱼ only,
//
//	W(αⱼ) = ½A αⱼ² + B αⱼ + Const,   L ≤ αⱼ ≤ H,
//
// where [L, H] is the part of the line αᵢyᵢ + αⱼyⱼ = ς inside the box
// [0, C]². A = Qᵢᵢ + Qⱼⱼ − 2yᵢyⱼQᵢⱼ = K(xᵢ, xᵢ) + K(xⱼ, xⱼ) − 2K(xᵢ, xⱼ) is
// the η of (7.107). DualProblem.Subproblem builds it from Q and α alone,
// without the errors Eₖ or b, so that Theorem 7.6 can be checked against
// it: the unclipped minimiser −B/A equals αⱼ + yⱼ(Eᵢ − Eⱼ)/η.
type Subproblem struct {
	// I and J are the indices (0-based) of the two variables: α_I plays
	// the book's α1 and α_J its α2.
	I, J int
	// A, B and Const are the coefficients of W(α_J).
	A, B, Const float64
	// L and H bound α_J; H is +∞ for a hard margin when y_I ≠ y_J.
	L, H float64
	// Zeta is ς = α_I y_I + α_J y_J, and YI, YJ the two labels.
	Zeta, YI, YJ float64
}

// Subproblem returns the two-variable subproblem of SMO in the variables
// αᵢ and αⱼ at α (every other αₖ fixed). It panics if len(alpha) != n, if i
// or j is out of range, or if i == j.
func (d *DualProblem) Subproblem(alpha []float64, i, j int) Subproblem {
	d.checkLen(alpha)
	n := d.Len()
	if i < 0 || i >= n || j < 0 || j >= n || i == j {
		panic(errPair)
	}
	yi, yj := d.Y[i], d.Y[j]
	// Along the line, α(t) has αⱼ = t and αᵢ = yᵢ(ς − t·yⱼ): the direction
	// dα/dt is eⱼ − yᵢyⱼeᵢ, on which f has curvature A and slope ∇f·dir.
	s := yi * yj
	a := d.Q.At(i, i) + d.Q.At(j, j) - 2*s*d.Q.At(i, j)
	g := d.Gradient(nil, alpha)
	slope := g[j] - s*g[i]
	t0 := alpha[j]
	sp := Subproblem{I: i, J: j, A: a, YI: yi, YJ: yj, Zeta: alpha[i]*yi + alpha[j]*yj}
	// f(α(t)) = f(α) + slope·(t − t0) + ½A(t − t0)².
	sp.B = slope - a*t0
	sp.Const = d.Objective(alpha) - slope*t0 + a*t0*t0/2
	ai, aj, c := alpha[i], alpha[j], d.C
	if yi != yj {
		sp.L, sp.H = math.Max(0, aj-ai), math.Min(c, c+aj-ai)
	} else {
		sp.L, sp.H = math.Max(0, aj+ai-c), math.Min(c, aj+ai)
	}
	return sp
}

// Value returns W(aj) = ½A·aj² + B·aj + Const: f at the α whose J-th
// entry is aj, whose I-th entry follows from ς, and whose other entries are
// those the subproblem was built at.
func (s Subproblem) Value(aj float64) float64 { return (s.A*aj/2+s.B)*aj + s.Const }

// AlphaI returns α_I = y_I(ς − aj·y_J), the first variable that the
// equality constraint gives for α_J = aj, as (7.109) does.
func (s Subproblem) AlphaI(aj float64) float64 { return s.YI * (s.Zeta - aj*s.YJ) }

// Unclipped returns the minimiser −B/A of W over the whole line, the
// book's α2^{new,unc} of Theorem 7.6, or NaN when A ≤ 0 (W is then linear or
// concave along the line and has no minimiser on it).
func (s Subproblem) Unclipped() float64 {
	if !(s.A > 0) {
		return math.NaN()
	}
	return -s.B / s.A
}

// Minimizer returns the minimiser of W on [L, H]: the unclipped one clipped
// to the segment, (7.108), or, when A ≤ 0, the end of the segment where W is
// lower (L on a tie). For A ≤ 0 and H = +∞ with W falling towards H, W has
// no minimum: it returns +∞.
func (s Subproblem) Minimizer() float64 {
	if s.A > 0 {
		return math.Min(s.H, math.Max(s.L, s.Unclipped()))
	}
	if math.IsInf(s.H, 1) {
		if s.A < 0 || s.B < 0 {
			return math.Inf(1)
		}
		return s.L
	}
	if s.Value(s.H) < s.Value(s.L) {
		return s.H
	}
	return s.L
}

const errPair = "svm: subproblem needs two different indices in range"
