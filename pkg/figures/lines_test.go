package figures

import (
	"errors"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/notation"
)

func TestNiceTicks(t *testing.T) {
	for _, tc := range []struct {
		name    string
		t       RoundTicks
		lo, hi  float64
		labels  []string
		minStep float64
	}{
		{"plane", RoundTicks{}, 0.55, 4.45, []string{"1", "2", "3", "4"}, 0},
		{"negative", RoundTicks{}, -1.3, 1.3, []string{"−1.0", "−0.5", "0.0", "0.5", "1.0"}, 0},
		// Steps of 50 would label only 0 and 50 (the Cauchy–Schwarz figure).
		{"two steps of 50", RoundTicks{}, -8, 95, []string{"0", "20", "40", "60", "80"}, 0},
		{"two steps of 2", RoundTicks{}, -1.6, 4.1, []string{"−1", "0", "1", "2", "3", "4"}, 0},
		{"small", RoundTicks{}, 0, 0.03, []string{"0.00", "0.01", "0.02", "0.03"}, 0},
		{"contour", RoundTicks{}, -1.5, 1, []string{"−1.5", "−1.0", "−0.5", "0.0", "0.5", "1.0"}, 0},
		{"iterations", RoundTicks{MinStep: 1}, -0.3, 3.3, []string{"0", "1", "2", "3"}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, tk := range tc.t.Ticks(tc.lo, tc.hi) {
				if tk.Label != "" {
					got = append(got, tk.Label)
				}
				if tk.Value < tc.lo || tk.Value > tc.hi {
					t.Errorf("tick %v outside [%v, %v]", tk.Value, tc.lo, tc.hi)
				}
			}
			if !slices.Equal(got, tc.labels) {
				t.Errorf("labels %q, want %q", got, tc.labels)
			}
		})
	}
	if got := (RoundTicks{}).Ticks(0, math.Inf(1)); got != nil {
		t.Errorf("infinite range: %v ticks, want none", len(got))
	}
}

// TestLogAxisLabels checks that the logarithmic axes of the notebooks'
// figures label at least two values inside their range, so that a reader
// can tell the scale.
func TestLogAxisLabels(t *testing.T) {
	for _, tc := range []struct {
		name string
		x, y []float64
	}{
		{"epoch limits", []float64{10, 30, 100, 300, 1000, 3000, 10000}, []float64{50, 40, 30, 20, 20, 10, 5}},
		{"C", []float64{0.01, 0.1, 1, 10, 100}, []float64{0.9, 0.95, 0.97, 0.97, 0.96}},
		{"N", []float64{25, 50, 100, 200, 400, 800}, []float64{3e6, 6e6, 1.2e7, 2.4e7, 4.8e7, 1e8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Lines{LogX: true, Series: []Series{{X: tc.x, Y: tc.y}}}.Plot()
			if err != nil {
				t.Fatal(err)
			}
			labelled := 0
			for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
				if tk.Label != "" && tk.Value >= p.X.Min && tk.Value <= p.X.Max {
					labelled++
				}
			}
			if labelled < 2 {
				t.Errorf("%d labelled ticks inside [%v, %v], want at least 2", labelled, p.X.Min, p.X.Max)
			}
		})
	}
}

