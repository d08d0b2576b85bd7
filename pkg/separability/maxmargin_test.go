package separability

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// marginTol compares MaxMargin's γ with values derived by hand or by an
// independent method.
const marginTol = 1e-9

// augment returns the rows (xᵢ, 1) of Theorem 2.1.
func augment(x mat.Matrix) *mat.Dense {
	n, d := x.Dims()
	z := mat.NewDense(n, d+1, nil)
	for i, r := range kernel.Rows(x) {
		copy(z.RawRowView(i), r)
		z.Set(i, d, 1)
	}
	return z
}

// Example 2.1 under Theorem 2.1: the augmented points (3,3,1), (4,3,1),
// (1,1,1). With x1 and x3 as support vectors, v = α1(3,3,1) − α3(1,1,1)
// with 3v1+3v2+v3 = 1 and v1+v2+v3 = −1 gives α1 = 5/4, α3 = 13/4 and
// v = (1/2, 1/2, −2); x2 has 3/2 ≥ 1, so v is optimal, ‖v‖² = 9/2 and
// γ* = 1/‖v‖ = √2/3, u = (1, 1, −4)/(3√2). The convex weights are
// λ = α/Σα = (5/18, 0, 13/18).
func TestMaxMarginExample21(t *testing.T) {
	x, y := dataset.Example21().XY()
	r, err := MaxMargin{}.Fit(augment(x), y)
	if err != nil {
		t.Fatal(err)
	}
	s := 3 * math.Sqrt2
	checkVec(t, "u", r.W, []float64{1 / s, 1 / s, -4 / s}, marginTol)
	if !scalar.EqualWithinRel(r.Gamma, math.Sqrt2/3, marginTol) || r.Gamma > r.Upper || r.Upper-r.Gamma > 1e-12*r.Upper {
		t.Errorf("γ* in [%v, %v], want √2/3 = %v", r.Gamma, r.Upper, math.Sqrt2/3)
	}
	checkVec(t, "λ", r.Lambda, []float64{5.0 / 18, 0, 13.0 / 18}, marginTol)
	// The SVM multipliers α = λ/γ*² = (5/4, 0, 13/4).
	alpha := make([]float64, 3)
	floats.ScaleTo(alpha, 1/(r.Upper*r.Upper), r.Lambda)
	checkVec(t, "α", alpha, []float64{1.25, 0, 3.25}, marginTol)
	// Decision is the signed distance: x2 at 3/2·γ*.
	if got := r.Decision([]float64{4, 3, 1}); !scalar.EqualWithinRel(got, 1.5*math.Sqrt2/3, marginTol) {
		t.Errorf("Decision(x̂2) = %v, want 3/2·γ*", got)
	}
}

// MaxMargin agrees with an independent solver: dual coordinate descent
// (Hsieh et al. 2008) on min ½αᵀQα − Σα, α ≥ 0, Qᵢⱼ = yᵢyⱼzᵢ·zⱼ.
func TestMaxMarginAgreesWithCoordinateDescent(t *testing.T) {
	for _, d := range []int{1, 3, 10} {
		for seed := uint64(1); seed <= 3; seed++ {
			s, _ := dataset.Separable(rand.NewPCG(seed, 5), 200, d, 0.1, 3)
			z := augment(s.X)
			r, err := MaxMargin{}.Fit(z, s.Y)
			if err != nil {
				t.Fatal(err)
			}
			g := dcdMargin(z, s.Y, 1e-10)
			if !scalar.EqualWithinAbsOrRel(r.Gamma, g, 1e-8, 1e-8) {
				t.Errorf("d=%d seed=%d: Wolfe γ = %v, coordinate descent γ = %v", d, seed, r.Gamma, g)
			}
			if !(r.Gamma <= r.Upper) || r.Upper-r.Gamma > 1e-12*r.Upper {
				t.Errorf("d=%d seed=%d: bracket [%v, %v]", d, seed, r.Gamma, r.Upper)
			}
		}
	}
}

