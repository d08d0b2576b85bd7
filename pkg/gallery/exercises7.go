package gallery

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/loss"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 10-exercises-ch7: the book's exercises 7.1–7.4.

func exercises7Entries() []Entry {
	const nb = "10-exercises-ch7"
	return []Entry{
		entry("10-exercises-ch7-perceptron-vs-svm", nb, "Exercise 7.1: Example 2.1's perceptron answer (Table 2.1) and maximum-margin hyperplane (Example 7.2)",
			figures.PlaneWidth, 0, PerceptronVsSVM),
		entry("10-exercises-ch7-ex72-margin", nb, "Exercise 7.2: the maximum-margin hyperplane, its margins and the support vectors",
			figures.PlaneWidth, 0, Exercise72Margin),
		entry("10-exercises-ch7-squared-slack-plane", nb, "Exercise 7.3: hinge and squared-slack SVMs on data that no line separates",
			figures.PlaneWidth, 0, SquaredSlackPlane),
		entry("10-exercises-ch7-squared-hinge-losses", nb, "Exercise 7.3: the 0-1 loss, the hinge loss and the squared hinge loss",
			figures.Width, figures.Height, SquaredHingeLosses),
		entry("10-exercises-ch7-polynomial-spectra", nb, "Exercise 7.4: the eigenvalues of Gram matrices of (x·z)ᵖ, p = 1 … 4, on 20 random points",
			figures.Width, figures.Height, PolynomialSpectra),
	}
}

// PerceptronVsSVM draws Example 2.1 with the perceptron's answer of Table
// 2.1, x⁽¹⁾ + x⁽²⁾ − 3 = 0 (α = (2, 0, 5)), and the maximum-margin
// hyperplane of Example 7.2, ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0 (α* = (1/4, 0, 1/4)),
// with its margins and support vectors.
func PerceptronVsSVM() (*plot.Plot, error) {
	x, y := dataset.Example21()
	run, err := Table21()
	if err != nil {
		return nil, err
	}
	ex, err := svm.Exact{}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: "Exercise 7.1: the perceptron's and the SVM's answers",
		X:     x, Y: y, Names: figures.PointNames(3),
		Hyperplanes: []figures.Hyperplane{
			{W: run.W, B: run.B, Label: "perceptron: " + notation.Plain.Equation(run.W, run.B)},
			{W: ex.W, B: ex.B, Margins: true, Label: "SVM: " + notation.Plain.Equation(ex.W, ex.B)},
		},
		Alpha: ex.Alpha,
	}.Plot()
}

// Exercise72Data returns the data of the book's exercise 7.2: positive
// x1 = (1, 2), x2 = (2, 3), x3 = (3, 3), negative x4 = (2, 1), x5 = (3, 2).
func Exercise72Data() (*mat.Dense, []float64) {
	return mat.NewDense(5, 2, []float64{1, 2, 2, 3, 3, 3, 2, 1, 3, 2}), []float64{1, 1, 1, -1, -1}
}

// Exercise72Margin draws the answer of exercise 7.2 found by svm.Exact:
// the hyperplane −x⁽¹⁾ + 2x⁽²⁾ − 2 = 0, the margins w·x + b = ±1 and the
// support vectors x1, x3 and x5.
func Exercise72Margin() (*plot.Plot, error) {
	x, y := Exercise72Data()
	ex, err := svm.Exact{}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: "Exercise 7.2: the maximum-margin hyperplane",
		X:     x, Y: y, Names: figures.PointNames(5),
		Hyperplanes: []figures.Hyperplane{{W: ex.W, B: ex.B, Margins: true, Normal: true,
			Label: notation.Plain.Equation(ex.W, ex.B)}},
		Alpha: ex.Alpha,
	}.Plot()
}

// SquaredSlackC is the weight C of notebook 10-exercises-ch7's exercise 7.3.
const SquaredSlackC = 1

// SquaredSlackData returns the data of exercise 7.3 in notebook
// 10-exercises-ch7: Example 2.1 with a fourth point x4 = (3.5, 3) labelled
// −1, on the segment x1x2, so that no line separates the classes.
func SquaredSlackData() (*mat.Dense, []float64) {
	return mat.NewDense(4, 2, []float64{3, 3, 4, 3, 1, 1, 3.5, 3}), []float64{1, 1, -1, -1}
}

// SquaredSlackPlane draws SquaredSlackData with the soft-margin SVM of
// Algorithm 7.3 (hinge loss, svm.Exact) and the squared-slack SVM of
// exercise 7.3 (svm.SquaredSlack), both with C = SquaredSlackC, and the
// hinge solution's KKT classes.
func SquaredSlackPlane() (*plot.Plot, error) {
	x, y := SquaredSlackData()
	h, err := svm.Exact{C: SquaredSlackC}.Fit(x, y)
	if err != nil {
		return nil, err
	}
	s, err := svm.SquaredSlack{C: SquaredSlackC}.FitPrimal(x, y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: fmt.Sprintf("Exercise 7.3: hinge and squared slacks, C = %d", SquaredSlackC),
		X:     x, Y: y, Names: figures.PointNames(4),
		Hyperplanes: []figures.Hyperplane{
			{W: h.W, B: h.B, Label: "hinge: " + notation.Plain.Equation(h.W, h.B)},
			{W: s.W, B: s.B, Label: "squared: " + figures.Equation(s.W, s.B)},
		},
		Alpha: h.Alpha, C: SquaredSlackC,
	}.Plot()
}

// SquaredHingeLosses draws the 0-1 loss, the hinge loss [1 − z]₊ of
// Theorem 7.4 and the squared hinge loss [1 − z]₊² that exercise 7.3's
// objective charges, against the functional margin z = y(w·x + b).
func SquaredHingeLosses() (*plot.Plot, error) {
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
		Title:  "Exercise 7.3: the squared hinge loss",
		XLabel: "functional margin z = y(w·x + b)", YLabel: "loss",
		Series: []figures.Series{
			{Name: "0-1 loss", X: z01, Y: zo},
			{Name: "hinge max(0, 1 − z)", X: zs, Y: hi},
			{Name: "squared hinge max(0, 1 − z)²", X: zs, Y: sq},
		},
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
// drawn at SpectrumFloor.
func PolynomialSpectra() (*plot.Plot, error) {
	x := PolynomialData()
	var series []figures.Series
	for p := 1; p <= 4; p++ {
		ev := kernel.GramEigenvalues(kernel.Polynomial{Degree: p, Gamma: 1}, x)
		if ev == nil {
			return nil, fmt.Errorf("eigendecomposition failed for p = %d", p)
		}
		slices.Reverse(ev)
		var ks, vs []float64
		for k, v := range ev {
			r := v / ev[0]
			if math.Abs(r) <= 1e-13 {
				r = SpectrumFloor
			}
			if r < 0 {
				return nil, fmt.Errorf("p = %d: eigenvalue %g < 0 beyond rounding", p, v)
			}
			ks, vs = append(ks, float64(k+1)), append(vs, r)
		}
		series = append(series, figures.Series{Name: fmt.Sprintf("p = %d", p), X: ks, Y: vs})
	}
	return figures.Lines{
		Title:  "Exercise 7.4: eigenvalues of the Gram matrix of (x·z)ᵖ, 20 points",
		XLabel: "k (eigenvalues sorted, largest first; 0 drawn at 1e−16)", YLabel: "λ(k) / λ(1)",
		Series: series, LogY: true,
	}.Plot()
}
