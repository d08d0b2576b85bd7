package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The SVM with data x·s and box bound C/s² is the SVM with data x and C in
// other units: α scales by 1/s², w by 1/s, b and the support sets do not
// change. (With the RBF kernel, x·s and γ/s² give the same kernel, so α and
// b do not change at all.) These tests solve every problem in units from
// 1e-6 to 1e6 and C from 1e-12 to 1e12 and compare with the problem in its
// own units: every tolerance of the solvers must be relative to the
// problem's scale for them to pass.

// scaleFactors are the units of the tests, and scaleCs the box bounds (0:
// a hard margin).
var (
	scaleFactors = []float64{1e-6, 1e-3, 1, 1e3, 1e6}
	scaleCs      = []float64{1e-12, 1e-6, 1e-2, 1, 1e2, 1e6, 1e12, 0}
)

// scaleTol compares a scaled solution with the solution in the data's own
// units, for the exact and the interior-point solvers: both are optimal to
// rounding.
const scaleTol = 1e-6

// smoScaleEps is SMO's tolerance in the scale tests. Its gap then bounds
// ½‖w − w*‖² ≤ f(α) − f(α*) ≤ Gap ≤ Eps·½‖w‖², so w is within √Eps·‖w‖ of
// w*; α, and b through the free support vectors, likewise. SMO solves the
// problem with kernel values rounded to float32 (relative error 2⁻²⁴), a
// perturbation of the same kind, and two solutions in different units are
// within 2√(Eps + 2⁻²⁴) of each other, relative.
const smoScaleEps = 1e-10

// scaled returns x·s.
func scaled(x mat.Matrix, s float64) *mat.Dense {
	var xs mat.Dense
	xs.Scale(s, x)
	return &xs
}

// checkScaled compares r, fitted to (x·s, C/s²), with ref, fitted to
// (x, C): support sets, α·s², w·s and b. rbf says that the kernel is
// unchanged (RBF with γ/s²), so that α and w do not scale.
func checkScaled(t *testing.T, name string, s float64, ref, r *Result, rbf bool, tol float64) {
	t.Helper()
	if r.Status != Converged {
		t.Errorf("%s: status %v", name, r.Status)
	}
	for _, set := range []struct {
		what     string
		got, ref []int
	}{{"support", r.SupportIndices, ref.SupportIndices}, {"free", r.FreeIndices, ref.FreeIndices}, {"bounded", r.BoundedIndices, ref.BoundedIndices}} {
		if !slices.Equal(set.got, set.ref) {
			t.Errorf("%s: %s vectors %v, in the data's units %v", name, set.what, set.got, set.ref)
		}
	}
	as, ws := s*s, s
	if rbf {
		as, ws = 1, 1
	}
	amax := floats.Max(ref.Alpha)
	for i, a := range r.Alpha {
		if math.Abs(a*as-ref.Alpha[i]) > tol*amax {
			t.Errorf("%s: α·s² = %v, in the data's units %v", name, floats.ScaleTo(make([]float64, len(r.Alpha)), as, r.Alpha), ref.Alpha)
			break
		}
	}
	if ref.W != nil {
		wn := floats.Norm(ref.W, 2)
		for j, w := range r.W {
			if math.Abs(w*ws-ref.W[j]) > tol*wn {
				t.Errorf("%s: w·s = %v, in the data's units %v", name, floats.ScaleTo(make([]float64, len(r.W)), ws, r.W), ref.W)
				break
			}
		}
	}
	// b is in the units of the decision value, 1 at the margin.
	if math.Abs(r.B-ref.B) > tol*math.Max(1, math.Abs(ref.B)) {
		t.Errorf("%s: b = %v, in the data's units %v", name, r.B, ref.B)
	}
	if r.BLow > r.BHigh || r.B < r.BLow || r.B > r.BHigh {
		t.Errorf("%s: b = %v not in [%v, %v]", name, r.B, r.BLow, r.BHigh)
	}
}

// checkOptimal checks the certificates of a converged result, relative to
// its own scale: the duality gap against ½‖w‖² and the KKT violation
// against eps (in units of the margin).
func checkOptimal(t *testing.T, name string, r *Result, eps float64) {
	t.Helper()
	if r.Gap > r.gapTarget(eps) || r.Gap < -r.gapTarget(eps) {
		t.Errorf("%s: gap %v, ½‖w‖² = %v, objective %v", name, r.Gap, r.quad, r.DualObjective)
	}
	if r.MaxViolation > eps {
		t.Errorf("%s: KKT violation %v > %v", name, r.MaxViolation, eps)
	}
}

