package separability

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// tol is the tolerance of comparisons with exact values.
const tol = 1e-9

// xor returns the four points of exercise 2.1, (0,0), (0,1), (1,0), (1,1),
// labelled by x⁽¹⁾ XOR x⁽²⁾ (true = +1).
func xor() (*mat.Dense, []float64) {
	return mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1}), []float64{-1, 1, 1, -1}
}

// checkCertificate verifies a certificate on the data as Farkas' lemma
// uses it: λ ≥ 0, Σλᵢ = 1, Σλᵢyᵢ = 0 and Σλᵢyᵢxᵢ ≈ 0 relative to R.
func checkCertificate(t *testing.T, x mat.Matrix, y, lambda []float64, r float64) {
	t.Helper()
	n, d := x.Dims()
	var sum, sumY float64
	res := make([]float64, d)
	for i := range n {
		if lambda[i] < 0 {
			t.Errorf("λ%d = %g < 0", i+1, lambda[i])
		}
		sum += lambda[i]
		sumY += lambda[i] * y[i]
		floats.AddScaled(res, lambda[i]*y[i], mat.Row(nil, i, x))
	}
	if !scalar.EqualWithinAbs(sum, 1, tol) || !scalar.EqualWithinAbs(sumY, 0, tol) {
		t.Errorf("Σλ = %g, Σλy = %g, want 1 and 0", sum, sumY)
	}
	if nr := floats.Norm(res, 2); nr > 10*DefaultTol*math.Max(r, 1e-300) {
		t.Errorf("‖Σλᵢyᵢxᵢ‖ = %g, want ≤ %g·R", nr, 10*DefaultTol)
	}
}

// checkHyperplane verifies yᵢ(w·xᵢ + b) ≥ 1 with equality for some i.
func checkHyperplane(t *testing.T, x mat.Matrix, y, w []float64, b float64) {
	t.Helper()
	n, _ := x.Dims()
	m := math.Inf(1)
	for i := range n {
		m = math.Min(m, y[i]*(floats.Dot(w, mat.Row(nil, i, x))+b))
	}
	if !scalar.EqualWithinRel(m, 1, 1e-9) {
		t.Errorf("minᵢ yᵢ(w·xᵢ + b) = %.17g, want 1", m)
	}
}

