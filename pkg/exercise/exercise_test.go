package exercise_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/exercise"
	"github.com/marginnotes/marginnotes/pkg/gallery"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// A case is an answer and what its verdict must say, in both languages.
type verdictCase struct {
	name   string
	ans    any
	status exercise.Status
	en, zh string // texts the message must contain
}

func hp(b float64, w ...float64) exercise.Hyperplane { return exercise.Hyperplane{W: w, B: b} }

var cases = map[string]struct {
	check func(any, lang.Lang) exercise.Verdict
	cases []verdictCase
}{
	"Ex21": {exercise.Ex21, []verdictCase{
		{"the book's λ", []float64{0.25, 0.25, 0.25, 0.25}, exercise.Correct, "the hulls of the classes meet at (1/2, 1/2)", "两类的凸壳相交于 (1/2, 1/2)"},
		{"unnormalised, as ints", []int{1, 1, 1, 1}, exercise.Correct, "a certificate", "是证书"},
		{"one diagonal only", []float64{1, 1, 0, 0}, exercise.Wrong, "Σλᵢyᵢxᵢ = (0, 1/2)·Σλᵢ, not 0", "Σλᵢyᵢxᵢ = (0, 1/2)·Σλᵢ，不是 0"},
		{"a negative weight", []float64{1, -1, 1, 1}, exercise.Wrong, "λ2 = −1 is negative", "λ2 = −1 是负数"},
		{"zero", []float64{0, 0, 0, 0}, exercise.Wrong, "λ = 0 proves nothing", "λ = 0 什么也证明不了"},
		{"b terms left", []float64{1, 1, 1, 0}, exercise.Wrong, "Σλᵢyᵢ = 1/3·Σλᵢ, not 0", "Σλᵢyᵢ = 1/3·Σλᵢ，不是 0"},
		{"short", []float64{1, 1}, exercise.Malformed, "λ has 2 numbers, want 4", "λ 有 2 个数，应当有 4 个"},
		{"nil", nil, exercise.Malformed, "λ is nil", "λ 是 nil"},
		{"nil slice", []float64(nil), exercise.Malformed, "λ is nil", "λ 是 nil"},
		{"NaN", []float64{math.NaN(), 1, 1, 1}, exercise.Malformed, "entry 1 is not a finite number", "第 1 个数不是有限数"},
		{"a string", "1/4", exercise.Malformed, "not a string", "而不是 string"},
		{"placeholder", exercise.Placeholder, exercise.Unanswered, "not answered yet: replace exercise.Placeholder with λ", "尚未作答：把 exercise.Placeholder 换成 λ，"},
	}},
	"Ex22": {exercise.Ex22, []verdictCase{
		{"the run's end", hp(1, 3, -6), exercise.Correct, "3x⁽¹⁾ − 6x⁽²⁾ + 1 = 0 after 7 updates", "7 次更新后得到 3x⁽¹⁾ − 6x⁽²⁾ + 1 = 0"},
		{"decimals", hp(1.0001, 3, -6), exercise.Correct, "Algorithm 2.1 stops", "算法 2.1 停下"},
		{"scaled", hp(2, 6, -12), exercise.Wrong, "right line, wrong scale", "直线对了，尺度不对"},
		{"after the first update", hp(1, 2, 1), exercise.Wrong, "after update 1, and x3 is still misclassified there: y₃(w·x₃ + b) = −6 ≤ 0", "第 1 次更新后的 (w, b)，这时 x3 仍是误分类点"},
		{"b = 0 leaves x1 on the line", hp(0, 3, -6), exercise.Wrong, "x1 is still misclassified: y₁(w·x₁ + b) = 0 ≤ 0", "x1 仍是误分类点：y₁(w·x₁ + b) = 0 ≤ 0"},
		{"another separating line", hp(0.5, 1, -1), exercise.Wrong, "this separates the data, but it is not where Algorithm 2.1 stops", "它能分开数据，但不是算法 2.1"},
		{"w of length 3", hp(1, 3, -6, 0), exercise.Malformed, "w has 3 entries, want 2", "w 有 3 个分量，应当有 2 个"},
		{"w = 0", hp(1, 0, 0), exercise.Malformed, "w = 0 is no hyperplane", "w = 0 不是超平面"},
		{"a slice", []float64{3, -6, 1}, exercise.Malformed, "not a []float64", "而不是 []float64"},
		{"infinite b", hp(math.Inf(1), 3, -6), exercise.Malformed, "finite", "有限数"},
		{"nil pointer", (*exercise.Hyperplane)(nil), exercise.Malformed, "the hyperplane is nil", "超平面是 nil"},
		{"placeholder", exercise.Placeholder, exercise.Unanswered, "exercise.Hyperplane", "把 exercise.Placeholder 换成最后的 (w, b)"},
	}},
	"Ex23": {exercise.Ex23, []verdictCase{
		{"2√2", 2 * math.Sqrt2, exercise.Correct, "p* = (3, 3) and q* = (1, 1), 2√2 apart", "p* = (3, 3) 与 q* = (1, 1) 处最近，相距 2√2"},
		{"four digits", 2.828, exercise.Correct, "2√2 apart", "相距 2√2"},
		{"the margin", math.Sqrt2, exercise.Wrong, "the maximum margin 1/‖w*‖", "最大间隔 1/‖w*‖"},
		{"squared", 8.0, exercise.Wrong, "squared distance", "距离的平方"},
		{"x2 to x3", math.Sqrt(13), exercise.Wrong, "the distance between x2 and x3, but the hulls come closer", "x2 与 x3 之间的距离"},
		{"too small", 1.0, exercise.Wrong, "no point of one hull is that close", "没有哪两个凸壳上的点这么近"},
		{"zero", 0, exercise.Wrong, "the hulls do not meet", "两个凸壳不相交"},
		{"negative", -2.828, exercise.Wrong, "never negative", "不会是负数"},
		{"NaN", math.NaN(), exercise.Malformed, "not a finite number", "不是有限数"},
		{"a vector", []float64{2, 2}, exercise.Malformed, "must be a number", "应当是一个数"},
	}},
	"Ex71": {exercise.Ex71, []verdictCase{
		{"Example 7.2's α", []float64{0.25, 0, 0.25}, exercise.Correct, "f(α) = −1/4 is the minimum; the support vectors (αᵢ > 0) are x1, x3", "f(α) = −1/4 是最小值；支持向量（αᵢ > 0）是 x1, x3"},
		{"decimals", []float64{0.25, 0, 0.2501}, exercise.Correct, "is the minimum", "是最小值"},
		{"the perceptron's α", []float64{2, 0, 5}, exercise.Wrong, "not Σαᵢyᵢ = 0 (it is −3) — that is the perceptron's α of Example 2.2", "不满足 Σαᵢyᵢ = 0（它等于 −3）——这是例 2.2 中感知机的 α"},
		{"twice α*", []float64{0.5, 0, 0.5}, exercise.Wrong, "f(α) = 0 is not the minimum", "f(α) = 0 不是最小值"},
		{"the wrong support vectors", []float64{0, 0.25, 0.25}, exercise.Wrong, "f(α) = −3/32 is not the minimum", "f(α) = −3/32 不是最小值"},
		{"negative", []float64{-0.25, 0, -0.25}, exercise.Wrong, "α₁ = −1/4 is negative", "α₁ = −1/4 是负数"},
		{"zero", []float64{0, 0, 0}, exercise.Wrong, "α = 0 is feasible but not the minimum", "α = 0 可行，但不是极小点"},
		{"long", []float64{0.25, 0, 0.25, 0}, exercise.Malformed, "α has 4 numbers, want 3", "α 有 4 个数，应当有 3 个"},
	}},
	"Ex72": {exercise.Ex72, []verdictCase{
		{"the book's", hp(-2, -1, 2), exercise.Correct, "its geometric margin 0.4472 is the largest, and minᵢ yᵢ(w·xᵢ + b) = 1 as (7.13) requires; support vectors x1, x3, x5", "支持向量 x1, x3, x5"},
		{"scaled", hp(-4, -2, 4), exercise.Wrong, "right hyperplane, wrong scale: (7.13) fixes the functional margin at 1, and minᵢ yᵢ(w·xᵢ + b) = 2 here", "超平面对了，尺度不对"},
		{"through x3", hp(0, -1, 1), exercise.Wrong, "x3 is misclassified: y₃(w·x₃ + b) = 0 ≤ 0", "x3 被误分类：y₃(w·x₃ + b) = 0 ≤ 0"},
		{"a smaller margin", hp(0.5, -1, 1), exercise.Wrong, "this separates the data, but its geometric margin 0.3536 is not the largest", "它能分开数据，但几何间隔 0.3536 不是最大的"},
		{"the wrong side", hp(2, 1, -2), exercise.Wrong, "x1 is misclassified", "x1 被误分类"},
		{"NaN", hp(math.NaN(), -1, 2), exercise.Malformed, "finite", "有限数"},
	}},
	"Ex73": {exercise.Ex73, []verdictCase{
		{"2/9", []float64{2.0 / 9, 0, 2.0 / 9}, exercise.Correct, "f(α) = −2/9 is the minimum", "f(α) = −2/9 是最小值"},
		{"four digits", []float64{0.2222, 0, 0.2222}, exercise.Correct, "is the minimum", "是最小值"},
		{"the hard margin's", []float64{0.25, 0, 0.25}, exercise.Wrong, "f(α) = −7/32 is not the minimum: some feasible α gives less — that is the hard margin's α", "这是硬间隔的 α"},
		{"unbalanced", []float64{2.0 / 9, 0, 0}, exercise.Wrong, "not Σαᵢyᵢ = 0 (it is 2/9)", "不满足 Σαᵢyᵢ = 0（它等于 2/9）"},
		{"with x2", []float64{0.2, 0.1, 0.3}, exercise.Wrong, "is not the minimum", "不是最小值"},
		{"int slice", []int{0, 0}, exercise.Malformed, "α has 2 numbers, want 3", "α 有 2 个数，应当有 3 个"},
	}},
	"NB13Ex1": {exercise.NB13Ex1, []verdictCase{
		{"XOR and XNOR", [][]float64{{-1, 1, 1, -1}, {1, -1, -1, 1}}, exercise.Correct, "exactly these 2 of the 16 functions are not linearly separable", "16 个函数中恰好这 2 个线性不可分"},
		{"the other order", [][]float64{{1, -1, -1, 1}, {-1, 1, 1, -1}}, exercise.Correct, "exactly these 2", "恰好这 2 个"},
		{"XOR alone", [][]float64{{-1, 1, 1, -1}}, exercise.Wrong, "the list misses 1 more that are not", "还少了 1 个不能表示的"},
		{"a separable one", [][]float64{{-1, 1, 1, -1}, {1, 1, -1, -1}}, exercise.Wrong, "(1, 1, −1, −1) is represented: −2x⁽¹⁾ + 1 = 0", "(1, 1, −1, −1) 可以表示"},
		{"twice", [][]float64{{-1, 1, 1, -1}, {-1, 1, 1, -1}}, exercise.Wrong, "is listed twice", "列出了两次"},
		{"0/1 labels", [][]float64{{0, 1, 1, 0}}, exercise.Malformed, "a label is −1 or +1", "类标记只能是 −1 或 +1"},
		{"three corners", [][]float64{{-1, 1, 1}}, exercise.Malformed, "has 3 values, want 4", "有 3 个值，应当有 4 个"},
		{"one vector", []float64{-1, 1, 1, -1}, exercise.Malformed, "must be a [][]float64", "应当是由标记组成的 [][]float64"},
		{"nil", nil, exercise.Malformed, "not nil", "而不是 nil"},
	}},
	"NB13Ex2": {exercise.NB13Ex2, []verdictCase{
		{"b₀ = −1", hp(1, 6, -7), exercise.Correct, "6x⁽¹⁾ − 7x⁽²⁾ + 1 = 0 after 10 updates", "10 次更新后得到 6x⁽¹⁾ − 7x⁽²⁾ + 1 = 0"},
		{"the state at k = 7", hp(0, 3, -6), exercise.Wrong, "this is (w, b) after update 7", "这是第 7 次更新后的 (w, b)"},
		{"exercise 2.2's answer", hp(1, 3, -6), exercise.Wrong, "this separates the data, but it is not where Algorithm 2.1 stops", "它能分开数据"},
		{"scaled", hp(2, 12, -14), exercise.Wrong, "right line, wrong scale", "直线对了，尺度不对"},
	}},
	"NB13Ex3": {exercise.NB13Ex3, []verdictCase{
		{"svm.Exact's", hp(1, 0.4, -0.8), exercise.Correct, "its geometric margin 1.118 is the largest", "几何间隔 1.118 是最大的"},
		{"the perceptron's", hp(1, 3, -6), exercise.Wrong, "its geometric margin 0.1491 is not the largest", "几何间隔 0.1491 不是最大的"},
		{"scaled", hp(5, 2, -4), exercise.Wrong, "right hyperplane, wrong scale", "超平面对了，尺度不对"},
	}},
	"NB13Ex4": {exercise.NB13Ex4, []verdictCase{
		{"the LP's", []float64{1.0 / 3, 0.5, 1.0 / 6}, exercise.Correct, "the hulls of the classes meet at (1, 1)", "两类的凸壳相交于 (1, 1)"},
		{"scaled", []float64{2, 3, 1}, exercise.Correct, "a certificate", "是证书"},
		{"equal weights", []float64{1, 1, 1}, exercise.Wrong, "Σλᵢyᵢ = 1/3·Σλᵢ, not 0", "Σλᵢyᵢ = 1/3·Σλᵢ，不是 0"},
		{"the ends alike", []float64{0.25, 0.5, 0.25}, exercise.Wrong, "Σλᵢyᵢxᵢ = (1/4, 1/4)·Σλᵢ, not 0", "含 w 的项没有消去"},
	}},
	"NB14Ex1": {exercise.NB14Ex1, []verdictCase{
		{"all four, any order", []int{5, 4, 2, 1}, exercise.Correct, "the points on w*·x + b* = ±1 are x1, x2, x4, x5", "位于 w*·x + b* = ±1 上的点是 x1, x2, x4, x5"},
		{"svm.Exact's αᵢ > 0 only", []int{2, 5}, exercise.Wrong, "x1 lies on a margin boundary too", "x1 也在间隔边界上"},
		{"x3 kept", []int{1, 2, 3, 4, 5}, exercise.Malformed, "there is no point x3 here", "这里没有点 x3"},
		{"0-based", []int{0, 1, 3, 4}, exercise.Malformed, "there is no point x0 here", "这里没有点 x0"},
		{"twice", []int{1, 1, 2, 4, 5}, exercise.Wrong, "x1 is listed twice", "x1 列出了两次"},
		{"floats", []float64{1, 2, 4, 5}, exercise.Malformed, "must be a []int", "应当是由点的编号组成的 []int"},
	}},
	"NB14Ex2": {exercise.NB14Ex2, []verdictCase{
		{"−25/17", -25.0 / 17, exercise.Correct, "b* = −25/17, and every support vector (x1, x2, x3, x4) gives it", "b* = −25/17，每个支持向量（x1, x2, x3, x4）都给出它"},
		{"four digits", -1.471, exercise.Correct, "b* = −25/17", "b* = −25/17"},
		{"the hinge loss's", -24.0 / 13, exercise.Wrong, "the hinge-loss SVM's b", "合页损失支持向量机的 b"},
		{"yⱼ − w·xⱼ", yMinusWx(), exercise.Wrong, "that is yⱼ − w*·xⱼ from x1", "这是由 x1 按 yⱼ − w*·xⱼ 算出的"},
		{"another", -2.0, exercise.Wrong, "b* is not −2", "b* 不是 −2"},
		{"int", -2, exercise.Wrong, "b* is not −2", "b* 不是 −2"},
		{"a string", "-25/17", exercise.Malformed, "must be a number", "应当是一个数"},
	}},
	"NB01Ex2": {exercise.NB01Ex2, []verdictCase{
		{"surds", []float64{4 / math.Sqrt(5), 6 / math.Sqrt(5), 2 / math.Sqrt(5)}, exercise.Correct, "the distances are 4√5/5, 6√5/5, 2√5/5; x3 is the closest", "距离是 4√5/5、6√5/5、2√5/5；x3 最近"},
		{"decimals", []float64{1.789, 2.683, 0.8944}, exercise.Correct, "x3 is the closest", "x3 最近"},
		{"|w·x + b|", []float64{4, 6, 2}, exercise.Wrong, "d₁ = 4 is |w·x₁ + b|: divide it by ‖w‖ = √5", "d₁ = 4 是 |w·x₁ + b|：还要除以 ‖w‖ = √5"},
		{"signed", []float64{4 / math.Sqrt(5), 6 / math.Sqrt(5), -2 / math.Sqrt(5)}, exercise.Wrong, "d₃ = −0.8944 is negative", "d₃ = −0.8944 是负数"},
		{"by ‖w‖²", []float64{0.8, 1.2, 0.4}, exercise.Wrong, "not by ‖w‖²", "而不是 ‖w‖²"},
		{"L and D", []float64{0, 0}, exercise.Malformed, "d has 2 numbers, want 3", "d 有 2 个数，应当有 3 个"},
	}},
	"NB01Ex3": {exercise.NB01Ex3, []verdictCase{
		{"through x3", hp(-2, 1, 1), exercise.Correct, "M = {x3} and every point of M lies on the line", "M = {x3}，M 中的点都在直线上"},
		{"through x1 and x2", hp(-3, 0, 1), exercise.Correct, "M = {x1, x2}", "M = {x1, x2}"},
		{"separating", hp(-3, 1, 1), exercise.Wrong, "M is empty: this line separates the data", "M 是空集"},
		{"x3 wrong side", hp(-1, 1, 1), exercise.Wrong, "x3 is misclassified with y₃(w·x₃ + b) = −1 < 0, so L = 1 > 0", "x3 被误分类，且 y₃(w·x₃ + b) = −1 < 0，所以 L = 1 > 0"},
		{"w = 0", hp(0, 0, 0), exercise.Malformed, "w = 0 is no hyperplane", "w = 0 不是超平面"},
	}},
	"NB08Ex1": {exercise.NB08Ex1, []verdictCase{
		{"x2 and x3", []float64{0, 0.4, 0.4}, exercise.Correct, "the support vectors (αᵢ > 0) are x2, x3", "支持向量（αᵢ > 0）是 x2, x3"},
		{"the old α*", []float64{0.25, 0, 0.25}, exercise.Wrong, "is not the minimum", "不是最小值"},
		{"unbalanced", []float64{0, 0.4, 0.2}, exercise.Wrong, "not Σαᵢyᵢ = 0 (it is 0.2)", "不满足 Σαᵢyᵢ = 0（它等于 0.2）"},
	}},
	"NB08Ex2": {exercise.NB08Ex2, []verdictCase{
		{"(3/2, −1, 1/2)", []float64{1.5, -1, 0.5}, exercise.Correct, "it violates α₂ ≥ 0", "它违反 α₂ ≥ 0"},
		{"the optimum", []float64{0.25, 0, 0.25}, exercise.Wrong, "that is the optimum α* of the dual", "这是带 α ≥ 0 的对偶问题的最优解 α*"},
		{"off the plane", []float64{1.5, -1, 1}, exercise.Wrong, "Σαᵢyᵢ = −1/2, not 0", "Σαᵢyᵢ = −1/2，不是 0"},
		{"not stationary", []float64{1, 0, 1}, exercise.Wrong, "its gradient along the plane is", "它沿平面的梯度是"},
	}},
	"NB08Ex4": {exercise.NB08Ex4, []verdictCase{
		{"the LP's", []float64{0.25, 0.25, 0, 0.5}, exercise.Correct, "the hulls of the classes meet at (7/2, 3)", "两类的凸壳相交于 (7/2, 3)"},
		{"with x3", []float64{0.25, 0.25, 0.25, 0.25}, exercise.Wrong, "the terms in w do not cancel", "含 w 的项没有消去"},
	}},
	"NB08Ex5": {exercise.NB08Ex5, []verdictCase{
		{"notebook 14's", []float64{0.5, 0, 2, 0, 2.5}, exercise.Correct, "f(α) = −5/2 is the minimum; the support vectors (αᵢ > 0) are x1, x3, x5", "支持向量（αᵢ > 0）是 x1, x3, x5"},
		{"too short", []float64{0.5, 2, 2.5}, exercise.Malformed, "α has 3 numbers, want 5", "α 有 3 个数，应当有 5 个"},
	}},
	"NB03Ex1": {exercise.NB03Ex1, []verdictCase{
		{"halved", []float64{1, 0, 2.5}, exercise.Correct, "α = (1, 0, 5/2): w = Σαᵢyᵢxᵢ = (1/2, 1/2), b = Σαᵢyᵢ = −3/2 after 7 updates", "7 次更新后 w = Σαᵢyᵢxᵢ = (1/2, 1/2)"},
		{"the counts", []float64{2, 0, 5}, exercise.Wrong, "those are the numbers of updates; αᵢ is η times", "这是更新次数"},
		{"negative", []float64{1, 0, -2.5}, exercise.Wrong, "α₃ = −5/2 is negative", "α₃ = −5/2 是负数"},
		{"another", []float64{1, 1, 1}, exercise.Wrong, "this is not where Algorithm 2.2 stops", "这不是算法 2.2"},
	}},
	"NB03Ex5": {exercise.NB03Ex5, []verdictCase{
		{"x2 x3 x3 x3", []int{2, 3, 3, 3}, exercise.Correct, "a valid run", "是一次合法的迭代"},
		{"x3 x2 x3 x3", []int{3, 2, 3, 3}, exercise.Correct, "stops at x⁽¹⁾ − 2 = 0 with α = (0, 1, 3)", "α = (0, 1, 3)"},
		{"not misclassified", []int{2, 2, 3, 3}, exercise.Wrong, "update 2 cannot use x2: it is not misclassified there", "第 2 次更新不能用 x2"},
		{"the book's", []int{1, 3, 3, 3, 1, 3, 3}, exercise.Wrong, "a complete run, but it ends at x⁽¹⁾ + x⁽²⁾ − 3 = 0 with α = (2, 0, 5)", "这是一次完整的迭代"},
		{"too short", []int{2, 3}, exercise.Wrong, "the run does not stop after these 2 updates", "这 2 次更新之后迭代没有停止"},
		{"x4", []int{4}, exercise.Malformed, "there is no point x4", "没有点 x4"},
		{"floats", []float64{2, 3, 3, 3}, exercise.Malformed, "must be a []int", "应当是由点的编号组成的 []int"},
	}},
	"NB04Ex1": {exercise.NB04Ex1, []verdictCase{
		{"2/√30", 2 / math.Sqrt(30), exercise.Correct, "γ = 0.3651 with ŵ = (w, b)/‖(w, b)‖", "γ = 0.3651"},
		{"table", 0.3651, exercise.Correct, "(R/γ)² = 195", "(R/γ)² = 195"},
		{"‖w‖ only", 2 / math.Sqrt(5), exercise.Wrong, "the geometric margin with ‖w‖ = √5", "按 ‖w‖ = √5 算的几何间隔"},
		{"functional", 2.0, exercise.Wrong, "the functional margin", "函数间隔"},
		{"other", 0.5, exercise.Wrong, "γ is the smallest yᵢ ŵ·x̂ᵢ", "γ 是各点 yᵢ ŵ·x̂ᵢ 的最小值"},
	}},
	"NB04Ex2": {exercise.NB04Ex2, []verdictCase{
		{"11", 11, exercise.Correct, "the longest runs make 11 updates, 106 below the bound (R/γ)² = 117", "比上界 (R/γ)² = 117 少 106 次"},
		{"the bound", 117, exercise.Wrong, "117 is Novikoff's bound", "117 是 Novikoff 上界"},
		{"the book's", 7, exercise.Wrong, "7 is the book's run", "7 是书中的迭代"},
		{"too many", 20, exercise.Wrong, "no run makes 20 updates", "没有迭代做 20 次更新"},
		{"too few", 9, exercise.Wrong, "some run makes more than 9", "多于 9 次"},
		{"a fraction", 10.5, exercise.Malformed, "a whole number", "更新次数是整数"},
	}},
	"NB07Ex1": {exercise.NB07Ex1, []verdictCase{
		{"(−2, 1)", []float64{-2, 1}, exercise.Correct, "β* = −2, with d* = 1 = p*", "β* = −2 处最大，d* = 1 = p*"},
		{"positive β", []float64{2, -3}, exercise.Wrong, "the multiplier of an equality has no sign constraint", "等式约束的乘子没有符号限制"},
		{"another β", []float64{0, 0}, exercise.Wrong, "θ_D(0) = 0 is not the largest value", "θ_D(0) = 0 不是"},
		{"wrong d*", []float64{-2, 0}, exercise.Wrong, "β* is right, d* is not", "β* 对了，d* 不对"},
	}},
	"NB07Ex4": {exercise.NB07Ex4, []verdictCase{
		{"(2, 1/2)", []float64{2, 0.5}, exercise.Correct, "x* = 2, α* = 1/2 satisfy all four KKT conditions; p* = (x* − 3)² = 1", "满足全部四个 KKT 条件"},
		{"unconstrained", []float64{3, 0}, exercise.Wrong, "x = 3 is not feasible: x² − 4 = 5 > 0", "x = 3 不可行"},
		{"the other end", []float64{-2, 0.5}, exercise.Wrong, "stationarity fails", "不满足稳定性条件"},
		{"α = 0", []float64{2, 0}, exercise.Wrong, "stationarity fails: 2(x − 3) + 2αx = −2", "2(x − 3) + 2αx = −2"},
		{"negative α", []float64{-2, -2.5}, exercise.Wrong, "α = −5/2 < 0 breaks dual feasibility", "违反对偶可行性"},
		{"inside", []float64{1, 2}, exercise.Wrong, "complementary slackness fails: α(x² − 4) = −6", "不满足互补松弛条件"},
	}},
	"NB09Ex1": {exercise.NB09Ex1, []verdictCase{
		{"1/4", 0.25, exercise.Correct, "C = 1/4 = maxᵢ αᵢ*", "C = 1/4 = maxᵢ αᵢ*"},
		{"too small", 0.2, exercise.Wrong, "at C = 0.2 the soft margin's α* is (0.2, 0, 0.2), not yet the hard margin's", "还不是硬间隔的"},
		{"LIBSVM's default", 1.0, exercise.Wrong, "it is reached for smaller C too", "更小的 C 也能得到"},
		{"zero", 0, exercise.Malformed, "C must be > 0", "C 必须 > 0"},
	}},
	"NB09Ex4": {exercise.NB09Ex4, []verdictCase{
		{"±0.1", []float64{-0.1, 0.1}, exercise.Correct, "slopes −0.1 left of −0.4 and 0.1 right of −0.2", "−0.4 左侧斜率 −0.1"},
		{"without C", []float64{-1, 1}, exercise.Wrong, "the objective multiplies it by C = 0.1", "目标函数还要乘以 C = 0.1"},
		{"swapped", []float64{0.1, -0.1}, exercise.Wrong, "left and right are swapped", "左右弄反了"},
		{"left", []float64{-0.2, 0.1}, exercise.Wrong, "the left slope is wrong", "左侧斜率不对"},
		{"right", []float64{-0.1, 0.2}, exercise.Wrong, "the right slope is wrong", "右侧斜率不对"},
		{"placeholder", exercise.Placeholder, exercise.Unanswered, "with (left slope, right slope)", "换成（左侧斜率，右侧斜率）"},
	}},
	"NB02Ex1": {exercise.NB02Ex1, []verdictCase{
		{"both", []exercise.Hyperplane{hp(-4, 2, 1), hp(-4, 1, 1)}, exercise.Correct, "exactly these 2: x⁽¹⁾ + x⁽²⁾ − 4 = 0 (1/4), 2x⁽¹⁾ + x⁽²⁾ − 4 = 0 (3/4)", "恰好是这 2 个"},
		{"one", []exercise.Hyperplane{hp(-4, 1, 1)}, exercise.Wrong, "but 1 more are possible", "还有 1 个是可能的"},
		{"from b₀ = 0", []exercise.Hyperplane{hp(-3, 1, 1)}, exercise.Wrong, "x⁽¹⁾ + x⁽²⁾ − 3 = 0 separates the data, but no run from this start ends there", "能分开数据，但从这个初值出发"},
		{"the start", []exercise.Hyperplane{hp(-1, 1, 0)}, exercise.Wrong, "is not where a run stops", "不是迭代停下的地方"},
		{"twice", []exercise.Hyperplane{hp(-4, 1, 1), hp(-4, 1, 1)}, exercise.Wrong, "is listed twice", "列出了两次"},
		{"one hyperplane", hp(-4, 1, 1), exercise.Malformed, "must be a []exercise.Hyperplane", "答案应当是 []exercise.Hyperplane"},
	}},
	"NB02Ex3": {exercise.NB02Ex3, []verdictCase{
		{"5", 5, exercise.Correct, "5 different hyperplanes, from 11 count vectors", "5 个不同的超平面，来自 11 个计数向量"},
		{"the count vectors", 11, exercise.Wrong, "11 is the number of count vectors n", "11 是计数向量 n 的个数"},
		{"4", 4, exercise.Wrong, "not 4", "不是 4"},
		{"a string", "five", exercise.Malformed, "must be an int", "答案应当是一个 int"},
	}},
	"NB11Ex1": {exercise.NB11Ex1, []verdictCase{
		{"both pairs", [][2]int{{3, 1}, {2, 3}}, exercise.Correct, "exactly (x1, x3), (x2, x3)", "恰好是 (x1, x3)、(x2, x3)"},
		{"the positive pair", [][2]int{{1, 2}}, exercise.Wrong, "(x1, x2) cannot move: its segment is [L, H] = [0, 0]", "(x1, x2) 不能移动"},
		{"one pair", [][2]int{{1, 3}}, exercise.Wrong, "(x2, x3) can move too: its segment is [0, +∞)", "(x2, x3) 也能移动"},
		{"a point with itself", [][2]int{{1, 1}}, exercise.Malformed, "(1, 1) is not a pair", "(1, 1) 不是"},
		{"ints", []int{1, 3}, exercise.Malformed, "must be a [][2]int", "[][2]int"},
	}},
	"NB11Ex3": {exercise.NB11Ex3, []verdictCase{
		{"exact", []float64{2 - 2*math.Exp(-4), 2 - 2*math.Exp(-0.5)}, exercise.Correct, "η = 1.963 for (x1, x3) and 0.7869 for (x1, x2)", "(x1, x3) 的 η = 1.963"},
		{"four digits", []float64{1.963, 0.7869}, exercise.Correct, "far points give η near 2", "相距远的点 η 接近 2"},
		{"K itself", []float64{math.Exp(-4), math.Exp(-0.5)}, exercise.Wrong, "is K(x1, x3), not η", "是 K(x1, x3)，不是 η"},
		{"σ² for 2σ²", []float64{2 - 2*math.Exp(-8), 2 - 2*math.Exp(-1)}, exercise.Wrong, "the exponent is −‖x − z‖²/(2σ²)", "指数是 −‖x − z‖²/(2σ²)"},
		{"second wrong", []float64{1.963, 1}, exercise.Wrong, "η for (x1, x2) is wrong", "(x1, x2) 的 η 不对"},
	}},
	"NB11Ex5": {exercise.NB11Ex5, []verdictCase{
		{"(7.115), (7.116)", []float64{-0.2, -1.4}, exercise.Correct, "b₁ⁿᵉʷ = −0.2 and b₂ⁿᵉʷ = −1.4", "b₁ⁿᵉʷ = −0.2，b₂ⁿᵉʷ = −1.4"},
		{"swapped", []float64{-1.4, -0.2}, exercise.Wrong, "swapped", "弄反了"},
		{"the midpoint", []float64{-0.8, -0.8}, exercise.Wrong, "that is the midpoint", "这是两者都在边界上时书中所取的中点"},
		{"b1 wrong", []float64{-0.4, -1.4}, exercise.Wrong, "b₁ⁿᵉʷ is wrong", "b₁ⁿᵉʷ 不对"},
		{"b2 wrong", []float64{-0.2, -1}, exercise.Wrong, "b₂ⁿᵉʷ is wrong", "b₂ⁿᵉʷ 不对"},
	}},
	"NB05Ex2": {exercise.NB05Ex2, []verdictCase{
		{"54", 54, exercise.Correct, "both sides are 54: ‖a‖²‖b‖² = 1078, ⟨a, b⟩² = 1024", "两边都等于 54"},
		{"without ½", 108, exercise.Wrong, "without the ½", "没有乘 ½"},
		{"one side", 1078, exercise.Wrong, "that is ‖a‖²‖b‖² alone", "这只是 ‖a‖²‖b‖²"},
		{"the norms", math.Sqrt(1078) - 32, exercise.Wrong, "that is ‖a‖‖b‖ − ⟨a, b⟩", "这是 ‖a‖‖b‖ − ⟨a, b⟩"},
		{"other", 50, exercise.Wrong, "not 50", "不是 50"},
	}},
	"NB10Ex1": {exercise.NB10Ex1, []verdictCase{
		{"the coefficients", []float64{2.0 / 3, 2.0 / 3, -4, 4.0 / 3, 4.0 / 3, -1}, exercise.Correct, "f(xᵢ) = yᵢ at the four corners", "在四个角点上 f(xᵢ) = yᵢ"},
		{"four digits", []float64{0.6667, 0.6667, -4, 1.333, 1.333, -1}, exercise.Correct, "is a hyperbola, (−4)² − 4·2/3·2/3 > 0", "是双曲线：(−4)² − 4·2/3·2/3 > 0"},
		{"−f", []float64{-2.0 / 3, -2.0 / 3, 4, -4.0 / 3, -4.0 / 3, 1}, exercise.Wrong, "this is −f", "这是 −f"},
		{"w*ⱼ without √2", []float64{2.0 / 3, 2.0 / 3, -2 * math.Sqrt2, 2 * math.Sqrt2 / 3, 2 * math.Sqrt2 / 3, -1}, exercise.Wrong, "multiply by √2", "要乘以 √2"},
		{"÷ √2", []float64{2.0 / 3, 2.0 / 3, -2, 2.0 / 3, 2.0 / 3, -1}, exercise.Wrong, "w*ⱼ divided by √2", "w*ⱼ 除以了 √2"},
		{"b* left out", []float64{2.0 / 3, 2.0 / 3, -4, 4.0 / 3, 4.0 / 3, 0}, exercise.Wrong, "b* = −1 joins w*₆·1", "b* = −1 要并入 w*₆·1"},
		{"reduced on the corners", []int{0, 0, -4, 2, 2, -1}, exercise.Wrong, "at (1/2, 1/2) yours gives 0, f gives −1/3", "在 (1/2, 1/2) 处你的是 0，f 是 −1/3"},
		{"a wrong sign at x1", []float64{0, 0, -4, 2, 2, 1}, exercise.Wrong, "your f(x1) = 1 at x1 = (0, 0), but y1 = −1", "你的 f(x1) = 1，x1 = (0, 0)，而 y1 = −1"},
		{"twice f", []float64{4.0 / 3, 4.0 / 3, -8, 8.0 / 3, 8.0 / 3, -2}, exercise.Wrong, "all four are support vectors, so f(xᵢ) = yᵢ; yours gives f(x1) = −2", "四个点都是支持向量，所以 f(xᵢ) = yᵢ；你的 f(x1) = −2"},
		{"w* itself", []float64{2.0 / 3, -2 * math.Sqrt2, 2 * math.Sqrt2 / 3, 2.0 / 3, 2 * math.Sqrt2 / 3}, exercise.Malformed, "6 coefficients", "6 个系数"},
		{"seven", make([]float64, 7), exercise.Malformed, "the answer has 7", "答案有 7 个"},
		{"nil", nil, exercise.Malformed, "is nil", "是 nil"},
		{"NaN", []float64{math.NaN(), 0, 0, 0, 0, 0}, exercise.Malformed, "entry 1 is not a finite number", "第 1 个数不是有限数"},
		{"a string", "2/3 x² …", exercise.Malformed, "not a string", "而不是 string"},
		{"placeholder", exercise.Placeholder, exercise.Unanswered, "the 6 coefficients of (x⁽¹⁾)²", "把 exercise.Placeholder 换成 (x⁽¹⁾)²"},
	}},
	"NB12Ex4": {exercise.NB12Ex4, []verdictCase{
		{"190", 190, exercise.Correct, "len(v.Votes) = 190: one weight vector per update (190 updates in 10 epochs)", "len(v.Votes) = 190：每次更新保留一个权值向量（更新 190 次，共 10 遍）"},
		{"as a float", 190.0, exercise.Correct, "3980 in all = 10 epochs × 398 points", "共 3980 次 = 10 遍 × 398 个点"},
		{"the examinations", 3980, exercise.Wrong, "3980 is Σ Cₛ, the examinations (10 epochs × 398 points)", "3980 是 Σ Cₛ，即检查次数（10 遍 × 398 个点）"},
		{"30 epochs", 406, exercise.Wrong, "that is len(v.Votes) with MaxEpochs = 30; perceptron.Voted{} runs 10 epochs", "这是 MaxEpochs = 30 时的 len(v.Votes)；perceptron.Voted{} 运行 10 遍"},
		{"one epoch", 40, exercise.Wrong, "with MaxEpochs = 1", "MaxEpochs = 1 时"},
		{"the averaged perceptron", 1, exercise.Wrong, "one (w̄, b̄) is the averaged perceptron", "一个 (w̄, b̄) 是平均感知机"},
		{"the points", 398, exercise.Wrong, "398 is the number of training points", "398 是训练点的个数"},
		{"the epochs", 10, exercise.Wrong, "10 is the number of epochs", "10 是遍数"},
		{"the cap", 1024, exercise.Wrong, "1024 is DefaultMaxVotes", "1024 是 DefaultMaxVotes"},
		{"another", 189, exercise.Wrong, "it keeps one vector per update", "每次更新保留一个向量"},
		{"a fraction", 190.5, exercise.Malformed, "a whole number ≥ 0", "不小于 0 的整数"},
		{"negative", -190, exercise.Malformed, "a whole number ≥ 0", "不小于 0 的整数"},
		{"a slice", []int{190}, exercise.Malformed, "must be a number", "应当是一个数"},
		{"nil", nil, exercise.Malformed, "len(v.Votes) is nil", "len(v.Votes) 是 nil"},
		{"placeholder", exercise.Placeholder, exercise.Unanswered, "replace exercise.Placeholder with len(v.Votes), an int", "把 exercise.Placeholder 换成 len(v.Votes)"},
	}},
	"NB10Ex11": {exercise.NB10Ex11, []verdictCase{
		{"the six", []string{"aaab", "aaba", "aabb", "abab", "abbb", "babb"}, exercise.Correct, "f > 0 exactly on these 6 strings", "恰好这 6 个字符串的 f > 0"},
		{"any order, twice", []string{"babb", "abbb", "abab", "aabb", "aaba", "aaab", "aaab"}, exercise.Correct, "the 4 palindromes have f = 0", "4 个回文的 f = 0"},
		{"with a palindrome", []string{"aaab", "aaba", "aabb", "abab", "abba", "abbb", "babb"}, exercise.Wrong, "f(abba) = 0: abba lies on the boundary", "f(abba) = 0：abba 在分类边界上"},
		{"a string and its reverse", []string{"aaab", "baaa"}, exercise.Wrong, "baaa and its reverse aaab cannot both be positive", "baaa 和它的反转 aaab 不可能都是正类"},
		{"the mirror images", []string{"baaa", "abaa", "bbaa", "baba", "bbba", "bbab"}, exercise.Wrong, "f(baaa) = ", "数一数它的 ab 和 ba 字母对"},
		{"a before b only", []string{"aaab", "aabb", "abbb"}, exercise.Wrong, "3 more strings are", "还有 3 个字符串也是"},
		{"the training strings", []string{"ab", "aab", "abb", "aabbb", "aaab", "abbbb"}, exercise.Wrong, "\"ab\" is a training string, of length 2", "“ab”是训练用的字符串，长度为 2"},
		{"length 5", []string{"aaabb"}, exercise.Wrong, "\"aaabb\" has length 5", "“aaabb”的长度是 5"},
		{"empty", []string{}, exercise.Wrong, "6 more strings are", "还有 6 个字符串也是"},
		{"a c", []string{"aaac"}, exercise.Malformed, "\"aaac\" is not a string over {a, b}", "“aaac”不是 {a, b} 上的字符串"},
		{"one string", "aaab", exercise.Malformed, "must be a []string", "应当是由 {a, b} 上长度为 4 的字符串组成的 []string"},
		{"nil", nil, exercise.Malformed, "the answer is nil", "答案是 nil"},
		{"nil slice", []string(nil), exercise.Malformed, "the answer is nil", "答案是 nil"},
		{"placeholder", exercise.Placeholder, exercise.Unanswered, "replace exercise.Placeholder with the positive strings of length 4, a []string", "把 exercise.Placeholder 换成判为正类的长度为 4 的字符串"},
	}},
	"NB02Ex6": {exercise.NB02Ex6, []verdictCase{
		{"the end", hp(-2.9, 1, 1), exercise.Correct, "x⁽¹⁾ + x⁽²⁾ − 2.9 = 0 after 7 updates", "7 次更新后得到 x⁽¹⁾ + x⁽²⁾ − 2.9 = 0"},
		{"from b₀ = 0", hp(0, 0, 0), exercise.Wrong, "that is the end from b₀ = 0", "这是从 b₀ = 0 出发的结果"},
		{"Example 2.1's end", hp(-3, 1, 1), exercise.Wrong, "so b ends at 0.1 plus a whole number", "所以 b 最后是 0.1 加一个整数"},
		{"the start", hp(0.1, 0, 0), exercise.Wrong, "that is the start: x3 has y₃(w·x₃ + b) = −0.1 < 0", "这是初值：x3 的 y₃(w·x₃ + b) = −0.1 < 0"},
		{"after update 3", hp(-0.9, 1, 1), exercise.Wrong, "after update 3, and x3 is still misclassified there: y₃(w·x₃ + b) = −1.1 < 0", "第 3 次更新后的 (w, b)，这时 x3 仍是误分类点"},
		{"after update 4", hp(-1.9, 0, 0), exercise.Wrong, "after update 4, w = 0 again, and x1 is still misclassified there: y₁(w·x₁ + b) = −1.9 < 0", "第 4 次更新后的 (w, b)，w 又回到 0，这时 x1 仍是误分类点"},
		{"scaled", hp(-5.8, 2, 2), exercise.Wrong, "right line, wrong scale", "直线对了，尺度不对"},
		{"misclassifies x3", hp(-1, 1, 1), exercise.Wrong, "x3 is misclassified even under the strict rule: y₃(w·x₃ + b) = −1 < 0", "即使按严格规则，x3 也是误分类点"},
		{"another separating line", hp(-5, 1, 1), exercise.Wrong, "the run from b₀ = 0.1 does not end here", "从 b₀ = 0.1 出发的迭代不停在这里"},
		{"w of length 3", hp(-2.9, 1, 1, 0), exercise.Malformed, "w has 3 entries, want 2", "w 有 3 个分量，应当有 2 个"},
		{"a slice", []float64{1, 1, -2.9}, exercise.Malformed, "not a []float64", "而不是 []float64"},
		{"NaN b", hp(math.NaN(), 1, 1), exercise.Malformed, "finite", "有限数"},
		{"placeholder", exercise.Placeholder, exercise.Unanswered, "the final (w, b) from b₀ = 0.1", "把 exercise.Placeholder 换成从 b₀ = 0.1 出发最后的 (w, b)"},
	}},
	"NB10Ex5": {exercise.NB10Ex5, []verdictCase{
		{"(1, 1)", []float64{1, 1}, exercise.Correct, "cᵀGc = −2 < 0", "cᵀGc = −2 < 0"},
		{"(2, 3)", []float64{2, 3}, exercise.Correct, "not a positive definite kernel", "不是正定核"},
		{"(1, −1)", []float64{1, -1}, exercise.Wrong, "cᵀGc = 2 ≥ 0", "cᵀGc = 2 ≥ 0"},
		{"a unit vector", []float64{1, 0}, exercise.Wrong, "cᵀGc = 0 ≥ 0", "cᵀGc = 0 ≥ 0"},
		{"zero", []float64{0, 0}, exercise.Wrong, "c = 0 gives cᵀGc = 0", "c = 0 给出 cᵀGc = 0"},
		{"three", []float64{1, 1, 1}, exercise.Malformed, "c has 3 numbers, want 2", "c 有 3 个数，应当有 2 个"},
	}},
	"NB06Ex1": {exercise.NB06Ex1, []verdictCase{
		{"signs changed", []float64{-1.5, -1.5 * math.Sqrt2}, exercise.Correct, "γ̂ = −3/2 and γ = −3√2/2", "γ̂ = −3/2，γ = −3√2/2"},
		{"decimals", []float64{-1.5, -2.121}, exercise.Correct, "every point is misclassified", "每个点都被误分类"},
		{"before the rescaling", []float64{1.5, 1.5 * math.Sqrt2}, exercise.Wrong, "those are the margins before the rescaling", "这是缩放之前的间隔"},
		{"γ = γ̂", []float64{-1.5, -1.5}, exercise.Wrong, "γ̂ is right, γ is not: γ = γ̂/‖w‖", "γ̂ 对了，γ 不对"},
		{"γ̂ of one point", []float64{-3, -3 * math.Sqrt2}, exercise.Wrong, "γ̂ is wrong: it is the smallest", "γ̂ 不对：它是各点"},
		{"one number", -1.5, exercise.Malformed, "must be a []float64", "应当是含 2 个数的 []float64"},
	}},
	"NB06Ex2": {exercise.NB06Ex2, []verdictCase{
		{"surds", []float64{3 * math.Sqrt2 / 2, 2 * math.Sqrt2, math.Sqrt2 / 2}, exercise.Correct, "the geometric margins are 3√2/2, 2√2, √2/2", "几何间隔是 3√2/2、2√2、√2/2"},
		{"functional", []float64{3, 4, 1}, exercise.Wrong, "γ₁ = 3 is the functional margin y₁(w·x₁ + b): divide it by ‖w‖", "γ₁ = 3 是函数间隔"},
		{"x3's sign", []float64{3 * math.Sqrt2 / 2, 2 * math.Sqrt2, -math.Sqrt2 / 2}, exercise.Wrong, "γ₃ has the wrong sign", "γ₃ 的符号不对"},
		{"another", []float64{1, 2, 3}, exercise.Wrong, "γ₁ is wrong", "γ₁ 不对"},
		{"two", []float64{1, 2}, exercise.Malformed, "γ has 2 numbers, want 3", "γ 有 2 个数，应当有 3 个"},
	}},
	"NB06Ex3": {exercise.NB06Ex3, []verdictCase{
		{"thirds", hp(-7.0/3, 2.0/3, 2.0/3), exercise.Correct, "support vectors x2, x3", "支持向量 x2, x3"},
		{"the old answer", hp(-2, 0.5, 0.5), exercise.Wrong, "this separates the data, but its geometric margin 0.7071 is not the largest", "几何间隔 0.7071 不是最大的"},
		{"the bisector unscaled", hp(-3.5, 1, 1), exercise.Wrong, "right hyperplane, wrong scale", "超平面对了，尺度不对"},
	}},
	"NB06Ex5": {exercise.NB06Ex5, []verdictCase{
		{"x1, x3, x5", []int{5, 1, 3}, exercise.Correct, "the points on w*·x + b* = ±1 are x1, x3, x5", "x1, x3, x5"},
		{"without x3", []int{1, 5}, exercise.Wrong, "x3 lies on a margin boundary too", "x3 也在间隔边界上"},
		{"with x2", []int{1, 2, 3, 5}, exercise.Wrong, "x2 is not on a margin boundary: y(w*·x + b*) = 2 > 1", "x2 不在间隔边界上"},
	}},
	"Ex74": {exercise.Ex74, []verdictCase{
		{"with √2", func(x []float64) []float64 { return []float64{x[0] * x[0], math.Sqrt2 * x[0] * x[1], x[1] * x[1]} }, exercise.Correct, "with 3 features", "共 3 个特征"},
		{"all four products", func(x []float64) []float64 { return []float64{x[0] * x[0], x[0] * x[1], x[1] * x[0], x[1] * x[1]} }, exercise.Correct, "with 4 features", "共 4 个特征"},
		{"without √2", func(x []float64) []float64 { return []float64{x[0] * x[0], x[0] * x[1], x[1] * x[1]} }, exercise.Wrong, "φ(x)·φ(z) = 3 but K(x, z) = 4 at x = (1, 1), z = (1, 1) — right on the axes", "要乘以 √2"},
		{"x itself", func(x []float64) []float64 { return x }, exercise.Wrong, "φ(x)·φ(z) = 2 but K(x, z) = 4", "φ(x)·φ(z) = 2，而 K(x, z) = 4"},
		{"squares only", func(x []float64) []float64 { return []float64{x[0] * x[0], x[1] * x[1]} }, exercise.Wrong, "φ(x)·φ(z) = 2 but K(x, z) = 4", "而 K(x, z) = 4"},
		{"panics", func(x []float64) []float64 { return []float64{x[2]} }, exercise.Malformed, "panicked", "出现 panic"},
		{"ragged", func(x []float64) []float64 { return x[:1+int(math.Abs(x[0]))%2] }, exercise.Malformed, "a feature map gives every point the same number", "特征个数相同"},
		{"NaN", func(x []float64) []float64 { return []float64{math.NaN()} }, exercise.Malformed, "is not finite", "不是有限的"},
		{"nil func", (func([]float64) []float64)(nil), exercise.Malformed, "φ is nil", "φ 是 nil"},
		{"a kernel value", 4.0, exercise.Malformed, "not a float64", "而不是 float64"},
	}},
}

