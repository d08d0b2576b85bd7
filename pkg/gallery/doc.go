// Package gallery defines every figure the notebooks show, once: a builder
// per figure that computes what it draws with the library and draws it
// with pkg/figures' builders and plotters, and the catalogue All that the
// command line ("marginnotes figures", "make figures") writes to files for
// study notes.
//
//	g, err := gallery.Table21Steps(lang.English) // one figure, as notebook 02 shows it
//	w, h := figures.Size(g)
//	notebook.Show(g, w, h)
//	for _, e := range gallery.All() { // every figure, as study notes
//		f, err := e.Build(lang.Chinese)
//		if err != nil {
//			return err
//		}
//		if err := figures.Save(f, e.Name+".png"); err != nil {
//			return err
//		}
//	}
//
// Package figures keeps the reusable plotters (Plane, Lines, Curves,
// Contour, Labels, …), the house style (palette, sizes, legends) and the
// rendering; the builders of the book's figures live here. Most adapt a
// figures builder to the book's data; a few draw what only the book
// draws, from gonum/plot plotters and figures' house pieces: Figure76
// (Figure 7.6, the losses against the functional margin), SMOBoxes and
// PairBox (Figure 7.8, a step of SMO in the box of its two variables),
// MistakesVsBound (Novikoff's bound, Theorem 2.1, against the mistakes of
// many runs; Novikoff 1962) and Quadratics (the quadratic of the
// Cauchy–Schwarz proof). Some take a run's values as well: Novikoff (the
// two inequalities of Theorem 2.1's proof along any run) and
// PerceptronSteps (any run in the plane, panel by panel, as Table 2.1).
//
// A figure defined both in a notebook cell and in a program would drift
// apart, so a notebook's plot cell and the catalogue call the same builder
// with the same inputs:
//
//   - for the book's data (Examples 2.1, 7.1 and 7.2; Figure 7.6) and the
//     shipped iris data the builder takes no data, only the language:
//     Table21Steps, Example72Contour, Figure76, IrisPetals, …;
//   - for generated or split data it takes the data, which notebook and
//     catalogue get from the same constructor: XORData, RingsData,
//     SoftMarginData, CancerSplit, EpochLimits, CauchySchwarzPairs, …;
//   - for an experiment whose result the notebook also prints (the timing
//     sweep of the two perceptron forms, the mistake-bound trials) it takes
//     that result, which both get from the same function: FormSweep,
//     MarginTrials.
//
// Solver settings that a notebook's printed numbers share with a figure are
// constants here (SweepEps, SoftMarginC, FormD, …), so the cell and the
// figure cannot disagree either. Builders return a *plot.Plot or a
// *figures.Grid and never save or choose a size: figures.Size gives the
// house size of every figure, at which notebooks show it and
// figures.Save writes it.
//
// # Languages
//
// Every builder takes the language of the edition, lang.Lang, as its last
// argument, and every word its figure shows — titles, axis labels, legends,
// annotations — is in that language: the notebooks pass their edition's
// language (the edition variable of their setup cell), Entry.Build takes
// it, and "marginnotes figures --lang zh" writes the Chinese set.
//
// # The figures, by notebook
//
//   - 01-distance-loss (Li Hang §2.1–2.2): Example21Distances,
//     Table21Misclassified, Table21Loss.
//   - 02-primal-form (Algorithm 2.1, Example 2.1): Table21Steps,
//     Example21Outcomes, XORLinear.
//   - 03-dual-form-gram (Algorithm 2.2, Example 2.2): FormCosts (the cost
//     model of the primal and dual forms), KernelRegions.
//   - 04-novikoff (Theorem 2.1): NovikoffProof, MistakesVsBound.
//   - 05-cauchy-schwarz: Quadratics.
//   - 06-max-margin (§7.1.1–7.1.3, Algorithm 7.1, Example 7.1):
//     MarginRescaling, Example71Primal, PerceptronMargins.
//   - 07-lagrange-duality (Appendix C): DualitySquare, DualityNoSlater,
//     WeakDualityExample72 (on Example72Alphas).
//   - 08-svm-dual-example (Examples 7.1, 7.2): Example72Contour,
//     Example72Margin.
//   - 09-soft-margin-hinge (Algorithm 7.3, Theorem 7.4, Figure 7.6):
//     SoftMarginBInterval, SoftMarginSweep, Figure76.
//   - 10-kernels (§7.3, Algorithm 7.4): KernelSVMRegions of KernelFits, for
//     PolynomialKernels and GaussianKernels on KernelSets.
//   - 11-smo (§7.4, Algorithm 7.5): SMOBoxes (Figure 7.8, the two steps
//     SMOBoxSteps gives as PairBox values).
//   - 12-real-data: IrisPetals, PocketErrors, CancerAccuracy.
//   - 13-exercises-ch2 (exercises 2.1–2.3): XORHulls, Exercise22Steps,
//     Example21Hulls, HullPanels.
//   - 14-exercises-ch7 (exercises 7.1–7.4): PerceptronVsSVM,
//     Exercise72Margin, SquaredSlackPlane, SquaredHingeLosses,
//     PolynomialSpectra.
//
// # Sliders
//
// PrimalFrames (Algorithm 2.1 update by update, in the book's orders and the
// other cyclic ones), DualFrames (Algorithm 2.2 with the Gram entries each
// check reads), MarginFrames (mistakes against (R/γ)² as the margin γ of the
// data shrinks), SoftMarginFrames (the soft margin over C from 0.01 to
// 100) and SMOFrames (the book's SMO step by step, the pair in its box)
// return figures.Sequence values, one figures.Frame per state with its text
// and table rows, for package notebook's Slider in notebooks 02, 03, 04, 09
// and 11. They take the language of the edition for their words.
//
// Every entry's figure is the same on every machine, so files written twice
// do not differ. FormTimes, the measured wall times of notebook
// 03-dual-form-gram, is the one figure left out of the catalogue for that
// reason: FormCosts draws the deterministic operation counts of the same runs
// instead.
//
// # Names
//
// Entry names are stable file names: the notebook's two-digit number, its
// topic and what the figure shows ("08-svm-dual-s-contour"). Match selects
// entries by a shell pattern on the name.
package gallery
