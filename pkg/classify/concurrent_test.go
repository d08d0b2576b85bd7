package classify_test

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// TestConcurrentFit checks the concurrency contract of the package doc: one
// solver value, its Gram matrix and one data set shared by goroutines that
// call Fit at once give every goroutine the result of a lone call (run it
// with -race to see that nothing is written to what is shared). Src and
// Trace are left nil, as the contract asks.
func TestConcurrentFit(t *testing.T) {
	set := dataset.XOR(rand.NewPCG(1, 2), 40, 0.2)
	x, y := set.XY()
	rbf := kernel.RBF{Gamma: 1}
	gram := kernel.Gram(rbf, x)
	fitters := map[string]classify.Fitter{
		"perceptron.Primal":     classify.FitterOf(perceptron.Primal{Settings: perceptron.Settings{MaxEpochs: 20, Order: perceptron.Shuffle}}.Fit),
		"perceptron.Dual":       classify.FitterOf(perceptron.Dual{Settings: perceptron.Settings{MaxEpochs: 20}}.Fit),
		"perceptron.KernelDual": classify.FitterOf(perceptron.KernelDual{Kernel: rbf, Gram: gram}.Fit),
		"perceptron.Voted":      classify.FitterOf(perceptron.Voted{Settings: perceptron.Settings{Order: perceptron.Shuffle}}.Fit),
		"svm.SMO":               classify.FitterOf(svm.SMO{C: 10, Kernel: rbf}.Fit),
		"svm.PlattSMO":          classify.FitterOf(svm.PlattSMO{C: 10, Kernel: rbf}.Fit),
		"svm.Exact":             classify.FitterOf(svm.Exact{C: 10, Kernel: rbf, MaxPoints: 40}.Fit),
		"svm.InteriorPoint":     classify.FitterOf(svm.InteriorPoint{C: 1}.Fit),
		"svm.SquaredSlack":      classify.FitterOf(svm.SquaredSlack{C: 1, Kernel: rbf}.Fit),
		"svm.DCD":               classify.FitterOf(svm.DCD{C: 1, Loss: svm.SquaredHinge}.Fit),
	}
	small := set.Subset([]int{0, 1, 2, 3, 4, 5, 6, 7})
	// DCD once more on sparse data (the entries below 1 in magnitude left
	// out), as a CSR, which it reads in place.
	thin := mat.DenseCopyOf(x)
	thin.Apply(func(_, _ int, v float64) float64 {
		if math.Abs(v) < 1 {
			return 0
		}
		return v
	}, thin)
	sparse := dataset.NewCSR(thin)
	if sparse.Full() {
		t.Fatal("the sparse data store every entry")
	}
	fitters["svm.DCD sparse"] = classify.FitterOf(svm.DCD{C: 1}.Fit)
	for name, fit := range fitters {
		var xs mat.Matrix = x
		ys := y
		switch name {
		case "svm.Exact": // 3ⁿ faces: a handful of points
			xs, ys = small.XY()
		case "svm.DCD sparse":
			xs = sparse
		}
		alone, _ := fit(xs, ys)
		if alone == nil {
			t.Fatalf("%s: no model", name)
		}
		want := classify.Decisions(nil, alone, xs)
		const goroutines = 4
		got := make([][]float64, goroutines)
		var wg sync.WaitGroup
		for g := range goroutines {
			wg.Go(func() {
				if m, _ := fit(xs, ys); m != nil {
					got[g] = classify.Decisions(nil, m, xs)
				}
			})
		}
		wg.Wait()
		for g := range goroutines {
			if !floats.Equal(got[g], want) {
				t.Errorf("%s: goroutine %d's model differs from a lone fit's", name, g)
			}
		}
	}
}
