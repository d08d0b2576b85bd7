package svm

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The kernel trick (Li Hang §7.3.1): Algorithm 7.4 with a
// kernel K is the linear SVM on the images φ(xᵢ) of any feature map with
// φ(x)·φ(z) = K(x, z). On the four XOR points of exercise 2.1 with the
// book's (x·z + 1)² both give α* = (10/3, 8/3, 8/3, 2), b* = −1 — by hand:
// with β = (αᵢyᵢ) = (−10/3, 8/3, 8/3, −2), Gβ + b = y for the Gram matrix
// G = [[1,1,1,1],[1,4,1,4],[1,1,4,4],[1,4,4,9]] and Σβᵢ = 0, so every
// point is on its margin with αᵢ > 0: the KKT conditions hold — and the
// same decision values everywhere. So do the maps of Example 7.3 for
// (x·z)², and on the rings SMO with the kernel and SMO on the images agree
// in objective and in every prediction.
func TestKernelTrickFeatureMap(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	y := []float64{-1, 1, 1, -1}
	k := kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}
	withK, err := Exact{Kernel: k}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	onPhi, err := Exact{}.Fit(kernel.MapRows(k.Features, x), y)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{10.0 / 3, 8.0 / 3, 8.0 / 3, 2}
	for _, r := range []*Result{withK, onPhi} {
		if !floats.EqualApprox(r.Alpha, want, 1e-12) || math.Abs(r.B+1) > 1e-12 {
			t.Errorf("α* = %v, b* = %v; want %v, −1", r.Alpha, r.B, want)
		}
	}
	// With a map given as the kernel (a FeatureMap), and with the maps of
	// Example 7.3 for (x·z)² (points shifted off the origin, where every
	// map vanishes), the three agree too.
	rng := rand.New(rand.NewPCG(5, 8))
	asKernel, err := Exact{Kernel: kernel.FeatureMap(k.Features)}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	xs := mat.NewDense(4, 2, []float64{1, 1, 1, 2, 2, 1, 2, 2})
	sq, err := Exact{Kernel: kernel.Polynomial{Degree: 2, Gamma: 1}}.Fit(xs, y)
	if err != nil {
		t.Fatal(err)
	}
	var maps []*Result
	for _, phi := range kernel.Example73Maps() {
		r, err := Exact{}.Fit(kernel.MapRows(phi, xs), y)
		if err != nil {
			t.Fatal(err)
		}
		maps = append(maps, r)
	}
	for range 100 {
		p := []float64{4*rng.Float64() - 1, 4*rng.Float64() - 1}
		f := withK.Decision(p)
		if g := onPhi.Decision(k.Features(p)); math.Abs(f-g) > 1e-10*(1+math.Abs(f)) {
			t.Fatalf("f(%v) = %v with K, %v on φ", p, f, g)
		}
		if g := asKernel.Decision(p); math.Abs(f-g) > 1e-10*(1+math.Abs(f)) {
			t.Fatalf("f(%v) = %v with K, %v with the FeatureMap", p, f, g)
		}
		f = sq.Decision(p)
		for i, phi := range kernel.Example73Maps() {
			if g := maps[i].Decision(phi(p)); math.Abs(f-g) > 1e-9*(1+math.Abs(f)) {
				t.Fatalf("Example 7.3, φ%d: f(%v) = %v with (x·z)², %v on φ%d", i+1, p, f, g, i+1)
			}
		}
	}

	// The rings, 60 points: SMO with the kernel against SMO on R⁶.
	rings := dataset.Rings(rand.NewPCG(3, 7), 60, 1, 2, 0.1)
	const eps = 1e-9
	a, err := SMO{C: 1, Kernel: k, Eps: eps}.Fit(rings.X, rings.Y)
	if err != nil {
		t.Fatal(err)
	}
	phi := kernel.MapRows(k.Features, rings.X)
	b, err := SMO{C: 1, Eps: eps}.Fit(phi, rings.Y)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(a.DualObjective-b.DualObjective) > 1e-7*math.Abs(a.DualObjective) {
		t.Errorf("rings: dual objective %v with K, %v on φ", a.DualObjective, b.DualObjective)
	}
	if pa, pb := classify.Predictions(nil, a, rings.X), classify.Predictions(nil, b, phi); !floats.Equal(pa, pb) {
		t.Errorf("rings: predictions differ:\n%v\n%v", pa, pb)
	}
}
