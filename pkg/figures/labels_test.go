package figures

import (
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

func TestLengthInside(t *testing.T) {
	r := vg.Rectangle{Min: vg.Point{X: 0, Y: 0}, Max: vg.Point{X: 10, Y: 10}}
	for _, tc := range []struct {
		name string
		a, b vg.Point
		want vg.Length
	}{
		{"across", vg.Point{X: -5, Y: 5}, vg.Point{X: 15, Y: 5}, 10},
		{"diagonal", vg.Point{X: -1, Y: -1}, vg.Point{X: 11, Y: 11}, 10 * 1.4142135623730951},
		{"half in", vg.Point{X: 5, Y: 5}, vg.Point{X: 5, Y: 20}, 5},
		{"outside", vg.Point{X: -5, Y: -5}, vg.Point{X: -5, Y: 20}, 0},
		{"along the edge, outside", vg.Point{X: 0, Y: 11}, vg.Point{X: 10, Y: 11}, 0},
		{"inside", vg.Point{X: 2, Y: 2}, vg.Point{X: 2, Y: 6}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lengthInside(tc.a, tc.b, r); !scalar.EqualWithinAbs(float64(got), float64(tc.want), rangeTol) {
				t.Errorf("lengthInside = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestLabelAvoidsLine checks that a label leaves its preferred place when a
// line runs through it: a label preferring the east of a point on the
// horizontal line y = 5 goes above or below the line instead.
func TestLabelAvoidsLine(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lines []*Hyperplane
		paths [][]plotter.XY
	}{
		{"line", []*Hyperplane{{Line: Line{W: []float64{0, 1}, B: -5}}}, nil},
		{"path", nil, [][]plotter.XY{{{X: 0, Y: 5}, {X: 10, Y: 5}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := plot.New()
			setView(p, Rect{XMin: 0, XMax: 10, YMin: 0, YMax: 10})
			p.Add(Labels{Items: []Label{{At: plotter.XY{X: 5, Y: 5}, Text: "label", Size: LabelFontSize, Color: Black, Prefer: East}},
				Lines: tc.lines, Paths: tc.paths})
			var rec recorder.Canvas
			c := draw.NewCanvas(&rec, Width, Height)
			p.Draw(c)
			dc := p.DataCanvas(c)
			lineY := dc.Min.Y + (dc.Max.Y-dc.Min.Y)/2
			found := false
			for _, a := range rec.Actions {
				fs, ok := a.(*recorder.FillString)
				if !ok || fs.String != "label" {
					continue
				}
				found = true
				ext := labelStyle(handlerOf(p), LabelFontSize, Black, draw.XLeft, draw.YBottom).FontExtents()
				// The text's baseline is at fs.Point.Y; it spans descent below
				// and ascent above it.
				lo, hi := fs.Point.Y-ext.Descent, fs.Point.Y+ext.Ascent
				if lo < lineY && hi > lineY {
					t.Errorf("label spans y %v…%v across the line at %v", lo, hi, lineY)
				}
			}
			if !found {
				t.Fatal("label not drawn")
			}
		})
	}
}

// TestSideLegendMargin checks that a side legend's longest entry ends a few
// points before the right edge of the figure, where a browser's font can
// set it a little wider (the e2e test found "‖w‖" touching the edge).
func TestSideLegendMargin(t *testing.T) {
	const minLegendMargin = 5 // points
	x, y := bookData()
	p, err := Plane{X: x, Y: y, Names: PointNames(3),
		Boundaries: []Boundary{{Line: Line{W: []float64{1, 1}, B: -3}, Distances: []int{0, 1, 2}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	l := NewSideLegend()
	const entry = "distance |w·x + b|/‖w‖" // the longest entry
	for _, w := range []vg.Length{Width, PlaneWidth} {
		h := AspectHeight(p, w)
		d, ok := findText(drawTexts(p, w, h), entry)
		if !ok {
			t.Fatalf("%q not drawn", entry)
		}
		end := d.At.X + l.Legend.TextStyle.Width(entry)
		if end > w-vg.Points(minLegendMargin) {
			t.Errorf("width %v: %q ends at %v, want at most %v", w, entry, end, w-vg.Points(minLegendMargin))
		}
	}
}

// TestGridTitlesLineUp checks that the panel titles of a row are drawn at
// one height, also when the panels need different room above their data
// (gonum's layout of a logarithmic axis's label depends on the range).
func TestGridTitlesLineUp(t *testing.T) {
	n := []float64{25, 50, 100, 200, 400, 800}
	left, err := Lines{Title: "d = 1000", YLabel: "multiply–adds", LogX: true, LogY: true,
		Series: []Series{{X: n, Y: []float64{3e6, 6e6, 1.2e7, 2.4e7, 4.8e7, 1e8}}, {X: n, Y: []float64{1e6, 2.6e6, 7e6, 2.5e7, 1e8, 4e8}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	right, err := Lines{Title: "N = 100", YLabel: "multiply–adds", LogX: true, LogY: true,
		Series: []Series{{X: n, Y: []float64{1.2e5, 3.6e5, 1.2e6, 3.6e6, 1.2e7, 3.6e7}}, {X: n, Y: []float64{1e6, 1.1e6, 1.5e6, 2.5e6, 6e6, 1.6e7}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	ts := drawTexts(NewGrid("costs", 2, left, right), Wide, Height)
	a, okA := findText(ts, "d = 1000")
	b, okB := findText(ts, "N = 100")
	if !okA || !okB {
		t.Fatalf("titles drawn: %v, %v", okA, okB)
	}
	if !scalar.EqualWithinAbs(float64(a.At.Y), float64(b.At.Y), rangeTol) {
		t.Errorf("titles at y = %v and %v, want one height", a.At.Y, b.At.Y)
	}
}
