package notation

import (
	"math"
	"strconv"
)

// MaxRadicand is the largest square-free n under the root that Surd writes.
const MaxRadicand = 1000

// Surd writes v in the style Text: see Style.Surd.
func Surd(v float64) string { return Text.Surd(v) }

// Surd writes v exactly as (p/q)√n, with n > 1 square-free and the root in
// the numerator, when v is not rational (Number would write a fraction or
// an integer) but v² is, within the tolerance of Rational: the geometric
// margins and margin widths of the book's examples, √2 (1.414), 2√2
// (2.828), √2/2 (1/√2 = 0.7071) and 2√5/5 (2/√5 = 0.8944). The radicand is
// at most MaxRadicand. Any other v is written by Number, so that Surd can
// print every value of a column. In LaTeX √2/2 is \frac{\sqrt{2}}{2}.
func (s Style) Surd(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) || v == 0 || exact(v) {
		return s.Number(v)
	}
	num, den, ok := squareRational(v * v)
	if !ok {
		return s.Number(v)
	}
	// v = √(num/den) = √(num·den)/den = k√n/den with num·den = k²n.
	k, n := squareFree(num * den)
	if n == 1 || n > MaxRadicand {
		return s.Number(v)
	}
	g := gcd(k, den)
	k, den = k/g, den/g
	sign := ""
	if v < 0 {
		sign = s.minus()
	}
	coef := ""
	if k != 1 {
		coef = strconv.FormatInt(k, 10)
	}
	root := "√" + strconv.FormatInt(n, 10)
	if s == LaTeX {
		root = `\sqrt{` + strconv.FormatInt(n, 10) + "}"
		if den != 1 {
			return sign + `\frac{` + coef + root + "}{" + strconv.FormatInt(den, 10) + "}"
		}
	}
	if den != 1 {
		return sign + coef + root + "/" + strconv.FormatInt(den, 10)
	}
	return sign + coef + root
}

// exact reports whether Number writes v exactly: an integer below 10⁶ or a
// fraction Rational recognises.
func exact(v float64) bool {
	a := math.Abs(v)
	if a == math.Trunc(a) && a < 1e6 {
		return true
	}
	_, _, ok := Rational(a)
	return ok
}

// squareRational returns v² > 0 as num/den in lowest terms when it is an
// integer below 10⁶ or a fraction Rational recognises; integers are
// recognised within Rational's tolerance too, since v² of a computed v is
// rarely exact.
func squareRational(sq float64) (num, den int64, ok bool) {
	if r := math.Round(sq); r >= 1 && r < 1e6 && math.Abs(sq-r) <= ratTol*sq {
		return int64(r), 1, true
	}
	p, q, ok := Rational(sq)
	if !ok || p <= 0 {
		return 0, 0, false
	}
	return p, q, true
}

// squareFree writes m > 0 as k²·n with n square-free.
func squareFree(m int64) (k, n int64) {
	k, n = 1, m
	for f := int64(2); f*f <= n; f++ {
		for n%(f*f) == 0 {
			n /= f * f
			k *= f
		}
	}
	return k, n
}

// gcd returns the greatest common divisor of a, b > 0.
func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
