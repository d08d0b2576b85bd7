package figures_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"
	"os"
	"path/filepath"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// The data of Examples 2.1 and 7.1: x1 = (3, 3), x2 = (4, 3) positive,
// x3 = (1, 1) negative.
var (
	bookX = mat.NewDense(3, 2, []float64{3, 3, 4, 3, 1, 1})
	bookY = []float64{1, 1, -1}
)

// A student's own figure: gonum's plot with this package's plotters, the
// classes, the maximum-margin hyperplane of Example 7.1 with its margins,
// and the support vectors ringed; saved with gonum's (*plot.Plot).Save at
// a size of the student's choosing.
func ExampleHyperplane() {
	cl, err := figures.NewClasses(bookX, bookY)
	if err != nil {
		log.Fatal(err)
	}
	h, err := figures.NewHyperplane([]float64{0.5, 0.5}, -2) // w, b of Example 7.1
	if err != nil {
		log.Fatal(err)
	}
	h.Margins = true
	sv, err := figures.NewSupportVectors(bookX, []int{0, 2}, nil) // x1, x3: α* = (1/4, 0, 1/4) of Example 7.2
	if err != nil {
		log.Fatal(err)
	}
	p := plot.New()
	p.Add(cl, h, sv)
	p.Legend.Add("y = +1", cl.Positive)
	p.Legend.Add("y = −1", cl.Negative)
	p.Legend.Add("w·x + b = 0", h)
	p.Legend.Add("support vectors", sv.Free)
	fmt.Printf("x from %.4g to %.4g\n", p.X.Min, p.X.Max)

	path := filepath.Join(os.TempDir(), "example71.png")
	if err := p.Save(4*vg.Inch, 4*vg.Inch, path); err != nil {
		log.Fatal(err)
	}
	fmt.Println("support vectors:", sv.Free.Len())
	// A kernel model has no w: NewHyperplane says so instead of drawing.
	_, err = figures.NewHyperplane(nil, 0)
	fmt.Println(err)
	// Output:
	// x from 1 to 4
	// support vectors: 2
	// figures: not of the plane: a hyperplane of the plane needs w = (w1, w2), got 0 weights
}

