package notation

import (
	"math"
	"testing"
)

func TestSurd(t *testing.T) {
	cases := []struct {
		v           float64
		text, latex string
	}{
		// The margin width 2/‖w*‖ of Example 7.1 and its geometric margin.
		{2 * math.Sqrt2, "2√2", `2\sqrt{2}`},
		{math.Sqrt2, "√2", `\sqrt{2}`},
		// Distances to x(1) + x(2) − 3 = 0 (§2.2): 1/√2, 3/√2.
		{1 / math.Sqrt2, "√2/2", `\frac{\sqrt{2}}{2}`},
		{3 / math.Sqrt2, "3√2/2", `\frac{3\sqrt{2}}{2}`},
		// Geometric margins of 2x(1) + x(2) − 5 = 0 and 3x(1) + x(2) − 5 = 0.
		{2 / math.Sqrt(5), "2√5/5", `\frac{2\sqrt{5}}{5}`},
		{1 / math.Sqrt(10), "√10/10", `\frac{\sqrt{10}}{10}`},
		{-math.Sqrt(12), "−2√3", `-2\sqrt{3}`},
		{math.Sqrt(2.0 / 13), "√26/13", `\frac{\sqrt{26}}{13}`},
		// Rational values and others are written by Number.
		{0.5, "1/2", `\frac{1}{2}`},
		{3, "3", "3"},
		{0, "0", "0"},
		{math.Pi, "3.142", "3.142"},
		{math.Sqrt(1009), "31.76", "31.76"},
		{math.Inf(-1), "−∞", `-\infty`},
	}
	for _, c := range cases {
		if got := Text.Surd(c.v); got != c.text {
			t.Errorf("Text.Surd(%v) = %q, want %q", c.v, got, c.text)
		}
		if got := Plain.Surd(c.v); got != c.text {
			t.Errorf("Plain.Surd(%v) = %q, want %q", c.v, got, c.text)
		}
		if got := LaTeX.Surd(c.v); got != c.latex {
			t.Errorf("LaTeX.Surd(%v) = %q, want %q", c.v, got, c.latex)
		}
	}
}

// Surd reads back: p√n/q squared is the fraction p²n/q² it was built from,
// for every square-free n and small p, q.
func TestSurdRoundTrip(t *testing.T) {
	for n := int64(2); n <= 30; n++ {
		if _, m := squareFree(n); m != n {
			continue
		}
		for p := int64(1); p <= 6; p++ {
			for q := int64(1); q <= 6; q++ {
				if gcd(p, q) != 1 {
					continue
				}
				v := float64(p) * math.Sqrt(float64(n)) / float64(q)
				want := "√" + itoa(n)
				if p != 1 {
					want = itoa(p) + want
				}
				if q != 1 {
					want += "/" + itoa(q)
				}
				if got := Surd(v); got != want {
					t.Errorf("Surd(%d√%d/%d) = %q, want %q", p, n, q, got, want)
				}
			}
		}
	}
}

func itoa(v int64) string { return Number(float64(v)) }
