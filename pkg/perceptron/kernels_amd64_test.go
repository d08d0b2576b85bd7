//go:build amd64 && !purego

package perceptron

import (
	"testing"
)

// BenchmarkPrimalKernels times one epoch of Algorithm 2.1 on 10⁶ × 100
// data (800 MB, noisy labels) with the AVX2/FMA dot and axpy of
// dot_amd64.s and with gonum's floats.Dot and floats.AddScaled, the
// comparison that decides whether the assembly is kept (issue 8 §5: only if
// it is at least 15% faster).
func BenchmarkPrimalKernels(b *testing.B) {
	if testing.Short() {
		b.Skip("800 MB of data")
	}
	const n, d = 1_000_000, 100
	x, y := benchData(n, d, 1)
	saved := hasAVX2FMA
	defer func() { hasAVX2FMA = saved }()
	for _, k := range []struct {
		name string
		asm  bool
	}{{"asm", true}, {"gonum", false}} {
		if k.asm && !saved {
			continue
		}
		b.Run(k.name, func(b *testing.B) {
			hasAVX2FMA = k.asm
			cfg, err := newConfig(1, Cyclic, nil, 1, false, nil, nil, false)
			if err != nil {
				b.Fatal(err)
			}
			r := &runner{cfg: cfg, l: newPrimal(x, y, nil, 0, false), y: y, n: n, res: &Result{Alpha: make([]float64, n)}}
			b.SetBytes(8 * n * d)
			for b.Loop() {
				r.res.Epochs = 0
				r.res.Mistakes = r.res.Mistakes[:0]
				r.cyclic()
			}
		})
	}
}