func TestLinesLossTable21(t *testing.T) {
	// L(w, b) = −Σ yᵢ(w·xᵢ + b) over the misclassified points, at the weights
	// of Table 2.1 before each step's check (values for the test only).
	loss := []float64{0, 0, 18, 6, 2, 6, 12, 2, 0}
	p, err := Lines{Title: "L(w, b) along Table 2.1", XLabel: "k", YLabel: "L(w, b)", Values: true,
		Series: []Series{{Y: loss}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if !(p.X.Min < 0 && p.X.Max > 8 && p.Y.Min < 0 && p.Y.Max > 18) {
		t.Errorf("range [%v, %v]×[%v, %v] misses a point", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	if tk, ok := p.X.Tick.Marker.(RoundTicks); !ok || tk.MinStep != 1 {
		t.Errorf("x ticks %T %+v, want integer steps", p.X.Tick.Marker, p.X.Tick.Marker)
	}
	ts := drawTexts(p, Width, Height)
	checkGlyphs(t, ts)
	for _, s := range []string{"18", "12", "6", "L(w, b) along Table 2.1", "k"} {
		if _, ok := findText(ts, s); !ok {
			t.Errorf("%q not drawn", s)
		}
	}
}

func TestLinesSharedValues(t *testing.T) {
	// L(w, b) and |M| along Table 2.1 (notebook 01): both are 1 at k = 3
	// and 0 at k = 7, where one black label stands for both.
	l := []float64{0, 7, 4, 1, 4, 5, 2, 0}
	m := []float64{3, 1, 1, 1, 2, 1, 1, 0}
	_, layers, err := Lines{Values: true, Series: []Series{{Name: "L", Y: l}, {Name: "|M|", Y: m}}}.plot()
	if err != nil {
		t.Fatal(err)
	}
	var ll Labels
	for _, x := range layers {
		if x, ok := x.(Labels); ok {
			ll = x
		}
	}
	if len(ll.Items) != 2*len(l)-2 {
		t.Fatalf("%d value labels, want %d (two shared)", len(ll.Items), 2*len(l)-2)
	}
	for _, it := range ll.Items {
		shared := it.At == plotter.XY{X: 3, Y: 1} || it.At == plotter.XY{X: 7, Y: 0}
		if Black := it.Color == color.Color(Black); Black != shared {
			t.Errorf("label %q at %v: black %v, want %v", it.Text, it.At, Black, shared)
		}
	}
	// The labels keep clear of both series' lines.
	if len(ll.Paths) != 2 {
		t.Errorf("labels avoid %d paths, want 2", len(ll.Paths))
	}
}

func TestLinesBound(t *testing.T) {
	// A series equal to its bound, as ŵₖ·ŵₒₚₜ = kηγ along Table 2.1: the
	// bound is drawn first, wide, dashed and without markers, the data on top.
	k := []float64{0, 1, 2, 3}
	_, layers, err := Lines{Series: []Series{{Name: "data", X: k, Y: k}, {Name: "bound", X: k, Y: k, Bound: true}}}.plot()
	if err != nil {
		t.Fatal(err)
	}
	if len(layers) != 4 {
		t.Fatalf("%d layers, want the bound, the data's line and marks, the legend", len(layers))
	}
	bound, ok := layers[0].(*plotter.Line)
	if !ok || bound.LineStyle.Width != vg.Points(boundLineWidth) || len(bound.LineStyle.Dashes) == 0 {
		t.Errorf("first layer %T %+v, want the wide dashed bound", layers[0], layers[0])
	}
	data, ok := layers[1].(*plotter.Line)
	if !ok || !(data.LineStyle.Width < bound.LineStyle.Width) {
		t.Errorf("second layer %T, want the data's line, narrower than the bound", layers[1])
	}
	if typeName(layers[2]) != "Scatter" {
		t.Errorf("third layer %s, want the data's marks", typeName(layers[2]))
	}
}

func TestLinesCosts(t *testing.T) {
	n := []float64{10, 100, 1000, 10000}
	p, err := Lines{Title: "cost", XLabel: "N", YLabel: "seconds", LogX: true, LogY: true, Series: []Series{
		{Name: "dual", X: n, Y: []float64{1e-6, 1e-4, 1e-2, 1}},
		{Name: "primal", X: n, Y: []float64{1e-5, 1e-4, 1e-3, 1e-2}},
	}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := p.X.Scale.(plot.LogScale); !ok {
		t.Errorf("x scale %T, want plot.LogScale", p.X.Scale)
	}
	if _, ok := p.Y.Scale.(plot.LogScale); !ok {
		t.Errorf("y scale %T, want plot.LogScale", p.Y.Scale)
	}
	if !(p.X.Min < 10 && p.X.Max > 1e4 && p.Y.Min < 1e-6 && p.Y.Max > 1) {
		t.Errorf("range [%v, %v]×[%v, %v] misses a point", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	checkLegendOutside(t, p, []string{"dual", "primal"}, Width, Height)

	for _, tc := range []struct {
		name string
		l    Lines
		want error
	}{
		{"zero on log axis", Lines{LogY: true, Series: []Series{{Y: []float64{0, 1}}}}, ErrNotPositive},
		{"NaN", Lines{Series: []Series{{Y: []float64{math.NaN()}}}}, ErrNotFinite},
		{"empty", Lines{Series: []Series{{Name: "none"}}}, ErrEmpty},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := tc.l.Plot(); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}

// TestLogAxisPowersOfTen checks that a logarithmic axis labels its powers
// of ten exactly (gonum's own labels come out as "10.000000000000007" or
// "1.0000000000000002e-13"): as decimals from 0.001 to 10000, as powers
// 10⁻⁵ beyond, never as 1e−05.
func TestLogAxisPowersOfTen(t *testing.T) {
	for _, r := range [][2]float64{{1e-17, 20}, {1e-3, 1e4}, {0.05, 3}, {2e-7, 0.5}} {
		labelled := 0
		ticks := (LogTicks{}).Ticks(r[0], r[1])
		decimals := math.Log10(r[0]) >= -3-1e-9 && math.Log10(r[1]) <= 4+1e-9
		for _, tk := range ticks {
			if tk.Label == "" {
				continue
			}
			labelled++
			e := math.Round(math.Log10(tk.Value))
			want := "10" + notation.Superscript(strings.Replace(strconv.Itoa(int(e)), "-", "−", 1))
			if decimals {
				want = strings.Replace(strconv.FormatFloat(math.Pow(10, e), 'g', -1, 64), "-", "−", 1)
			}
			if tk.Label != want && math.Abs(math.Log10(tk.Value)-e) < 1e-9 {
				t.Errorf("range %v: tick at %v labelled %q, want %q", r, tk.Value, tk.Label, want)
			}
			if len([]rune(tk.Label)) > 6 {
				t.Errorf("range %v: label %q longer than 6 characters", r, tk.Label)
			}
		}
		if labelled < 2 {
			t.Errorf("range %v: %d labels", r, labelled)
		}
		// Over many decades the ticks at 2…9 times a power would run into a
		// black bar: only the powers themselves are ticked.
		if math.Log10(r[1]/r[0]) > 6 {
			for _, tk := range ticks {
				if e := math.Log10(tk.Value); math.Abs(e-math.Round(e)) > 1e-9 {
					t.Errorf("range %v: minor tick at %v between the powers of ten", r, tk.Value)
				}
			}
		}
	}
}
