package inequality_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/inequality"
)

// Tolerances: relTol for quantities computed in a few roundings, zeroTol
// (relative to ‖a‖‖b‖ or AC) for what vanishes for collinear vectors.
const (
	relTol  = 1e-12
	zeroTol = 1e-14
)

func randVec(rng *rand.Rand, d int) []float64 {
	v := make([]float64, d)
	for i := range v {
		v[i] = rng.NormFloat64() * math.Exp(3*rng.NormFloat64())
	}
	return v
}

// lagrange returns ½ΣᵢΣⱼ(aᵢbⱼ − aⱼbᵢ)² = ‖a‖²‖b‖² − ⟨a,b⟩² (Lagrange's
// identity), a check of AC − B² independent of the package.
func lagrange(a, b []float64) float64 {
	var s float64
	for i := range a {
		for j := i + 1; j < len(a); j++ {
			t := a[i]*b[j] - a[j]*b[i]
			s += t * t
		}
	}
	return s
}

func TestGeneralPosition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for trial := range 2000 {
		d := 2 + trial%9
		a, b := randVec(rng, d), randVec(rng, d)
		r := inequality.CauchySchwarz(a, b)
		prod := r.NormA * r.NormB
		if math.Abs(r.Inner) > prod*(1+relTol) || r.Gap < 0 {
			t.Fatalf("inequality fails: |⟨a,b⟩|=%v, ‖a‖‖b‖=%v, gap %v", math.Abs(r.Inner), prod, r.Gap)
		}
		if !scalar.EqualWithinAbsOrRel(r.Gap, prod-math.Abs(r.Inner), zeroTol*prod, 1e-6) {
			t.Errorf("gap %v, direct %v", r.Gap, prod-math.Abs(r.Inner))
		}
		if cos := r.Inner / prod; !scalar.EqualWithinAbsOrRel(math.Cos(r.Angle), cos, 1e-12, 1e-12) {
			t.Errorf("cos(angle) = %v, want %v", math.Cos(r.Angle), cos)
		}
		if r.Collinear {
			t.Errorf("random vectors %v, %v reported collinear", a, b)
		}
		q := inequality.Quadratic(a, b)
		if !scalar.EqualWithinAbsOrRel(-q.Disc, lagrange(a, b), 0, 1e-10) {
			t.Errorf("AC − B² = %v, Lagrange's identity gives %v", -q.Disc, lagrange(a, b))
		}
		if q.Disc >= 0 {
			t.Errorf("discriminant %v ≥ 0 for non-collinear vectors", q.Disc)
		}
		for _, x := range []float64{0, 1, -1, rng.NormFloat64() * 10} {
			lhs := inequality.SumOfSquares(a, b, x)
			if !scalar.EqualWithinAbsOrRel(q.Eval(x), lhs, relTol*(q.A*x*x+q.C), 1e-9) {
				t.Errorf("q(%v) = %v, Σ(aᵢx+bᵢ)² = %v", x, q.Eval(x), lhs)
			}
		}
		xv, yv := q.Vertex()
		if direct := inequality.SumOfSquares(a, b, xv); !scalar.EqualWithinAbsOrRel(yv, direct, 1e-12*q.C, 1e-6) {
			t.Errorf("vertex value %v, q(−B/A) = %v", yv, direct)
		}
		if yv < 0 {
			t.Errorf("minimum %v < 0", yv)
		}
		if x, ok := q.Root(); ok || !math.IsNaN(x) {
			t.Errorf("root %v, %v for non-collinear vectors", x, ok)
		}
	}
}