func TestXOR(t *testing.T) {
	// Book exercise 2.1: XOR is not linearly separable. The certificate is
	// unique: λ = ¼ on every corner, the centre (½, ½) in both hulls.
	x, y := xor()
	res, err := LP{}.Decide(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if res.Separable {
		t.Fatalf("XOR reported separable by %v, %g", res.W, res.B)
	}
	if !floats.EqualApprox(res.Lambda, []float64{0.25, 0.25, 0.25, 0.25}, tol) {
		t.Errorf("λ = %v, want (1/4, 1/4, 1/4, 1/4)", res.Lambda)
	}
	if !floats.EqualApprox(res.Positive, []float64{0.5, 0.5}, tol) || !floats.EqualApprox(res.Negative, []float64{0.5, 0.5}, tol) {
		t.Errorf("hull points %v and %v, want (1/2, 1/2) twice", res.Positive, res.Negative)
	}
	checkCertificate(t, x, y, res.Lambda, math.Sqrt(0.5))
	if _, _, err := (LP{}).Hyperplane(x, y); !errors.Is(err, ErrInfeasible) {
		t.Errorf("Hyperplane on XOR: %v, want ErrInfeasible", err)
	}
	// The certificate refutes every hyperplane: Σλᵢyᵢ(w·xᵢ + b) = 0 for any
	// (w, b), so some yᵢ(w·xᵢ + b) ≤ 0.
	rng := rand.New(rand.NewPCG(1, 1))
	for range 1000 {
		w, b := []float64{rng.NormFloat64(), rng.NormFloat64()}, rng.NormFloat64()
		var s, worst float64 = 0, math.Inf(1)
		for i := range 4 {
			f := y[i] * (floats.Dot(w, x.RawRowView(i)) + b)
			s += res.Lambda[i] * f
			worst = math.Min(worst, f)
		}
		if !scalar.EqualWithinAbs(s, 0, 1e-12) || worst > 0 {
			t.Fatalf("w = %v, b = %g: Σλᵢyᵢ(w·xᵢ+b) = %g, min %g", w, b, s, worst)
		}
	}
}

func TestExample21(t *testing.T) {
	// Example 2.1 is separable; the best margin is √2 (Example 7.1), so any
	// hyperplane found has margin at most √2.
	x, y := dataset.Example21().XY()
	res, err := LP{}.Decide(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Separable {
		t.Fatalf("Example 2.1 reported not separable, λ = %v", res.Lambda)
	}
	checkHyperplane(t, x, y, res.W, res.B)
	if !(res.Margin > 0 && res.Margin <= math.Sqrt2*(1+tol)) {
		t.Errorf("margin %g, want in (0, √2]", res.Margin)
	}
	if _, err := (LP{}).Certificate(x, y); !errors.Is(err, ErrInfeasible) {
		t.Errorf("Certificate on Example 2.1: %v, want ErrInfeasible", err)
	}
}

func TestSpecialCases(t *testing.T) {
	for _, c := range []struct {
		name      string
		x         []float64 // rows of 2
		y         []float64
		separable bool
	}{
		{"one class", []float64{1, 2, 3, 4}, []float64{1, 1}, true},
		{"two points", []float64{0, 0, 1, 0}, []float64{1, -1}, true},
		{"same point, two labels", []float64{2, 2, 2, 2}, []float64{1, -1}, false},
		{"all points identical", []float64{5, 5, 5, 5, 5, 5}, []float64{1, -1, 1}, false},
		{"on a line, separated", []float64{0, 0, 1, 1, 2, 2, 3, 3}, []float64{1, 1, -1, -1}, true},
		{"on a line, interleaved", []float64{0, 0, 1, 1, 2, 2, 3, 3}, []float64{1, -1, 1, -1}, false},
		{"constant feature", []float64{0, 7, 1, 7, 2, 7}, []float64{1, 1, -1}, true},
		{"point on an edge", []float64{0, 0, 2, 0, 1, 0, 1, 5}, []float64{1, 1, -1, -1}, false},
		{"point at a vertex", []float64{0, 0, 2, 0, 0, 2, 0, 0}, []float64{1, 1, 1, -1}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := mat.NewDense(len(c.y), 2, c.x)
			res, err := LP{}.Decide(x, c.y)
			if err != nil {
				t.Fatal(err)
			}
			if res.Separable != c.separable {
				t.Fatalf("separable %v, want %v (%+v)", res.Separable, c.separable, res)
			}
			if res.Separable && floats.Norm(res.W, 2) > 0 {
				checkHyperplane(t, x, c.y, res.W, res.B)
			}
			if !res.Separable {
				checkCertificate(t, x, c.y, res.Lambda, 1)
			}
		})
	}
}

func TestErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, tl := range []float64{-1, math.NaN(), 1, math.Inf(1)} {
		if _, err := (LP{Tol: tl}).Decide(x, y); !errors.Is(err, classify.ErrSetting) {
			t.Errorf("Tol = %g: %v, want ErrSetting", tl, err)
		}
	}
	if _, err := (LP{}).Decide(x, []float64{1, 0, -1}); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("label 0: %v, want ErrLabel", err)
	}
	bad := mat.NewDense(2, 2, []float64{math.NaN(), 0, 1, 1})
	if _, err := (LP{}).Decide(bad, []float64{1, -1}); !errors.Is(err, dataset.ErrNotFinite) {
		t.Errorf("NaN feature: %v, want ErrNotFinite", err)
	}
}

func TestUnits(t *testing.T) {
	// The verdict does not depend on the units of the data: Example 2.1 and
	// XOR scaled by 10⁻⁶ … 10⁶ and moved far from the origin.
	for _, scale := range []float64{1e-6, 1e-3, 1, 1e3, 1e6} {
		for _, c := range []struct {
			x         *mat.Dense
			y         []float64
			separable bool
		}{{must2(dataset.Example21().XY()), []float64{1, 1, -1}, true}, {must2(xor()), []float64{-1, 1, 1, -1}, false}} {
			var xs mat.Dense
			xs.Apply(func(_, _ int, v float64) float64 { return scale * (v + 100) }, c.x)
			res, err := LP{}.Decide(&xs, c.y)
			if err != nil {
				t.Fatalf("scale %g: %v", scale, err)
			}
			if res.Separable != c.separable {
				t.Errorf("scale %g: separable %v, want %v", scale, res.Separable, c.separable)
			}
		}
	}
}

func must2(x *mat.Dense, _ []float64) *mat.Dense { return x }
