package svm

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestExpFloat32 compares expFloat32 with math.Exp over the range it serves,
// x ∈ [−110, 0] (−γ‖x − z‖² of an RBF kernel): its relative error stays
// below 2⁻²⁶ wherever eˣ is a normal float32, and rounded to float32 it is
// math.Exp rounded to float32, or one unit in the last place away.
func TestExpFloat32(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var worst float64
	differ := 0
	const n = 1_000_000
	for i := range n {
		x := -110 * rng.Float64()
		if i < 1000 {
			x = -float64(i) * 1e-3 // near 0, where r is smallest
		}
		got, want := expFloat32(x), math.Exp(x)
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
		if got := expFloat32(c.x); got != c.want {
			t.Errorf("expFloat32(%v) = %v, want %v", c.x, got, c.want)
		}
	}
	if got := expFloat32(math.NaN()); !math.IsNaN(got) {
		t.Errorf("expFloat32(NaN) = %v", got)
	}
}

// TestExpTo compares expTo with math.Exp over the range of float64: its
// relative error stays below 10⁻¹⁵ wherever eˣ is a normal float64, and
// the ends (±Inf, NaN, underflow, overflow) are math.Exp's.
func TestExpTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 1_000_000
	src := make([]float64, n)
	for i := range src {
		switch {
		case i < 1000:
			src[i] = float64(i-500) * 1e-3 // near 0
		case i%2 == 0:
			src[i] = 1420*rng.Float64() - 710
		default:
			src[i] = 40*rng.Float64() - 30 // −γ‖x − z‖² of an RBF kernel
		}
	}
	src = append(src, 0, -700, 700, -745, 710, math.Inf(-1), math.Inf(1), math.NaN())
	dst := make([]float64, len(src))
	expTo(dst, src)
	var worst float64
	for i, x := range src {
		got, want := dst[i], math.Exp(x)
		switch {
		case math.IsNaN(x):
			if !math.IsNaN(got) {
				t.Errorf("exp(NaN) = %v", got)
			}
		case want >= 0x1p-1022 && !math.IsInf(want, 1):
			worst = math.Max(worst, math.Abs(got-want)/want)
		case got != want:
			t.Errorf("exp(%v) = %v, math.Exp %v", x, got, want)
		}
	}
	if worst > 1e-15 {
		t.Errorf("largest relative error %v > 1e-15", worst)
	}
	t.Logf("largest relative error %.3g", worst)
}
