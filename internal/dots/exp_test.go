package dots

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExp32 compares exp32 with math.Exp over the range it serves,
// x ∈ [−110, 0] (−γ‖x − z‖² of an RBF kernel): its relative error stays
// below 2⁻²⁶ wherever eˣ is a normal float32, and rounded to float32 it is
// math.Exp rounded to float32, or one unit in the last place away.
func TestExp32(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var worst float64
	differ := 0
	const n = 1_000_000
	for i := range n {
		x := -110 * rng.Float64()
		if i < 1000 {
			x = -float64(i) * 1e-3 // near 0, where r is smallest
		}
		got, want := exp32(x), math.Exp(x)
		if want >= 0x1p-126 {
			worst = math.Max(worst, math.Abs(got-want)/want)
		}
		g32, w32 := float32(got), float32(want)
		if g32 != w32 {
			differ++
			if math.Abs(float64(g32-w32)) > math.Abs(float64(math.Nextafter32(w32, 0)-w32)) {
				t.Errorf("exp(%v): float32 %v, math.Exp %v: more than one ulp apart", x, g32, w32)
			}
		}
	}
	if worst > 0x1p-26 {
		t.Errorf("largest relative error %v > 2⁻²⁶", worst)
	}
	t.Logf("largest relative error %.3g; %d of %d float32 values one ulp apart", worst, differ, n)
	for _, c := range []struct{ x, want float64 }{{0, 1}, {-200, 0}, {math.Inf(-1), 0}} {
		if got := exp32(c.x); got != c.want {
			t.Errorf("exp32(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if got := exp32(math.NaN()); !math.IsNaN(got) {
		t.Errorf("exp32(NaN) = %v", got)
	}
}

// TestGauss32 compares Gauss32 with float32(math.Exp(g·max(0, sqi + sq −
// 2·dot))) for every length that leaves a remainder of the lanes, on the
// products of points in R⁵ near and far (e^{−γ‖x − z‖²} from 1 down to
// float32's subnormals and 0), with the cancellation below 0 clamped (the
// value 1) and a NaN product kept: equal or one unit in the last place
// apart, and equal to the Go loop's (exp32) within one unit.
func TestGauss32(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const d = 5
	for n := 0; n <= 41; n++ {
		xi := make([]float64, d)
		for k := range xi {
			xi[k] = rng.NormFloat64()
		}
		sqi, _ := naive(xi, xi)
		dot, sq := make([]float64, n), make([]float64, n)
		for j := range n {
			z := make([]float64, d)
			for k := range z {
				z[k] = xi[k] + rng.NormFloat64()*math.Pow(10, float64(j%6)-4)
			}
			dot[j], _ = naive(xi, z)
			sq[j], _ = naive(z, z)
		}
		if n > 7 {
			dot[3] = (sqi + sq[3]) / 2 * (1 + 1e-15) // rounds below 0: K = 1
			dot[6] = math.NaN()
		}
		for _, g := range []float64{-0.05, -1, -30} {
			got := make([]float32, n)
			Gauss32(got, dot, sq, sqi, g)
			for j := range n {
				x := g * max(0, sqi+sq[j]-2*dot[j])
				want := float32(math.Exp(x))
				switch {
				case math.IsNaN(x):
					if !math.IsNaN(float64(got[j])) {
						t.Errorf("n=%d g=%v: value %d = %v, want NaN", n, g, j, got[j])
					}
				case !ulps(got[j], want, 1) || !ulps(got[j], float32(exp32(x)), 1):
					t.Errorf("n=%d g=%v: e^%v = %v, math.Exp %v, exp32 %v", n, g, x, got[j], want, float32(exp32(x)))
				}
			}
			if n > 7 && got[3] != 1 {
				t.Errorf("n=%d g=%v: clamped value %v, want 1", n, g, got[3])
			}
		}
	}
	// The whole range of the exponent, four at a time.
	const n = 1 << 16
	dot, sq, got := make([]float64, n), make([]float64, n), make([]float32, n)
	for j := range sq {
		sq[j] = 110 * rng.Float64()
	}
	Gauss32(got, dot, sq, 0, -1)
	for j, v := range got {
		if want := float32(math.Exp(-sq[j])); !ulps(v, want, 1) {
			t.Errorf("e^%v = %v, math.Exp %v", -sq[j], v, want)
		}
	}
}

// ulps reports whether a and b are at most k float32 steps apart.
func ulps(a, b float32, k int) bool {
	for range k {
		if a == b {
			return true
		}
		a = math.Nextafter32(a, b)
	}
	return a == b
}
