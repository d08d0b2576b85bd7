// Package svm solves the support vector machine of Li Hang, Statistical
// Learning Methods, chapter 7, in its dual form
//
//	min_α  f(α) = ½ αᵀQα − Σᵢ αᵢ,   Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ),
//	s.t.   Σᵢ αᵢyᵢ = 0,  0 ≤ αᵢ ≤ C,
//
// hard margin when C = +∞ (§7.1, Algorithm 7.2) and soft margin otherwise
// (§7.2, Algorithm 7.3), and the equivalent primal hinge-loss problem
// min Σ[1 − yᵢ(w·xᵢ + b)]₊ + λ‖w‖², λ = 1/(2C) (Theorem 7.4).
//
// Three solvers share the Result type:
//   - Exact enumerates the faces of the feasible region (which αᵢ are 0,
//     which are C), solves the equality-constrained QP on each face and keeps
//     the best feasible point: the reasoning of Example 7.2, for small problems.
//   - SMO is sequential minimal optimisation (Platt 1998) with the
//     second-order working-set selection of Fan, Chen & Lin (JMLR 2005), as in
//     LIBSVM (Chang & Lin 2011), with a kernel cache and shrinking.
//   - Primal minimises the hinge-loss objective directly, an independent
//     method used to check that primal = dual.
//
// Notebooks notebooks/06-svm-dual-example.ipynb and
// notebooks/07-soft-margin-hinge.ipynb walk through them.
//
// Conventions follow LIBSVM: the gradient is G = Qα − e, the decision
// function f(x) = Σ αᵢyᵢK(xᵢ, x) + b, the dual objective is reported with the
// sign LIBSVM prints as "obj" (a minimum, ≤ 0), and the stopping tolerance of
// SMO has the meaning of svm-train's -e.
package svm
