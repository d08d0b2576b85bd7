package loss_test

import (
	"fmt"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/loss"
)

// The losses of Figure 7.6 of Li Hang at a few functional margins.
func Example() {
	fmt.Println("margin  0-1  perceptron  hinge  logistic")
	for _, z := range []float64{-2, -1, 0, 0.5, 1, 2} {
		fmt.Printf("%6.4g  %3.4g  %10.4g  %5.4g  %8.4g\n",
			z, loss.ZeroOne(z), loss.Perceptron(z), loss.Hinge(z), loss.Logistic(z))
	}
	// Output:
	// margin  0-1  perceptron  hinge  logistic
	//     -2    1           2      3     3.069
	//     -1    1           1      2     1.895
	//      0    0           0      1         1
	//    0.5    0           0    0.5    0.6839
	//      1    0           0      0    0.4519
	//      2    0           0      0    0.1831
}

// The perceptron's loss L(w, b) of Li Hang §2.2 along Table 2.1: not
// monotone, and 0 at k = 0 although every point is then misclassified.
func ExampleSum() {
	x, y := dataset.Example21().XY()
	table21 := []struct {
		w []float64
		b float64
	}{
		{[]float64{0, 0}, 0}, {[]float64{3, 3}, 1}, {[]float64{2, 2}, 0}, {[]float64{1, 1}, -1},
		{[]float64{0, 0}, -2}, {[]float64{3, 3}, -1}, {[]float64{2, 2}, -2}, {[]float64{1, 1}, -3},
	}
	for k, r := range table21 {
		c := classify.Linear{W: r.w, B: r.b}
		fmt.Printf("k=%d  L(w,b)=%.4g  misclassified=%.4g\n", k, loss.Sum(loss.Perceptron, c, x, y),
			loss.Sum(loss.Mistake, c, x, y))
	}
	// Output:
	// k=0  L(w,b)=0  misclassified=3
	// k=1  L(w,b)=7  misclassified=1
	// k=2  L(w,b)=4  misclassified=1
	// k=3  L(w,b)=1  misclassified=1
	// k=4  L(w,b)=4  misclassified=2
	// k=5  L(w,b)=5  misclassified=1
	// k=6  L(w,b)=2  misclassified=1
	// k=7  L(w,b)=0  misclassified=0
}

// The functional margins of Example 2.1's points under the maximum-margin
// hyperplane of Example 7.1, ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0: the support vectors x1
// and x3 have margin 1.
func ExampleMargins() {
	x, y := dataset.Example21().XY()
	fmt.Printf("%.4g\n", loss.Margins(classify.Linear{W: []float64{0.5, 0.5}, B: -2}, x, y))
	// Output:
	// [1 1.5 1]
}

// The error rate of two hyperplanes of Table 2.1 on the book's data, and of
// the perceptron's start w = 0, b = 0, which predicts +1 everywhere
// (Definition 2.1) and so gets x3 wrong, although its rule counts all three
// points as mistakes.
func ExampleEmpiricalRisk() {
	x, y := dataset.Example21().XY()
	for _, c := range []classify.Linear{
		{W: []float64{3, 3}, B: 1}, {W: []float64{1, 1}, B: -3}, {W: []float64{0, 0}, B: 0},
	} {
		fmt.Printf("w = %.4g, b = %.4g: error rate %.4g, accuracy %.4g, mistakes %.4g\n", c.W, c.B,
			loss.EmpiricalRisk(loss.ZeroOne, c, x, y), classify.Accuracy(c, x, y), loss.Sum(loss.Mistake, c, x, y))
	}
	// Output:
	// w = [3 3], b = 1: error rate 0.3333, accuracy 0.6667, mistakes 1
	// w = [1 1], b = -3: error rate 0, accuracy 1, mistakes 0
	// w = [0 0], b = 0: error rate 0.3333, accuracy 0.6667, mistakes 3
}
