// Package figures builds the gonum/plot figures of the notebooks: data in the
// plane with hyperplanes and margins, the perceptron's iterations, Novikoff's
// proof inequalities, the quadratic of the Cauchy–Schwarz proof, the contour
// of s(α1, α2) of Example 7.2, the soft-margin sweep over C and Figure 7.6
// (the 0-1, hinge and perceptron losses).
//
// Builders return *plot.Plot values (or plotters) and never save, choose a
// size or touch globals; callers pass Width, Height or SquareSide when they
// render. Points of the two classes differ in shape as well as colour.
package figures
