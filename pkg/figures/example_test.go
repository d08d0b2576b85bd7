package figures_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/pkg/figures"
)

// The data of Examples 2.1 and 7.1: x1 = (3, 3), x2 = (4, 3) positive,
// x3 = (1, 1) negative.
var (
	bookX = mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	bookY = []float64{1, 1, -1}
)

func ExampleEquation() {
	fmt.Println(figures.Equation([]float64{1, 1}, -3))     // Example 2.1
	fmt.Println(figures.Equation([]float64{2, 1}, -5))     // the book's other visiting order
	fmt.Println(figures.Equation([]float64{0.5, 0.5}, -2)) // Example 7.1
	// Output:
	// x(1) + x(2) − 3 = 0
	// 2x(1) + x(2) − 5 = 0
	// 0.5x(1) + 0.5x(2) − 2 = 0
}

// Example 7.1: the maximum-margin hyperplane, its margins and the support
// vectors x1 and x3 (α* = (1/4, 0, 1/4) of Example 7.2), rendered as PNG at a
// height that gives both axes one scale.
func ExamplePlane() {
	p, err := figures.Plane{
		Title:       "Example 7.1: maximum margin",
		X:           bookX,
		Y:           bookY,
		Names:       figures.PointNames(3),
		Hyperplanes: []figures.Hyperplane{{W: []float64{0.5, 0.5}, B: -2, Margins: true}},
		Alpha:       []float64{0.25, 0, 0.25},
	}.Plot()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("x from %.4g to %.4g, y from %.4g to %.4g\n", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	h := figures.AspectHeight(p, figures.Width)
	b, err := figures.Render(p, figures.Width, h, "png")
	if err != nil {
		log.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("PNG %d pixels wide at %d dpi\n", img.Bounds().Dx(), figures.DPI)
	// Output:
	// x from 0.55 to 4.45, y from 0.05 to 3.95
	// PNG 600 pixels wide at 120 dpi
}

// Table 2.1 as small multiples: one panel per iteration.
func ExamplePerceptronSteps() {
	steps := []figures.Step{
		{K: 0, Point: -1, W: []float64{0, 0}, B: 0},
		{K: 1, Point: 0, W: []float64{3, 3}, B: 1},
		{K: 2, Point: 2, W: []float64{2, 2}, B: 0},
		{K: 3, Point: 2, W: []float64{1, 1}, B: -1},
		{K: 4, Point: 2, W: []float64{0, 0}, B: -2},
		{K: 5, Point: 0, W: []float64{3, 3}, B: -1},
		{K: 6, Point: 2, W: []float64{2, 2}, B: -2},
		{K: 7, Point: 2, W: []float64{1, 1}, B: -3},
	}
	g, err := figures.PerceptronSteps(bookX, bookY, steps, 4)
	if err != nil {
		log.Fatal(err)
	}
	rows, cols := g.Dims()
	fmt.Printf("%d×%d panels\n", rows, cols)
	fmt.Println(g.Panels[1][3].Title.Text)
	// Output:
	// 2×4 panels
	// k=7: x3 misclassified
	// w = (1, 1), b = −3
}

// Example 7.2: s(α1, α2) over α ≥ 0 with the three candidates of the
// hand solution.
func ExampleContour() {
	s := func(a1, a2 float64) float64 { return 4*a1*a1 + 6.5*a2*a2 + 10*a1*a2 - 2*a1 - 2*a2 }
	cands := []figures.Candidate{{Name: "(3/2, −1)", A1: 1.5, A2: -1}, {Name: "(0, 2/13)", A1: 0, A2: 2.0 / 13}, {Name: "(1/4, 0)", A1: 0.25, A2: 0}}
	p, err := figures.Contour{
		Title:      "Example 7.2",
		F:          s,
		FName:      "s",
		View:       figures.Rect{XMin: -0.5, XMax: 2, YMin: -1.5, YMax: 1},
		Candidates: cands,
	}.Plot()
	if err != nil {
		log.Fatal(err)
	}
	for _, c := range cands {
		fmt.Printf("s%s = %.4g\n", c.Name, s(c.A1, c.A2))
	}
	fmt.Println(p.X.Label.Text, p.Y.Label.Text)
	// Output:
	// s(3/2, −1) = -0.5
	// s(0, 2/13) = -0.1538
	// s(1/4, 0) = -0.25
	// α1 α2
}

// Figure 7.6 with the losses as functions of the functional margin z.
func ExampleFigure76() {
	zeroOne := func(z float64) float64 {
		if z <= 0 {
			return 1
		}
		return 0
	}
	hinge := func(z float64) float64 { return math.Max(0, 1-z) }
	perceptron := func(z float64) float64 { return math.Max(0, -z) }
	p, err := figures.Figure76(zeroOne, hinge, perceptron, nil)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.X.Label.Text)
	fmt.Printf("z from %.4g to %.4g\n", p.X.Min, p.X.Max)
	// Output:
	// functional margin y(w·x + b)
	// z from -2 to 2
}

// Render is the one place a figure becomes bytes; the same call serves a
// *plot.Plot and a *Grid.
func ExampleRender() {
	p, err := figures.Lines{
		Title: "L(w, b) along a run", XLabel: "k", YLabel: "L(w, b)",
		Series: []figures.Series{{Y: []float64{0, 0, 18, 6, 2}}},
	}.Plot()
	if err != nil {
		log.Fatal(err)
	}
	for _, format := range figures.Formats() {
		b, err := figures.Render(p, figures.Width, figures.Height, format)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%s: %q\n", format, b[:5])
	}
	_, err = figures.Render(p, 4*vg.Inch, 3*vg.Inch, "gif")
	fmt.Println(err)
	// Output:
	// svg: "<?xml"
	// png: "\x89PNG\r"
	// pdf: "%PDF-"
	// figures: unknown format: "gif" (want svg, png or pdf)
}
