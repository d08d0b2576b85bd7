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
