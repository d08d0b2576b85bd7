package gallery

import (
	"fmt"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 06-max-margin: the functional and geometric margins (§7.1.2),
// the maximum-margin hyperplane of Example 7.1 (§7.1.3) and the
// perceptron's answers against it.

func maxMarginEntries() []Entry {
	const nb = "06-max-margin"
	return []Entry{
		entry("06-max-margin-rescaling", nb, "Definitions 7.2 and 7.3: the same hyperplane as (w, b) and (2w, 2b), functional margins doubled, geometric margins unchanged",
			MarginRescaling),
		entry("06-max-margin-example71", nb, "Example 7.1: the primal problem's solution, its margin boundaries H1, H2 and the active constraints (support vectors)",
			Example71Primal),
		entry("06-max-margin-perceptron", nb, "Example 2.1: the four hyperplanes the perceptron can end at and the maximum-margin one, with their geometric margins",
			PerceptronMargins),
	}
}

// MarginScale is the factor λ by which MarginRescaling and notebook 06
// rescale (w, b) of Example 7.1.
const MarginScale = 2

// Example71 returns the primal solution of Example 7.1, found by
// svm.InteriorPoint on the book's data (a hard margin): w* = (1/2, 1/2),
// b* = −2.
func Example71() (_ *svm.InteriorPointResult, err error) {
	defer wrapErr("Example71", &err)
	x, y := dataset.Example21().XY()
	return svm.InteriorPoint{}.Fit(x, y)
}

// MarginRescaling draws Example 2.1 with the maximum-margin hyperplane of
// Example 7.1 written twice, as (w, b) = ((1/2, 1/2), −2) and as
// (λw, λb) with λ = MarginScale: the same line, the lines of functional
// margin 1, w·x + b = ±1 for the panel's (w, b), closer to it in the
// second panel (there they are not the margin boundaries, and the legend
// does not call them so), every functional margin γ̂ᵢ (in the
// titles) multiplied by λ and every distance, the geometric margin
// γᵢ = γ̂ᵢ/‖w‖, unchanged. The words are in the language l.
func MarginRescaling(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("MarginRescaling", &err)
	x, y := dataset.Example21().XY()
	opt, err := Example71()
	if err != nil {
		return nil, err
	}
	var panels []figures.Plane
	for _, lambda := range []float64{1, MarginScale} {
		w := floats.ScaleTo(make([]float64, len(opt.W)), lambda, opt.W)
		b := lambda * opt.B
		fun, geo := make([]string, len(y)), make([]string, len(y))
		for i := range y {
			fun[i] = notation.Number(perceptron.FunctionalMargin(w, b, x.RawRowView(i), y[i]))
			geo[i] = notation.Surd(perceptron.GeometricMargin(w, b, x.RawRowView(i), y[i]))
		}
		panels = append(panels, figures.Plane{
			Title: fmt.Sprintf(l.Pick("w = %s, b = %s", "w = %s，b = %s")+"\nγ̂ᵢ = (%s)\nγᵢ = (%s)", notation.Vector(w), notation.Number(b),
				strings.Join(fun, ", "), strings.Join(geo, ", ")),
			X: x, Y: y, Names: figures.PointNames(len(y)),
			// The dashed lines are the margin boundaries of Example 7.1 in
			// the first panel only: in the second, 2w·x + 2b = ±1 lie
			// halfway to them. What both panels draw is the lines of
			// functional margin 1 for the panel's (w, b).
			Boundaries: []figures.Boundary{{Line: figures.Line{W: w, B: b}, Margins: true, Distances: []int{0, 1, 2},
				Label:       l.Pick("separating hyperplane w·x + b = 0", "分离超平面 w·x + b = 0"),
				MarginLabel: l.Pick("functional margin 1: w·x + b = ±1", "函数间隔为 1 的直线 w·x + b = ±1")}},
			View: figures.Rect{XMin: 0, XMax: 5, YMin: 0, YMax: 5},
			Lang: l,
		})
	}
	return figures.NewPlaneGrid(l.Pick("The same hyperplane, (w, b) and (2w, 2b)", "同一个超平面：(w, b) 与 (2w, 2b)"), 2, panels...)
}

// Example71Primal draws the solution of Example 7.1 found by the primal
// solver (svm.InteriorPoint, not the dual): the hyperplane
// ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0, its margin boundaries H₁, H₂: w·x + b = ±1 and
// normal, and the points whose constraints are active
// (svm.PrimalProblem.ActiveIndices), x1 and x3, ringed as support
// vectors; the title gives the margin 2/‖w*‖ = 2√2. The words are in the
// language l.
func Example71Primal(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Example71Primal", &err)
	x, y := dataset.Example21().XY()
	opt, err := Example71()
	if err != nil {
		return nil, err
	}
	width := notation.Surd(2 / floats.Norm(opt.W, 2))
	return figures.Plane{
		Title: l.Pick("Example 7.1: the maximum-margin hyperplane, margin 2/‖w*‖ = ", "例 7.1：最大间隔分离超平面，间隔 2/‖w*‖ = ") + width,
		X:     x, Y: y, Names: figures.PointNames(len(y)),
		Boundaries: []figures.Boundary{{Line: figures.Line{W: opt.W, B: opt.B}, Margins: true, Normal: true,
			Label: l.Pick("separating hyperplane ", "分离超平面 ") + notation.Equation(opt.W, opt.B)}},
		FreeIndices: svm.PrimalProblem{X: x, Y: y}.ActiveIndices(opt.W, opt.B),
		SupportName: l.Pick("support vector: yᵢ(w*·xᵢ + b*) = 1", "支持向量：yᵢ(w*·xᵢ + b*) = 1"),
		Lang:        l,
	}.Plot()
}

// PerceptronMargins draws Example 2.1 with every hyperplane a run of the
// perceptron (Algorithm 2.1) can end at (perceptron.Enumeration) and the
// maximum-margin hyperplane of Example 7.1 with its margins, each legend
// entry giving the geometric margin γ of the data set: 1, √2/2, 2√5/5 and
// √10/10 for the perceptron's, √2 for the maximum margin. The words are in
// the language l.
func PerceptronMargins(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("PerceptronMargins", &err)
	x, y := dataset.Example21().XY()
	outs, err := perceptron.Enumeration{}.Outcomes(x, y)
	if err != nil {
		return nil, err
	}
	opt, err := Example71()
	if err != nil {
		return nil, err
	}
	_, gm := perceptron.Margins(x, y, opt.W, opt.B)
	bs := []figures.Boundary{{Line: figures.Line{W: opt.W, B: opt.B}, Margins: true,
		Label: l.Pick("maximum margin ", "最大间隔 ") + notation.Equation(opt.W, opt.B) + l.Pick(": γ = ", "：γ = ") + notation.Surd(gm)}}
	for _, o := range outs {
		_, gm := perceptron.Margins(x, y, o.W, o.B)
		bs = append(bs, figures.Boundary{Line: figures.Line{W: o.W, B: o.B},
			Label: l.Pick("perceptron ", "感知机 ") + notation.Equation(o.W, o.B) + l.Pick(": γ = ", "：γ = ") + notation.Surd(gm)})
	}
	return figures.Plane{
		Title: l.Pick("Example 2.1: the perceptron's answers and the maximum margin", "例 2.1：感知机的解与最大间隔"),
		X:     x, Y: y, Names: figures.PointNames(len(y)),
		Boundaries: bs,
		View:       figures.Rect{XMin: 0, XMax: 5, YMin: 0, YMax: 5},
		Lang:       l,
	}.Plot()
}
