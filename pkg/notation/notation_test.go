package notation_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/notation"
)

func TestNumber(t *testing.T) {
	for _, c := range []struct {
		v    float64
		text string
		tex  string
	}{
		{-2.0 / 13, "−2/13", `-\frac{2}{13}`}, // book Example 7.2: s(0, 2/13) = −2/13
		{0.25, "1/4", `\frac{1}{4}`},          // α₁* = 1/4
		{117, "117", "117"},                   // Novikoff's bound (R/γ)² for Example 2.1
		{-3, "−3", "-3"},                      // b of Table 2.1
		{math.Copysign(0, -1), "0", "0"},
		{math.Sqrt(26), "5.099", "5.099"}, // R = √26
		{math.Sqrt2 / 3, "0.4714", "0.4714"},
		{0.1538, "0.1538", "0.1538"}, // four digits of 2/13 are not 2/13
		{-0.4, "−0.4", "-0.4"},       // b ∈ [−0.4, −0.2] at C = 0.1: short decimals stay decimals
		{0.1, "0.1", "0.1"},
		{0.125, "1/8", `\frac{1}{8}`},         // the probability of an outcome of Example 2.1
		{1.0 / 256, "1/256", `\frac{1}{256}`}, // probabilities of longer runs
		{3.0 / 4096, "3/4096", `\frac{3}{4096}`},
		{1.0 / 8192, "0.0001221", "0.0001221"},
		{1.0 / 101, "0.009901", "0.009901"},
		{1.0 / 15, "1/15", `\frac{1}{15}`},
		{14404.3, "14404", "14404"},
		{1.6e8 + 3, "1.6×10⁸", `1.6\times10^{8}`},
		{1e6 + 0.5, "10⁶", `1\times10^{6}`},
		{4e-4 / 3, "0.0001333", "0.0001333"},
		{1e-300, "10⁻³⁰⁰", `1\times10^{-300}`},
		{math.Inf(-1), "−∞", `-\infty`},
		{math.NaN(), "NaN", "NaN"},
	} {
		if got := notation.Number(c.v); got != c.text {
			t.Errorf("Number(%v) = %q, want %q", c.v, got, c.text)
		}
		if got := notation.LaTeX.Number(c.v); got != c.tex {
			t.Errorf("LaTeX.Number(%v) = %q, want %q", c.v, got, c.tex)
		}
	}
}

// Every fraction with a denominator up to MaxDenominator is recognised, also
// after the rounding of a few arithmetic operations; values that are not
// such fractions are not.
func TestRational(t *testing.T) {
	gcd := func(a, b int64) int64 {
		for b != 0 {
			a, b = b, a%b
		}
		return a
	}
	for q := int64(2); q <= notation.MaxDenominator; q++ {
		for p := -3 * q; p <= 3*q; p++ {
			if gcd(max(p, -p), q) != 1 {
				continue
			}
			v := float64(p) / float64(q)
			noisy := v * (1 + 3e-15) // a few roundings away
			gp, gq, ok := notation.Rational(noisy)
			if !ok || gp != p || gq != q {
				t.Fatalf("Rational(%d/%d) = %d/%d, %v", p, q, gp, gq, ok)
			}
		}
	}
	for _, v := range []float64{math.Pi, math.Sqrt2, math.E, 355.0 / 113, 1.0 / 101, 0.1538, 1, -7, 2e4 + 0.5} {
		if p, q, ok := notation.Rational(v); ok {
			t.Errorf("Rational(%v) = %d/%d, want not a small fraction", v, p, q)
		}
	}
	// Random values are almost never within 10⁻⁹ of a small fraction.
	rng := rand.New(rand.NewPCG(1, 2))
	hits := 0
	for range 100000 {
		if _, _, ok := notation.Rational(rng.Float64()*10 - 5); ok {
			hits++
		}
	}
	if hits > 10 {
		t.Errorf("%d of 100000 random values taken for fractions", hits)
	}
}

