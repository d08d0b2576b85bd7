package exercise

import (
	"fmt"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/separability"
)

// NB13Ex1 checks notebook 13's exercise 1: the Boolean functions of two
// bits that no perceptron represents, a [][]float64 of labellings — each
// the function's values (−1 or +1) at the corners (0, 0), (0, 1), (1, 0),
// (1, 1) — in any order. separability.LP decides each of the 16.
func NB13Ex1(ans any, l lang.Lang) Verdict {
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("the labellings no perceptron represents, a [][]float64 (each the values at (0, 0), (0, 1), (1, 0), (1, 1))",
			"感知机不能表示的标记，一个 [][]float64（每个是在 (0, 0)、(0, 1)、(1, 0)、(1, 1) 处的值）")
	}
	list, ok := ans.([][]float64)
	if !ok || list == nil {
		return j.malformed("the answer must be a [][]float64 of labellings, not %s", "答案应当是由标记组成的 [][]float64，而不是 %s", typeName(ans, l))
	}
	x, _ := xorData()
	seen := map[string]bool{}
	for _, y := range list {
		if len(y) != 4 {
			return j.malformed("%s has %d values, want 4 (one per corner)", "%s 有 %d 个值，应当有 4 个（每个顶点一个）", notation.Vector(y), len(y))
		}
		for _, v := range y {
			if v != 1 && v != -1 {
				return j.malformed("%s: a label is −1 or +1", "%s：类标记只能是 −1 或 +1", notation.Vector(y))
			}
		}
		key := fmt.Sprint(y)
		if seen[key] {
			return j.wrong("%s is listed twice", "%s 列出了两次", notation.Vector(y))
		}
		seen[key] = true
		res, err := (separability.LP{}).Decide(x, y)
		if err == nil && res.Separable {
			return j.wrong("%s is represented: %s puts every corner on its side", "%s 可以表示：%s 把每个顶点分在正确的一侧", notation.Vector(y), notation.Equation(res.W, res.B))
		}
	}
	missing := 0
	for f := range 16 {
		y := make([]float64, 4)
		for i := range 4 {
			y[i] = float64(2*(f>>i&1) - 1)
		}
		if seen[fmt.Sprint(y)] {
			continue
		}
		if res, err := (separability.LP{}).Decide(x, y); err == nil && !res.Separable {
			missing++
		}
	}
	if missing > 0 {
		return j.wrong("every labelling listed is not representable, but the list misses %d more that are not", "列出的标记都不能表示，但还少了 %d 个不能表示的", missing)
	}
	return j.ok("exactly these %d of the 16 functions are not linearly separable; the other %d are", "16 个函数中恰好这 %d 个线性不可分，其余 %d 个线性可分", len(list), 16-len(list))
}

// typeName names the type of an answer for a verdict.
func typeName(ans any, l lang.Lang) string {
	if ans == nil {
		return "nil"
	}
	if l == lang.Chinese {
		return fmt.Sprintf("%T", ans)
	}
	return fmt.Sprintf("a %T", ans)
}

// NB13Ex2 checks notebook 13's exercise 2: where Algorithm 2.1 stops on
// exercise 2.2's data from w₀ = (0, 0), b₀ = −1, a Hyperplane.
func NB13Ex2(ans any, l lang.Lang) Verdict {
	x, y := data22()
	return PerceptronRun(perceptron.Primal{B0: -1}, x, y, ans, l)
}

// NB13Ex3 checks notebook 13's exercise 3: the maximum-margin hyperplane
// (w*, b*) of exercise 2.2's data, a Hyperplane in the scale of (7.13).
func NB13Ex3(ans any, l lang.Lang) Verdict {
	x, y := data22()
	return MaxMargin(x, y, ans, l)
}

// NB13Ex4 checks notebook 13's exercise 4 on its example: a certificate λ,
// a []float64, that the collinear points (0, 0) +1, (1, 1) −1, (3, 3) +1
// are not linearly separable.
func NB13Ex4(ans any, l lang.Lang) Verdict {
	return Certificate(mat.NewDense(3, 2, []float64{0, 0, 1, 1, 3, 3}), []float64{1, -1, 1}, ans, l)
}