func TestCollinear(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	for trial := range 2000 {
		d := 1 + trial%9
		a := randVec(rng, d)
		c := rng.NormFloat64() * math.Exp(2*rng.NormFloat64())
		b := make([]float64, d)
		floats.ScaleTo(b, c, a)
		r := inequality.CauchySchwarz(a, b)
		prod := r.NormA * r.NormB
		if !r.Collinear {
			t.Fatalf("b = %v·a not collinear: angle %v", c, r.Angle)
		}
		if r.Gap > zeroTol*prod {
			t.Errorf("gap %v for collinear vectors (‖a‖‖b‖ = %v)", r.Gap, prod)
		}
		wantAngle := 0.0
		if c < 0 {
			wantAngle = math.Pi
		}
		if math.Abs(r.Angle-wantAngle) > 1e-7 {
			t.Errorf("angle %v, want %v", r.Angle, wantAngle)
		}
		q := inequality.Quadratic(a, b)
		if math.Abs(q.Disc) > zeroTol*q.A*q.C {
			t.Errorf("discriminant %v for collinear vectors", q.Disc)
		}
		x, ok := q.Root()
		if !ok || !scalar.EqualWithinAbsOrRel(x, -c, relTol, relTol) {
			t.Errorf("root %v, %v; want %v", x, ok, -c)
		}
		if v := inequality.SumOfSquares(a, b, x); v > 1e-24*q.C {
			t.Errorf("q(root) = %v", v)
		}
	}
}

// Nearly collinear vectors: a = (1, 1e-9), b = (1, 0). The gap is
// √(1+1e-18) − 1 ≈ 5e-19, which ‖a‖‖b‖ − |⟨a,b⟩| computes as 0 because
// ‖a‖ rounds to 1.
func TestNearlyCollinear(t *testing.T) {
	a, b := []float64{1, 1e-9}, []float64{1, 0}
	r := inequality.CauchySchwarz(a, b)
	if !scalar.EqualWithinRel(r.Gap, 5e-19, 1e-9) {
		t.Errorf("gap %v, want 5e-19", r.Gap)
	}
	if !scalar.EqualWithinRel(r.Angle, 1e-9, 1e-9) {
		t.Errorf("angle %v, want 1e-9", r.Angle)
	}
	if r.Collinear {
		t.Error("an angle of 1e-9 > CollinearTol reported collinear")
	}
	q := inequality.Quadratic(a, b)
	if !scalar.EqualWithinRel(-q.Disc, 1e-18, 1e-9) { // AC − B² = (1+1e-18)·1 − 1
		t.Errorf("AC − B² = %v, want 1e-18", -q.Disc)
	}
}

func TestZeroVectors(t *testing.T) {
	zero, b := []float64{0, 0, 0}, []float64{1, -2, 2}
	r := inequality.CauchySchwarz(zero, b)
	if !r.Collinear || r.Gap != 0 || r.Inner != 0 || r.NormB != 3 || !math.IsNaN(r.Angle) {
		t.Errorf("CauchySchwarz(0, b) = %+v", r)
	}
	q := inequality.Quadratic(zero, b)
	if x, y := q.Vertex(); x != 0 || y != 9 {
		t.Errorf("Vertex of the constant 9 = (%v, %v)", x, y)
	}
	if _, ok := q.Root(); ok {
		t.Error("the constant 9 has a root")
	}
	if x, ok := inequality.Quadratic(zero, zero).Root(); !ok || x != 0 {
		t.Errorf("Root of q ≡ 0 = %v, %v", x, ok)
	}
	q = inequality.Quadratic(b, zero) // q = 9x², root 0
	if x, ok := q.Root(); !ok || x != 0 {
		t.Errorf("Root of 9x² = %v, %v", x, ok)
	}
}

func TestPanics(t *testing.T) {
	a, b := []float64{1, 2}, []float64{1, 2, 3}
	for name, f := range map[string]func(){
		"CauchySchwarz": func() { inequality.CauchySchwarz(a, b) },
		"Quadratic":     func() { inequality.Quadratic(a, b) },
		"SumOfSquares":  func() { inequality.SumOfSquares(a, b, 1) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r == nil {
					t.Error("no panic on length mismatch")
				}
			}()
			f()
		})
	}
}
