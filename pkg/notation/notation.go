package notation

import (
	"math"
	"strconv"
	"strings"
)

// Style is a way of writing.
type Style int

const (
	// Text is Unicode for Markdown and printed output: −2/13, ½x⁽¹⁾.
	Text Style = iota
	// Plain is for text that cannot show superscripts, such as a CSV
	// header or a terminal font without them: −2/13, ½x(1).
	Plain
	// LaTeX is for display math: -\frac{2}{13}, \frac{1}{2}x^{(1)}.
	LaTeX
)

// MaxDenominator is the largest denominator Rational recognises, except
// for powers of two, which it recognises up to MaxPowerOfTwo (the
// probabilities 1/128, 1/256 of a run that flips fair coins).
const (
	MaxDenominator = 100
	MaxPowerOfTwo  = 4096
)

// ratTol is the relative distance within which a value counts as equal to
// a fraction: far below the digits %.4g shows, far above rounding errors of
// the computations that produce the book's fractions.
const ratTol = 1e-9

// Rational reports whether v is, within a relative 10⁻⁹, a fraction p/q
// in lowest terms with 1 < q ≤ MaxDenominator or q a power of two up to
// MaxPowerOfTwo, and returns it. Integers and
// values of magnitude 10⁴ or more are not reported (ok is false).
//
// Number writes such a value as the fraction, except when it is a short
// decimal: q has the factor 5 and no prime factor but 2 and 5 (0.1, 0.4,
// 0.25 is not: 1/4), the way the book writes settings such as C = 0.1 or
// η = 0.5 beside results such as α = (1/4, 0, 1/4).
func Rational(v float64) (p, q int64, ok bool) {
	a := math.Abs(v)
	if math.IsNaN(v) || a >= 1e4 || a == math.Trunc(a) {
		return 0, 0, false
	}
	// Continued fraction of a, stopped at the last convergent with a
	// denominator ≤ MaxPowerOfTwo; a convergent counts when its
	// denominator is small or a power of two.
	h0, h1 := int64(0), int64(1) // numerators h₋₂, h₋₁
	k0, k1 := int64(1), int64(0) // denominators k₋₂, k₋₁
	x := a
	for range 64 {
		t := math.Floor(x)
		h, k := int64(t)*h1+h0, int64(t)*k1+k0
		if k > MaxPowerOfTwo {
			break
		}
		h0, h1, k0, k1 = h1, h, k1, k
		if (k <= MaxDenominator || k&(k-1) == 0) && math.Abs(a-float64(h)/float64(k)) <= ratTol*a {
			if k == 1 {
				return 0, 0, false
			}
			if v < 0 {
				h = -h
			}
			return h, k, true
		}
		if x == t {
			break
		}
		x = 1 / (x - t)
	}
	return 0, 0, false
}

// Number writes v in the style Text: see Style.Number.
func Number(v float64) string { return Text.Number(v) }

// Vector writes v in the style Text: see Style.Vector.
func Vector(v []float64) string { return Text.Vector(v) }

// Affine writes w·x + b in the style Text: see Style.Affine.
func Affine(w []float64, b float64) string { return Text.Affine(w, b) }

// Equation writes w·x + b = 0 in the style Text: see Style.Equation.
func Equation(w []float64, b float64) string { return Text.Equation(w, b) }

// Number writes v: an integer below 10⁶ in full (117), a fraction with a
// small denominator exactly (−2/13, 1/4; but 0.1 and 0.4, see Rational), a
// value from 1000 to 10⁶ rounded to an integer (14404), anything else with
// four significant digits as %.4g (0.3464, 1.6×10⁸, in LaTeX
// 1.6\times10^{8}, in Plain 1.6e+08; see Decimal).
// Negative zero is 0; infinities are ∞ and −∞ (\infty in LaTeX).
func (s Style) Number(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 0):
		inf := "∞"
		if s == LaTeX {
			inf = `\infty`
		}
		if v < 0 {
			return s.minus() + inf
		}
		return inf
	case v == 0:
		return "0"
	}
	sign := ""
	if v < 0 {
		sign = s.minus()
	}
	a := math.Abs(v)
	if a == math.Trunc(a) && a < 1e6 {
		return sign + strconv.FormatFloat(a, 'f', 0, 64)
	}
	if p, q, ok := Rational(a); ok && !shortDecimal(q) {
		if s == LaTeX {
			return sign + `\frac{` + strconv.FormatInt(p, 10) + "}{" + strconv.FormatInt(q, 10) + "}"
		}
		return sign + strconv.FormatInt(p, 10) + "/" + strconv.FormatInt(q, 10)
	}
	if a >= 999.5 && a < 1e6 {
		// 14404, not 1.44e+04: four significant digits or more.
		return sign + strconv.FormatFloat(a, 'f', 0, 64)
	}
	return s.Decimal(v)
}