func TestVerdicts(t *testing.T) {
	for name, ex := range cases {
		for _, c := range ex.cases {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				for _, l := range []lang.Lang{lang.English, lang.Chinese} {
					v := ex.check(c.ans, l)
					want := l.Pick(c.en, c.zh)
					if v.Status != c.status || !strings.Contains(v.String(), want) || v.Lang != l {
						t.Errorf("%s: got %v %q, want %v containing %q", l, v.Status, v, c.status, want)
					}
					if (v.Status == exercise.Correct) != v.OK() || (v.Status == exercise.Correct) != strings.HasPrefix(v.String(), "✓ ") {
						t.Errorf("%s: OK() = %v and %q for %v", l, v.OK(), v, v.Status)
					}
				}
			})
		}
	}
}

// Every check recognises the placeholder, in both languages.
func TestPlaceholder(t *testing.T) {
	for name, ex := range cases {
		for _, l := range []lang.Lang{lang.English, lang.Chinese} {
			v := ex.check(exercise.Placeholder, l)
			if v.Status != exercise.Unanswered || !strings.HasPrefix(v.String(), l.Pick("not answered yet: ", "尚未作答：")) || !strings.Contains(v.String(), "exercise.Placeholder") {
				t.Errorf("%s %s: %v %q", name, l, v.Status, v)
			}
		}
	}
}

