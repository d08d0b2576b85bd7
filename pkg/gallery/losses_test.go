package gallery

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestFigure76(t *testing.T) {
	zeroOne := func(z float64) float64 {
		if z <= 0 {
			return 1
		}
		return 0
	}
	hinge := func(z float64) float64 { return math.Max(0, 1-z) }
	perceptron := func(z float64) float64 { return math.Max(0, -z) }
	logistic := func(z float64) float64 { return math.Log2(1 + math.Exp(-z)) }
	p, err := lossCurves(zeroOne, hinge, perceptron, logistic, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Min != marginMin || p.X.Max != marginMax {
		t.Errorf("margin range [%v, %v], want [−2, 2]", p.X.Min, p.X.Max)
	}
	// The largest loss on the range is logistic at z = −2: log2(1 + e²) = 3.07.
	if want := logistic(-2) + 0.15; !scalar.EqualWithinAbs(p.Y.Max, want, rangeTol) {
		t.Errorf("loss axis ends at %v, want %v", p.Y.Max, want)
	}
	if p.X.Label.Text != "functional margin y(w·x + b)" || p.Y.Label.Text != "loss" {
		t.Errorf("labels %q, %q", p.X.Label.Text, p.Y.Label.Text)
	}
	names := []string{"0-1 loss", "hinge loss max(0, 1 − z)", "perceptron loss max(0, −z)", "logistic loss"}
	checkLegendOutside(t, p, names, figures.Width, figures.Height)
	ts := drawnTexts(t, p, figures.Width, figures.Height)
	for _, l := range []string{"(0, 1)", "(0, 0)", "(1, 0)"} {
		if !slices.Contains(ts, l) {
			t.Errorf("point %q not labelled", l)
		}
	}
	noLogistic, err := lossCurves(zeroOne, hinge, perceptron, nil, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(drawnTexts(t, noLogistic, figures.Width, figures.Height), "logistic loss") {
		t.Error("logistic loss drawn without a logistic function")
	}
	if _, err := lossCurves(zeroOne, func(float64) float64 { return math.NaN() }, perceptron, nil, lang.English); !errors.Is(err, figures.ErrNotFinite) {
		t.Errorf("NaN hinge: got %v, want ErrNotFinite", err)
	}
}
