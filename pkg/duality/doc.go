// Package duality works the Lagrange duality of Li Hang, Statistical
// Learning Methods, Appendix C, out exactly on problems of one variable,
// small enough to draw and to check by hand:
//
//	min_x f(x)  s.t.  c(x) ≤ 0,
//
// with f and c convex quadratics (Quadratic, A ≥ 0). The book's objects
// are methods of Problem: the generalized Lagrangian L(x, α) = f(x) + αc(x),
// θ_P(x) = max_{α≥0} L(x, α) (f(x) where c(x) ≤ 0, +∞ elsewhere), so that
// the primal problem is min_x θ_P(x) = min_x max_{α≥0} L with value p*, and
// the dual function θ_D(α) = min_x L(x, α), whose maximum over α ≥ 0 is the
// dual problem's value d*. Solve finds x*, p*, the multiplier α* of the
// KKT conditions when there is one, and d*:
//
//	p := duality.Problem{Objective: duality.Quadratic{A: 1}, Constraint: duality.Quadratic{B: -1, C: 1}} // min x² s.t. 1 − x ≤ 0
//	s, err := p.Solve() // x* = 1, p* = 1, α* = 2, d* = θ_D(2) = 1
//
// Weak duality (Theorem C.1, θ_D(α) ≤ p* for every α ≥ 0) always holds;
// strong duality with an attained dual optimum (Theorems C.2 and C.3)
// holds when Slater's condition does, some x with c(x) < 0. On
// min x s.t. x² ≤ 0 it fails: the only feasible point is 0, where
// c'(0) = 0, so no α satisfies f'(0) + αc'(0) = 0; θ_D(α) = −1/(4α) tends
// to p* = 0 without reaching it.
//
// The support vector machine's duality, in many variables, is in package
// svm (PrimalProblem.Lagrangian, DualProblem.DualFunction). Notebook
// notebooks/07-lagrange-duality.ipynb walks through both.
package duality
