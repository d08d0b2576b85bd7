package gallery

import (
	"math"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// Figure 7.7's data: the positive points inside the ellipse, the negative
// outside, none between the two ellipses (x⁽¹⁾)²/4 + (x⁽²⁾)² = ½ and 3/2;
// the linear SVM on z = ((x⁽¹⁾)², (x⁽²⁾)²) is the line halfway between
// them, −½z⁽¹⁾ − 2z⁽²⁾ + 2 = 0, and classifies every point; both panels
// and their two boundaries appear in both languages.
func TestFigure77(t *testing.T) {
	x, y := EllipseData().XY()
	fit, err := EllipseFit()
	if err != nil {
		t.Fatal(err)
	}
	z := EllipseImages()
	for i, yi := range y {
		p := x.RawRowView(i)
		level := p[0]*p[0]/4 + p[1]*p[1]
		if yi > 0 && level > 0.5+1e-12 || yi < 0 && level < 1.5-1e-12 {
			t.Errorf("point %d %v, y = %v, lies at (x⁽¹⁾)²/4 + (x⁽²⁾)² = %v", i+1, p, yi, level)
		}
		if d := fit.Decision(z.RawRowView(i)); d*yi < 1-1e-7 {
			t.Errorf("point %d: y·f = %v below the margin", i+1, d*yi)
		}
	}
	want := []float64{-0.5, -2, 2}
	for j, got := range []float64{fit.W[0], fit.W[1], fit.B} {
		if math.Abs(got-want[j]) > 1e-8 {
			t.Errorf("SVM on the images: (w, b) = (%v, %v), want (−1/2, −2), 2", fit.W, fit.B)
			break
		}
	}
	ellipse, line := EllipseEquations(fit.W, fit.B)
	if ellipse != "−½(x⁽¹⁾)² − 2(x⁽²⁾)² + 2 = 0" || line != "−½z⁽¹⁾ − 2z⁽²⁾ + 2 = 0" {
		t.Errorf("equations %q and %q", ellipse, line)
	}
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		g, err := Figure77(l)
		if err != nil {
			testenv.MissingIf(t, err, figures.ErrFont) // the Chinese panel, after the English
			t.Fatal(err)
		}
		if r, c := g.Dims(); r != 1 || c != 2 {
			t.Errorf("%v: grid %d×%d, want two panels", l, r, c)
		}
		w, h := figures.Size(g)
		var all []string
		for _, tx := range figtest.Texts(g, w, h) {
			all = append(all, tx.String)
		}
		text := strings.Join(all, "\n")
		for _, s := range []string{ellipse, line, l.Pick("feature space", "特征空间")} {
			if !strings.Contains(text, s) {
				t.Errorf("%v: the figure does not say %q", l, s)
			}
		}
	}
}
