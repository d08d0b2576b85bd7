package figures

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// dualOfSquare is θ_D(α) = α − α²/4 of min x² s.t. x ≥ 1.
func dualOfSquare(a float64) float64 { return a - a*a/4 }

func TestCurves(t *testing.T) {
	cs := Curves{
		Title: "θ_D", XLabel: "α", YLabel: "θ_D(α)",
		Curves: []Curve{
			{Name: "p* = 1", F: func(float64) float64 { return 1 }, Bound: true, Series: 1},
			{Name: "θ_D(α) = α − α²/4", F: dualOfSquare, XMin: 0, XMax: 4, Points: []Point{{X: 2, Y: 1, Label: "α* = 2"}}},
			// −1/(4α) is −∞ at 0: the line breaks there, it is no error.
			{Name: "−1/(4α)", F: func(a float64) float64 { return -1 / (4 * a) }, XMin: 0, XMax: 4, Series: 2},
		},
		Shade: [][2]float64{{math.Inf(-1), 0.5}}, ShadeName: "shaded",
		View: Rect{XMin: -0.2, XMax: 4.2, YMin: -1.5, YMax: 1.5},
	}
	p, err := cs.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Min != -0.2 || p.Y.Max != 1.5 {
		t.Errorf("view x from %v, y to %v; want the given −0.2, 1.5", p.X.Min, p.Y.Max)
	}
	names := []string{"shaded", "p* = 1", "θ_D(α) = α − α²/4", "−1/(4α)"}
	checkLegendOutside(t, p, names, Width, Height)
	ts := drawTexts(p, Width, Height)
	if _, ok := findText(ts, "α* = 2"); !ok {
		t.Error("point label α* = 2 not drawn")
	}
	checkGlyphs(t, ts)
}

// A curve breaks where it is not finite: −1/(4α) on [0, 4] is one piece
// that starts after the pole at 0, 1/x on [−1, 1] two pieces.
func TestSample(t *testing.T) {
	pieces := sample(func(a float64) float64 { return -1 / (4 * a) }, 0, 4)
	if len(pieces) != 1 || pieces[0][0].X <= 0 || len(pieces[0]) != curveSamples-1 {
		t.Errorf("−1/(4α): %d pieces, want one of %d samples after 0", len(pieces), curveSamples-1)
	}
	pieces = sample(func(x float64) float64 {
		if x == 0 {
			return math.NaN()
		}
		return 1 / x
	}, -1, 1)
	if len(pieces) != 2 {
		t.Errorf("1/x: %d pieces, want 2", len(pieces))
	}
}

// Without a view the figure fits the curves over their intervals and the
// points; a cloud of points alone (F nil) is a figure too.
func TestCurvesFit(t *testing.T) {
	p, err := Curves{Curves: []Curve{
		{F: dualOfSquare, XMin: 0, XMax: 4},
		{Points: []Point{{X: 5, Y: -2}}, Series: 1},
	}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if !(p.X.Min < 0 && p.X.Max > 5 && p.Y.Min < -2 && p.Y.Max > 1) {
		t.Errorf("view [%v, %v]×[%v, %v] does not hold [0, 5]×[−2, 1]", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
}

func TestCurvesErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		cs   Curves
		want error
	}{
		{"nothing", Curves{}, ErrEmpty},
		{"NaN point", Curves{Curves: []Curve{{Points: []Point{{X: math.NaN()}}}}}, ErrNotFinite},
		{"infinite interval", Curves{View: Rect{XMin: 0, XMax: 1, YMin: 0, YMax: 1}, Curves: []Curve{{F: math.Sqrt, XMin: 0, XMax: math.Inf(1)}}}, ErrNotFinite},
	} {
		if _, err := c.cs.Plot(); !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
}

// A grid of curves draws one legend with every panel's entries once.
func TestNewCurvesGrid(t *testing.T) {
	left := Curves{Curves: []Curve{{Name: "f", F: func(x float64) float64 { return x * x }, XMin: -1, XMax: 2}, {Name: "L", F: math.Abs, XMin: -1, XMax: 2, Series: 1}}}
	right := Curves{Curves: []Curve{{Name: "L", Points: []Point{{X: 1, Y: 1}}, Series: 1}, {Name: "θ_D", F: dualOfSquare, XMin: 0, XMax: 4, Series: 2}}}
	g, err := NewCurvesGrid("two panels", 2, left, right)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(g.Legend.Names(), ","); got != "f,L,θ_D" {
		t.Errorf("legend %s, want f,L,θ_D", got)
	}
	if _, err := NewCurvesGrid("", 1, left, Curves{}); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty panel: error %v, want ErrEmpty", err)
	}
}
