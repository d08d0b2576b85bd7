package exercise

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// NB02Ex1 checks notebook 2's exercise 1: every hyperplane at which a run
// of Algorithm 2.1 on Example 2.1 from w₀ = (0, 0), b₀ = −1 can stop
// (η = 1, any order), a []exercise.Hyperplane in any order.
func NB02Ex1(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	return Outcomes(perceptron.Enumeration{B0: -1}, x, y, ans, l)
}

// Outcomes checks an answer, a []Hyperplane in any order, that claims to
// list every (w, b) at which a run of Algorithm 2.1 from the start of e
// can stop on (x, y); e.Outcomes finds them.
func Outcomes(e perceptron.Enumeration, x mat.Matrix, y []float64, ans any, l lang.Lang) Verdict {
	j := judge{l}
	_, d := x.Dims()
	if isPlaceholder(ans) {
		return j.unanswered("the hyperplanes, a []exercise.Hyperplane{{W: …, B: …}, …}", "这些超平面，写成 []exercise.Hyperplane{{W: …, B: …}, …}")
	}
	list, ok := ans.([]Hyperplane)
	if !ok || list == nil {
		return j.malformed("the answer must be a []exercise.Hyperplane, not %s", "答案应当是 []exercise.Hyperplane，而不是 %s", typeName(ans, l))
	}
	outs, err := e.Outcomes(x, y)
	if err != nil {
		return j.wrong("the enumeration did not finish (%v)", "枚举没有完成（%v）", err)
	}
	ends := distinctEnds(outs)
	found := make([]bool, len(ends))
	for _, a := range list {
		h, bad := j.hyperplane(a, d)
		if bad != nil {
			return *bad
		}
		k := -1
		for i, g := range ends {
			if h.same(g) {
				k = i
			}
		}
		if k < 0 {
			if m := h.margins(x, y); firstMistake(m) < 0 {
				return j.wrong("%s separates the data, but no run from this start ends there", "%s 能分开数据，但从这个初值出发的迭代都不停在那里", notation.Equation(h.W, h.B))
			}
			return j.wrong("%s is not where a run stops: it misclassifies a point", "%s 不是迭代停下的地方：它误分类了某个点", notation.Equation(h.W, h.B))
		}
		if found[k] {
			return j.wrong("%s is listed twice", "%s 列出了两次", notation.Equation(h.W, h.B))
		}
		found[k] = true
	}
	if len(list) < len(ends) {
		return j.wrong("every hyperplane listed is an end of some run, but %d more are possible", "列出的超平面都是某次迭代的终点，但还有 %d 个是可能的", len(ends)-len(list))
	}
	prob := make([]string, len(ends))
	for i, g := range ends {
		p := 0.0
		for _, o := range outs {
			if g.same(Hyperplane{o.W, o.B}) {
				p += o.Prob
			}
		}
		prob[i] = notation.Equation(g.W, g.B) + " (" + notation.Number(p) + ")"
	}
	return j.ok("exactly these %d: %s, with their probabilities when the misclassified point is drawn at random", "恰好是这 %d 个：%s，括号中是随机选取误分类点时的概率",
		len(ends), listOf(prob, l))
}

// NB02Ex3 checks notebook 2's exercise 3: the number of different
// hyperplanes at which Algorithm 2.1 can stop on Example 2.1 with
// x4 = (2, 2), +1 added, an int.
func NB02Ex3(ans any, l lang.Lang) Verdict {
	x := mat.NewDense(4, 2, []float64{3, 3, 4, 3, 1, 1, 2, 2})
	y := []float64{1, 1, -1, 1}
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("the number of different hyperplanes, an int", "不同超平面的个数，一个 int")
	}
	var k int
	switch a := ans.(type) {
	case int:
		k = a
	case float64:
		if a != math.Trunc(a) {
			return j.malformed("a number of hyperplanes is a whole number", "超平面的个数是整数")
		}
		k = int(a)
	default:
		return j.malformed("the answer must be an int, not %s", "答案应当是一个 int，而不是 %s", typeName(ans, l))
	}
	outs, err := (perceptron.Enumeration{}).Outcomes(x, y)
	if err != nil {
		return j.wrong("the enumeration did not finish (%v)", "枚举没有完成（%v）", err)
	}
	ends := distinctEnds(outs)
	switch {
	case k == len(ends):
		return j.ok("%d different hyperplanes, from %d count vectors: different counts n can give the same (w, b)", "%d 个不同的超平面，来自 %d 个计数向量：不同的 n 可能给出同一个 (w, b)", len(ends), len(outs))
	case k == len(outs):
		return j.wrong("%d is the number of count vectors n; some of them give the same (w, b)", "%d 是计数向量 n 的个数；其中一些给出同一个 (w, b)", k)
	}
	return j.wrong("not %d: run the enumeration and count the different (w, b)", "不是 %d：运行枚举，数一数不同的 (w, b)", k)
}

// distinctEnds returns the hyperplanes at which the runs of outs stop, each
// once (Hyperplane.same), in the order they first appear.
func distinctEnds(outs []perceptron.Outcome) []Hyperplane {
	var ends []Hyperplane
	for _, o := range outs {
		h := Hyperplane{o.W, o.B}
		seen := false
		for _, g := range ends {
			seen = seen || g.same(h)
		}
		if !seen {
			ends = append(ends, h)
		}
	}
	return ends
}
