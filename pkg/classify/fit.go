package classify

import "gonum.org/v1/gonum/mat"

// A Fitter fits a classifier to the data x (n×d, one example per row) with
// labels y in {−1, +1}. It is the Fit method of any solver of the library
// seen through FitterOf, so that a program can hold several solvers in one
// slice or map and treat their results alike.
type Fitter func(x mat.Matrix, y []float64) (Classifier, error)

// FitterOf returns the Fit method of a solver, whose result is a pointer to
// the solver's own result type, as a Fitter:
//
//	fitters := map[string]classify.Fitter{
//		"perceptron": classify.FitterOf(perceptron.Primal{}.Fit),
//		"svm":        classify.FitterOf(svm.SMO{C: 1}.Fit),
//	}
//	m, err := fitters["svm"](x, y)
//
// The Fitter returns what fit returns: with an error, the partial result
// when fit gives one (as with ErrNotConverged), and otherwise a nil
// Classifier — a true nil interface, not one holding a nil pointer, so that
// m == nil tells the caller there is no model.
func FitterOf[R any, P interface {
	*R
	Classifier
}](fit func(mat.Matrix, []float64) (P, error)) Fitter {
	return func(x mat.Matrix, y []float64) (Classifier, error) {
		r, err := fit(x, y)
		if r == nil {
			return nil, err
		}
		return r, err
	}
}