func TestAffine(t *testing.T) {
	for _, c := range []struct {
		w           []float64
		b           float64
		text, plain string
		tex         string
	}{
		// Book Table 2.1, rows 1, 4 and 7.
		{[]float64{3, 3}, 1, "3x⁽¹⁾ + 3x⁽²⁾ + 1", "3x(1) + 3x(2) + 1", "3x^{(1)} + 3x^{(2)} + 1"},
		{[]float64{0, 0}, -2, "−2", "−2", "-2"},
		{[]float64{1, 1}, -3, "x⁽¹⁾ + x⁽²⁾ − 3", "x(1) + x(2) − 3", "x^{(1)} + x^{(2)} - 3"},
		// The book's other order: 2x⁽¹⁾ + x⁽²⁾ − 5.
		{[]float64{2, 1}, -5, "2x⁽¹⁾ + x⁽²⁾ − 5", "2x(1) + x(2) − 5", "2x^{(1)} + x^{(2)} - 5"},
		// Example 7.2: ½x⁽¹⁾ + ½x⁽²⁾ − 2.
		{[]float64{0.5, 0.5}, -2, "½x⁽¹⁾ + ½x⁽²⁾ − 2", "½x(1) + ½x(2) − 2", `\frac{1}{2}x^{(1)} + \frac{1}{2}x^{(2)} - 2`},
		{[]float64{-1.0 / 3, 2.0 / 13}, 0, "−⅓x⁽¹⁾ + (2/13)x⁽²⁾", "−(1/3)x(1) + (2/13)x(2)", `-\frac{1}{3}x^{(1)} + \frac{2}{13}x^{(2)}`},
		{[]float64{0, 0}, 0, "0", "0", "0"},
		// An iterative solver's −0.9999999999 is written as −1 is: −x⁽¹⁾.
		{[]float64{-0.9999999999, 2.0000000001}, -2, "−x⁽¹⁾ + 2x⁽²⁾ − 2", "−x(1) + 2x(2) − 2", "-x^{(1)} + 2x^{(2)} - 2"},
		{[]float64{0.3464, 0}, 0, "0.3464x⁽¹⁾", "0.3464x(1)", "0.3464x^{(1)}"},
		{[]float64{0.2, -0.1}, 0.5, "0.2x⁽¹⁾ − 0.1x⁽²⁾ + 1/2", "0.2x(1) − 0.1x(2) + 1/2", `0.2x^{(1)} - 0.1x^{(2)} + \frac{1}{2}`},
	} {
		if got := notation.Affine(c.w, c.b); got != c.text {
			t.Errorf("Affine(%v, %v) = %q, want %q", c.w, c.b, got, c.text)
		}
		if got := notation.Plain.Affine(c.w, c.b); got != c.plain {
			t.Errorf("Plain.Affine(%v, %v) = %q, want %q", c.w, c.b, got, c.plain)
		}
		if got := notation.LaTeX.Affine(c.w, c.b); got != c.tex {
			t.Errorf("LaTeX.Affine(%v, %v) = %q, want %q", c.w, c.b, got, c.tex)
		}
	}
	if got := notation.Equation([]float64{1, 1}, -3); got != "x⁽¹⁾ + x⁽²⁾ − 3 = 0" {
		t.Errorf("Equation = %q", got)
	}
}

func TestVector(t *testing.T) {
	if got := notation.Vector([]float64{0.5, 0.5}); got != "(1/2, 1/2)" {
		t.Errorf("Vector = %q", got)
	}
	if got := notation.Vector([]float64{1, -1}); got != "(1, −1)" {
		t.Errorf("Vector = %q", got)
	}
	if got := notation.LaTeX.Vector([]float64{0.25, 0, 0.25}); got != `\left(\frac{1}{4}, 0, \frac{1}{4}\right)` {
		t.Errorf("LaTeX.Vector = %q", got)
	}
}

