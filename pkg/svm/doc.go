// Package svm solves the support vector machine of Li Hang, Statistical
// Learning Methods, chapter 7.
//
// A solver is a struct with settings; Kernel sets a kernel (nil is the
// linear one) and C the weight of the slacks. One rule holds for C in every
// solver: C > 0 is a soft margin, and C = 0, the zero value, is a hard
// margin (C = +∞) in the solvers that have one — SMO, PlattSMO, Exact and
// InteriorPoint, whose zero values solve a hard margin with the linear
// kernel — and a *classify.SettingError, saying there is none, in the two
// that do not, SquaredSlack and DCD. Fit takes the
// data (an n×d mat.Matrix, one example per row) and labels in {−1, +1}, and
// what it returns classifies new points on its own:
//
//	x, y := dataset.Example21().XY()
//	res, err := svm.SMO{}.Fit(x, y) // or svm.SMO{C: 1, Kernel: kernel.RBF{Gamma: 0.5}}
//	if err != nil {
//		return err // ErrNotSeparable, ErrNotConverged: with the partial result
//	}
//	fmt.Println(res.W, res.B, res.Alpha)       // [0.5 0.5] -2 [0.25 0 0.25]: Example 7.2
//	fmt.Println(res.SupportIndices)            // [0 2]: x1 and x3
//	fmt.Println(res.Predict([]float64{3, 0.5})) // -1
//
// The solvers and their results:
//
//   - SMO (LIBSVM's algorithm, any size), PlattSMO (the book's Algorithm
//     7.5 with Platt's heuristics, for teaching) and Exact (every face of
//     the feasible region, a handful of points) return a *Result: the Model
//     (the support vectors Support with their coefficients, the kernel, b,
//     and W for the linear kernel; Decision, Predict), α, the index lists
//     SupportIndices, FreeIndices (0 < αᵢ < C) and BoundedIndices (αᵢ = C),
//     the interval of optimal b, both objectives, the duality gap and the
//     KKT violation, the iterations and kernel evaluations. SMO.Sweep fits
//     a list of C at once; PlattSMO.FitSteps returns every step.
//   - InteriorPoint solves the linear primal directly and returns a
//     *InteriorPointResult (classify.Linear and the objectives).
//   - SquaredSlack solves the squared-slack SVM of exercise 7.3 and returns a
//     *SquaredSlackResult (α, w and b, the slacks, both objectives, the gap,
//     and SupportIndices, FreeIndices and BoundedIndices as Result has them).
//     (The hard margin through the origin, Novikoff's γ of Theorem 2.1, is
//     separability.MaxMargin.)
//   - DCD solves the linear SVM at scale, as LIBLINEAR, with b regularised
//     as the weight of a constant feature, on dense or sparse data
//     (*dataset.CSR, from dataset.ReadSparse), and returns a *DCDResult
//     (classify.Linear, α, both objectives, the gap, and SupportIndices,
//     FreeIndices and BoundedIndices as Result has them).
//   - DualProblem and PrimalProblem are the problems themselves, to
//     evaluate and to write out (package report); PrimalProblem.Lagrangian
//     and DualProblem.DualFunction are the Lagrange function and the dual
//     function of Appendix C, PrimalProblem.ActiveIndices the support
//     vectors of a primal solution (its active constraints), and
//     DualProblem.Subproblem SMO's two-variable problem (7.101)–(7.103).
//
// Errors name the solver first ("svm.SMO: …") and wrap ErrNotSeparable,
// ErrNotConverged, ErrTooLarge, classify.ErrNotFinite or the dataset
// sentinels; an invalid setting, a bad kernel included, is a
// *classify.SettingError.
//
// # The problems
//
// The dual form (DualProblem) is
//
//	min_α  f(α) = ½ αᵀQα − Σᵢ αᵢ,   Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ),
//	s.t.   Σᵢ αᵢyᵢ = 0,  0 ≤ αᵢ ≤ C,
//
// hard margin when C = +∞ (§7.1, Algorithm 7.2) and soft margin otherwise
// (§7.2, Algorithm 7.3); the equivalent primal form (PrimalProblem) is
// min ½‖w‖² + CΣ[1 − yᵢ(w·xᵢ + b)]₊, which is the hinge-loss problem
// Σ[1 − yᵢ(w·xᵢ + b)]₊ + λ‖w‖², λ = 1/(2C), of Theorem 7.4.
//
// The solvers' methods:
//   - Exact enumerates the faces of the feasible region (which αᵢ are 0,
//     which are C), solves the equality-constrained QP on each face and keeps
//     the best feasible point: the reasoning of Example 7.2, for small problems.
//   - SMO is sequential minimal optimisation (Platt 1998) with the
//     second-order working-set selection of Fan, Chen & Lin (JMLR 2005), as in
//     LIBSVM (Chang & Lin 2011), with a kernel cache and shrinking.
//   - PlattSMO is the same decomposition as the book's §7.4 states it: the
//     worst KKT violator first, the largest |E₁ − E₂| second, b and the
//     errors Eᵢ updated at every step (7.115)–(7.117).
//   - InteriorPoint minimises the primal objective directly (Mehrotra's
//     predictor–corrector, Nocedal & Wright, Numerical Optimization, §16.6),
//     an independent method used to check that primal = dual.
//   - DCD is dual coordinate descent for the linear SVM with the bias as a
//     feature (Hsieh, Chang, Lin, Keerthi & Sundararajan, ICML 2008), as
//     LIBLINEAR's -s 3 (hinge) and -s 1 (squared hinge): for 10⁵–10⁶
//     points, dense or sparse (dataset.CSR), in memory O(nnz + n + d). It
//     solves another problem than (7.13)/(7.32): see "Linear SVMs at scale".
//
// Notebooks notebooks/06-max-margin.ipynb (the primal problem),
// 07-lagrange-duality.ipynb (Appendix C), 08-svm-dual-example.ipynb,
// 09-soft-margin-hinge.ipynb and 11-smo.ipynb (§7.4) walk through them;
// package report
// writes the problems and the exact solver's faces out as the book does.
//
// # Optimality, in LIBSVM's terms
//
// Conventions follow LIBSVM: the gradient is G = Qα − e, the decision
// function f(x) = Σ αᵢyᵢK(xᵢ, x) + b, the dual objective is reported with the
// sign LIBSVM prints as "obj" (a minimum, ≤ 0). Write vₖ = −yₖGₖ =
// yₖ − Σₗαₗyₗ K(xₗ, xₖ) and
//
//	I_up  = {t : yₜ = +1, αₜ < C, or yₜ = −1, αₜ > 0},   m(α) = max_{t∈I_up} vₜ,
//	I_low = {t : yₜ = −1, αₜ < C, or yₜ = +1, αₜ > 0},   M(α) = min_{t∈I_low} vₜ.
//
// α is optimal when m(α) ≤ M(α), and every b in [M, m] then satisfies the
// KKT conditions; m(α) − M(α) is Result.MaxViolation, in units of the margin
// yᵢf(xᵢ) = 1. SMO picks i maximising vₜ over I_up and j minimising −b²/a
// over the t in I_low with vₜ < vᵢ, where b = vᵢ − vₜ and a =
// K(xᵢ,xᵢ) + K(xₜ,xₜ) − 2K(xᵢ,xₜ) = ‖φ(xᵢ) − φ(xₜ)‖², raised to τ·max K(x, x)
// when smaller: b²/(2a) is the decrease of f that an unclipped step on
// (i, t) achieves. Ties go to the last index, as in LIBSVM, whose iteration
// counts SMO reproduces when rounding allows. The rule m − M ≤ ε is
// svm-train -e.
//
// With b ∈ [M, m] every term of the duality gap Gap = Σᵢ[αᵢgᵢ + C·max(0,
// −gᵢ)], gᵢ = yᵢf(xᵢ) − 1, is at most ε·αᵢ or ε·(C − αᵢ): small against the
// margin, but not against the problem. For a small C the objective is
// nearly −Σαᵢ whichever points carry α, and ½‖w‖² = ½αᵀQα, which tells the
// support sets apart, is of the order of C² (Example 2.1 with C = 10⁻¹²
// has ε-optimal points with the wrong support vector); for a large C the
// slacks cost C each. Since ½‖w − w*‖² ≤ f(α) − f(α*) ≤ Gap, a gap below
// Eps·½‖w‖² puts w within √Eps·‖w‖ of w* whatever the units of x and C.
// So the solvers report Converged only when the gap is below their
// tolerance times ½‖w‖² (plus the rounding of its sums), and SMO lowers ε
// until it is — but not below what float64 resolves on the problem, where
// it stops with Status RoundingLimit. SMO's target also holds the gap that
// a KKT violation of Eps²·min(1, C·max K(x, x)) leaves, Σᵢmax(αᵢ, C − αᵢ)
// times it: where ½‖w‖² is a small part of the objective (many αᵢ at C,
// unscaled features) it stops SMO where svm-train stops, instead of after
// two to four times the iterations for the sixth digit of the objective;
// for a small C it is of the order of C², below what tells support sets
// apart, and ½‖w‖² decides. All other thresholds are relative to the problem's scale
// too: αᵢ counts as 0 below 10⁻¹² maxⱼαⱼ and as C above (1 − 10⁻¹²)C.
// The SVM with data x·s and C/s² is the same problem in other units (α
// scales by 1/s², w by 1/s, b and the support sets stay), and the tests
// check exactly that from s = 10⁻⁶ to 10⁶ and C from 10⁻¹² to 10¹².
//
// # Linear SVMs at scale: dual coordinate descent
//
// SMO keeps Σαᵢyᵢ = 0, the constraint that the unregularised b of (7.32)
// brings into the dual, and so must move two multipliers at a time, chosen
// from kernel columns: O(n) work per step and a cache of columns. DCD
// drops the constraint by changing the problem: x̂ = (x, B), ŵ = (w, b/B),
//
//	min_ŵ ½‖w‖² + ½b²/B² + C Σᵢ ξ(1 − yᵢ(w·xᵢ + b)),   ξ(t) = [t]₊ or [t]₊²,
//
// whose dual min ½αᵀ(Q + D)α − Σαᵢ, 0 ≤ αᵢ ≤ U, has only the box (U = C,
// D = 0 for the hinge; U = ∞, D = I/(2C) for the squared hinge, exercise
// 7.3). With ŵ = Σαⱼyⱼx̂ⱼ kept, one coordinate's derivative is Gᵢ = yᵢŵ·x̂ᵢ
// − 1 + Dᵢᵢαᵢ and its exact minimiser, clipped to the box, is αᵢ −
// Gᵢ/(‖x̂ᵢ‖² + Dᵢᵢ): a step costs two passes over the nonzeros of xᵢ, no
// kernel value. b is regularised, so the answer differs from the book's
// unless B is large (on Example 2.1 with B = 1 the hyperplane is the
// book's, ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0, but α = (5/4, 0, 13/4), not (¼, 0, ¼));
// DCDResult reports the primal objective of its own problem, the dual, the
// gap between them and LIBLINEAR's KKT measure. DCD agrees with
// liblinear-train on the same data (testdata/liblinear.sh), and
// bench/compare.sh measures the two side by side.
//
// # Hard margins that do not exist
//
// A hard margin has no solution when the classes cannot be separated: the
// dual objective is then unbounded below. Any feasible α ≠ 0 writes w(α) =
// Σαᵢyᵢφ(xᵢ) as (Σαᵢ/2)·(u − v) with u and v in the convex hulls of the two
// classes, whose distance is at least twice the margin γ of any separating
// hyperplane; so γ ≤ ‖w(α)‖/Σαᵢ at every iterate, and SMO reports
// ErrNotSeparable when this bound falls below 10⁻⁴·R (R the radius of the
// data). The interior-point method proves the same with a Farkas
// certificate, and Exact sees that its best face violates the KKT
// conditions.
package svm