// The generic checks follow the problem: another start for Algorithm 2.1
// (notebook 13's exercise 2, b₀ = −1) has its own answer, and the first
// start's answer is wrong for it.
func TestVariants(t *testing.T) {
	x, y := gallery.Exercise22Data().XY()
	p := perceptron.Primal{B0: -1}
	if v := exercise.PerceptronRun(p, x, y, hp(1, 6, -7), lang.English); !v.OK() {
		t.Errorf("b₀ = −1, 6x⁽¹⁾ − 7x⁽²⁾ + 1: %v", v)
	}
	if v := exercise.PerceptronRun(p, x, y, hp(1, 3, -6), lang.English); v.Status != exercise.Wrong {
		t.Errorf("b₀ = −1, the answer of b₀ = 0: %v", v)
	}
	if v := exercise.Certificate(x, y, []float64{1, 1, 1, 1}, lang.English); v.Status != exercise.Wrong || !strings.Contains(v.Message, "linearly separable") {
		t.Errorf("a certificate for separable data: %v", v)
	}
	// A start that already separates: no update, and no panic on a
	// wrong answer.
	q := perceptron.Primal{W0: []float64{1, -2}, B0: 1}
	if v := exercise.PerceptronRun(q, x, y, hp(1, 1, -2), lang.English); !v.OK() {
		t.Errorf("a start that separates, answered with itself: %v", v)
	}
	if v := exercise.PerceptronRun(q, x, y, hp(0.5, 1, -1), lang.English); v.Status != exercise.Wrong || !strings.Contains(v.Message, "makes no update") {
		t.Errorf("a start that separates, another line: %v", v)
	}
	if v := exercise.FeatureMap(kernel.Polynomial{Degree: 3, Gamma: 1}, 1, func(x []float64) []float64 { return []float64{x[0] * x[0] * x[0]} }, lang.English); !v.OK() {
		t.Errorf("(xz)³ on R: %v", v)
	}
}

