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
		lines []lineLayer
		paths [][]plotter.XY
	}{
		{"line", []lineLayer{{W: [2]float64{0, 1}, B: -5}}, nil},
		{"path", nil, [][]plotter.XY{{{X: 0, Y: 5}, {X: 10, Y: 5}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := plot.New()
			setView(p, Rect{XMin: 0, XMax: 10, YMin: 0, YMax: 10})
			p.Add(labelLayer{Items: []label{{At: plotter.XY{X: 5, Y: 5}, Text: "label", Size: labelFontSize, Color: black, Prefer: dirE}},
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
				ext := labelStyle(labelFontSize, black, draw.XLeft, draw.YBottom).FontExtents()
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
		Hyperplanes: []Hyperplane{{W: []float64{1, 1}, B: -3, Distances: []int{0, 1, 2}}}}.Plot()
	if err != nil {
		t.Fatal(err)
	}
	l := NewSideLegend()
	const entry = "distance |w·x + b|/‖w‖" // the longest entry
	for _, w := range []vg.Length{Width, SquareSide} {
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
