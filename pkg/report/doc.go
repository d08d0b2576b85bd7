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
//
// It also holds the words every notebook cell and figure prints in both
// editions, so that the Chinese edition prints only Chinese: YesNo for a
// boolean (是/否), KernelName for a kernel as the book writes it (多项式核
// (x·z + 1)², 高斯核（σ = 1/√2）), FeatureName for the features of the real
// data sets (萼片长度, 面积均值), List, Percent (5%), and Pad and Width for
// columns that line up by display width. notebooks/README.md lists them.
package report