// Decimal writes v in the style Text: see Style.Decimal.
func Decimal(v float64) string { return Text.Decimal(v) }

// Decimal writes v with four significant digits as %.4g does, but with a
// true minus sign (−2.286, not -2.286) and never as a fraction: where a
// computed value is shown beside its exact value (the vertex −B/A = −2.286
// of −16/7) or is a residual near zero. Where %.4g writes a power of ten,
// Text writes it as a textbook does, with a superscript exponent and a true
// minus sign: −5.397×10⁻¹¹, 1.6×10⁸, and 10⁵ for 1e+05; Plain keeps
// −5.397e-11 (a CSV cell, a terminal without superscripts) and LaTeX writes
// 1.6\times10^{8}. Negative zero is 0; infinities are ∞ and −∞.
func (s Style) Decimal(v float64) string {
	switch {
	case math.IsNaN(v):
		return "NaN"
	case math.IsInf(v, 0) || v == 0:
		return s.Number(v)
	}
	sign := ""
	if v < 0 {
		sign = s.minus()
	}
	g := strconv.FormatFloat(math.Abs(v), 'g', 4, 64)
	m, e, ok := strings.Cut(g, "e")
	if !ok || s == Plain {
		return sign + g
	}
	exp, _ := strconv.Atoi(e)
	if s == LaTeX {
		return sign + m + `\times10^{` + strconv.Itoa(exp) + "}"
	}
	power := "10" + Superscript(strconv.Itoa(exp))
	if m == "1" {
		return sign + power
	}
	return sign + m + "×" + power
}

// shortDecimal reports whether 1/q is a decimal with a factor 5 in q: q
// has the factor 5 and no prime factor but 2 and 5.
func shortDecimal(q int64) bool {
	if q%5 != 0 {
		return false
	}
	for q%5 == 0 {
		q /= 5
	}
	for q%2 == 0 {
		q /= 2
	}
	return q == 1
}

// minus is the minus sign of the style.
func (s Style) minus() string {
	if s == LaTeX {
		return "-"
	}
	return "−"
}

