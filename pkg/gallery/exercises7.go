package gallery

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/loss"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 14-exercises-ch7: the book's exercises 7.1–7.4.

func exercises7Entries() []Entry {
	const nb = "14-exercises-ch7"
	return []Entry{
		entry("14-exercises-ch7-perceptron-vs-svm", nb, "Exercise 7.1: Example 2.1's perceptron answer (Table 2.1) and maximum-margin hyperplane (Example 7.2)",
			PerceptronVsSVM),
		entry("14-exercises-ch7-ex72-margin", nb, "Exercise 7.2: the maximum-margin hyperplane, its margins and the support vectors",
			Exercise72Margin),
		entry("14-exercises-ch7-squared-slack-plane", nb, "Exercise 7.3: hinge and squared-slack SVMs on data that no line separates",
			SquaredSlackPlane),
		entry("14-exercises-ch7-squared-hinge-losses", nb, "Exercise 7.3: the 0-1 loss, the hinge loss and the squared hinge loss",
			SquaredHingeLosses),
		entry("14-exercises-ch7-polynomial-spectra", nb, "Exercise 7.4: the eigenvalues of Gram matrices of (x·z)ᵖ, p = 1 … 4, on 20 random points",
			PolynomialSpectra),
	}
}

// PerceptronVsSVM draws Example 2.1 with the perceptron's answer of Table
// 2.1, x⁽¹⁾ + x⁽²⁾ − 3 = 0 (α = (2, 0, 5)), and the maximum-margin
// hyperplane of Example 7.2, ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0 (α* = (1/4, 0, 1/4)),
// with its margins and support vectors; the words in the language l.
func PerceptronVsSVM(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("PerceptronVsSVM", &err)
	x, y := dataset.Example21().XY()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	ex, err := svm.Exact{}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: l.Pick("Exercise 7.1: the perceptron's and the SVM's answers", "习题 7.1：感知机与支持向量机的解"),
		X:     x, Y: y, Names: figures.PointNames(3),
		Boundaries: []figures.Boundary{
			{Line: figures.Line{W: run.W, B: run.B}, Label: l.Pick("perceptron: ", "感知机：") + notation.Equation(run.W, run.B)},
			{Line: figures.Line{W: ex.W, B: ex.B}, Margins: true, Label: l.Pick("SVM: ", "支持向量机：") + notation.Equation(ex.W, ex.B)},
		},
		FreeIndices: ex.FreeIndices, BoundedIndices: ex.BoundedIndices,
		Lang: l,
	}.Plot()
}

// Exercise72Data returns the data of the book's exercise 7.2: positive
// x1 = (1, 2), x2 = (2, 3), x3 = (3, 3), negative x4 = (2, 1), x5 = (3, 2).
func Exercise72Data() *dataset.Set {
	return fixture(5, []float64{1, 2, 2, 3, 3, 3, 2, 1, 3, 2}, []float64{1, 1, 1, -1, -1}, "Li Hang, Statistical Learning Methods, exercise 7.2")
}

// Exercise72Margin draws the answer of exercise 7.2 found by svm.Exact:
// the hyperplane −x⁽¹⁾ + 2x⁽²⁾ − 2 = 0, the margins w·x + b = ±1 and the
// support vectors x1, x3 and x5; the words in the language l.
func Exercise72Margin(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Exercise72Margin", &err)
	x, y := Exercise72Data().XY()
	ex, err := svm.Exact{}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: l.Pick("Exercise 7.2: the maximum-margin hyperplane", "习题 7.2：最大间隔分离超平面"),
		X:     x, Y: y, Names: figures.PointNames(5),
		Boundaries: []figures.Boundary{{Line: figures.Line{W: ex.W, B: ex.B}, Margins: true, Normal: true,
			Label: l.Pick("separating hyperplane ", "分离超平面 ") + notation.Equation(ex.W, ex.B)}},
		FreeIndices: ex.FreeIndices, BoundedIndices: ex.BoundedIndices,
		Lang: l,
	}.Plot()
}

// SquaredSlackC is the weight C of notebook 14-exercises-ch7's exercise 7.3.
const SquaredSlackC = 1

// SquaredSlackData returns the data of exercise 7.3 in notebook
// 14-exercises-ch7: Example 2.1 with a fourth point x4 = (3.5, 3) labelled
// −1, on the segment x1x2, so that no line separates the classes.
func SquaredSlackData() *dataset.Set {
	return fixture(4, []float64{3, 3, 4, 3, 1, 1, 3.5, 3}, []float64{1, 1, -1, -1}, "notebook 14-exercises-ch7, exercise 7.3")
}