// Decimal writes what %.4g writes, with a true minus sign and never a
// fraction: the vertex −B/A of notebook 05 beside its exact −16/7.
func TestDecimal(t *testing.T) {
	for _, c := range []struct {
		v    float64
		text string
	}{
		{-16.0 / 7, "−2.286"}, // notebook 05: the vertex of q for a = (1, 2, 3), b = (4, 5, 6)
		{27.0 / 7, "3.857"},
		{-28, "−28"},
		{0.25, "0.25"},
		{-5.397e-11, "−5.397×10⁻¹¹"}, // notebook 05, both editions (review zh-4, M8)
		{1.298e-10, "1.298×10⁻¹⁰"},
		{2.213e4 + 0.4, "2.213×10⁴"},
		{100000, "10⁵"},
		{math.Copysign(0, -1), "0"},
		{math.Inf(1), "∞"},
		{math.Inf(-1), "−∞"},
		{math.NaN(), "NaN"},
	} {
		if got := notation.Decimal(c.v); got != c.text {
			t.Errorf("Decimal(%v) = %q, want %q", c.v, got, c.text)
		}
	}
	// Plain keeps the power of ten as %.4g writes it.
	if got := notation.Plain.Decimal(-5.397e-11); got != "−5.397e-11" {
		t.Errorf("Plain.Decimal(−5.397e-11) = %q, want −5.397e-11", got)
	}
	// Number writes the same as Decimal wherever the value is no integer
	// below 10⁶, no fraction and not in [999.5, 10⁶).
	rng := rand.New(rand.NewPCG(1, 1))
	for range 1000 {
		v := (rng.Float64() - 0.5) * math.Pow(10, float64(rng.IntN(20)-10))
		if _, _, ok := notation.Rational(v); ok || v == math.Trunc(v) || math.Abs(v) >= 999.5 {
			continue
		}
		if n, d := notation.Number(v), notation.Decimal(v); n != d {
			t.Errorf("Number(%v) = %q, Decimal = %q", v, n, d)
		}
	}
}

func TestSuperscript(t *testing.T) {
	for s, want := range map[string]string{"2": "²", "(1)": "⁽¹⁾", "10": "¹⁰", "-5": "⁻⁵", "−5": "⁻⁵", "p": "p"} {
		if got := notation.Superscript(s); got != want {
			t.Errorf("Superscript(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestSubscript(t *testing.T) {
	for s, want := range map[string]string{"j": "ⱼ", "i": "ᵢ", "12": "₁₂", "(k)": "₍ₖ₎", "−1": "₋₁", "ab": "ₐb", "αj": "αⱼ"} {
		if got := notation.Subscript(s); got != want {
			t.Errorf("Subscript(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestCanSubscript(t *testing.T) {
	for s, want := range map[string]bool{"j": true, "12": true, "(k)": true, "−1": true, "D": false, "ab": false, "αj": false, "": false} {
		if got := notation.CanSubscript(s); got != want {
			t.Errorf("CanSubscript(%q) = %v, want %v", s, got, want)
		}
	}
}

// Matrix lays out Q = yyᵀ∘G of Example 7.2 as mat.Formatted does, with
// true minus signs.
func TestMatrix(t *testing.T) {
	q := mat.NewDense(3, 3, []float64{18, 21, -6, 21, 25, -7, -6, -7, 2}) // book Example 7.2
	want := "⎡18  21  −6⎤\n⎢21  25  −7⎥\n⎣−6  −7   2⎦"
	if got := notation.Matrix(q); got != want {
		t.Errorf("Matrix(Q) =\n%s\nwant\n%s", got, want)
	}
	g := mat.NewDense(3, 3, []float64{18, 21, 6, 21, 25, 7, 6, 7, 2}) // book Example 2.2
	if got, want := notation.Matrix(g), fmt.Sprint(mat.Formatted(g)); got != want {
		t.Errorf("Matrix(G) =\n%s\nmat.Formatted =\n%s", got, want)
	}
	if got, want := notation.Matrix(mat.NewDense(1, 2, []float64{0.5, -1})), "[1/2   −1]"; got != want {
		t.Errorf("one row: %q, want %q", got, want)
	}
}