// Vector writes v as the book writes a point or a weight vector: (3, 3),
// (1/2, 1/2), each entry by Number.
func (s Style) Vector(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = s.Number(x)
	}
	if s == LaTeX {
		return `\left(` + strings.Join(parts, ", ") + `\right)`
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Affine writes the affine function w·x + b as the book writes it:
// x⁽¹⁾ + x⁽²⁾ − 3, 3x⁽¹⁾ + 3x⁽²⁾ + 1, ½x⁽¹⁾ + ½x⁽²⁾ − 2, and b alone (−2)
// when w = 0. Coefficients ±1 are left out; a coefficient that is a fraction
// is written as a vulgar fraction (½, ⅔) where Unicode has one and in
// parentheses otherwise, (2/13)x⁽¹⁾.
func (s Style) Affine(w []float64, b float64) string {
	var sb strings.Builder
	term := func(c float64, name string) {
		if c == 0 {
			return
		}
		switch {
		case sb.Len() == 0 && c < 0:
			sb.WriteString(s.minus())
		case c < 0:
			sb.WriteString(" " + s.minus() + " ")
		case sb.Len() > 0:
			sb.WriteString(" + ")
		}
		a := math.Abs(c)
		switch {
		case name == "":
			sb.WriteString(s.Number(a))
		case s.Number(a) != "1": // 0.9999999999 from a solver is 1 too
			sb.WriteString(s.coefficient(a))
		}
		sb.WriteString(name)
	}
	for j, c := range w {
		term(c, s.coordinate(j))
	}
	term(b, "")
	if sb.Len() == 0 {
		return "0"
	}
	return sb.String()
}

// Equation writes the hyperplane w·x + b = 0, its left side by Affine.
func (s Style) Equation(w []float64, b float64) string {
	return s.Affine(w, b) + " = 0"
}

// coordinate is the name of the coordinate x⁽ʲ⁺¹⁾ of a point.
func (s Style) coordinate(j int) string {
	n := strconv.Itoa(j + 1)
	switch s {
	case Plain:
		return "x(" + n + ")"
	case LaTeX:
		return "x^{(" + n + ")}"
	}
	return "x" + Superscript("("+n+")")
}

// Superscript writes the digits, signs and parentheses of s as
// superscripts, the exponent of a power: Superscript("2") is ², and
// "(x·z + 1)" + Superscript("2") is (x·z + 1)². Other characters are left
// as they are.
func Superscript(s string) string { return superscripts.Replace(s) }

// Subscript writes the digits, signs and parentheses of s, and the letters
// Unicode has subscripts for (a, e, h, i, j, k, l, m, n, o, p, r, s, t, u,
// v, x), as subscripts, an index: "α" + Subscript("j") is αⱼ, "x" +
// Subscript("12") is x₁₂. Other characters are left as they are.
func Subscript(s string) string { return subscripts.Replace(s) }

// CanSubscript reports whether Subscript writes every character of s as a
// subscript: true for "j" and "12", false for "D" (θ_D), which Unicode has
// no subscript for, and for "".
func CanSubscript(s string) bool {
	for _, r := range s {
		if c := string(r); Subscript(c) == c {
			return false
		}
	}
	return s != ""
}

// coefficient writes a positive coefficient of a coordinate.
func (s Style) coefficient(a float64) string {
	p, q, ok := Rational(a)
	if !ok || shortDecimal(q) {
		return s.Number(a)
	}
	if s == LaTeX {
		return s.Number(a)
	}
	if f, ok := vulgar[[2]int64{p, q}]; ok && (s == Text || latin1[f]) {
		return f
	}
	return "(" + s.Number(a) + ")"
}

var superscripts = strings.NewReplacer(
	"0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴",
	"5", "⁵", "6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹", "(", "⁽", ")", "⁾",
	"+", "⁺", "-", "⁻", "−", "⁻")

var subscripts = strings.NewReplacer(
	"0", "₀", "1", "₁", "2", "₂", "3", "₃", "4", "₄",
	"5", "₅", "6", "₆", "7", "₇", "8", "₈", "9", "₉", "(", "₍", ")", "₎",
	"+", "₊", "-", "₋", "−", "₋",
	"a", "ₐ", "e", "ₑ", "h", "ₕ", "i", "ᵢ", "j", "ⱼ", "k", "ₖ", "l", "ₗ", "m", "ₘ",
	"n", "ₙ", "o", "ₒ", "p", "ₚ", "r", "ᵣ", "s", "ₛ", "t", "ₜ", "u", "ᵤ", "v", "ᵥ", "x", "ₓ")

// vulgar holds Unicode's vulgar fractions; Plain uses only those in
// latin1, which every Latin font has.
var vulgar = map[[2]int64]string{
	{1, 2}: "½", {1, 3}: "⅓", {2, 3}: "⅔", {1, 4}: "¼", {3, 4}: "¾",
	{1, 5}: "⅕", {2, 5}: "⅖", {3, 5}: "⅗", {4, 5}: "⅘", {1, 6}: "⅙", {5, 6}: "⅚",
	{1, 7}: "⅐", {1, 8}: "⅛", {3, 8}: "⅜", {5, 8}: "⅝", {7, 8}: "⅞", {1, 9}: "⅑", {1, 10}: "⅒",
}

var latin1 = map[string]bool{"½": true, "¼": true, "¾": true}
