package main

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestText: the text output writes the book's numbers and hyperplanes as
// the book does (package notation), while --json keeps plain numbers.
func TestText(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want []string // lines of the output
	}{
		// Book Example 2.1 (Table 2.1) and Example 2.2 (α = (2, 0, 5)).
		{"primal", []string{"perceptron", "-"}, []string{"hyperplane: x⁽¹⁾ + x⁽²⁾ − 3 = 0", "w:          (1, 1)", "b:          −3"}},
		{"dual", []string{"perceptron", "--form", "dual", "-"}, []string{"alpha:      (2, 0, 5)"}},
		{"pocket", []string{"perceptron", "--max-epochs", "1", "--order", "3,2,1", "-"}, []string{"pocket:     3x⁽¹⁾ + 2x⁽²⁾ = 0, 1 training error (after 2 updates)"}},
		// Book Examples 7.1 and 7.2: α* = (1/4, 0, 1/4), ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0.
		{"exact", []string{"svm", "--solver", "exact", "-"}, []string{
			"hyperplane:       ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0", "w:                (1/2, 1/2)", "b:                −2",
			"support vectors:  2: x1 (α=1/4) x3 (α=1/4)", "dual objective:   −1/4   (½αᵀQα − Σα, LIBSVM's obj)"}},
		{"interior point", []string{"svm", "--solver", "interior-point", "-"}, []string{"hyperplane:       ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0"}},
		// C = 0.1 < 1/4: b* is not unique, every b in [−0.4, −0.2] (notebook 09).
		{"b interval", []string{"svm", "--c", "0.1", "-"}, []string{"b:                −0.3  (not unique: every b in [−0.4, −0.2] is optimal)"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, out, errOut := runCmd(t, example21, c.args...)
			lines := strings.Split(out, "\n")
			for _, want := range c.want {
				if !slices.Contains(lines, want) {
					t.Errorf("no line %q in\n%s%s", want, out, errOut)
				}
			}
		})
	}
}

// TestBInterval: at C = 10⁻¹², b* lies in an interval of width about
// 2·10⁻¹²; the ends and b are printed with the digits that tell them apart
// (four digits made it "[1, 1]").
func TestBInterval(t *testing.T) {
	_, out, errOut := runCmd(t, example21, "svm", "--c", "1e-12", "-")
	var line string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "b:") {
			line = l
		}
	}
	b, rest, ok1 := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "b:")), "  (not unique: every b in [")
	lo, rest, ok2 := strings.Cut(rest, ", ")
	hi, _, ok3 := strings.Cut(rest, "] is optimal)")
	if !ok1 || !ok2 || !ok3 {
		t.Fatalf("b line %q (stderr %q)", line, errOut)
	}
	parse := func(s string) float64 {
		v, err := strconv.ParseFloat(strings.Replace(s, "−", "-", 1), 64)
		if err != nil {
			t.Fatalf("%q in %q: %v", s, line, err)
		}
		return v
	}
	if l, m, h := parse(lo), parse(b), parse(hi); !(l < m && m < h) || h-l > 1e-11 {
		t.Errorf("b line %q: want lo < b < hi, about 2e-12 apart", line)
	}
}

func TestDistinct(t *testing.T) {
	p := func(v float64) *float64 { return &v }
	for _, c := range []struct {
		in   []*float64
		want string
	}{
		{[]*float64{p(-0.4), p(-0.3), p(-0.2)}, "−0.4 −0.3 −0.2"},
		{[]*float64{nil, p(0.25), nil}, "−∞ 1/4 ∞"},
		{[]*float64{p(1), p(1)}, "1 1"},
		{[]*float64{p(1 - 2e-12), p(1), p(1 + 2e-12)}, "0.999999999998 1 1.000000000002"},
		{[]*float64{p(-2.00001), p(-2)}, "−2.00001 −2"},
		{[]*float64{p(1), p(1 + 1e-16*2)}, "1 1.0000000000000002"},
	} {
		if got := strings.Join(distinct(c.in...), " "); got != c.want {
			t.Errorf("distinct = %q, want %q", got, c.want)
		}
	}
}