// dcdMargin returns the margin of the hard-margin SVM without bias found by
// dual coordinate descent, run until its certified bracket is within tol.
func dcdMargin(z mat.Matrix, y []float64, tol float64) float64 {
	rows := kernel.Rows(z)
	n, m := z.Dims()
	alpha := make([]float64, n)
	v := make([]float64, m)
	for {
		for i, zi := range rows {
			q := floats.Dot(zi, zi)
			g := y[i]*floats.Dot(zi, v) - 1
			a := math.Max(alpha[i]-g/q, 0)
			floats.AddScaled(v, (a-alpha[i])*y[i], zi)
			alpha[i] = a
		}
		nv := floats.Norm(v, 2)
		lo := math.Inf(1)
		for i, zi := range rows {
			lo = math.Min(lo, y[i]*floats.Dot(zi, v)/nv)
		}
		up := nv / floats.Sum(alpha)
		if lo > 0 && up-lo <= tol*up {
			return lo
		}
	}
}

func TestMaxMarginDegenerate(t *testing.T) {
	t.Run("collinear and repeated points", func(t *testing.T) {
		// The nearest point of the hull of yᵢzᵢ is (1, 1): γ = √2.
		z := mat.NewDense(6, 2, []float64{1, 1, 1, 1, 2, 2, 3, 3, -1, -1, -2, -2})
		r, err := MaxMargin{}.Fit(z, []float64{1, 1, 1, 1, -1, -1})
		if err != nil {
			t.Fatal(err)
		}
		if !scalar.EqualWithinRel(r.Gamma, math.Sqrt2, marginTol) {
			t.Errorf("γ = %v, want √2", r.Gamma)
		}
	})
	t.Run("one point with both labels", func(t *testing.T) {
		z := mat.NewDense(2, 2, []float64{1, 0, 1, 0})
		if _, err := (MaxMargin{}).Fit(z, []float64{1, -1}); !errors.Is(err, classify.ErrNotSeparable) {
			t.Errorf("err = %v, want classify.ErrNotSeparable", err)
		}
	})
	t.Run("noisy data", func(t *testing.T) {
		for _, d := range []int{1, 3, 10} {
			s := dataset.Noisy(rand.NewPCG(uint64(d), 3), 300, d, 0.05)
			if _, err := (MaxMargin{}).Fit(augment(s.X), s.Y); !errors.Is(err, classify.ErrNotSeparable) {
				t.Errorf("d=%d: err = %v, want classify.ErrNotSeparable", d, err)
			}
		}
	})
}