// yMinusWx is the b of x1 in exercise 7.3's data that forgets αⱼ/(2C).
func yMinusWx() float64 {
	x, y := gallery.SquaredSlackData().XY()
	r, err := svm.SquaredSlack{C: gallery.SquaredSlackC, Eps: 1e-12}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	return y[0] - (r.W[0]*x.At(0, 0) + r.W[1]*x.At(0, 1))
}

// The data of the checks are the notebooks' (pkg/gallery's).
func TestData(t *testing.T) {
	if gallery.SquaredSlackC != 1 {
		t.Errorf("notebook 14's C is %v, the checks use 1", gallery.SquaredSlackC)
	}
	for name, c := range map[string]struct {
		check func(any, lang.Lang) exercise.Verdict
		ans   any
	}{
		"XORData4 / 2.1":       {exercise.Ex21, []float64{1, 1, 1, 1}},
		"Exercise22Data / 2.2": {exercise.Ex22, hp(1, 3, -6)},
		"Exercise72Data / 7.2": {exercise.Ex72, hp(-2, -1, 2)},
	} {
		if v := c.check(c.ans, lang.English); !v.OK() {
			t.Errorf("%s: %v", name, v)
		}
	}
	for name, y := range map[string][2][]float64{
		"XORData4":         {gallery.XORData4().Y, {-1, 1, 1, -1}},
		"Exercise22Data":   {gallery.Exercise22Data().Y, {1, 1, -1, -1}},
		"Exercise72Data":   {gallery.Exercise72Data().Y, {1, 1, 1, -1, -1}},
		"SquaredSlackData": {gallery.SquaredSlackData().Y, {1, 1, -1, -1}},
	} {
		if !slices.Equal(y[0], y[1]) {
			t.Errorf("%s: the checks use other labels than the notebook", name)
		}
	}
	for name, pair := range map[string][2]mat.Matrix{
		"XORData4":         {gallery.XORData4().X, mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})},
		"Exercise22Data":   {gallery.Exercise22Data().X, mat.NewDense(4, 2, []float64{2, 1, 4, 2, 1, 3, 3, 4})},
		"Exercise72Data":   {gallery.Exercise72Data().X, mat.NewDense(5, 2, []float64{1, 2, 2, 3, 3, 3, 2, 1, 3, 2})},
		"SquaredSlackData": {gallery.SquaredSlackData().X, mat.NewDense(4, 2, []float64{3, 3, 4, 3, 1, 1, 3.5, 3})},
	} {
		if !mat.Equal(pair[0], pair[1]) {
			t.Errorf("%s: the checks use other points than the notebook", name)
		}
	}
}
