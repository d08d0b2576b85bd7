package gallery

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/duality"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 07-lagrange-duality: Appendix C on two problems of one
// variable, and weak duality on Example 7.2.

func dualityEntries() []Entry {
	const nb = "07-lagrange-duality"
	return []Entry{
		entry("07-lagrange-duality-square", nb, "min x² s.t. x ≥ 1: the Lagrangians L(x, α) and their minima, and the dual function θ_D(α) = α − α²/4 with d* = p* = 1 at α* = 2",
			DualitySquare),
		entry("07-lagrange-duality-no-slater", nb, "min x s.t. x² ≤ 0: no point strictly feasible, θ_D(α) = −1/(4α) tends to p* = 0 and never reaches it",
			DualityNoSlater),
		entry("07-lagrange-duality-weak-example72", nb, "Example 7.2: θ_D(α) at random feasible α, all below p* = 1/4 (weak duality), equal to it at α*",
			WeakDualityExample72),
	}
}

// thetaD is the book's dual function θ_D, written for figures: θ with the
// subscript D, which Unicode has no character for.
var thetaD = "θ" + figures.Subscript("D")

// SquareProblem is min x² s.t. x ≥ 1, written with c(x) = 1 − x ≤ 0:
// L(x, α) = x² + α(1 − x), θ_D(α) = α − α²/4, x* = 1, α* = 2, p* = d* = 1.
func SquareProblem() duality.Problem {
	return duality.Problem{Objective: duality.Quadratic{A: 1}, Constraint: duality.Quadratic{B: -1, C: 1}}
}

// NoSlaterProblem is min x s.t. x² ≤ 0, whose only feasible point is
// x* = 0: L(x, α) = x + αx², θ_D(α) = −1/(4α), p* = 0, no multiplier.
func NoSlaterProblem() duality.Problem {
	return duality.Problem{Objective: duality.Quadratic{B: 1}, Constraint: duality.Quadratic{A: 1}}
}

// SquareAlphas and NoSlaterAlphas are the multipliers α whose Lagrangians
// L(·, α) the figures draw and notebook 07 prints.
func SquareAlphas() []float64   { return []float64{1, 2, 3} }
func NoSlaterAlphas() []float64 { return []float64{0.5, 1, 2} }

// DualitySquare draws min x² s.t. x ≥ 1 in two panels: in x, the objective
// on the feasible set, the infeasible x < 1 shaded, and the Lagrangians
// L(x, α) for α in SquareAlphas, each with its minimum (α/2, θ_D(α)); in
// α, the dual function θ_D(α) = α − α²/4 under the primal value p* = 1,
// with the same α marked and α* = 2, where d* = p*. The words are in the
// language l.
func DualitySquare(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("DualitySquare", &err)
	p := SquareProblem()
	s, err := p.Solve()
	if err != nil {
		return nil, err
	}
	return dualityPanels(p, s, SquareAlphas(),
		l.Pick("min x² s.t. x ≥ 1: the Lagrangian and the dual function", "min x² s.t. x ≥ 1：拉格朗日函数与对偶函数"),
		"f(x) = x²", func(a float64) string {
			return "L(x, " + notation.Number(a) + ") = x² + " + coef(a) + "(1 − x)"
		},
		[][2]float64{{math.Inf(-1), 1}}, l.Pick("infeasible: c(x) = 1 − x > 0", "不可行：c(x) = 1 − x > 0"),
		figures.Rect{XMin: -0.5, XMax: 2.5, YMin: -0.5, YMax: 3}, figures.Rect{XMin: 0, XMax: 4.5, YMin: -1.5, YMax: 1.5}, l)
}

