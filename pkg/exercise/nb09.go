package exercise

import (
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// NB09Ex1 checks notebook 9's exercise 1: the smallest C at which the
// soft-margin dual on Example 2.1 has the hard margin's α* = (¼, 0, ¼),
// a float64. The check solves the soft margin at the answer (svm.Exact)
// and a little below it.
func NB09Ex1(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	j := judge{l}
	c, bad := j.readNumber(ans, asked{"C, a float64", "C，一个 float64"}, "C")
	if bad != nil {
		return *bad
	}
	if c <= 0 {
		return j.malformed("C must be > 0", "C 必须 > 0")
	}
	hard, err := (svm.Exact{}).Fit(x, y)
	if err != nil {
		return j.wrong("the data have no hard margin (%v)", "这些数据没有硬间隔（%v）", err)
	}
	scale := maxAbs(0, hard.Alpha...)
	reaches := func(c float64) bool {
		r, err := (svm.Exact{C: c}).Fit(x, y)
		return err == nil && nearVec(r.Alpha, hard.Alpha, scale)
	}
	switch {
	case !reaches(c):
		r, err := (svm.Exact{C: c}).Fit(x, y)
		if err != nil {
			return j.wrong("the soft margin at C = %s has no solution (%v)", "C = %s 时软间隔无解（%v）", notation.Number(c), err)
		}
		return j.wrong("at C = %s the soft margin's α* is %s, not yet the hard margin's: the box αᵢ ≤ C still binds", "C = %s 时软间隔的 α* 是 %s，还不是硬间隔的：约束 αᵢ ≤ C 仍起作用",
			notation.Number(c), notation.Vector(r.Alpha))
	case reaches(c * (1 - 10*Tol)):
		return j.wrong("at C = %s the hard margin's α* is reached, but it is reached for smaller C too", "C = %s 时已得到硬间隔的 α*，但更小的 C 也能得到", notation.Number(c))
	}
	return j.ok("C = %s = maxᵢ αᵢ*: from here on the box 0 ≤ αᵢ ≤ C no longer binds and α* = %s", "C = %s = maxᵢ αᵢ*：从这里起约束 0 ≤ αᵢ ≤ C 不再起作用，α* = %s",
		notation.Number(c), notation.Vector(hard.Alpha))
}

// NB09Ex4 checks notebook 9's exercise 4: the slopes of the soft-margin
// objective ½‖w*‖² + CΣᵢ[1 − yᵢ(w*·xᵢ + b)]₊ in b on Example 2.1 with
// C = 0.1, left of b = −0.4 and right of b = −0.2, a []float64 of two
// numbers. The check differentiates svm.PrimalProblem's objective.
func NB09Ex4(ans any, l lang.Lang) Verdict {
	x, y := dataset.Example21().XY()
	const c = 0.1
	j := judge{l}
	v, bad := j.readVector(ans, asked{"(left slope, right slope), a []float64 of two numbers", "（左侧斜率，右侧斜率），含两个数的 []float64"}, 2, "the slopes")
	if bad != nil {
		return *bad
	}
	opt, err := (svm.Exact{C: c}).Fit(x, y)
	if err != nil {
		return j.wrong("the soft margin has no solution (%v)", "软间隔无解（%v）", err)
	}
	p := svm.PrimalProblem{X: x, Y: y, C: c}
	slope := func(b float64) float64 {
		const h = 1e-3 // the objective is linear in b between the kinks
		return (p.Objective(opt.W, b+h) - p.Objective(opt.W, b-h)) / (2 * h)
	}
	want := []float64{slope(-0.5), slope(-0.1)}
	scale := maxAbs(0, want...)
	switch {
	case nearVec(v, want, scale):
		return j.ok("slopes %s left of −0.4 and %s right of −0.2, and 0 between: every b in [−0.4, −0.2] is optimal", "−0.4 左侧斜率 %s，−0.2 右侧斜率 %s，两者之间为 0：[−0.4, −0.2] 中的每个 b 都是最优的",
			notation.Number(want[0]), notation.Number(want[1]))
	case nearVec(v, []float64{want[0] / c, want[1] / c}, scale/c):
		return j.wrong("those are the slopes of Σᵢ[1 − yᵢ(w·xᵢ + b)]₊: the objective multiplies it by C = 0.1", "这是 Σᵢ[1 − yᵢ(w·xᵢ + b)]₊ 的斜率：目标函数还要乘以 C = 0.1")
	case nearVec(v, []float64{want[1], want[0]}, scale):
		return j.wrong("left and right are swapped: the objective falls towards the interval from the left", "左右弄反了：目标函数从左侧向区间下降")
	case !near(v[0], want[0], scale):
		return j.wrong("the left slope is wrong: left of −0.4 the hinge terms of x1, x2 and x3 are all active, each adding −Cyᵢ", "左侧斜率不对：在 −0.4 左侧，x1、x2、x3 的合页损失项都起作用，每项贡献 −Cyᵢ")
	}
	return j.wrong("the right slope is wrong: right of −0.2 only the hinge term of x3 is active", "右侧斜率不对：在 −0.2 右侧只有 x3 的合页损失项起作用")
}
