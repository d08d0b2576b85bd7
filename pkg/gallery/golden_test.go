package gallery

import (
	"flag"
	"math"
	"path/filepath"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// regen rewrites the golden images in testdata, as gonum/plot's -regen does.
var regen = flag.Bool("regen", false, "regenerate the golden images in testdata")

// The hinge and perceptron losses of Figure 7.6 as functions of the
// functional margin z.
func hingeOf(z float64) float64      { return math.Max(0, 1-z) }
func perceptronOf(z float64) float64 { return math.Max(0, -z) }

// TestGolden compares Figure 7.6 with its golden image, tolerantly
// (figtest.CheckGolden). Run go test -run Golden -regen to rewrite it
// after an intended change.
func TestGolden(t *testing.T) {
	stepAt0 := func(z float64) float64 {
		if z <= 0 {
			return 1
		}
		return 0
	}
	fig76, err := lossCurves(stepAt0, hingeOf, perceptronOf, nil, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	got, err := figures.Render(fig76, figures.Width, figures.Height, "png")
	if err != nil {
		t.Fatal(err)
	}
	figtest.CheckGolden(t, got, filepath.Join("testdata", "figure76_golden.png"), *regen)
}

// TestPixelDifference: the golden comparison tells apart figures that
// differ by one curve, the dotted logistic loss.
func TestPixelDifference(t *testing.T) {
	zeroOne := func(z float64) float64 { return math.Max(0, math.Copysign(1, -z)) }
	logistic := func(z float64) float64 { return math.Log2(1 + math.Exp(-z)) }
	a, err := lossCurves(zeroOne, hingeOf, perceptronOf, nil, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	b, err := lossCurves(zeroOne, hingeOf, perceptronOf, logistic, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	var pngs [3][]byte
	for i, f := range []figures.Figure{a, a, b} {
		if pngs[i], err = figures.Render(f, figures.Width, figures.Height, "png"); err != nil {
			t.Fatal(err)
		}
	}
	if d, err := figtest.PixelDifference(pngs[0], pngs[1]); err != nil || d != 0 {
		t.Errorf("same figure twice: difference %v, %v; want 0", d, err)
	}
	if d, err := figtest.PixelDifference(pngs[0], pngs[2]); err != nil || d <= figtest.GoldenTol {
		t.Errorf("with and without the logistic loss: difference %v, %v; want > %v", d, err, figtest.GoldenTol)
	}
}
