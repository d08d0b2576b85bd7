package gallery

import (
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// On the book's data with C = 0.1 the optimal b fill [−0.4, −0.2] and the
// primal solver lands at −0.346 (notebook 09); x3 is predicted +1 at each.
func TestSoftMarginC01Plane(t *testing.T) {
	for _, c := range []struct {
		l    lang.Lang
		want []string
	}{
		{lang.English, []string{"b = −0.4 (with its margins)", "b = −0.2", "interior point: b = −0.346", "x3, predicted +1"}},
		{lang.Chinese, []string{"b = −0.4（及其间隔边界）", "b = −0.2", "内点法：b = −0.346", "x3，预测为 +1"}},
	} {
		p, err := SoftMarginC01Plane(c.l)
		if err != nil {
			testenv.MissingIf(t, err, figures.ErrFont) // the Chinese one, after the English
			t.Fatal(err)
		}
		got := drawn(p)
		for _, s := range c.want {
			if !slices.Contains(got, s) {
				t.Errorf("%v: %q not drawn", c.l, s)
			}
		}
	}
}

// Figure 7.5's panels carry the slacks of the two fits: Example 2.1 with
// x4 = (3.5, 3), −1 and C = 1 has ξ = (4/13, 0, 0, 24/13) (x1 inside the
// margin, x4 misclassified); the book's data with C = 0.1 at b = −0.4 has
// ξ = (1/5, 0, 1), x3 on the hyperplane.
func TestFigure75(t *testing.T) {
	g, err := Figure75(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := g.Dims(); r != 1 || c != 2 {
		t.Fatalf("%d×%d panels, want 1×2", r, c)
	}
	got := drawn(g)
	for _, s := range []string{"ξ = (4/13, 0, 0, 24/13)", "ξ = (0.2, 0, 1)", "Example 2.1, C = 0.1, b = −0.4"} {
		if !slices.ContainsFunc(got, func(d string) bool { return strings.Contains(d, s) }) {
			t.Errorf("%q not drawn", s)
		}
	}
}
