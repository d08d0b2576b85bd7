package perceptron

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
)

func TestDistanceAndMargins(t *testing.T) {
	x, y := book()
	w, b := []float64{1, 1}, -3.0 // Example 2.1's answer x⁽¹⁾ + x⁽²⁾ − 3 = 0
	// x3 = (1,1): |1+1−3|/√2 = 1/√2.
	if got, want := Distance(w, b, []float64{1, 1}), 1/math.Sqrt2; !scalar.EqualWithinAbsOrRel(got, want, tight, tight) {
		t.Errorf("distance of x3 = %v, want %v", got, want)
	}
	// Functional margins y(w·x+b): 3, 4, 1.
	for i, want := range []float64{3, 4, 1} {
		xi := mat.Row(nil, i, x)
		if got := FunctionalMargin(w, b, xi, y[i]); got != want {
			t.Errorf("functional margin of x%d = %v, want %v", i+1, got, want)
		}
		if got := GeometricMargin(w, b, xi, y[i]); !scalar.EqualWithinAbsOrRel(got, want/math.Sqrt2, tight, tight) {
			t.Errorf("geometric margin of x%d = %v, want %v", i+1, got, want/math.Sqrt2)
		}
	}
	f, g := Margins(x, y, w, b)
	if f != 1 || !scalar.EqualWithinAbsOrRel(g, 1/math.Sqrt2, tight, tight) {
		t.Errorf("margins of the data set = %v, %v; want 1, 1/√2", f, g)
	}
	if d := Distance([]float64{0, 0}, 1, []float64{1, 1}); !math.IsNaN(d) {
		t.Errorf("distance to w = 0 is %v, want NaN", d)
	}
}

// L(w, b) along Table 2.1: 0 at k = 0 although every point is misclassified,
// not monotone, 0 again at the end.
func TestLossAlongTable21(t *testing.T) {
	x, y := book()
	// By hand from the rows of Table 2.1: M and −Σ_M y(w·x+b).
	want := []float64{0, 7, 4, 1, 4, 5, 2, 0}
	wantM := [][]int{{0, 1, 2}, {2}, {2}, {2}, {0, 1}, {2}, {2}, nil}
	for k, row := range table21 {
		if got := Loss(x, y, row.w, row.b); got != want[k] {
			t.Errorf("k=%d: L = %v, want %v", k, got, want[k])
		}
		if got := Misclassified(x, y, row.w, row.b); !slices.Equal(got, wantM[k]) {
			t.Errorf("k=%d: M = %v, want %v", k, got, wantM[k])
		}
	}
	if !(want[3] < want[4]) {
		t.Error("L should increase from k=3 to k=4")
	}
	// At k = 0 all points are in M: ∇_w L = −(x1 + x2 − x3) = (−6, −5), ∇_b L = −1.
	gw, gb := LossGrad(x, y, []float64{0, 0}, 0)
	if !floats.Equal(gw, []float64{-6, -5}) || gb != -1 {
		t.Errorf("∇L(0, 0) = %v, %v; want (−6, −5), −1", gw, gb)
	}
}

// The gradient matches central differences where L is differentiable.
func TestLossGradFiniteDifference(t *testing.T) {
	x, y := benchData(40, 3, 5)
	rng := rand.New(rand.NewPCG(1, 1))
	const h, tol = 1e-6, 1e-5
	for trial := 0; trial < 10; trial++ {
		w := []float64{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		b := rng.NormFloat64()
		gw, gb := LossGrad(x, y, w, b)
		for j := range w {
			wp, wm := slices.Clone(w), slices.Clone(w)
			wp[j] += h
			wm[j] -= h
			fd := (Loss(x, y, wp, b) - Loss(x, y, wm, b)) / (2 * h)
			if !scalar.EqualWithinAbsOrRel(fd, gw[j], tol, tol) {
				t.Errorf("trial %d: ∂L/∂w%d = %v, finite difference %v", trial, j, gw[j], fd)
			}
		}
		fd := (Loss(x, y, w, b+h) - Loss(x, y, w, b-h)) / (2 * h)
		if !scalar.EqualWithinAbsOrRel(fd, gb, tol, tol) {
			t.Errorf("trial %d: ∂L/∂b = %v, finite difference %v", trial, gb, fd)
		}
	}
}

func TestGeometryPanics(t *testing.T) {
	x, y := book()
	for name, f := range map[string]func(){
		"w length":     func() { Loss(x, y, []float64{1}, 0) },
		"label length": func() { Misclassified(x, y[:2], []float64{1, 1}, 0) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != errLength && r != errDims {
					t.Errorf("panic %v, want a shape message", r)
				}
			}()
			f()
			t.Error("no panic")
		})
	}
}
