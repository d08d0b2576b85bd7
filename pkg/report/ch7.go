package report

import (
	"fmt"
	"math"
	"strconv"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/loss"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Tolerances of the chapter 7 tables. Functional margins yᵢf(xᵢ) are in the
// units of the margin boundary, yᵢf(xᵢ) = 1, so marginTol is relative to it;
// multipliers are compared with their largest value and with C.
const (
	marginTol = 1e-9
	alphaTol  = 1e-12
)

// SlackTable returns the table of Figure 7.5 for a soft-margin fit: one row
// per training point with its multiplier αᵢ, its functional margin
// yᵢf(xᵢ) under the classifier f (w·x + b, or a kernel expansion), its slack
// ξᵢ = [1 − yᵢf(xᵢ)]₊ and where it lies, in the book's words (§7.2.3): a
// support vector (αᵢ > 0) lies on the margin boundary (ξᵢ = 0), between the
// margin boundary and the separating hyperplane (0 < ξᵢ < 1), on the
// hyperplane (ξᵢ = 1) or on its wrong side (ξᵢ > 1); a point with αᵢ = 0 is
// not a support vector. c is the box bound of the fit. Margins within
// 10⁻⁹ of 0 or 1 are written as 0 or 1, numbers by package notation.
//
// It panics if x, y and alpha do not have the same number of rows.
func SlackTable(x mat.Matrix, y, alpha []float64, c float64, f classify.Classifier, l lang.Lang) (header []string, rows [][]string) {
	if n, _ := x.Dims(); n != len(y) || n != len(alpha) {
		panic("report: SlackTable needs one label and one multiplier per row of x")
	}
	header = []string{l.Pick("point", "点"), "αᵢ", "yᵢ(w·xᵢ + b)", "ξᵢ", l.Pick("where (Figure 7.5)", "位置（图 7.5）")}
	amax := floats.Max(alpha)
	for i := range y {
		m := snap(y[i] * f.Decision(mat.Row(nil, i, x)))
		xi := snap(math.Max(0, 1-m))
		a := alpha[i]
		switch {
		case a <= alphaTol*amax:
			a = 0
		case a >= (1-alphaTol)*c:
			a = c
		}
		rows = append(rows, []string{"x" + strconv.Itoa(i+1), notation.Number(a), notation.Number(m), notation.Number(xi), where(a, xi, l)})
	}
	return header, rows
}

// snap writes values within marginTol of 0 or 1 as 0 or 1.
func snap(v float64) float64 {
	switch {
	case math.Abs(v) <= marginTol:
		return 0
	case math.Abs(v-1) <= marginTol:
		return 1
	}
	return v
}

// where says, in the words of the book's §7.2.3, where a point with
// multiplier a and slack xi lies.
func where(a, xi float64, l lang.Lang) string {
	switch {
	case a == 0:
		return l.Pick("α = 0: not a support vector", "α = 0：不是支持向量")
	case xi == 0:
		return l.Pick("on the margin boundary", "恰好落在间隔边界上")
	case xi < 1:
		return l.Pick("between the margin boundary and the hyperplane", "在间隔边界与分离超平面之间")
	case xi == 1:
		return l.Pick("on the separating hyperplane", "在分离超平面上")
	}
	return l.Pick("on the wrong side of the hyperplane", "位于分离超平面误分一侧")
}

// SweepTable returns the table of a soft-margin sweep over C (svm.SMO.Sweep,
// res[k] solved with cs[k]) on the data (x, y): per C, the margin 2/‖w‖,
// the number of points in each KKT class (αᵢ = 0, 0 < αᵢ < C, αᵢ = C), the
// training errors (Errors), the total slack Σξᵢ = Σ[1 − yᵢf(xᵢ)]₊ and the
// primal objective ½‖w‖² + CΣξᵢ. The fits must be linear (W set).
//
// It panics if cs and res differ in length or a fit has no W.
func SweepTable(x mat.Matrix, y, cs []float64, res []*svm.Result, l lang.Lang) (header []string, rows [][]string) {
	if len(cs) != len(res) {
		panic("report: SweepTable needs one result per C")
	}
	header = []string{"C", l.Pick("margin 2/‖w‖", "间隔 2/‖w‖"), "αᵢ = 0", "0 < αᵢ < C", "αᵢ = C",
		l.Pick("training errors", "训练误差点数"), "Σξᵢ", "½‖w‖² + CΣξᵢ"}
	for k, r := range res {
		if r.W == nil {
			panic("report: SweepTable needs linear fits")
		}
		slack := loss.Sum(loss.Hinge, r, x, y) // Σξᵢ, ξᵢ = [1 − yᵢf(xᵢ)]₊
		rows = append(rows, []string{fmt.Sprintf("%.4g", cs[k]), fmt.Sprintf("%.3g", 2/floats.Norm(r.W, 2)),
			strconv.Itoa(len(y) - len(r.SupportIndices)), strconv.Itoa(len(r.FreeIndices)), strconv.Itoa(len(r.BoundedIndices)),
			strconv.Itoa(Errors(r, x, y)), fmt.Sprintf("%.3g", slack), fmt.Sprintf("%.4g", r.PrimalObjective)})
	}
	return header, rows
}

// Errors counts the points of (x, y) that c misclassifies by the rule of
// Definition 2.1, Predict(xᵢ) ≠ yᵢ (a point with f(xᵢ) = 0 is predicted +1):
// the training or test errors that a table reports next to
// classify.Accuracy, which is 1 − Errors/N. It is loss.Sum with the 0-1
// loss, as an int: one rule for every error count.
//
// It panics if x and y differ in length.
func Errors(c classify.Classifier, x mat.Matrix, y []float64) int {
	return int(loss.Sum(loss.ZeroOne, c, x, y))
}
