package exercise

import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// NB01Ex2 checks notebook 1's exercise 2: the distances (d₁, d₂, d₃) of
// Example 2.1's points to the hyperplane 2x⁽¹⁾ + x⁽²⁾ − 5 = 0, a []float64.
func NB01Ex2(ans any, l lang.Lang) Verdict {
	x, _ := dataset.Example21().XY()
	return Distances(x, Hyperplane{[]float64{2, 1}, -5}, ans, l)
}

// Distances checks an answer (d₁, …, d_N), a []float64, that claims to be
// the distances |w·xᵢ + b|/‖w‖ of the points of x to the hyperplane h
// (perceptron.Distance).
func Distances(x mat.Matrix, h Hyperplane, ans any, l lang.Lang) Verdict {
	j := judge{l}
	n, _ := x.Dims()
	v, bad := j.readVector(ans, asked{"(d₁, …, d_N), a []float64 with one distance per point", "(d₁, …, d_N)，每个点一个距离的 []float64"}, n, "d")
	if bad != nil {
		return *bad
	}
	norm := floats.Norm(h.W, 2)
	d := make([]float64, n)
	for i := range n {
		d[i] = perceptron.Distance(h.W, h.B, mat.Row(nil, i, x))
	}
	scale := maxAbs(0, d...)
	for i := range n {
		if near(v[i], d[i], scale) {
			continue
		}
		switch {
		case v[i] < 0:
			return j.wrong("d%s = %s is negative: a distance is |w·x + b|/‖w‖ ≥ 0", "d%s = %s 是负数：距离是 |w·x + b|/‖w‖ ≥ 0", sub(i), notation.Number(v[i]))
		case near(v[i], d[i]*norm, scale*norm):
			return j.wrong("d%s = %s is |w·x%s + b|: divide it by ‖w‖ = %s", "d%s = %s 是 |w·x%s + b|：还要除以 ‖w‖ = %s", sub(i), notation.Number(v[i]), sub(i), notation.Surd(norm))
		case near(v[i], d[i]/norm, scale/norm):
			return j.wrong("d%s: divide |w·x%s + b| by ‖w‖, not by ‖w‖²", "d%s：|w·x%s + b| 应除以 ‖w‖，而不是 ‖w‖²", sub(i), sub(i))
		}
		return j.wrong("d%s is wrong: the distance of x%d is |w·x%s + b|/‖w‖", "d%s 不对：x%d 的距离是 |w·x%s + b|/‖w‖", sub(i), i+1, sub(i))
	}
	s := make([]string, n)
	for i := range n {
		s[i] = notation.Surd(d[i])
	}
	return j.ok("the distances are %s; x%d is the closest", "距离是 %s；x%d 最近", listOf(s, l), floats.MinIdx(d)+1)
}

// NB01Ex3 checks notebook 1's exercise 3 on one answer: a hyperplane
// (w, b) other than w = 0 with L(w, b) = 0 while some point of Example 2.1
// is misclassified (yᵢ(w·xᵢ + b) ≤ 0), a Hyperplane. Every such line
// passes.
func NB01Ex3(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	j := judge{l}
	h, bad := j.readHyperplane(ans, asked{"one such (w, b), an exercise.Hyperplane{W: …, B: …}", "一个这样的 (w, b)，写成 exercise.Hyperplane{W: …, B: …}"}, 2)
	if bad != nil {
		return *bad
	}
	m := h.margins(x, y)
	mis := perceptron.Misclassified(x, y, h.W, h.B)
	loss := perceptron.Loss(x, y, h.W, h.B)
	scale := h.scale() * 4 // the size of w·x + b on these points
	if len(mis) == 0 {
		return j.wrong("M is empty: this line separates the data, so L = 0 trivially; the exercise asks for L = 0 with M ≠ ∅",
			"M 是空集：这条直线把数据分开了，L = 0 是显然的；练习要的是 M ≠ ∅ 而 L = 0")
	}
	for _, i := range mis {
		if m[i] < -Tol*scale {
			return j.wrong("x%d is misclassified with y%s(w·x%s + b) = %s < 0, so L = %s > 0", "x%d 被误分类，且 y%s(w·x%s + b) = %s < 0，所以 L = %s > 0",
				i+1, sub(i), sub(i), notation.Number(m[i]), notation.Number(loss))
		}
	}
	return j.ok("M = {%s} and every point of M lies on the line (yᵢ(w·xᵢ + b) = 0), so L = 0", "M = {%s}，M 中的点都在直线上（yᵢ(w·xᵢ + b) = 0），所以 L = 0",
		report.Points(mis, l))
}
