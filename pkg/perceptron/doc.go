// Package perceptron implements the perceptron of Li Hang, Statistical
// Learning Methods (2nd ed.), chapter 2, and the mistake bound of the CS229
// lecture notes, together with the geometry they rest on.
//
// A solver is a struct whose zero value runs the book's Example 2.1. Fit
// takes the data (an n×d mat.Matrix, one example per row) and labels in
// {−1, +1}, and what it returns classifies new points on its own:
//
//	x, y := dataset.Example21().XY()
//	res, err := perceptron.Primal{}.Fit(x, y)
//	if err != nil {
//		return err // ErrNotConverged comes with the partial result
//	}
//	fmt.Println(res.W, res.B, res.Updates)  // [1 1] -3 7: x⁽¹⁾ + x⁽²⁾ − 3 = 0
//	fmt.Println(res.Predict([]float64{4, 4})) // 1
//
// The solvers and their results:
//
//   - Primal (Algorithm 2.1) and Dual (Algorithm 2.2) return a *Result: the
//     linear model (classify.Linear: W, B, Decision, Predict) and the Run
//     (α, the mistakes, the trace and the pocket weights).
//   - KernelDual, the kernel perceptron, returns a *KernelResult: a
//     kernel.Expansion over copies of its support vectors (Support), their
//     SupportIndices, and the Run.
//   - Voted, the voted and averaged perceptron, returns a *VotedResult: the
//     Votes and the Averaged perceptron.
//
// All four embed Settings: Eta, the visiting Order (and Sequence),
// MaxEpochs, the CS229 mistake rule, the random Src, and Trace or Record to
// follow a run step by step (Run.Trace, Run.AlphaAt). NovikoffBound,
// CS229Bound and HyperplaneBound give the mistake bound (R/γ)² of Theorem
// 2.1, CheckProof checks its two inequalities along a trace, Enumeration
// lists every outcome of Algorithm 2.1 on a small data set, and Distance,
// Margins, Loss and their kin compute the geometry of §2.1–2.2. Errors wrap
// ErrNotConverged, ErrNotSeparable and the other sentinels of this package,
// classify.ErrNonFinite or the dataset sentinels; an invalid setting is a
// *classify.SettingError.
//
// # Model and loss (§2.1–2.2)
//
// The perceptron is f(x) = sign(w·x + b); the hyperplane w·x + b = 0
// separates the classes. A point xᵢ lies at distance |w·xᵢ + b|/‖w‖ from
// it (Distance); yᵢ(w·xᵢ + b) is its functional margin and that divided by
// ‖w‖ its geometric margin (FunctionalMargin, GeometricMargin, Margins). A
// point is misclassified when yᵢ(w·xᵢ + b) ≤ 0 (Misclassified). The loss
//
//	L(w, b) = −Σ_{xᵢ∈M} yᵢ(w·xᵢ + b)
//
// sums over the misclassified set M (Loss), with gradient
// ∇_w L = −Σ_M yᵢxᵢ, ∇_b L = −Σ_M yᵢ (LossGrad). L is 0 at w = 0, b = 0,
// where every point is misclassified, so the algorithms stop on "no point
// with yᵢ(w·xᵢ + b) ≤ 0", not on L = 0.
//
// # Algorithms (§2.3)
//
// Primal is Algorithm 2.1, stochastic gradient descent on L: for a
// misclassified point, w ← w + ηyᵢxᵢ, b ← b + ηyᵢ. Dual is Algorithm 2.2: with
// w = Σⱼ αⱼyⱼxⱼ the update is αᵢ ← αᵢ + η, b ← b + ηyᵢ, and the data enter
// only through the Gram matrix G = [xᵢ·xⱼ]; from α = 0 it makes exactly the
// updates of Primal (Tables 2.1 and 2.2). KernelDual replaces xⱼ·xᵢ by a
// kernel K(xⱼ, xᵢ) (Aizerman, Braverman & Rozonoer 1964). Voted is the voted
// and averaged perceptron of Freund & Schapire (1999) for data that are not
// separable. The three forms of Algorithms 2.1 and 2.2 share their Settings.
//
// Every result classifies on its own (package classify): Primal and Dual
// return the linear model sign(w·x + b), KernelDual the expansion
// sign(Σⱼ αⱼyⱼK(xⱼ, x) + b) over copies of its support points, Voted the
// vote of its weight vectors and, as an ordinary linear model, the averaged
// perceptron. A point with f(x) = 0 is predicted +1 (Definition 2.1).
//
// The answer depends on the start and on the order in which misclassified
// points are taken (Order): the book's cyclic order (Cyclic), a new random
// order each epoch (Shuffle), a random misclassified point at each step as
// in the seed notes' code (RandomMistake), or an explicit list of choices
// (Choices) such as the book's x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3,
// which ends at 2x⁽¹⁾ + x⁽²⁾ − 5 = 0. Every run is bounded by an epoch limit:
// on data that are not separable Fit returns ErrNotConverged with the
// partial result and the pocket weights (Gallant 1990), never looping
// forever. The CS229 setting counts a mistake when sign(w·x+b) ≠ y with
// sign(0) = +1, instead of y(w·x+b) ≤ 0; NoBias drops b as CS229 does.
//
// A run is converged only if every training point has a finite score of
// the right sign: a score or weight that overflows (points of size 10²⁰⁰,
// η = 10³⁰⁸) ends the run with classify.ErrNonFinite, and invalid settings
// give a *classify.SettingError. Memory is bounded by the input: the dual
// forms keep the Gram matrix only when it fits their GramBudget, the voted
// perceptron at most MaxVotes votes, and a recorded trace at most
// MaxTraceSteps steps, each with one value of α.
//
// # Convergence (§2.3.2, Theorem 2.1; CS229 notes 6)
//
// With ŵ = (wᵀ, b)ᵀ and x̂ = (xᵀ, 1)ᵀ (Augment), R = maxᵢ‖x̂ᵢ‖ (Radius) and a
// unit ŵ_opt with yᵢŵ_opt·x̂ᵢ ≥ γ > 0 for all i (Gamma), Novikoff (1962)
// shows that Algorithm 2.1 started at ŵ₀ = 0 makes at most (R/γ)² mistakes,
// whatever η: each update raises ŵₖ·ŵ_opt by at least ηγ and ‖ŵₖ‖² by at
// most η²R², and Cauchy–Schwarz joins kηγ ≤ ŵₖ·ŵ_opt ≤ ‖ŵₖ‖ ≤ √k·ηR.
// CheckProof evaluates both inequalities along a trace. The largest γ,
//
//	γ* = max_{‖ŵ‖=1} minᵢ yᵢŵ·x̂ᵢ,
//
// is the hard-margin SVM without bias on the augmented vectors;
// separability.MaxMargin computes it as the distance from the origin to the
// convex hull of the yᵢx̂ᵢ with Wolfe's nearest-point algorithm (Wolfe 1976),
// returning a certified bracket, or ErrNotSeparable when the origin is in the hull.
// NovikoffBound, HyperplaneBound and CS229Bound (no bias, ‖xᵢ‖ ≤ D,
// mistakes ≤ (D/γ)²) put the pieces together. For Example 2.1: R = √26,
// γ* = √2/3, (R/γ*)² = 117, and the book's run makes k = 7 mistakes.
//
// # Notebooks
//
// notebooks/01-distance-loss.ipynb (distance, margins, L and its gradient),
// notebooks/02-primal-form.ipynb (Table 2.1 and the orders),
// notebooks/03-dual-form-gram.ipynb (Gram matrix and Table 2.2) and
// notebooks/04-novikoff.ipynb (the bound and both proof inequalities).
//
// # Sources
//
// Li Hang, Statistical Learning Methods, 2nd ed., §2.1–2.3. Stanford CS229
// lecture notes 6, "The perceptron and large margin classifiers".
// F. Rosenblatt, The perceptron, Psychological Review 65 (1958).
// A. B. J. Novikoff, On convergence proofs on perceptrons, Symposium on the
// Mathematical Theory of Automata (1962). M. A. Aizerman, E. M. Braverman,
// L. I. Rozonoer, Theoretical foundations of the potential function method,
// Automation and Remote Control 25 (1964). P. Wolfe, Finding the nearest
// point in a polytope, Mathematical Programming 11 (1976). S. I. Gallant,
// Perceptron-based learning algorithms, IEEE Trans. Neural Networks 1 (1990).
// Y. Freund, R. E. Schapire, Large margin classification using the
// perceptron algorithm, Machine Learning 37 (1999).
//
// # Speed
//
// Primal reads a *mat.Dense in place (other matrices are copied once) and
// allocates nothing per example; bench/perceptron/compare.sh times an epoch
// against scikit-learn's Perceptron.
package perceptron