// The decision regions of a kernel model, which no line draws: a sum of
// Gaussian bumps around the four points of XOR, with Example 2.1's style
// of classes on top, saved by figures.Save at the house size for its
// extension.
func ExampleRegions() {
	x := mat.NewDense(4, 2, []float64{1, 1, -1, -1, 1, -1, -1, 1})
	y := []float64{1, 1, -1, -1}
	model := &kernel.Expansion{Kernel: kernel.RBF{Gamma: 1}, Support: [][]float64{{1, 1}, {-1, -1}, {1, -1}, {-1, 1}},
		Coef: []float64{1, 1, -1, -1}, D: 2}
	r, err := figures.NewRegions(model)
	if err != nil {
		log.Fatal(err)
	}
	cl, err := figures.NewClasses(x, y)
	if err != nil {
		log.Fatal(err)
	}
	p, err := figures.NewPlot(lang.English)
	if err != nil {
		log.Fatal(err)
	}
	p.Add(r, cl)
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = -2, 2, -2, 2
	path := filepath.Join(os.TempDir(), "xor-regions.svg")
	if err := figures.Save(p, path); err != nil {
		log.Fatal(err)
	}
	w, h := figures.Size(p)
	fmt.Printf("%s: %.4g×%.4g inches\n", filepath.Base(path), w/vg.Inch, h/vg.Inch)
	fmt.Println("f(0.5, 0.5) > 0:", model.Decision([]float64{0.5, 0.5}) > 0)
	// Output:
	// xor-regions.svg: 5×3.75 inches
	// f(0.5, 0.5) > 0: true
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
		Boundaries:  []figures.Boundary{{Line: figures.Line{W: []float64{0.5, 0.5}, B: -2}, Margins: true}},
		FreeIndices: []int{0, 2}, // x1 and x3: α* = (1/4, 0, 1/4) of Example 7.2
	}.Plot()
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("x from %.4g to %.4g, y from %.4g to %.4g\n", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	w, h := figures.Size(p) // PlaneWidth, and the height of one scale
	b, err := figures.Render(p, w, h, "png")
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
	// PNG 780 pixels wide at 120 dpi
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
	// α₁ α₂
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

// The support vectors of a soft-margin SVM ringed from the index sets its
// result has: on the book's data with C = 0.1 both support vectors, x1 and
// x3, have αᵢ = C and are boxed; none is ringed.
func ExampleNewSupportVectors() {
	x, y := dataset.Example21().XY()
	res, err := svm.Exact{C: 0.1}.Fit(x, y)
	if err != nil {
		log.Fatal(err)
	}
	sv, err := figures.NewSupportVectors(x, res.FreeIndices, res.BoundedIndices)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("bounded:", res.BoundedIndices, "ringed:", sv.Free != nil, "boxed:", sv.Bounded.Len())
	// Output:
	// bounded: [0 2] ringed: false boxed: 2
}

// A student's own figure of the plane, composed of the package's plotters
// with their default styles — the decision regions and boundary of a
// model, its hyperplane and margins (which the dash-dotted boundary does
// not hide), the classes and the support vectors — and given the house
// ticks and one scale on both axes by EqualAxes, so that Size and Save
// draw it like the notebooks' figures.
func ExampleEqualAxes() {
	model := classify.Linear{W: []float64{0.5, 0.5}, B: -2} // Example 7.1
	r, err := figures.NewRegions(model)
	if err != nil {
		log.Fatal(err)
	}
	h, err := figures.NewHyperplane(model.W, model.B)
	if err != nil {
		log.Fatal(err)
	}
	h.Margins = true
	cl, err := figures.NewClasses(bookX, bookY)
	if err != nil {
		log.Fatal(err)
	}
	sv, err := figures.NewSupportVectors(bookX, []int{0, 2}, nil)
	if err != nil {
		log.Fatal(err)
	}
	p, err := figures.NewPlot(lang.English)
	if err != nil {
		log.Fatal(err)
	}
	p.Add(r, h, cl, sv)
	figures.EqualAxes(p, figures.Rect{}) // a square around the points
	fmt.Printf("x from %.4g to %.4g, y from %.4g to %.4g\n", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	w, _ := figures.Size(p)
	fmt.Println("drawn PlaneWidth wide:", w == figures.PlaneWidth)
	// Output:
	// x from 0.55 to 4.45, y from 0.05 to 3.95
	// drawn PlaneWidth wide: true
}

// A student's own annotated plot in the house style: the points of
// Example 2.1 named by Labels, which places each name clear of the marks,
// the hyperplane x⁽¹⁾ + x⁽²⁾ − 3 = 0 and the other names, an Arrow for the
// normal w = (1, 1), and a SideLegend whose thumbnails are the plotters
// themselves or LineThumb for a line no plotter draws.
func ExampleLabels() {
	p, err := figures.NewPlot(lang.English)
	if err != nil {
		log.Fatal(err)
	}
	cl, err := figures.NewClasses(bookX, bookY)
	if err != nil {
		log.Fatal(err)
	}
	h, err := figures.NewHyperplane([]float64{1, 1}, -3)
	if err != nil {
		log.Fatal(err)
	}
	pts := []plotter.XY{{X: 3, Y: 3}, {X: 4, Y: 3}, {X: 1, Y: 1}}
	var labels []figures.Label
	for i, q := range pts {
		labels = append(labels, figures.Label{At: q, Text: figures.PointNames(3)[i], Size: figures.LabelFontSize, Color: figures.Black})
	}
	normal := figures.Arrow{From: plotter.XY{X: 1.5, Y: 1.5}, To: plotter.XY{X: 2, Y: 2}, LineStyle: draw.LineStyle{Color: figures.Green, Width: vg.Points(figures.LineWidth)}}
	legend := figures.NewSideLegend()
	p.Add(h, cl, normal, figures.Labels{Items: labels, Avoid: pts, AvoidRadius: vg.Points(figures.MarkerRadius), Lines: []*figures.Hyperplane{h}}, legend)
	legend.Add("x⁽¹⁾ + x⁽²⁾ − 3 = 0", h)
	legend.Add("normal w", normal)
	legend.Add("margin (not drawn)", figures.LineThumb(figures.SeriesLine(1)))
	figures.EqualAxes(p, figures.Rect{})
	w, ht := figures.Size(p)
	ts := figtest.Texts(p, w, ht)
	var names []string
	for _, tx := range ts {
		if strings.HasPrefix(tx.String, "x") && len(tx.String) == 2 {
			names = append(names, tx.String)
		}
	}
	fmt.Println("names drawn:", names)
	fmt.Println("overlapping texts:", len(figtest.Overlaps(ts, 0)))
	fmt.Println("legend:", legend.Names())
	// Output:
	// names drawn: [x1 x2 x3]
	// overlapping texts: 0
	// legend: [x⁽¹⁾ + x⁽²⁾ − 3 = 0 normal w margin (not drawn)]
}
