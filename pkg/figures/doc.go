// Package figures holds the reusable plotters, the house style and the
// rendering of the notebooks' gonum/plot figures: data in the plane with
// hyperplanes, margins and decision regions, sequences and curves,
// contours and bars, small multiples, and the fonts that set their words
// in English or Chinese. Package gallery builds the book's figures from
// them (Figure 7.6, Figure 7.8, Novikoff's mistake bound, the quadratic of
// the Cauchy–Schwarz proof, …); a student builds their own the same way.
//
// A figure of the plane in a few lines, from a fitted SVM:
//
//	res, err := svm.Exact{}.Fit(x, y)
//	p, err := figures.Plane{X: x, Y: y, Names: figures.PointNames(3),
//		Boundaries:  []figures.Boundary{{Line: figures.Line{W: res.W, B: res.B}, Margins: true}},
//		FreeIndices: res.FreeIndices, BoundedIndices: res.BoundedIndices,
//	}.Plot()
//	err = figures.Save(p, "example72.png") // at the house size, figures.Size(p)
//
// or, piece by piece, on a plot of one's own (see ExampleEqualAxes):
//
//	res, err := svm.Exact{}.Fit(x, y)
//	p, err := figures.NewPlot(lang.English) // the edition's fonts and sizes
//	r, err := figures.NewRegions(res)       // any classify.Classifier
//	h, err := figures.NewHyperplane(res.W, res.B)
//	c, err := figures.NewClasses(x, y)
//	sv, err := figures.NewSupportVectors(x, res.FreeIndices, res.BoundedIndices)
//	p.Add(r, h, c, sv)
//	figures.EqualAxes(p, figures.Rect{}) // house ticks, one scale on both axes
//
// # Plotters
//
// The pieces of the figures of the plane are gonum/plot plotters that a
// student adds to a *plot.Plot of their own, next to gonum's, and saves
// with gonum's (*plot.Plot).Save or with Save. Their default styles
// compose: a region boundary (dash-dotted) stays visible on a hyperplane
// (solid) and its margins (dashed). EqualAxes and the tickers RoundTicks and
// LogTicks give such a plot the house look.
//
//   - Classes: labelled points, the class +1 and −1 told apart by shape and
//     colour (two plotter.Scatter).
//   - Hyperplane: the line w·x + b = 0 of a linear model and its margins
//     w·x + b = ±1, clipped to the range the plot shows.
//   - Regions: the decision regions of any classify.Classifier, linear or
//     kernel, with its boundary f(x) = 0.
//   - SupportVectors: the support vectors of an SVM ringed by KKT class,
//     from the index sets FreeIndices and BoundedIndices of an svm.Result.
//   - Labels: texts beside points, each placed where it stays inside the
//     data area and clear of the marks, the lines and the other labels.
//   - Arrow: an arrow between two points (the normal w, an update's step);
//     Fill: a convex region tinted, and hatched for print.
//
// # House style
//
// A plot of one's own matches the figures here when it starts from
// NewPlot (the edition's fonts and the title and label sizes), keeps its
// legend outside the data (SideLegend, with the thumbnails GlyphThumb,
// LineThumb and BoxThumb for marks no plotter of the plot draws) and draws
// in the house palette (Blue and Vermillion for the classes +1 and −1,
// Green, Purple, Orange, Sky, Yellow, Black, Grey, InfeasibleTint) at the
// house sizes (MarkerRadius, RingRadius, LineWidth, ThinLineWidth,
// LabelFontSize): SeriesLine(i) and SeriesGlyph(i) are the styles of the
// i-th series of Lines, ThickCrossGlyph the cross of a Contour's
// candidates, PanelStyle the smaller text of a panel of small multiples,
// and Rect.ClipLine the segment of a Line a view shows. Package gallery's
// builders of the book's figures are built from these pieces.
//
// # Builders
//
// Builders compose the plotters into figures of the kinds the notebooks
// show. They take plain values — a mat.Matrix of points with []float64
// labels, slices, functions, a classify.Classifier, and the small structs
// of this package (Line, Boundary, Series, Curve, Candidate) — never the
// result types of the algorithm packages, so a caller adapts a result in
// a line or two (package gallery does, for each figure of the book). They return a *plot.Plot, or a *Grid of small multiples, and
// never save, choose a size or touch gonum's globals. Both are a Figure;
// Size gives its house size (sizes live in size.go only), Render turns it
// into SVG, PNG or PDF bytes, and Save writes it to a file in the format
// its extension names.
//
// What each builder draws, with the book's section (Li Hang, Statistical
// Learning Methods, 2nd ed.) and the notebook where it appears:
//
//   - Plane: points of T in the plane, decision boundaries w·x + b = 0
//     written as the book writes them (package notation), the margins
//     w·x + b = ±1, the normal w, and the distances |w·xᵢ + b|/‖w‖ of §2.2
//     drawn perpendicular and labelled; the regions of any classifier;
//     support vectors ringed by their KKT class of §7.3, from the index
//     sets of an svm.Result (αᵢ = 0 unmarked, 0 < αᵢ < C ringed, αᵢ = C
//     boxed).
//     notebooks/01-distance-loss, 03-dual-form-gram, 08-svm-dual-example.
//     NewPlaneGrid lays several out as small multiples with one legend
//     (gallery.PerceptronSteps: one panel per row of Table 2.1).
//   - Lines: sequences against k or N — the loss L(w, b) = −Σ yᵢ(w·xᵢ + b)
//     over the misclassified points along Table 2.1 (not monotone), or the
//     cost of the dual and primal forms as N and d vary (log axes).
//     notebooks/01-distance-loss, 03-dual-form-gram.
//     (The two inequalities of Novikoff's proof along a run, a pair of
//     Lines, are gallery.Novikoff.)
//   - Contour: s(α1, α2) = 4α1² + (13/2)α2² + 10α1α2 − 2α1 − 2α2 of
//     Example 7.2 over α ≥ 0, the stationary point (3/2, −1) outside it and
//     the boundary candidates (0, 2/13) and (1/4, 0), each on a level curve
//     tangent to the boundary. notebooks/08-svm-dual-example.
//   - Curves (NewCurvesGrid for small multiples): functions of one
//     variable with points marked on them and shaded intervals — the
//     primal function, the Lagrangians L(x, α) and the dual function
//     θ_D(α) of Appendix C on a problem of one variable, or a cloud of
//     θ_D values under the bound p* (Theorem C.1).
//     notebooks/07-lagrange-duality.
//   - Bars: named values side by side, such as the time of several solvers.
//
// The figures that only the book draws are package gallery's, built from
// these builders and the plotters and house style above: gallery.Figure76
// (Figure 7.6, the 0-1, hinge and perceptron losses), gallery.SMOBoxes and
// gallery.PairBox (Figure 7.8, a step of SMO in the box of its two
// variables), gallery.MistakesVsBound (Novikoff's bound (R/γ)² against the
// mistakes of many runs) and gallery.Quadratics (the quadratic of the
// Cauchy–Schwarz proof).
//
// # Languages and fonts
//
// Every word a figure adds is chosen by the language of the edition,
// lang.Lang (a Lang field or parameter: English by default, or the
// book's Chinese terms: 正例, 负例, 分离超平面, 间隔边界, 支持向量,
// 函数间隔, 损失 …); numbers, vectors and equations are written by package
// notation as in the tables and printed output, with exact fractions where
// the value is one and the book's coordinates (½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0, −2/13).
//
// Latin text is set in the Liberation fonts gonum embeds, which cover
// Greek and the mathematical signs used here (−, ·, ‖, ≤, ≥). Superscripts
// and subscripts (the parentheses of x⁽¹⁾, the index of αⱼ, which no font
// here has, and ², ᵢ, which some have) are drawn alike, as their base
// characters smaller and raised or lowered; a subscript Unicode lacks,
// the D of θ_D, is written "θ" + Subscript("D") and drawn the same way. Chinese is set in WenQuanYi Micro Hei (the Debian package
// fonts-wqy-microhei), read at run time, character by character where
// Liberation has no glyph (NewPlot); a Chinese figure without it is an
// error wrapping ErrFont, never a figure of empty boxes. Render embeds the
// Chinese as glyph outlines in PDF and names CJK fallback fonts in SVG.
// Package figtest checks what a figure draws: labels inside the figure,
// apart, and drawn with glyphs.
//
// # Readability
//
// The figures are meant to be exported into study notes and printed:
//
//   - the class +1 is a filled circle and −1 a filled triangle, in the blue
//     and vermillion of the Okabe–Ito palette (Okabe & Ito 2008), safe for
//     the common colour-vision deficiencies; series differ by colour, dash
//     and marker shape together, so no figure relies on colour alone;
//   - legends stand outside the data area (SideLegend), so they never cover
//     data, and keep a margin from the figure's edge; labels beside points
//     are placed clear of the marks, the lines and each other, on a
//     translucent white box;
//   - a bound drawn with data (Series.Bound) lies under it, wide and
//     dashed, so that data equal to the bound stays visible;
//   - figures of the plane have equal ranges on both axes, ticks at the same
//     round step, and a square data area at the height AspectHeight gives;
//     PlaneWidth leaves that area room beside the legend;
//   - every figure has a title and axis labels.
//
// In PDF, Render draws text as glyph outlines, because gonum's PDF backend
// encodes strings in code page 1252 and would garble Greek letters.
//
// Sources: M. Okabe and K. Ito, Color Universal Design (2008); the viridis colour map
// of S. van der Walt and N. Smith (matplotlib, 2015) for contour levels.
package figures
