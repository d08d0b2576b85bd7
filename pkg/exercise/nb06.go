package exercise

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// NB06Ex1 checks notebook 6's exercise 1: the functional and the geometric
// margin (γ̂, γ) of Example 2.1's data set under (w, b) = ((½, ½), −2)
// rescaled by λ = −1, a []float64 of two numbers.
func NB06Ex1(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	w, b := []float64{-0.5, -0.5}, 2.0
	j := judge{l}
	v, bad := j.readVector(ans, asked{"(γ̂, γ), a []float64 of two numbers", "(γ̂, γ)，含两个数的 []float64"}, 2, "(γ̂, γ)")
	if bad != nil {
		return *bad
	}
	fm, gm := perceptron.Margins(x, y, w, b)
	okF, okG := near(v[0], fm, math.Abs(fm)), near(v[1], gm, math.Abs(gm))
	switch {
	case okF && okG:
		return j.ok("γ̂ = %s and γ = %s: both change sign with (w, b), and every point is misclassified", "γ̂ = %s，γ = %s：两者都随 (w, b) 改变符号，每个点都被误分类",
			notation.Number(fm), notation.Surd(gm))
	case near(v[0], -fm, math.Abs(fm)) && near(v[1], -gm, math.Abs(gm)):
		return j.wrong("those are the margins before the rescaling: λ = −1 changes the sign of every yᵢ(w·xᵢ + b)", "这是缩放之前的间隔：λ = −1 改变了每个 yᵢ(w·xᵢ + b) 的符号")
	case !okF:
		return j.wrong("γ̂ is wrong: it is the smallest yᵢ(w·xᵢ + b) over the points, with (w, b) = ((−½, −½), 2)", "γ̂ 不对：它是各点 yᵢ(w·xᵢ + b) 的最小值，这里 (w, b) = ((−½, −½), 2)")
	}
	return j.wrong("γ̂ is right, γ is not: γ = γ̂/‖w‖, and ‖w‖ = √2/2", "γ̂ 对了，γ 不对：γ = γ̂/‖w‖，而 ‖w‖ = √2/2")
}

// NB06Ex2 checks notebook 6's exercise 2: the geometric margins
// (γ₁, γ₂, γ₃) of Example 2.1's points for the perceptron's line
// x⁽¹⁾ + x⁽²⁾ − 3 = 0, a []float64.
func NB06Ex2(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	return GeometricMargins(x, y, Hyperplane{[]float64{1, 1}, -3}, ans, l)
}

// GeometricMargins checks an answer (γ₁, …, γ_N), a []float64, that
// claims to be the geometric margins γᵢ = yᵢ(w·xᵢ + b)/‖w‖ of the points of
// (x, y) for the hyperplane h.
func GeometricMargins(x mat.Matrix, y []float64, h Hyperplane, ans any, l lang.Lang) Verdict {
	j := judge{l}
	n, _ := x.Dims()
	v, bad := j.readVector(ans, asked{"(γ₁, …, γ_N), a []float64 with one margin per point", "(γ₁, …, γ_N)，每个点一个间隔的 []float64"}, n, "γ")
	if bad != nil {
		return *bad
	}
	fm := h.margins(x, y)
	norm := floats.Norm(h.W, 2)
	scale := maxAbs(0, fm...) / norm
	for i := range n {
		g := fm[i] / norm
		if near(v[i], g, scale) {
			continue
		}
		switch {
		case near(v[i], fm[i], scale):
			return j.wrong("γ%s = %s is the functional margin y%s(w·x%s + b): divide it by ‖w‖", "γ%s = %s 是函数间隔 y%s(w·x%s + b)：还要除以 ‖w‖", sub(i), notation.Number(v[i]), sub(i), sub(i))
		case near(v[i], -g, scale):
			return j.wrong("γ%s has the wrong sign: x%d is on its own side, so y%s(w·x%s + b) > 0", "γ%s 的符号不对：x%d 在自己的一侧，y%s(w·x%s + b) > 0", sub(i), i+1, sub(i), sub(i))
		}
		return j.wrong("γ%s is wrong: γᵢ = yᵢ(w·xᵢ + b)/‖w‖", "γ%s 不对：γᵢ = yᵢ(w·xᵢ + b)/‖w‖", sub(i))
	}
	g := make([]string, n)
	for i := range n {
		g[i] = notation.Surd(fm[i] / norm)
	}
	return j.ok("the geometric margins are %s; each equals the point's distance |w·xᵢ + b|/‖w‖, as the point is correctly classified", "几何间隔是 %s；每个都等于该点的距离 |w·xᵢ + b|/‖w‖，因为该点被正确分类",
		listOf(g, l))
}

// listOf writes texts as a list in the edition's way.
func listOf(s []string, l lang.Lang) string {
	out := ""
	for i, t := range s {
		if i > 0 {
			out += l.Pick(", ", "、")
		}
		out += t
	}
	return out
}

// NB06Ex3 checks notebook 6's exercise 3: the maximum-margin hyperplane
// (w*, b*) of Example 2.1 with x2 moved to (2.5, 2.5), a Hyperplane.
func NB06Ex3(ans any, l lang.Lang) Verdict {
	_, y := dataset.Example21().XY()
	return MaxMargin(mat.NewDense(3, 2, []float64{3, 3, 2.5, 2.5, 1, 1}), y, ans, l)
}

// NB06Ex5 checks notebook 6's exercise 5: the support vectors of the book's
// exercise 7.2 (the active constraints of Algorithm 7.1), a []int of point
// numbers in any order.
func NB06Ex5(ans any, l lang.Lang) Verdict {
	x, y := data72()
	return SupportVectors(x, y, nil, ans, l)
}
