package svm_test

import (
	"fmt"
	"log"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Example 7.2 of the book: the dual problem, the reduced quadratic
// s(α1, α2) = 4α1² + (13/2)α2² + 10α1α2 − 2α1 − 2α2 after substituting
// α3 = α1 + α2, its stationary point and the two boundary minima. (Package
// report writes the quadratics out.)
func ExampleDualProblem_Eliminate() {
	x, y := dataset.Example21().XY()
	d, err := svm.NewDualProblem(x, y, nil, 0) // C = 0: hard margin
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("Q = %v\n", mat.Formatted(d.Q, mat.Prefix("    ")))
	s := d.Eliminate(2) // α3 = α1 + α2
	fmt.Printf("s: A = %v, B = %v\n", mat.Formatted(s.A, mat.Prefix("       ")), s.B)
	z, err := s.Stationary()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("stationary point %.4g, α = %.4g\n", z, s.Expand(z))
	fmt.Printf("s(0, 2/13) = %.4g\n", s.Value([]float64{0, 2.0 / 13}))
	fmt.Printf("s(1/4, 0) = %.4g\n", s.Value([]float64{0.25, 0}))
	// Output:
	// Q = ⎡18  21  -6⎤
	//     ⎢21  25  -7⎥
	//     ⎣-6  -7   2⎦
	// s: A = ⎡ 8  10⎤
	//        ⎣10  13⎦, B = [-2 -2]
	// stationary point [1.5 -1], α = [1.5 -1 0.5]
	// s(0, 2/13) = -0.1538
	// s(1/4, 0) = -0.25
}

// Example 7.2 of the book solved by enumerating the faces of the feasible
// region: the interior stationary point is rejected, the faces α1 = 0 and
// α2 = 0 are compared, and α2 = 0 wins.
func ExampleExact() {
	x, y := dataset.Example21().XY()
	res, cands, err := svm.Exact{}.FitCandidates(x, y) // hard margin
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range cands[:3] {
		verdict := "feasible"
		if !c.Feasible {
			verdict = fmt.Sprintf("rejected: α%d = %.4g < 0", c.Violation+1, c.Value)
		}
		fmt.Printf("free %v: α = %.4g, f = %.4g, %s\n", oneBased(c.FreeIndices), c.Alpha, c.DualObjective, verdict)
	}
	fmt.Printf("α* = %.4g, support vectors %v\n", res.Alpha, oneBased(res.SupportIndices))
	fmt.Printf("w* = %.4g, b* = %.4g\n", res.W, res.B)
	for _, j := range res.SupportIndices {
		fmt.Printf("b* from x%d: %.4g\n", j+1, y[j]-floats.Dot(res.W, mat.Row(nil, j, x)))
	}
	fmt.Printf("dual objective %.4g, ½‖w*‖² = %.4g\n", res.DualObjective, res.PrimalObjective)
	fmt.Printf("gap and KKT violation below 1e-12: %v\n", math.Abs(res.Gap) < 1e-12 && res.MaxViolation < 1e-12)
	// Output:
	// free [1 2 3]: α = [1.5 -1 0.5], f = -0.5, rejected: α2 = -1 < 0
	// free [2 3]: α = [0 0.1538 0.1538], f = -0.1538, feasible
	// free [1 3]: α = [0.25 0 0.25], f = -0.25, feasible
	// α* = [0.25 0 0.25], support vectors [1 3]
	// w* = [0.5 0.5], b* = -2
	// b* from x1: -2
	// b* from x3: -2
	// dual objective -0.25, ½‖w*‖² = 0.25
	// gap and KKT violation below 1e-12: true
}

// Example 7.1 of the book: the hard-margin primal problem
// min ½‖w‖² s.t. yᵢ(w·xᵢ + b) ≥ 1, solved directly; the result classifies
// with sign(½x⁽¹⁾ + ½x⁽²⁾ − 2).
func ExampleInteriorPoint() {
	x, y := dataset.Example21().XY()
	res, err := svm.InteriorPoint{}.Fit(x, y) // C = 0: hard margin
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("w = %.4g, b = %.4g, ½‖w‖² = %.4g\n", res.W, res.B, res.PrimalObjective)
	for i := range y {
		m := y[i] * (floats.Dot(res.W, mat.Row(nil, i, x)) + res.B)
		fmt.Printf("x%d: y(w·x+b) = %.4g\n", i+1, m)
	}
	fmt.Printf("f(2, 1) = %.4g, class %v\n", res.Decision([]float64{2, 1}), res.Predict([]float64{2, 1}))
	// Output:
	// w = [0.5 0.5], b = -2, ½‖w‖² = 0.25
	// x1: y(w·x+b) = 1
	// x2: y(w·x+b) = 1.5
	// x3: y(w·x+b) = 1
	// f(2, 1) = -0.5, class -1
}

// A soft margin on the book's data with C = 0.1: both support vectors are
// at αᵢ = C, so b* is not unique; the primal objective in both scalings of
// Theorem 7.4 is the same for every b in the interval.
func ExampleInteriorPoint_softMargin() {
	x, y := dataset.Example21().XY()
	const c = 0.1
	ex, err := svm.Exact{C: c}.Fit(x, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("α* = %.4g, w* = %.4g, b* in [%.4g, %.4g]\n", ex.Alpha, ex.W, ex.BLow, ex.BHigh)
	res, err := svm.InteriorPoint{C: c}.Fit(x, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("primal: w = %.4g, ½‖w‖² + CΣξ = %.4g, Σξ + λ‖w‖² = %.4g with λ = %.4g\n",
		res.W, res.PrimalObjective, res.LambdaObjective, res.Lambda)
	p := svm.PrimalProblem{X: x, Y: y, C: c}
	for _, b := range []float64{ex.BLow, ex.BHigh, ex.BHigh + 0.1} {
		fmt.Printf("objective at b = %.4g: %.4g\n", b, p.Objective(ex.W, b))
	}
	// Output:
	// α* = [0.1 0 0.1], w* = [0.2 0.2], b* in [-0.4, -0.2]
	// primal: w = [0.2 0.2], ½‖w‖² + CΣξ = 0.16, Σξ + λ‖w‖² = 1.6 with λ = 5
	// objective at b = -0.4: 0.16
	// objective at b = -0.2: 0.16
	// objective at b = -0.1: 0.17
}

// Example 7.2 of Li Hang solved by SMO: three iterations reach the book's
// α* = (1/4, 0, 1/4), w* = (1/2, 1/2), b* = −2, and the result classifies
// with sign(½x⁽¹⁾ + ½x⁽²⁾ − 2).
func ExampleSMO() {
	x, y := dataset.Example21().XY()
	r, err := svm.SMO{}.Fit(x, y) // C = 0: hard margin
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("α = %.4g, w = %.4g, b = %.4g\n", r.Alpha, r.W, r.B)
	fmt.Printf("dual objective %.4g, %d iterations, %v\n", r.DualObjective, r.Iterations, r.Status)
	fmt.Printf("f(x2) = %.4g, class of (2, 1) %.4g\n", r.Decision([]float64{4, 3}), r.Predict([]float64{2, 1}))
	// Output:
	// α = [0.25 0 0.25], w = [0.5 0.5], b = -2
	// dual objective -0.25, 3 iterations, converged
	// f(x2) = 1.5, class of (2, 1) -1
}

// A soft margin with an RBF kernel on data no line separates: the result
// classifies new points from its support vectors alone.
func ExampleModel() {
	s := dataset.XOR(rand.NewPCG(1, 2), 200, 0.3)
	r, err := svm.SMO{C: 10, Kernel: kernel.RBF{Gamma: 1}}.Fit(s.X, s.Y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d support vectors, training accuracy %.4g\n", len(r.Model.Support), classify.Accuracy(r, s.X, s.Y))
	fmt.Printf("class of (1, 1): %.4g, of (1, −1): %.4g\n", r.Predict([]float64{1, 1}), r.Predict([]float64{1, -1}))
	// Output:
	// 13 support vectors, training accuracy 1
	// class of (1, 1): 1, of (1, −1): -1
}

// oneBased numbers points as the book does, x1…xN.
func oneBased(idx []int) []int {
	out := make([]int, len(idx))
	for k, i := range idx {
		out[k] = i + 1
	}
	return out
}

// The two-variable subproblem of SMO on Example 7.2 at α = 0, pair (x1,
// x3): W(α3) = 4α3² − 2α3 on [0, +∞), minimal at α3 = 1/4 with α1 = 1/4
// (Theorem 7.6, the one step of notebook 08); with C = 0.1 the segment is
// [0, 0.1] and the step is clipped to 0.1.
func ExampleDualProblem_Subproblem() {
	x, y := dataset.Example21().XY()
	for _, c := range []float64{0, 0.1} {
		d, err := svm.NewDualProblem(x, y, nil, c)
		if err != nil {
			log.Fatal(err)
		}
		sp := d.Subproblem([]float64{0, 0, 0}, 0, 2)
		fmt.Printf("C = %v: W = %.4g·α3² + %.4g·α3 on [%v, %v], unclipped %.4g, clipped %.4g, α1 = %.4g\n",
			c, sp.A/2, sp.B, sp.L, sp.H, sp.Unclipped(), sp.Minimizer(), sp.AlphaI(sp.Minimizer()))
	}
	// Output:
	// C = 0: W = 4·α3² + -2·α3 on [0, +Inf], unclipped 0.25, clipped 0.25, α1 = 0.25
	// C = 0.1: W = 4·α3² + -2·α3 on [0, 0.1], unclipped 0.25, clipped 0.1, α1 = 0.1
}

// The book's SMO (Algorithm 7.5) on Example 2.1's data with C = 0.1: one
// step on (x1, x3) reaches the optimal α = (0.1, 0, 0.1), but both
// multipliers are at C and the step's b, the midpoint of b1 = −0.2 and
// b2 = −1.4, is −0.8, outside the interval [−0.4, −0.2] of optimal b; the
// Result's b comes from the final α.
func ExamplePlattSMO() {
	x, y := dataset.Example21().XY()
	res, steps, err := svm.PlattSMO{C: 0.1}.FitSteps(x, y)
	if err != nil {
		log.Fatal(err)
	}
	for k, s := range steps {
		fmt.Printf("step %d: (x%d, x%d), η = %.4g, α2 %.4g → %.4g (unclipped %.4g), b1 = %.4g, b2 = %.4g, b = %.4g\n",
			k+1, s.I1+1, s.I2+1, s.Eta, s.Old2, s.New2, s.Unclipped, s.B1, s.B2, s.B)
	}
	fmt.Printf("α = %.4g, b = %.4g in [%.4g, %.4g], %v\n", res.Alpha, res.B, res.BLow, res.BHigh, res.Status)
	// Output:
	// step 1: (x1, x3), η = 8, α2 0 → 0.1 (unclipped 0.25), b1 = -0.2, b2 = -1.4, b = -0.8
	// α = [0.1 0 0.1], b = -0.3 in [-0.4, -0.2], converged
}
