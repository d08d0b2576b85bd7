package gallery

import (
	"image/color"
	"math"
	"math/rand/v2"
	"strings"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 10-kernels, §7.3.1: the book's Figure 7.7, a classification
// problem that an ellipse solves and no line does, turned into a linear one
// by the map z = φ(x) = ((x⁽¹⁾)², (x⁽²⁾)²).

func figure77Entries() []Entry {
	return []Entry{
		entry("10-kernels-figure77-ellipse", "10-kernels",
			"Figure 7.7: an ellipse separates the classes in the input space; the map z = ((x⁽¹⁾)², (x⁽²⁾)²) makes it the line of the linear SVM in the feature space",
			Figure77),
	}
}

// EllipseMap is the map of Li Hang §7.3.1, z = φ(x) = ((x⁽¹⁾)², (x⁽²⁾)²)
// from the plane to the plane. It panics unless len(x) = 2.
func EllipseMap(x []float64) []float64 {
	if len(x) != 2 {
		panic("gallery: EllipseMap takes points of R²")
	}
	return []float64{x[0] * x[0], x[1] * x[1]}
}

// EllipseData returns the data of Figure 7.7 (§7.3.1): positive points
// inside the ellipse (x⁽¹⁾)²/4 + (x⁽²⁾)² = 1 and negative points outside it,
// Eight of them lie on the ellipses
// (x⁽¹⁾)²/4 + (x⁽²⁾)² = ½ (the positive (±√2, 0), (0, ±√½)) and = 3/2 (the
// negative (±√6, 0), (0, ±√(3/2))); the others, 10 positive and 14
// negative, on ellipses of the same shape with (x⁽¹⁾)²/4 + (x⁽²⁾)² uniform
// in [0, 0.4] and in [1.7, 3], one in each of 10 and 14 equal sectors of
// angle (seed (7, 7)). Under EllipseMap the two ellipses become the parallel
// lines z⁽¹⁾/4 + z⁽²⁾ = ½ and 3/2, each through two points and with no
// point between them: the hard-margin SVM on the images is the line
// z⁽¹⁾/4 + z⁽²⁾ = 1 halfway between, −½z⁽¹⁾ − 2z⁽²⁾ + 2 = 0 with
// functional margin 1.
func EllipseData() *dataset.Set {
	data := []float64{math.Sqrt2, 0, -math.Sqrt2, 0, 0, math.Sqrt(0.5), 0, -math.Sqrt(0.5)}
	y := []float64{1, 1, 1, 1}
	neg := []float64{math.Sqrt(6), 0, -math.Sqrt(6), 0, 0, math.Sqrt(1.5), 0, -math.Sqrt(1.5)}
	rng := rand.New(rand.NewPCG(7, 7))
	// Point i of n on the ellipse (x⁽¹⁾)²/4 + (x⁽²⁾)² = r², r² uniform in
	// [lo, hi], at an angle uniform in the i-th of n equal sectors.
	draw := func(i, n int, lo, hi float64) (float64, float64) {
		r := math.Sqrt(lo + (hi-lo)*rng.Float64())
		t := 2 * math.Pi * (float64(i) + rng.Float64()) / float64(n)
		return 2 * r * math.Cos(t), r * math.Sin(t)
	}
	for i := range 10 {
		x1, x2 := draw(i, 10, 0, 0.4)
		data, y = append(data, x1, x2), append(y, 1)
	}
	for i := range 14 {
		x1, x2 := draw(i, 14, 1.7, 3)
		neg = append(neg, x1, x2)
	}
	data = append(data, neg...)
	for range len(neg) / 2 {
		y = append(y, -1)
	}
	return &dataset.Set{X: mat.NewDense(len(y), 2, data), Y: y, Names: []string{"x(1)", "x(2)"},
		Source: "Li Hang, Statistical Learning Methods, §7.3.1 and Figure 7.7 (generated: notebook 10-kernels)"}
}

// EllipseImages returns the images z = EllipseMap(x) of EllipseData's
// points, one per row.
func EllipseImages() *mat.Dense {
	x, _ := EllipseData().XY()
	n, _ := x.Dims()
	z := mat.NewDense(n, 2, nil)
	for i := range n {
		z.SetRow(i, EllipseMap(x.RawRowView(i)))
	}
	return z
}

// EllipseFit returns the linear SVM (hard margin, svm.SMO at a tight
// tolerance) on EllipseImages: its line w·z + b = 0 is the ellipse
// w₁(x⁽¹⁾)² + w₂(x⁽²⁾)² + b = 0 of the input space.
func EllipseFit() (_ *svm.Result, err error) {
	defer wrapErr("EllipseFit", &err)
	_, y := EllipseData().XY()
	r, err := svm.SMO{Eps: 1e-9}.Fit(EllipseImages(), y)
	if err != nil {
		return nil, errtext.Errorf("gallery: the linear SVM of Figure 7.7: %w", err)
	}
	return r, nil
}

// EllipseEquations returns the boundary of fit w·z + b = 0 written twice in
// notation's Text style: as the ellipse of the input space,
// w₁(x⁽¹⁾)² + w₂(x⁽²⁾)² + b = 0, and as the line of the feature space,
// w₁z⁽¹⁾ + w₂z⁽²⁾ + b = 0.
func EllipseEquations(w []float64, b float64) (ellipse, line string) {
	eq := notation.Equation(w, b) // in x⁽¹⁾, x⁽²⁾
	x1, x2 := "x"+notation.Superscript("(1)"), "x"+notation.Superscript("(2)")
	ellipse = strings.NewReplacer(x1, "("+x1+")²", x2, "("+x2+")²").Replace(eq)
	line = strings.NewReplacer(x1, "z"+notation.Superscript("(1)"), x2, "z"+notation.Superscript("(2)")).Replace(eq)
	return ellipse, line
}

// Figure77 draws the book's Figure 7.7 (非线性分类问题与核技巧示例) with
// EllipseData: on the left the input space, where the ellipse
// w₁(x⁽¹⁾)² + w₂(x⁽²⁾)² + b = 0 separates the classes; on the right the
// feature space of z = ((x⁽¹⁾)², (x⁽²⁾)²), where the same equation is the
// line w₁z⁽¹⁾ + w₂z⁽²⁾ + b = 0 of the linear SVM on the images (EllipseFit)
// and the points on its margins are the support vectors. The words are in
// the language l.
func Figure77(l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("Figure77", &err)
	x, y := EllipseData().XY()
	fit, err := EllipseFit()
	if err != nil {
		return nil, err
	}
	z := EllipseImages()
	ellipse, line := EllipseEquations(fit.W, fit.B)
	const zLeft, zBottom = -0.5, -0.3 // the right panel's view starts here
	z1, z2 := "z"+notation.Superscript("(1)"), "z"+notation.Superscript("(2)")
	g, err := figures.NewPlaneGrid(l.Pick("Figure 7.7: the ellipse in the input space is a line in the feature space",
		"图 7.7：输入空间中的椭圆是特征空间中的直线"), 2,
		figures.Plane{Title: l.Pick("input space: x = (x⁽¹⁾, x⁽²⁾)", "输入空间：x = (x⁽¹⁾, x⁽²⁾)"),
			X: x, Y: y, View: figures.Rect{XMin: -3.6, XMax: 3.6, YMin: -2.2, YMax: 2.2}, Lang: l},
		figures.Plane{Title: l.Pick("feature space: z = φ(x) = ((x⁽¹⁾)², (x⁽²⁾)²)", "特征空间：z = φ(x) = ((x⁽¹⁾)², (x⁽²⁾)²)"),
			XLabel: z1 + " = (x⁽¹⁾)²", YLabel: z2 + " = (x⁽²⁾)²",
			X: z, Y: y, FreeIndices: fit.FreeIndices, BoundedIndices: fit.BoundedIndices,
			View: figures.Rect{XMin: zLeft, XMax: 12.5, YMin: zBottom, YMax: 3.3}, Lang: l})
	if err != nil {
		return nil, err
	}
	style := draw.LineStyle{Color: color.Black, Width: vg.Points(1.5)}
	// The ellipse w₁u² + w₂v² + b = 0, traced by angle: u = a cos t,
	// v = c sin t with a = √(−b/w₁), c = √(−b/w₂).
	w1, w2, b := fit.W[0], fit.W[1], fit.B
	if !(w1*b < 0 && w2*b < 0) {
		return nil, errtext.Errorf("gallery: Figure 7.7: the boundary %s is no ellipse", ellipse)
	}
	a, c := math.Sqrt(-b/w1), math.Sqrt(-b/w2)
	curve := make(plotter.XYs, 201)
	for i := range curve {
		t := 2 * math.Pi * float64(i) / 200
		curve[i] = plotter.XY{X: a * math.Cos(t), Y: c * math.Sin(t)}
	}
	// The line across the right panel's view, from its left edge to its
	// bottom: w₁z⁽¹⁾ + w₂z⁽²⁾ + b = 0.
	straight := plotter.XYs{{X: zLeft, Y: -(w1*zLeft + b) / w2}, {X: -(w2*zBottom + b) / w1, Y: zBottom}}
	for i, pts := range []plotter.XYs{curve, straight} {
		ln, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		ln.LineStyle = style
		g.Panels[0][i].Add(ln)
		name := l.Pick("ellipse ", "椭圆 ") + ellipse
		if i == 1 {
			name = l.Pick("line ", "直线 ") + line
		}
		g.Legend.Add(name, ln)
	}
	return g, nil
}
