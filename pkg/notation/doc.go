// Package notation writes numbers, vectors and linear equations the way Li
// Hang's Statistical Learning Methods prints them: exact fractions where the
// value is one with a small denominator (−2/13, not −0.1538), vectors as
// (3, 3), a true minus sign, and the coordinates of a point as x⁽¹⁾, x⁽²⁾:
//
//	Number(-2.0/13)                    −2/13
//	Vector([]float64{0.5, 0.5})        (1/2, 1/2)
//	Equation([]float64{0.5, 0.5}, -2)  ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0
//
// Every table, figure label and printed line of the notebooks and of the
// command line's text output goes through it, in one of three styles: Text
// (Unicode, for Markdown, printed output and figures, which draw its
// superscripts), Plain (for text without superscripts, such as a CSV
// header: x(1)) and LaTeX (for display math). The
// package writes no words, so it serves every language edition alike.
package notation
