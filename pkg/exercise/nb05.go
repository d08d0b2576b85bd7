package exercise

import (
	"math"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// NB05Ex2 checks notebook 5's exercise 2: the value of both sides of
// Lagrange's identity ‖a‖²‖b‖² − ⟨a, b⟩² = ½Σᵢⱼ(aᵢbⱼ − aⱼbᵢ)² for
// a = (1, 2, 3), b = (4, 5, 6), a float64; the check evaluates both sides.
func NB05Ex2(ans any, l lang.Lang) Verdict {
	a, b := []float64{1, 2, 3}, []float64{4, 5, 6}
	j := judge{l}
	v, bad := j.readNumber(ans, asked{"the common value, a float64", "两边共同的值，一个 float64"}, "the value")
	if bad != nil {
		return *bad
	}
	aa, bb, ab := floats.Dot(a, a), floats.Dot(b, b), floats.Dot(a, b)
	left := aa*bb - ab*ab
	right := 0.0
	for i := range a {
		for k := range b {
			d := a[i]*b[k] - a[k]*b[i]
			right += d * d / 2
		}
	}
	switch {
	case near(v, left, left) && near(v, right, right):
		return j.ok("both sides are %s: ‖a‖²‖b‖² = %s, ⟨a, b⟩² = %s", "两边都等于 %s：‖a‖²‖b‖² = %s，⟨a, b⟩² = %s",
			notation.Number(left), notation.Number(aa*bb), notation.Number(ab*ab))
	case near(v, 2*right, right):
		return j.wrong("that is Σᵢⱼ(aᵢbⱼ − aⱼbᵢ)² without the ½: each pair i ≠ j is counted twice", "这是没有乘 ½ 的 Σᵢⱼ(aᵢbⱼ − aⱼbᵢ)²：每一对 i ≠ j 被算了两次")
	case near(v, aa*bb, aa*bb):
		return j.wrong("that is ‖a‖²‖b‖² alone: subtract ⟨a, b⟩²", "这只是 ‖a‖²‖b‖²：还要减去 ⟨a, b⟩²")
	case near(v, math.Sqrt(aa*bb)-ab, 1):
		return j.wrong("that is ‖a‖‖b‖ − ⟨a, b⟩; the identity is about the squares", "这是 ‖a‖‖b‖ − ⟨a, b⟩；恒等式讲的是平方")
	}
	return j.wrong("not %s: evaluate ‖a‖²‖b‖² − ⟨a, b⟩² with ‖a‖² = 14, ‖b‖² = 77", "不是 %s：用 ‖a‖² = 14，‖b‖² = 77 计算 ‖a‖²‖b‖² − ⟨a, b⟩²", notation.Number(v))
}