// SquaredSlackPlane draws SquaredSlackData with the soft-margin SVM of
// Algorithm 7.3 (hinge loss, svm.Exact) and the squared-slack SVM of
// exercise 7.3 (svm.SquaredSlack), both with C = SquaredSlackC, and the
// hinge solution's KKT classes; the words in the language l.
func SquaredSlackPlane(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("SquaredSlackPlane", &err)
	x, y := SquaredSlackData().XY()
	h, err := svm.Exact{C: SquaredSlackC}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	s, err := svm.SquaredSlack{C: SquaredSlackC}.FitPrimal(x, y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: l.Pick(fmt.Sprintf("Exercise 7.3: hinge loss and squared slacks, C = %d", SquaredSlackC),
			fmt.Sprintf("习题 7.3：合页损失与平方松弛变量，C = %d", SquaredSlackC)),
		X: x, Y: y, Names: figures.PointNames(4),
		Boundaries: []figures.Boundary{
			{Line: figures.Line{W: h.W, B: h.B}, Label: l.Pick("hinge: ", "合页损失：") + notation.Equation(h.W, h.B)},
			{Line: figures.Line{W: s.W, B: s.B}, Label: l.Pick("squared slacks: ", "平方松弛：") + notation.Equation(roundTo(s.W, 4), round(s.B, 4))},
		},
		FreeIndices: h.FreeIndices, BoundedIndices: h.BoundedIndices, SoftMargin: true,
		SupportOf: l.Pick("the hinge solution", "合页损失解"),
		Lang:      l,
	}.Plot()
}

// SquaredHingeLosses draws the 0-1 loss, the hinge loss [1 − z]₊ of
// Theorem 7.4 and the squared hinge loss [1 − z]₊² that exercise 7.3's
// objective charges, against the functional margin z = y(w·x + b); the
// words in the language l.
func SquaredHingeLosses(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("SquaredHingeLosses", &err)
	var zs, hi, sq, z01, zo []float64
	for i := range 17 {
		z := -2 + float64(i)/4
		zs = append(zs, z)
		hi, sq = append(hi, loss.Hinge(z)), append(sq, loss.Hinge(z)*loss.Hinge(z))
		if z == 0 { // the step of the 0-1 loss: (0, 1) and (0, 0)
			z01, zo = append(z01, -1e-12), append(zo, loss.ZeroOne(-1e-12))
		}
		z01, zo = append(z01, z), append(zo, loss.ZeroOne(z))
	}
	return figures.Lines{
		Title:  l.Pick("Exercise 7.3: the squared hinge loss", "习题 7.3：平方合页损失"),
		XLabel: l.Pick("functional margin z = y(w·x + b)", "函数间隔 z = y(w·x + b)"), YLabel: l.Pick("loss", "损失"),
		Series: []figures.Series{
			{Name: l.Pick("0-1 loss", "0-1 损失"), X: z01, Y: zo},
			{Name: l.Pick("hinge max(0, 1 − z)", "合页损失 max(0, 1 − z)"), X: zs, Y: hi},
			{Name: l.Pick("squared hinge max(0, 1 − z)²", "平方合页损失 max(0, 1 − z)²"), X: zs, Y: sq},
		},
		Lang: l,
	}.Plot()
}

// SpectrumFloor is the level at which PolynomialSpectra draws the
// eigenvalues that are zero in exact arithmetic, |λ| ≤ 10⁻¹³·λ_max (a
// logarithmic axis cannot show 0 or the rounding noise around it).
const SpectrumFloor = 1e-16

// PolynomialData returns the 20 points of exercise 7.4's figure: standard
// normal in the plane, seed (7, 4).
func PolynomialData() *mat.Dense {
	rng := rand.New(rand.NewPCG(7, 4))
	x := mat.NewDense(20, 2, nil)
	for i := range 20 {
		x.Set(i, 0, rng.NormFloat64())
		x.Set(i, 1, rng.NormFloat64())
	}
	return x
}

// PolynomialSpectra draws, for p = 1 … 4, the eigenvalues λ(1) ≥ λ(2) ≥ … of
// the Gram matrix of (x·z)ᵖ on PolynomialData, divided by λ(1), on a
// logarithmic axis: p + 1 of them are positive (the dimension of the
// feature map φ in the plane), the others are 0 up to rounding and are
// drawn at SpectrumFloor; the words in the language l.
func PolynomialSpectra(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("PolynomialSpectra", &err)
	x := PolynomialData()
	var series []figures.Series
	for p := 1; p <= 4; p++ {
		ev := kernel.GramEigenvalues(kernel.Polynomial{Degree: p, Gamma: 1}, x)
		if ev == nil {
			return nil, errtext.Errorf("eigendecomposition failed for p = %d", p)
		}
		slices.Reverse(ev)
		var ks, vs []float64
		for k, v := range ev {
			r := v / ev[0]
			if math.Abs(r) <= 1e-13 {
				r = SpectrumFloor
			}
			if r < 0 {
				return nil, errtext.Errorf("p = %d: eigenvalue %g < 0 beyond rounding", p, v)
			}
			ks, vs = append(ks, float64(k+1)), append(vs, r)
		}
		series = append(series, figures.Series{Name: fmt.Sprintf("p = %d", p), X: ks, Y: vs})
	}
	floor := figures.PowerOfTen(int(math.Round(math.Log10(SpectrumFloor))))
	return figures.Lines{
		Title: l.Pick("Exercise 7.4: eigenvalues of the Gram matrix of (x·z)ᵖ, 20 points",
			"习题 7.4：(x·z)ᵖ 的 Gram 矩阵的特征值，20 个点"),
		XLabel: fmt.Sprintf(l.Pick("k (eigenvalues sorted, largest first; 0 drawn at %s)", "k（特征值从大到小排列；0 画在 %s 处）"), floor),
		YLabel: "λ(k) / λ(1)",
		Series: series, LogY: true,
		Lang: l,
	}.Plot()
}