// scaleSets returns the data of the scale tests: Example 2.1, seeded
// separable points and overlapping Gaussian clouds of n points.
func scaleSets(n int) map[string]*dataset.Set {
	x, y := dataset.Example21().XY()
	sep, _ := dataset.Separable(rand.NewPCG(21, 1), n, 3, 0.3, 2)
	return map[string]*dataset.Set{
		"example 2.1": {X: x, Y: y},
		"separable":   sep,
		"overlapping": dataset.Noisy(rand.NewPCG(21, 2), n, 3, 0.1),
	}
}

// separableC reports whether SMO is asked to solve C on the set: a large C
// on data that no hyperplane separates needs of the order of C iterations
// (see SMO), so there SMO stops at C = 100.
func separableC(name string, c float64) bool {
	return name != "overlapping" || (c > 0 && c <= 100)
}

func TestSMOScale(t *testing.T) {
	const eps = smoScaleEps
	for name, set := range scaleSets(40) {
		for _, c := range scaleCs {
			if !separableC(name, c) {
				continue
			}
			for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 0.5}} {
				_, rbf := k.(kernel.RBF)
				if rbf && c == 0 {
					continue // the hard margin of the clouds with RBF: see TestSMONotSeparable
				}
				ref, err := SMO{C: c, Kernel: k, Eps: eps}.Fit(set.X, set.Y)
				if err != nil {
					t.Errorf("%s/%v/C=%g: %v", name, k, c, err)
					continue
				}
				checkOptimal(t, fmt.Sprintf("%s/%v/C=%g", name, k, c), ref, eps)
				for _, s := range scaleFactors {
					cs, ks := c/(s*s), k
					if rbf {
						cs, ks = c, kernel.RBF{Gamma: 0.5 / (s * s)}
					}
					id := fmt.Sprintf("%s/%v/C=%g/×%g", name, k, c, s)
					r, err := SMO{C: cs, Kernel: ks, Eps: eps}.Fit(scaled(set.X, s), set.Y)
					if err != nil {
						t.Errorf("%s: %v", id, err)
						continue
					}
					checkScaled(t, id, s, ref, r, rbf, 2*math.Sqrt(eps+0x1p-24))
					checkOptimal(t, id, r, eps)
				}
			}
		}
	}
}

func TestExactScale(t *testing.T) {
	for name, set := range scaleSets(7) {
		for _, c := range scaleCs {
			ref, err := Exact{C: c}.Fit(set.X, set.Y)
			if errors.Is(err, ErrNotSeparable) && name == "overlapping" && c == 0 {
				continue
			}
			if err != nil {
				t.Errorf("%s/C=%g: %v", name, c, err)
				continue
			}
			for _, s := range scaleFactors {
				id := fmt.Sprintf("%s/C=%g/×%g", name, c, s)
				r, err := Exact{C: c / (s * s)}.Fit(scaled(set.X, s), set.Y)
				if err != nil {
					t.Errorf("%s: %v", id, err)
					continue
				}
				checkScaled(t, id, s, ref, r, false, scaleTol)
				checkOptimal(t, id, r, kktTol)
			}
		}
	}
}

// TestInteriorPointScale: w·s, b and the objective·s² of the primal
// solver do not depend on the units, and agree with the exact dual within
// the accuracy its gap certifies.
func TestInteriorPointScale(t *testing.T) {
	for name, set := range scaleSets(7) {
		for _, c := range scaleCs {
			ex, err := Exact{C: c}.Fit(set.X, set.Y)
			if errors.Is(err, ErrNotSeparable) && name == "overlapping" && c == 0 {
				continue
			}
			if err != nil {
				t.Fatalf("%s/C=%g: exact: %v", name, c, err)
			}
			for _, s := range scaleFactors {
				id := fmt.Sprintf("%s/C=%g/×%g", name, c, s)
				r, err := InteriorPoint{C: c / (s * s)}.Fit(scaled(set.X, s), set.Y)
				if err != nil {
					t.Errorf("%s: %v", id, err)
					continue
				}
				// ½‖w − w*‖² ≤ P(w, b) − P* ≤ Gap: the reported gap
				// certifies w, in the problem's units.
				dw := make([]float64, len(r.W))
				floats.ScaleTo(dw, s, r.W)
				floats.Sub(dw, ex.W)
				if d, bound := floats.Norm(dw, 2), s*math.Sqrt(2*math.Max(r.Gap, 0))+scaleTol*floats.Norm(ex.W, 2); d > bound {
					t.Errorf("%s: ‖w·s − w*‖ = %v > %v (gap %v); w·s = %v, exact w %v", id, d, bound, r.Gap,
						floats.ScaleTo(make([]float64, len(r.W)), s, r.W), ex.W)
				}
				if r.B < ex.BLow-scaleTol*math.Max(1, math.Abs(ex.B)) || r.B > ex.BHigh+scaleTol*math.Max(1, math.Abs(ex.B)) {
					t.Errorf("%s: b = %v outside the exact [%v, %v]", id, r.B, ex.BLow, ex.BHigh)
				}
				if obj := r.PrimalObjective * s * s; math.Abs(obj+ex.DualObjective) > scaleTol*math.Abs(ex.DualObjective) {
					t.Errorf("%s: objective·s² = %v, exact −f(α*) = %v", id, obj, -ex.DualObjective)
				}
				if !(math.Abs(r.Gap) <= 1e-8*r.PrimalObjective) || r.Status != Converged {
					t.Errorf("%s: gap %v at objective %v, status %v", id, r.Gap, r.PrimalObjective, r.Status)
				}
			}
		}
	}
}

