package figures

import (
	"testing"

	"gonum.org/v1/plot/vg"
)

// BenchmarkRender measures what a notebook plot cell pays after building
// the figure: Render to SVG and PNG (the display package sends both).
func BenchmarkRender(b *testing.B) {
	x, y := bookData()
	plane, err := Plane{Title: "Example 7.1", X: x, Y: y, Names: PointNames(3), FreeIndices: []int{0, 2},
		Boundaries: []Boundary{{Line: Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true}}}.Plot()
	if err != nil {
		b.Fatal(err)
	}
	steps, err := table21Grid(8, 4)
	if err != nil {
		b.Fatal(err)
	}
	contour, err := Contour{F: sExample72, View: Rect{XMin: -0.5, XMax: 2, YMin: -1.5, YMax: 1}}.Plot()
	if err != nil {
		b.Fatal(err)
	}
	for _, fig := range []struct {
		name string
		f    Figure
		w, h vg.Length
	}{
		{"plane", plane, Width, AspectHeight(plane, Width)},
		{"steps", steps, Wide, AspectHeight(steps, Wide)},
		{"contour", contour, Width, AspectHeight(contour, Width)},
	} {
		for _, formats := range [][]string{{"svg"}, {"png"}, {"svg", "png"}} {
			name := fig.name + "/" + formats[0]
			if len(formats) == 2 {
				name = fig.name + "/svg+png"
			}
			b.Run(name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					for _, f := range formats {
						if _, err := Render(fig.f, fig.w, fig.h, f); err != nil {
							b.Fatal(err)
						}
					}
				}
			})
		}
	}
}

// BenchmarkBuild measures building figures, without rendering.
func BenchmarkBuild(b *testing.B) {
	x, y := bookData()
	b.Run("plane", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := (Plane{X: x, Y: y, Names: PointNames(3), Boundaries: []Boundary{{Line: Line{W: []float64{1, 1}, B: -3}, Distances: []int{0, 1, 2}}}}).Plot(); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("contour", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := (Contour{F: sExample72, View: Rect{XMin: -0.5, XMax: 2, YMin: -1.5, YMax: 1}}).Plot(); err != nil {
				b.Fatal(err)
			}
		}
	})
}
