package perceptron

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// benchData returns n×d standard normal features with labels from a random
// hyperplane, 10% of them flipped so that no epoch is free of mistakes.
func benchData(n, d int, seed uint64) (*mat.Dense, []float64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	u := make([]float64, d)
	for j := range u {
		u[j] = rng.NormFloat64()
	}
	data := make([]float64, n*d)
	y := make([]float64, n)
	for i := range y {
		var z float64
		for j := 0; j < d; j++ {
			v := rng.NormFloat64()
			data[i*d+j] = v
			z += u[j] * v
		}
		y[i] = 1
		if z < 0 {
			y[i] = -1
		}
		if rng.Float64() < 0.1 {
			y[i] = -y[i]
		}
	}
	return mat.NewDense(n, d, data), y
}

// BenchmarkPrimalEpoch times one epoch of Algorithm 2.1 in the book's order,
// without validation, setup or pocket selection. ns/op divided by n is the
// time per example that bench/perceptron/compare.sh compares with
// scikit-learn.
func BenchmarkPrimalEpoch(b *testing.B) {
	for _, sz := range []struct{ n, d int }{{1000, 10}, {10000, 100}, {100000, 100}} {
		x, y := benchData(sz.n, sz.d, 1)
		b.Run(fmt.Sprintf("n=%d,d=%d", sz.n, sz.d), func(b *testing.B) {
			cfg, err := Settings{MaxEpochs: 1}.config("bench")
			if err != nil {
				b.Fatal(err)
			}
			r := &runner{cfg: cfg, l: newPrimal(x, y, nil, 0, false), y: y, n: sz.n, res: &Run{Alpha: make([]float64, sz.n)}}
			b.ReportAllocs()
			b.SetBytes(int64(8 * sz.n * sz.d))
			for b.Loop() {
				r.res.Epochs = 0
				r.res.Mistakes = r.res.Mistakes[:0]
				r.cyclic()
			}
		})
	}
}

// BenchmarkDualEpoch times one epoch of Algorithm 2.2 with a precomputed
// Gram matrix (a check costs O(1), an update O(n)) and, as "rows", with the
// rows of the Gram matrix computed when an update needs them and a cache of
// 64 rows (an update costs O(nd) on a miss).
func BenchmarkDualEpoch(b *testing.B) {
	for _, sz := range []struct {
		n, d int
		rows bool
	}{{500, 100, false}, {2000, 100, false}, {2000, 100, true}} {
		x, y := benchData(sz.n, sz.d, 2)
		name := fmt.Sprintf("n=%d,d=%d", sz.n, sz.d)
		budget := DefaultGramBudget
		if sz.rows {
			name += ",rows"
			budget = 64 * 8 * sz.n
		}
		b.Run(name, func(b *testing.B) {
			cfg, err := Settings{MaxEpochs: 1}.config("bench")
			if err != nil {
				b.Fatal(err)
			}
			l := newDual(newGramRows(kernel.Linear{}, nil, x, budget), y, kernel.Rows(x))
			r := &runner{cfg: cfg, l: l, y: y, n: sz.n, res: &Run{Alpha: make([]float64, sz.n)}}
			b.ReportAllocs()
			for b.Loop() {
				r.res.Epochs = 0
				r.res.Mistakes = r.res.Mistakes[:0]
				r.cyclic()
			}
		})
	}
}
