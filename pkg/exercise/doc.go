// Package exercise checks a student's answers to the exercises of the notes:
// the book's exercises 2.1–2.3 (notebook 13) and 7.1–7.4 (notebook 14), and
// the notebooks' own numbered exercises whose answer is a value.
//
// Each exercise has one function, named by its number (Ex21 is the book's
// exercise 2.1; NB01Ex3 would be notebook 1's exercise 3), that takes the
// answer as the student wrote it, an any, and the edition's language, and
// returns a Verdict:
//
//	var answer any = exercise.Placeholder     // the answer cell, as saved
//	fmt.Println(exercise.Ex21(answer, lang.English))
//	// not answered yet: replace exercise.Placeholder with λ, a []float64 of 4 weights, one per point
//
// A check derives everything from the problem — the data and the library's
// solvers (separability, perceptron, svm, kernel) — and never compares text,
// so every correct answer passes, not one form of it:
//
//   - numbers are compared within a relative tolerance Tol of the scale of
//     the answer (1/3 may be written 1.0/3 or 0.3333), so decimals printed
//     to four digits pass;
//   - a hyperplane is accepted up to the scaling the question allows (none
//     where (7.13) fixes the functional margin at 1, a positive factor where
//     only the line is asked for);
//   - any valid certificate, any optimal α where the optimum is not unique,
//     any feature map whose inner products give the kernel.
//
// A wrong answer gets ✗ and a hint that names the first thing wrong ("x3 is
// still misclassified: y₃(w·x₃ + b) = −1 ≤ 0"); an answer of the wrong type,
// of the wrong length, nil or not finite gets a verdict that says so, never
// a panic. The placeholder an answer cell starts with, Placeholder, is
// recognised: the saved notebook runs top to bottom and prints "not answered
// yet" (尚未作答) where the student has still to answer.
//
// The generic checks behind the exercises take the problem as arguments
// (Certificate, PerceptronRun, HullDistance, HardMarginDual, MaxMargin,
// SquaredSlackDual, FeatureMap), so that they check the variants a student
// makes up too: another data set, another start, another η, another order.
//
// Verdicts and hints are written in both editions' languages (package lang),
// numbers by package notation.
package exercise
