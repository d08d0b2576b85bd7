package svm

import (
	"math"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The Lagrange duality of Li Hang's Appendix C, applied to the SVM (§7.1.4,
// §7.2.2): the primal problem min ½‖w‖² s.t. cᵢ(w, b) = 1 − yᵢ(w·xᵢ + b) ≤ 0
// (PrimalProblem), its Lagrange function L(w, b, α), the dual function
// θ_D(α) = min_{w,b} L(w, b, α) and the dual problem max θ_D(α) s.t. α ≥ 0
// (DualProblem, whose f(α) = −θ_D(α) the solvers minimise). Notebook
// notebooks/07-lagrange-duality.ipynb walks through them.

// ActiveTol is the distance from 1, in units of the functional margin,
// within which ActiveIndices counts a margin constraint as active. The
// functional margins of an optimum are in these units whatever the scale of
// the data (the smallest is 1), and the primal solver's default accuracy
// puts them within about 10⁻⁹ of it.
const ActiveTol = 1e-6

// equalityTol is the relative tolerance of Σαᵢyᵢ = 0 in DualFunction: the
// rounding of a sum of terms of size Σ|αᵢ|.
const equalityTol = 1e-12

// Lagrangian returns the Lagrange function of the hard margin (7.13)–(7.14)
// at (w, b, α),
//
//	L(w, b, α) = ½‖w‖² − Σᵢ αᵢyᵢ(w·xᵢ + b) + Σᵢ αᵢ,
//
// the generalized Lagrangian of Appendix C with f(w, b) = ½‖w‖² and the
// constraints cᵢ(w, b) = 1 − yᵢ(w·xᵢ + b) ≤ 0. For α ≥ 0 and a feasible
// (w, b) it is at most ½‖w‖², which it equals at α = 0 (so
// max_{α≥0} L = θ_P(w, b) = ½‖w‖²); for every (w, b) it is at least
// DualProblem.DualFunction(α). For a soft margin the Lagrangian (7.40) has
// the slacks ξ and their multipliers μ as well; with μᵢ = C − αᵢ, which its
// stationarity in ξ asks for, the terms in ξ cancel and it is this same
// function, whatever C is. It panics if the shapes of X, Y, w and alpha do
// not match.
func (p PrimalProblem) Lagrangian(w []float64, b float64, alpha []float64) float64 {
	n, d := p.X.Dims()
	if len(p.Y) != n || len(w) != d || len(alpha) != n {
		panic(errPrimalShape)
	}
	l := floats.Dot(w, w) / 2
	for i, r := range kernel.Rows(p.X) {
		l += alpha[i] * (1 - p.Y[i]*(floats.Dot(w, r)+b))
	}
	return l
}

// ActiveIndices returns the 0-based indices i of the margin constraints
// yᵢ(w·xᵢ + b) ≥ 1 that (w, b) meets with equality, within ActiveTol. At
// the optimum of the hard margin (7.13)–(7.14) these are the support
// vectors as §7.1.3 defines them, the points on the margin boundaries
// H₁: w·x + b = 1 and H₂: w·x + b = −1: every point with αᵢ* > 0, and
// possibly points on a boundary with αᵢ* = 0. It panics if the shapes of
// X, Y and w do not match.
func (p PrimalProblem) ActiveIndices(w []float64, b float64) []int {
	n, d := p.X.Dims()
	if len(p.Y) != n || len(w) != d {
		panic(errPrimalShape)
	}
	var active []int
	for i, r := range kernel.Rows(p.X) {
		if math.Abs(p.Y[i]*(floats.Dot(w, r)+b)-1) <= ActiveTol {
			active = append(active, i)
		}
	}
	return active
}

// DualFunction returns the dual function of Appendix C at α,
//
//	θ_D(α) = min_{w,b} L(w, b, α) = Σᵢ αᵢ − ½ αᵀQα = −f(α)   if Σᵢ αᵢyᵢ = 0,
//	θ_D(α) = −∞                                             otherwise,
//
// with L the Lagrangian of PrimalProblem.Lagrangian (in the kernel's
// feature space for another kernel): the minimum over w is at
// w = Σᵢ αᵢyᵢxᵢ, and L is linear in b with slope −Σᵢ αᵢyᵢ, unbounded below
// unless the slope is 0. The equality counts as met within 10⁻¹²·Σᵢ|αᵢ|,
// the rounding of the sum. By weak duality (Theorem C.1) θ_D(α) ≤ ½‖w‖² for
// every α ≥ 0 and every feasible (w, b) of the hard margin, and
// θ_D(α) ≤ ½‖w‖² + C Σᵢ[1 − yᵢ(w·xᵢ + b)]₊ for 0 ≤ α ≤ C and every (w, b)
// of the soft margin. It panics if len(alpha) != n.
func (d *DualProblem) DualFunction(alpha []float64) float64 {
	d.checkLen(alpha)
	var sum, abs float64
	for i, a := range alpha {
		sum += a * d.Y[i]
		abs += math.Abs(a)
	}
	if math.Abs(sum) > equalityTol*abs {
		return math.Inf(-1)
	}
	return -d.Objective(alpha)
}
