// Package report presents the runs of the algorithms the way the book and
// the notebooks show them: the iteration tables of Examples 2.1 and 2.2
// (Tables 2.1 and 2.2), the faces tried by the exact SVM solver, KKT and
// support-vector tables. It returns header and rows of strings, in either
// edition's language (package lang), with every number written by package
// notation; the algorithm packages compute and never format.
//
//	res, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
//	header, rows := report.PrimalTable(res, lang.Chinese) // book Table 2.1
//	notebook.Table(header, rows)                         // or any renderer
//
// Each function takes a result (or a problem) and a lang.Lang and returns
// the table: PrimalTable and DualTable (Tables 2.1 and 2.2), DualAsPrimal,
// LossTable, Outcomes and OutcomeDistances for the perceptron; Candidates,
// SlackTable and SweepTable for the SVM, DualObjective and Quadratic to
// write a problem out as Example 7.2 does; FormTable for the timings of
// package experiment.
package report
