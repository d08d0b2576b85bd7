// Package figures holds the reusable plotters and the rendering of the
// notebooks' gonum/plot figures: data in the plane with hyperplanes,
// margins and decision regions, sequences and curves, contours, Novikoff's
// mistake bound, the quadratic of the Cauchy–Schwarz proof and Figure 7.6
// (the 0-1, hinge and perceptron losses). Package gallery builds the
// book's figures from them.
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
//	r, err := figures.NewRegions(res) // any classify.Classifier
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
//
// # Builders
//
// Builders compose the plotters into the notebooks' figures. They take
// plain values — a mat.Matrix of points with []float64 labels, slices,
// functions, a classify.Classifier, and the small structs of this package
// (Line, Boundary, Series, Quadratic, Candidate) — never the result
// types of the algorithm packages, so a notebook adapts a result in a line
// or two. They return a *plot.Plot, or a *Grid of small multiples, and
// never save, choose a size or touch gonum's globals. Both are a Figure;
// Size gives its house size (sizes live in size.go only), Render turns it
// into SVG, PNG or PDF bytes, and Save writes it to a file in the format
// its extension names.
//
// What each figure shows, with the book's section (Li Hang, Statistical
// Learning Methods, 2nd ed.) and the notebook that walks through it:
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
//   - MistakeBound: the mistakes of many perceptron runs against the bound
//     (R/γ)² of Theorem 2.1 (Novikoff 1962), log–log with the line
//     k = (R/γ)². notebooks/04-novikoff. (The two inequalities of the
//     proof along a run, a pair of Lines, are gallery.Novikoff.)
//   - CauchySchwarz: Σ(aᵢx + bᵢ)² = Ax² + 2Bx + C with A = ‖a‖², B = a·b,
//     C = ‖b‖²; it touches 0 (at x = −B/A) exactly when a and b are
//     collinear, whence B² ≤ AC. notebooks/05-cauchy-schwarz.
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
//   - Figure76: Figure 7.6 (Theorem 7.4): the 0-1 loss, the hinge loss
//     [1 − z]₊ and the perceptron loss [−z]₊ against the functional margin
//     z = y(w·x + b). notebooks/09-soft-margin-hinge, whose sweep over C
//     (small multiples of Plane) is gallery.SoftMarginSweep.
//   - PairBox, PairBoxes and SMOStep: a step of SMO in the plane of its two
//     variables, the book's Figure 7.8 (§7.4.1): the box [0, C]², the line
//     α1y1 + α2y2 = ς, the segment [L, H] of α2, the unclipped minimiser of
//     Theorem 7.6 and the clipped step; SMOStep sets it beside the data
//     with the hyperplane after the step. notebooks/11-smo.
//   - Bars: named values side by side, such as the time of several solvers.
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
// Sources: A. B. J. Novikoff, On convergence proofs on perceptrons (1962);
// M. Okabe and K. Ito, Color Universal Design (2008); the viridis colour map
// of S. van der Walt and N. Smith (matplotlib, 2015) for contour levels.
package figures
