package loss

import "gonum.org/v1/gonum/mat"

// Accuracy returns the fraction of the rows xᵢ of x that the classifier f
// gets right, counting xᵢ as right when yᵢ·f(xᵢ) > 0: one minus the mean
// Mistake loss of the margins yᵢf(xᵢ). f may return a decision value (w·x +
// b, a kernel expansion) or a prediction in {−1, +1}; with a linear f it
// equals 1 − EmpiricalRisk(Mistake, x, y, w, b). It is how notebook
// 08-real-data scores the perceptrons and SVMs on held-out data.
//
// It panics if len(y) is not the number of rows of x.
func Accuracy(f func(x []float64) float64, x mat.Matrix, y []float64) float64 {
	n, d := x.Dims()
	if len(y) != n {
		panic(errLabels)
	}
	row := make([]float64, d)
	right := 0
	for i := range n {
		mat.Row(row, i, x)
		if y[i]*f(row) > 0 {
			right++
		}
	}
	return float64(right) / float64(n)
}
