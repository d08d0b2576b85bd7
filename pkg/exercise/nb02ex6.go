package exercise

import (
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// strictRun runs Algorithm 2.1 (η = 1, cyclic order, as notebook 2's
// algorithm21) with the strict rule: xᵢ is misclassified when
// yᵢ(w·xᵢ + b) < 0. It returns (w, b) after each update, the start first,
// and the points of the updates; it gives up after maxEpochs passes.
func strictRun(x mat.Matrix, y []float64, b0 float64, maxEpochs int) ([]Hyperplane, []int) {
	n, d := x.Dims()
	w, b := make([]float64, d), b0
	states := []Hyperplane{{append([]float64(nil), w...), b}}
	var used []int
	for step, correct := 0, 0; correct < n && step < maxEpochs*n; step++ {
		i := step % n
		xi := mat.Row(nil, i, x)
		if y[i]*(floats.Dot(w, xi)+b) < 0 {
			floats.AddScaled(w, y[i], xi)
			b += y[i]
			used = append(used, i)
			states = append(states, Hyperplane{append([]float64(nil), w...), b})
			correct = 0
		} else {
			correct++
		}
	}
	return states, used
}

// NB02Ex6 checks the value part of notebook 2's exercise 6: where
// Algorithm 2.1 with the strict rule yᵢ(w·xᵢ + b) < 0 stops on Example 2.1
// from w₀ = 0, b₀ = 0.1 (η = 1, cyclic order), an exercise.Hyperplane.
// The run from b₀ = 0, which makes no update, is the exercise's other
// half, for its check list.
func NB02Ex6(ans any, l lang.Lang) Verdict {
	j := judge{l}
	if isPlaceholder(ans) {
		return j.unanswered("the final (w, b) from b₀ = 0.1, an exercise.Hyperplane{W: …, B: …}", "从 b₀ = 0.1 出发最后的 (w, b)，写成 exercise.Hyperplane{W: …, B: …}")
	}
	x, y := dataset.Example21().XY()
	states, used := strictRun(x, y, 0.1, 1000)
	// w = 0 is no hyperplane, but it is where the runs start.
	if a, ok := ans.(Hyperplane); ok && len(a.W) == 2 && a.W[0] == 0 && a.W[1] == 0 {
		switch {
		case a.B == 0:
			return j.wrong("that is the end from b₀ = 0: there every yᵢ(w·xᵢ + b) = 0, which is not < 0, so the strict rule makes no update; from b₀ = 0.1 it does", "这是从 b₀ = 0 出发的结果：那里每个 yᵢ(w·xᵢ + b) = 0，不小于 0，所以严格规则不做更新；从 b₀ = 0.1 出发就不同了")
		case near(a.B, 0.1, 1):
			return j.wrong("that is the start: x%d has y%s(w·x%s + b) = −0.1 < 0 there, so even the strict rule updates", "这是初值：x%d 的 y%s(w·x%s + b) = −0.1 < 0，所以严格规则也要更新", used[0]+1, sub(used[0]), sub(used[0]))
		}
		for k, st := range states[1 : len(states)-1] {
			if st.W[0] == 0 && st.W[1] == 0 && near(a.B, st.B, 1) {
				i := used[k+1]
				return j.wrong("this is (w, b) after update %d, w = 0 again, and x%d is still misclassified there: y%s(w·x%s + b) = %s < 0, so the run goes on",
					"这是第 %d 次更新后的 (w, b)，w 又回到 0，这时 x%d 仍是误分类点：y%s(w·x%s + b) = %s < 0，迭代还要继续", k+1, i+1, sub(i), sub(i), notation.Number(y[i]*st.B))
			}
		}
	}
	h, bad := j.hyperplane(ans, 2)
	if bad != nil {
		return *bad
	}
	final := states[len(states)-1]
	m := h.margins(x, y)
	firstNeg := -1
	for i, v := range m {
		if v < 0 && firstNeg < 0 {
			firstNeg = i
		}
	}
	switch {
	case h.same(final):
		return j.ok("that is where the strict rule stops from b₀ = 0.1: %s after %d updates, every yᵢ(w·xᵢ + b) ≥ 0, and this line separates the data",
			"这正是严格规则从 b₀ = 0.1 出发停下的地方：%d 次更新后得到 %s，每个 yᵢ(w·xᵢ + b) ≥ 0，而且这条直线把数据分开了", pickArgs(l, notation.Equation(final.W, final.B), len(used))...)
	case h.same(Hyperplane{[]float64{1, 1}, -3}):
		return j.wrong("that is Example 2.1's end with the rule ≤ 0 from b₀ = 0; here b starts at 0.1 and each update adds ±1 to it, so b ends at 0.1 plus a whole number", "这是例 2.1 用 ≤ 0 规则从 b₀ = 0 出发的结果；这里 b 从 0.1 开始，每次更新给它加 ±1，所以 b 最后是 0.1 加一个整数")
	}
	for k, s := range states[1 : len(states)-1] {
		if h.same(s) {
			i, k := firstNeg, k+1
			return j.wrong("this is (w, b) after update %d, and x%d is still misclassified there: y%s(w·x%s + b) = %s < 0, so the run goes on",
				"这是第 %d 次更新后的 (w, b)，这时 x%d 仍是误分类点：y%s(w·x%s + b) = %s < 0，迭代还要继续", k, i+1, sub(i), sub(i), notation.Number(m[i]))
		}
	}
	if i := firstNeg; i >= 0 {
		return j.wrong("x%d is misclassified even under the strict rule: y%s(w·x%s + b) = %s < 0, so the run would not stop there", "即使按严格规则，x%d 也是误分类点：y%s(w·x%s + b) = %s < 0，迭代不会停在这里", i+1, sub(i), sub(i), notation.Number(m[i]))
	}
	if k, ok := h.multiple(final); ok && k > 0 {
		return j.wrong("right line, wrong scale: each update adds yᵢxᵢ to w and yᵢ to b, so the run fixes (w, b) itself, not only the line", "直线对了，尺度不对：每次更新给 w 加上 yᵢxᵢ、给 b 加上 yᵢ，所以迭代确定的是 (w, b) 本身，而不仅是直线")
	}
	return j.wrong("no point has yᵢ(w·xᵢ + b) < 0 here, but the run from b₀ = 0.1 does not end here: follow its updates one by one (the first uses x%d)", "这里没有点满足 yᵢ(w·xᵢ + b) < 0，但从 b₀ = 0.1 出发的迭代不停在这里：逐次跟踪更新（第一次用的是 x%d）", used[0]+1)
}
