// Package separability decides whether a data set is linearly separable
// (Li Hang, Statistical Learning Methods, Definition 2.2) and proves the
// answer either way: LP.Decide returns a Result holding a separating
// hyperplane, or a certificate that none exists and the point where the
// convex hulls of the two classes meet. ConvexHull, ClassHulls and
// HullDistance compute the hulls in the plane independently. MaxMargin
// measures how separable the data are: the largest margin γ* of a
// hyperplane through the origin, with a certified bracket, which on the
// augmented points (xᵢ, 1) is Novikoff's γ of Theorem 2.1 (package
// perceptron's NovikoffBound).
//
//	x, y := dataset.Example21().XY()
//	res, err := separability.LP{}.Decide(x, y)
//	if err != nil {
//		return err // ErrUndecided: no verdict could be checked
//	}
//	fmt.Println(res.Separable, res.W, res.B) // true [0.5 0.5] -2: yᵢ(w·xᵢ + b) ≥ 1 for every i
//	xor := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0}) // exercise 2.1
//	res, err = separability.LP{}.Decide(xor, []float64{-1, -1, 1, 1})
//	if err != nil {
//		return err
//	}
//	fmt.Println(res.Separable, res.Positive, res.Lambda) // false [0.5 0.5] [0.25 0.25 0.25 0.25]: the hulls meet at (½, ½)
//
// # Separability and its certificate
//
// By Definition 2.2 (数据集的线性可分性), T = {(x₁, y₁), …, (x_N, y_N)} is
// linearly separable when some hyperplane w·x + b = 0 puts every point on
// its own side,
//
//	yᵢ(w·xᵢ + b) > 0   for i = 1, …, N.
//
// Scaling (w, b) by 1/minᵢ yᵢ(w·xᵢ + b) turns this into the linear
// feasibility problem
//
//	find (w, b)  with  yᵢ(w·xᵢ + b) ≥ 1,  i = 1, …, N,              (P)
//
// which LP solves with the simplex method.
// By Farkas' lemma (Gordan's form), (P) is infeasible exactly when
//
//	λ ≥ 0,  Σᵢ λᵢ = 1,  Σᵢ λᵢyᵢ = 0,  Σᵢ λᵢyᵢxᵢ = 0                  (D)
//
// has a solution: multiplying the constraints of (P) by λᵢ and adding them
// would give 0 = Σᵢ λᵢyᵢ(w·xᵢ + b) ≥ Σᵢ λᵢ = 1. Such a λ is a certificate
// that no hyperplane separates the data. Read geometrically, (D) gives each
// class the weight ½ and says that the point 2Σ_{yᵢ=+1} λᵢxᵢ of the convex
// hull of the positive points equals the point 2Σ_{yᵢ=−1} λᵢxᵢ of the hull of
// the negative points: the hulls intersect. For XOR (book exercise 2.1) the
// certificate is λ = (¼, ¼, ¼, ¼) and the common point (½, ½).
//
// That is the theorem of book exercise 2.3: a data set is linearly separable
// if and only if the convex hulls (凸壳) of its positive and its negative
// points do not intersect. ConvexHull (Andrew's monotone chain) and
// HullDistance compute the hulls of points in the plane and their distance
// with plane geometry alone, independently of the linear programs; the
// distance is twice the margin of the maximum-margin hyperplane (§7.1), and
// zero exactly when the hulls meet.
//
// The simplex method is this package's own, with an anti-cycling rule and
// a pivot limit, because a decision procedure must stop: gonum's
// optimize/convex/lp.Simplex (v0.17.0), tried first, did not terminate on
// some of these programs (an infeasible one from 19 points in three
// dimensions was still pivoting after a minute). The tests check the method
// against the enumeration of all bases on small random programs, half of
// them degenerate.
//
// Tolerances are relative to the scale of the data, R = maxᵢ‖xᵢ − x̄‖: LP
// centres and scales the data before solving, checks every answer on the
// data as given, and reports an error rather than a verdict it could not
// check (ErrUndecided).
//
// # The nearest point of a convex hull
//
// By duality γ* = max_{‖u‖=1} minᵢ yᵢu·zᵢ is the distance from the origin to
// the convex hull of the points pᵢ = yᵢzᵢ: the nearest point p = Σλᵢpᵢ
// (λ ≥ 0, Σλᵢ = 1) gives u = p/‖p‖ and γ* = ‖p‖, and the SVM's dual variables
// are αᵢ = λᵢ/‖p‖². Wolfe's algorithm is an active-set method on λ that ends
// after finitely many steps; for any iterate p in the hull, minᵢ pᵢ·p/‖p‖ ≤
// γ* ≤ ‖p‖, so MaxMargin's answer comes with a certified bracket. When the
// origin lies in the hull the data are not separable and p reaches 0.
//
// Notebook notebooks/13-exercises-ch2.ipynb solves exercises 2.1–2.3 with
// this package.
//
// Sources: Li Hang, Statistical Learning Methods, 2nd ed., §2.1 and exercises
// 2.1–2.3; J. Farkas, Theorie der einfachen Ungleichungen (1902); P. Gordan,
// Über die Auflösung linearer Gleichungen mit reellen Coefficienten (1873);
// A. M. Andrew, Another efficient algorithm for convex hulls in two
// dimensions, Information Processing Letters 9 (1979); M. L. Minsky and
// S. Papert, Perceptrons (1969), on XOR; P. Wolfe, Finding the nearest
// point in a polytope, Mathematical Programming 11 (1976), for MaxMargin.
package separability