// DualityNoSlater draws min x s.t. x² ≤ 0 as DualitySquare draws its
// problem: the objective and the only feasible point x* = 0 (everything
// else infeasible), the Lagrangians x + αx² for α in NoSlaterAlphas with
// their minima (−1/(2α), −1/(4α)), and θ_D(α) = −1/(4α) climbing towards
// p* = 0 without reaching it. The words are in the language l.
func DualityNoSlater(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("DualityNoSlater", &err)
	p := NoSlaterProblem()
	s, err := p.Solve()
	if err != nil {
		return nil, err
	}
	return dualityPanels(p, s, NoSlaterAlphas(),
		l.Pick("min x s.t. x² ≤ 0: no Slater point, no multiplier", "min x s.t. x² ≤ 0：没有严格可行点，也没有乘子"),
		"f(x) = x", func(a float64) string { return "L(x, " + notation.Number(a) + ") = x + " + coef(a) + "x²" },
		[][2]float64{{math.Inf(-1), -1e-9}, {1e-9, math.Inf(1)}}, l.Pick("infeasible: c(x) = x² > 0", "不可行：c(x) = x² > 0"),
		figures.Rect{XMin: -2, XMax: 1, YMin: -2, YMax: 1}, figures.Rect{XMin: 0, XMax: 6, YMin: -1.2, YMax: 0.3}, l)
}

// coef writes a coefficient before a factor: nothing for 1, a fraction
// in parentheses, (1/2)x².
func coef(a float64) string {
	switch {
	case a == 1:
		return ""
	case a == math.Trunc(a):
		return notation.Number(a)
	}
	return "(" + notation.Number(a) + ")"
}

// dualityPanels draws a problem of one variable in x and its dual
// function in α (see DualitySquare).
func dualityPanels(p duality.Problem, s *duality.Solution, alphas []float64, title, fName string, lName func(float64) string,
	shade [][2]float64, shadeName string, xView, aView figures.Rect, l lang.Lang) (*figures.Grid, error) {
	n := notation.Number
	primal := figures.Curves{
		Title: l.Pick("the primal problem and L(x, α)", "原始问题与 L(x, α)"), XLabel: "x", YLabel: l.Pick("f(x), L(x, α)", "f(x) 与 L(x, α)"),
		Curves: []figures.Curve{{Name: fName, F: p.Objective.At, Series: 0,
			Points: []figures.Point{{X: s.X, Y: s.P, Label: fmt.Sprintf(l.Pick("x* = %s, p* = %s", "x* = %s，p* = %s"), n(s.X), n(s.P))}}}},
		Shade: shade, ShadeName: shadeName, View: xView, Lang: l,
	}
	dual := figures.Curves{
		Title: l.Pick("the dual function ", "对偶函数 ") + thetaD + "(α) = minₓ L(x, α)", XLabel: "α", YLabel: thetaD + "(α)",
		Curves: []figures.Curve{
			{Name: "p* = " + n(s.P), F: func(float64) float64 { return s.P }, Bound: true, Series: 0},
			{Name: thetaD + "(α)", F: func(a float64) float64 { th, _ := p.DualFunction(a); return th }, XMin: aView.XMin, XMax: aView.XMax, Series: len(alphas) + 1},
		},
		View: aView, Lang: l,
	}
	starShown := false
	for i, a := range alphas {
		th, x := p.DualFunction(a)
		label := thetaD + "(" + n(a) + ") = " + n(th)
		if s.Attained && a == s.Alpha {
			label = fmt.Sprintf(l.Pick("α* = %s: %s(α*) = d* = %s", "α* = %s：%s(α*) = d* = %s"), n(a), thetaD, n(th))
			starShown = true
		}
		primal.Curves = append(primal.Curves, figures.Curve{Name: lName(a), Series: i + 1,
			F:      func(x float64) float64 { return p.Lagrangian(x, a) },
			Points: []figures.Point{{X: x, Y: th}}})
		dual.Curves = append(dual.Curves, figures.Curve{Name: lName(a), Series: i + 1,
			Points: []figures.Point{{X: a, Y: th, Label: label}}})
	}
	if s.Attained && !starShown {
		dual.Curves = append(dual.Curves, figures.Curve{Series: len(alphas) + 1,
			Points: []figures.Point{{X: s.Alpha, Y: s.D, Label: fmt.Sprintf(l.Pick("α* = %s: %s(α*) = d* = %s", "α* = %s：%s(α*) = d* = %s"), n(s.Alpha), thetaD, n(s.D))}}})
	}
	return figures.NewCurvesGrid(title, 2, primal, dual)
}