// TestScaleBook is the list on Example 2.1: coordinates ×1e6 keep
// the support vectors x1, x3 and b = −2; C = 1e12 is the hard margin;
// C = 1e-12 has w ≈ 0, b ≈ 1 (see TestSweepExample21) and an interval of b
// that is not inverted; the exact solver at C = 1e9 is the hard margin.
func TestScaleBook(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []struct {
		name   string
		fit    func() (*Result, error)
		w      []float64
		b      float64
		bounds bool
	}{
		{"SMO ×1e6", func() (*Result, error) { return SMO{}.Fit(scaled(x, 1e6), y) }, []float64{5e-7, 5e-7}, -2, false},
		{"SMO C = 1e12", func() (*Result, error) { return SMO{C: 1e12}.Fit(x, y) }, []float64{0.5, 0.5}, -2, false},
		{"SMO C = 1e-12", func() (*Result, error) { return SMO{C: 1e-12}.Fit(x, y) }, []float64{2e-12, 2e-12}, 1 - 13e-12, true},
		{"Exact C = 1e9", func() (*Result, error) { return Exact{C: 1e9}.Fit(x, y) }, []float64{0.5, 0.5}, -2, false},
		{"Exact ×1e6", func() (*Result, error) { return Exact{}.Fit(scaled(x, 1e6), y) }, []float64{5e-7, 5e-7}, -2, false},
	} {
		r, err := c.fit()
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		want := "[0 2]"
		if got := fmt.Sprint(r.SupportIndices); got != want || (len(r.BoundedIndices) > 0) != c.bounds {
			t.Errorf("%s: support %v, bounded %v; want %s", c.name, got, r.BoundedIndices, want)
		}
		checkVec(t, c.name+": w", r.W, c.w, 1e-9)
		if math.Abs(r.B-c.b) > 1e-9 || r.BLow > r.BHigh {
			t.Errorf("%s: b = %v in [%v, %v], want %v", c.name, r.B, r.BLow, r.BHigh, c.b)
		}
		// The model classifies as the book's f(x) = sign(½x⁽¹⁾ + ½x⁽²⁾ − 2)
		// in the problem's units.
		if c.b == -2 {
			s := 0.5 / c.w[0]
			if got := r.Predict([]float64{2 * s, 1.9 * s}); got != -1 {
				t.Errorf("%s: class of (2, 1.9) %v, want −1", c.name, got)
			}
		}
	}
}

// TestExtremeScales: data whose kernel values leave the range of float64
// give classify.ErrNotFinite, never a result that says something else (the
// ×1e-300 data used to be reported as two points that coincide).
func TestExtremeScales(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, s := range []float64{1e-300, 1e-160, 1e160, 1e300} {
		xs := scaled(x, s)
		for solver, fit := range map[string]func() error{
			"SMO":           func() error { _, err := SMO{}.Fit(xs, y); return err },
			"SMO C = 1":     func() error { _, err := SMO{C: 1}.Fit(xs, y); return err },
			"Exact":         func() error { _, err := Exact{}.Fit(xs, y); return err },
			"DualProblem":   func() error { _, err := Exact{C: 1}.Fit(xs, y); return err },
			"InteriorPoint": func() error { _, err := InteriorPoint{}.Fit(xs, y); return err },
		} {
			err := fit()
			if !errors.Is(err, classify.ErrNotFinite) || strings.Contains(fmt.Sprint(err), "coincide") {
				t.Errorf("×%g %s: error %v, want classify.ErrNotFinite", s, solver, err)
			}
		}
	}
	// A float32 cache would overflow at ×1e20 (K ≈ 1e41); SMO caches in
	// float64 and solves it.
	r, err := SMO{C: 1e-40}.Fit(scaled(x, 1e20), y)
	if err != nil || fmt.Sprint(r.SupportIndices) != "[0 2]" {
		t.Errorf("×1e20, C = 1e-40: support %v, error %v", r.SupportIndices, err)
	}
}
