package loss_test

import (
	"fmt"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/loss"
)

// The accuracy of two hyperplanes of Table 2.1 on the book's data.
func ExampleAccuracy() {
	x, y := dataset.Example21()
	for _, h := range []struct {
		w []float64
		b float64
	}{{[]float64{3, 3}, 1}, {[]float64{1, 1}, -3}} {
		f := func(v []float64) float64 { return floats.Dot(h.w, v) + h.b }
		fmt.Printf("w = %.4g, b = %.4g: accuracy %.4g\n", h.w, h.b, loss.Accuracy(f, x, y))
	}
	// Output:
	// w = [3 3], b = 1: accuracy 0.6667
	// w = [1 1], b = -3: accuracy 1
}