// TestMaxMarginScale: u does not depend on the units of the data and γ*
// scales with them, over the whole range of float64: data of magnitude
// 1e±300 and values next to the largest float64, where the products of a
// direct computation overflow or underflow.
func TestMaxMarginScale(t *testing.T) {
	x, y := dataset.Example21().XY()
	z := augment(x)
	ref, err := MaxMargin{}.Fit(z, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []float64{1e-300, 1e-150, 1e-6, 1e6, 1e150, 1e300, 0x1p1020} {
		zs := mat.NewDense(3, 3, nil)
		zs.Scale(s, z)
		r, err := MaxMargin{}.Fit(zs, y)
		if err != nil {
			t.Errorf("×%g: %v", s, err)
			continue
		}
		checkVec(t, fmt.Sprintf("×%g: u", s), r.W, ref.W, marginTol)
		if want := ref.Gamma * s; math.Abs(r.Gamma-want) > marginTol*want {
			t.Errorf("×%g: γ = %v, want %v", s, r.Gamma, ref.Gamma*s)
		}
	}
	// γ* = √2/3·2¹⁰²³·… overflows only when the margin itself does.
	huge := mat.NewDense(2, 3, []float64{math.MaxFloat64, math.MaxFloat64, math.MaxFloat64, -math.MaxFloat64, -math.MaxFloat64, -math.MaxFloat64})
	if r, err := (MaxMargin{}).Fit(huge, []float64{1, -1}); !errors.Is(err, classify.ErrNonFinite) || r == nil {
		t.Errorf("margin √3·MaxFloat64: error %v, want classify.ErrNonFinite", err)
	}
}

// TestMaxMarginBiasOutOfScale scales only x in the augmented points (sx, 1)
// of Example 2.1, so that the margin falls far below 10⁻¹⁰·R: the data stay
// separable at every scale, the bracket [Gamma, Upper] is tight, u has the
// margin Gamma, and the margin tends to its limits: ½ for a large s (the
// hyperplane x⁽¹⁾ + x⁽²⁾ − 4s… = 0 through the bias coordinate) and √2·s for
// a small one (the SVM's w = (½, ½)/s dominates ŵ).
func TestMaxMarginBiasOutOfScale(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, s := range []float64{1e-300, 1e-200, 1e-20, 1e12, 1e20, 1e150, 1e200, 1e300} {
		xs := mat.NewDense(3, 2, nil)
		xs.Scale(s, x)
		r, err := MaxMargin{}.Fit(augment(xs), y)
		if err != nil {
			t.Errorf("×%g: %v", s, err)
			continue
		}
		if !(r.Gamma > 0) || r.Upper < r.Gamma || r.Upper-r.Gamma > 1e-9*r.Upper {
			t.Errorf("×%g: bracket [%v, %v]", s, r.Gamma, r.Upper)
		}
		want := 0.5
		if s < 1 {
			want = math.Sqrt2 * s
		}
		if math.Abs(r.Gamma-want) > 1e-9*want {
			t.Errorf("×%g: γ = %v, want %v", s, r.Gamma, want)
		}
	}
	// x3 = (10³⁰⁸, 1): separable by x⁽¹⁾ < 5, and the nearest point of the
	// hull is (0, 3, 1) up to 10⁻³⁰⁸: γ* = √10.
	far := mat.NewDense(3, 3, []float64{3, 3, 1, 4, 3, 1, 1e308, 1, 1})
	r, err := MaxMargin{}.Fit(far, y)
	if err != nil || math.Abs(r.Gamma-math.Sqrt(10)) > 1e-12 {
		t.Errorf("x3 = (1e308, 1): γ = %v, %v; want √10", r, err)
	}
	// Not separable stays not separable: XOR in the augmented space.
	xor := mat.NewDense(4, 3, []float64{0, 0, 1, 1, 1, 1, 1, 0, 1, 0, 1, 1})
	if _, err := (MaxMargin{}).Fit(xor, []float64{1, 1, -1, -1}); !errors.Is(err, classify.ErrNotSeparable) {
		t.Errorf("XOR: %v, want classify.ErrNotSeparable", err)
	}
}

func TestMaxMarginSettings(t *testing.T) {
	x, y := dataset.Example21().XY()
	z := augment(x)
	for _, mm := range []MaxMargin{{Tol: -1}, {Tol: math.NaN()}, {Tol: math.Inf(1)}, {MaxIter: -1}} {
		var se *classify.SettingError
		if _, err := mm.Fit(z, y); !errors.As(err, &se) || se.Solver != "separability.MaxMargin" {
			t.Errorf("%+v: err = %v, want a *classify.SettingError", mm, err)
		}
	}
	r, err := (MaxMargin{MaxIter: 1}).Fit(z, y)
	if !errors.Is(err, classify.ErrNotConverged) || r == nil || !strings.Contains(err.Error(), "after 1 cycles") || !(r.Gamma <= math.Sqrt2/3 && math.Sqrt2/3 <= r.Upper) {
		t.Errorf("MaxIter = 1: err = %v, result %+v; want classify.ErrNotConverged and a bracket around √2/3", err, r)
	}
	if _, err := (MaxMargin{}).Fit(z, []float64{1, 1, 0}); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("label 0: err = %v, want dataset.ErrLabel", err)
	}
}

// BenchmarkMaxMargin times the best γ of Theorem 2.1 (Wolfe's algorithm on
// the augmented vectors) on separable data.
func BenchmarkMaxMargin(b *testing.B) {
	for _, sz := range []struct{ n, d int }{{100, 2}, {1000, 10}} {
		s, _ := dataset.Separable(rand.NewPCG(1, 1), sz.n, sz.d, 0.1, 3)
		z := augment(s.X)
		b.Run(fmt.Sprintf("n=%d,d=%d", sz.n, sz.d), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (MaxMargin{}).Fit(z, s.Y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func checkVec(t *testing.T, name string, got, want []float64, tol float64) {
	t.Helper()
	if !floats.EqualFunc(got, want, func(a, b float64) bool { return scalar.EqualWithinAbsOrRel(a, b, tol, tol) }) {
		t.Errorf("%s = %v, want %v", name, got, want)
	}
}
