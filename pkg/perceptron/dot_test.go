package perceptron

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
)

// dot and axpy agree with gonum for every length of the unrolled loops and
// their tails, on slices that start at odd offsets.
func TestDotAxpy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]float64, 200)
	for i := range buf {
		buf[i] = rng.NormFloat64()
	}
	const tol = 1e-13
	for n := 0; n <= 70; n++ {
		for _, off := range []int{0, 1, 3} {
			x, y := buf[off:off+n], buf[100+off:100+off+n]
			if got, want := dot(x, y), floats.Dot(x, y); !scalar.EqualWithinAbsOrRel(got, want, tol, tol) {
				t.Errorf("n=%d off=%d: dot %v, want %v", n, off, got, want)
			}
			got := append([]float64(nil), y...)
			want := append([]float64(nil), y...)
			axpy(-0.7, x, got)
			floats.AddScaled(want, -0.7, x)
			if !floats.EqualApprox(got, want, tol) {
				t.Errorf("n=%d off=%d: axpy %v, want %v", n, off, got, want)
			}
		}
	}
	t.Logf("AVX2 and FMA kernels: %v", hasAVX2FMA)
	defer func() {
		if r := recover(); r != errLength {
			t.Errorf("panic %v, want %q", r, errLength)
		}
	}()
	dot(buf[:3], buf[:4])
}