// Example72Alphas returns n = 200 multipliers α of Example 7.2 that are
// dual feasible, α ≥ 0 with Σαᵢyᵢ = 0, drawn by FeasibleAlphas from a
// fixed seed: the sample of notebook 07's check of weak duality.
func Example72Alphas() [][]float64 {
	_, y := dataset.Example21().XY()
	return FeasibleAlphas(y, 200, rand.NewPCG(7, 2))
}

// FeasibleAlphas returns n random dual-feasible multipliers for the labels
// y (both classes present): α ≥ 0 with Σαᵢyᵢ = 0. Each α has independent
// exponential weights, some set to 0, scaled so that each class sums to
// the same t, uniform in [0, 1/2]. The source src makes it reproducible;
// nil means a fixed seed.
func FeasibleAlphas(y []float64, n int, src rand.Source) [][]float64 {
	if src == nil {
		src = rand.NewPCG(1, 1)
	}
	rng := rand.New(src)
	out := make([][]float64, n)
	for k := range out {
		a := make([]float64, len(y))
		var pos, neg float64
		for pos == 0 || neg == 0 {
			pos, neg = 0, 0
			for i := range a {
				a[i] = 0
				if rng.IntN(4) > 0 {
					a[i] = rng.ExpFloat64()
				}
				if y[i] > 0 {
					pos += a[i]
				} else {
					neg += a[i]
				}
			}
		}
		t := 0.5 * rng.Float64()
		for i := range a {
			if y[i] > 0 {
				a[i] *= t / pos
			} else {
				a[i] *= t / neg
			}
		}
		out[k] = a
	}
	return out
}

// WeakDualityExample72 draws the dual function of Example 7.2 at the
// multipliers of Example72Alphas against Σαᵢ, every value below the
// primal value p* = ½‖w*‖² = 1/4 of Example 7.1 (Theorem C.1), and α* =
// (1/4, 0, 1/4), where θ_D(α*) = p*. The words are in the language l.
func WeakDualityExample72(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("WeakDualityExample72", &err)
	x, y := dataset.Example21().XY()
	d, err := svm.NewDualProblem(x, y, nil, 0)
	if err != nil {
		return nil, err
	}
	ex, err := svm.Exact{}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	alphas := Example72Alphas()
	pts := make([]figures.Point, len(alphas))
	for i, a := range alphas {
		pts[i] = figures.Point{X: floats.Sum(a), Y: d.DualFunction(a)}
	}
	pstar := ex.PrimalObjective
	n := notation.Number
	sum := make([]string, len(y)) // α₁ + α₂ + α₃
	for i := range sum {
		sum[i] = "α" + notation.Subscript(strconv.Itoa(i+1))
	}
	return figures.Curves{
		Title: l.Pick("Example 7.2: weak duality, ", "例 7.2：弱对偶性，") + thetaD + "(α) ≤ p*", XLabel: strings.Join(sum, " + "), YLabel: thetaD + "(α)",
		Curves: []figures.Curve{
			{Name: "p* = ½‖w*‖² = " + n(pstar), F: func(float64) float64 { return pstar }, Bound: true, Series: 2},
			{Name: thetaD + fmt.Sprintf(l.Pick("(α), %d random feasible α", "(α)，%d 个随机的可行 α"), len(alphas)), Points: pts, Series: 1},
			{Name: "α* = " + notation.Vector(ex.Alpha), Series: 0,
				Points: []figures.Point{{X: floats.Sum(ex.Alpha), Y: d.DualFunction(ex.Alpha), Label: thetaD + "(α*) = " + n(d.DualFunction(ex.Alpha))}}},
		},
		View: figures.Rect{XMin: -0.05, XMax: 1.05, YMin: -0.75, YMax: 0.4},
		Lang: l,
	}.Plot()
}
