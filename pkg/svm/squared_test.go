package svm

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// squaredTol is the relative agreement expected between the dual (SMO at
// Eps = 10⁻⁹) and the primal (Newton) solutions.
const squaredTol = 1e-7

func TestSquaredSlackExample21(t *testing.T) {
	// Worked by hand: with support vectors x1, x3 and α1 = α3 = a,
	// w = a(x1 − x3) = (2a, 2a); y₁(w·x1 + b) = 1 − a/(2C) and
	// y₃(w·x3 + b) = 1 − a/(2C) give 8a = 2 − a/C, a = 2C/(8C + 1).
	// C = 1: α = (2/9, 0, 2/9), w = (4/9, 4/9), b = −16/9, ξ = (1/9, 0, 1/9),
	// objective ½‖w‖² + C(ξ₁² + ξ₃²) = 16/81 + 2/81 = 2/9; x2 has
	// y(w·x+b) = 4/3 ≥ 1, so α2 = 0 is consistent.
	x, y := dataset.Example21().XY()
	sq := SquaredSlack{C: 1}
	for name, fit := range map[string]func(mat.Matrix, []float64) (*SquaredSlackResult, error){"dual": sq.Fit, "primal": sq.FitPrimal} {
		r, err := fit(x, y)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range []struct {
			what      string
			got, want []float64
		}{
			{"α", r.Alpha, []float64{2.0 / 9, 0, 2.0 / 9}},
			{"w", r.W, []float64{4.0 / 9, 4.0 / 9}},
			{"b", []float64{r.B}, []float64{-16.0 / 9}},
			{"ξ", r.Xi, []float64{1.0 / 9, 0, 1.0 / 9}},
			{"objectives", []float64{r.PrimalObjective, r.DualObjective}, []float64{2.0 / 9, -2.0 / 9}},
		} {
			if !floats.EqualApprox(c.got, c.want, squaredTol) {
				t.Errorf("%s: %s = %v, want %v", name, c.what, c.got, c.want)
			}
		}
		// f(x) = 4/9(x⁽¹⁾ + x⁽²⁾ − 4): 4/3 at x2, 4/9 at (3, 2), −4/9 at (1, 2).
		if fx := r.Decision([]float64{4, 3}); !scalar.EqualWithinRel(fx, 4.0/3, squaredTol) || r.Predict([]float64{3, 2}) != 1 || r.Predict([]float64{1, 2}) != -1 {
			t.Errorf("%s: f(x2) = %g, want 4/3; predictions at (3, 2) and (1, 2): %g, %g", name, fx, r.Predict([]float64{3, 2}), r.Predict([]float64{1, 2}))
		}
		if r.Dim() != 2 {
			t.Errorf("%s: Dim = %d, want 2", name, r.Dim())
		}
		// The support vectors as Result and DCDResult list them: α has no
		// upper bound, so all are free.
		if !slices.Equal(r.SupportIndices, []int{0, 2}) || !slices.Equal(r.FreeIndices, r.SupportIndices) || r.BoundedIndices != nil || r.Status != Converged {
			t.Errorf("%s: support %v, free %v, bounded %v, status %v; want [0 2] twice, none, Converged", name, r.SupportIndices, r.FreeIndices, r.BoundedIndices, r.Status)
		}
	}
	// As C grows the solution tends to the hard margin α = (1/4, 0, 1/4).
	r, err := SquaredSlack{C: 1e6}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2e6 / (8e6 + 1); !floats.EqualApprox(r.Alpha, []float64{want, 0, want}, squaredTol) {
		t.Errorf("C = 10⁶: α = %v, want (a, 0, a), a = %g", r.Alpha, want)
	}
}

// TestSquaredSlackDualEqualsPrimal checks exercise 7.3's dual against the
// independent primal solve on overlapping clouds: the same w, b and α
// (αᵢ = 2Cξᵢ), primal objective = −dual objective, and the KKT conditions
// of the dual: yᵢf(xᵢ) = 1 − αᵢ/(2C) on the support vectors, ≥ 1 elsewhere.
func TestSquaredSlackDualEqualsPrimal(t *testing.T) {
	for trial := range 60 {
		set := dataset.Blobs(rand.NewPCG(uint64(trial), 9), 10+trial%20*3, float64(trial%5))
		c := math.Pow(10, float64(trial%6-3)) // 10⁻³ … 10²
		sq := SquaredSlack{C: c, Eps: 1e-9}
		du, err := sq.Fit(set.X, set.Y)
		if err != nil {
			t.Fatalf("trial %d, C = %g: dual: %v", trial, c, err)
		}
		pr, err := sq.FitPrimal(set.X, set.Y)
		if err != nil {
			t.Fatalf("trial %d, C = %g: primal: %v", trial, c, err)
		}
		scale := pr.PrimalObjective
		if !scalar.EqualWithinRel(du.PrimalObjective, pr.PrimalObjective, squaredTol) ||
			!scalar.EqualWithinAbs(du.Gap, 0, squaredTol*scale) || !scalar.EqualWithinAbs(pr.Gap, 0, squaredTol*scale) {
			t.Errorf("trial %d, C = %g: objectives dual side %g (gap %g), primal side %g (gap %g)",
				trial, c, du.PrimalObjective, du.Gap, pr.PrimalObjective, pr.Gap)
		}
		wn := floats.Norm(pr.W, 2) + math.Abs(pr.B)
		if floats.Distance(du.W, pr.W, 2) > 1e-6*wn || math.Abs(du.B-pr.B) > 1e-6*wn {
			t.Errorf("trial %d, C = %g: dual w = %v, b = %g; primal w = %v, b = %g", trial, c, du.W, du.B, pr.W, pr.B)
		}
		if floats.Distance(du.Alpha, pr.Alpha, math.Inf(1)) > 1e-6*floats.Max(pr.Alpha) {
			t.Errorf("trial %d, C = %g: α differ by %g", trial, c, floats.Distance(du.Alpha, pr.Alpha, math.Inf(1)))
		}
		checkSquaredKKT(t, set.X, set.Y, du, 1e-8) // SMO stops at m(α) − M(α) ≤ Eps
	}
}

// checkSquaredKKT checks Σαᵢyᵢ = 0, α ≥ 0 and yᵢf(xᵢ) = 1 − αᵢ/(2C) for
// αᵢ > 0, ≥ 1 otherwise, within tol (the margins are of order 1).
func checkSquaredKKT(t *testing.T, x mat.Matrix, y []float64, r *SquaredSlackResult, tol float64) {
	t.Helper()
	var s float64
	for i, a := range r.Alpha {
		s += a * y[i]
		if a < 0 {
			t.Errorf("α%d = %g < 0", i+1, a)
		}
		m := y[i] * r.Decision(mat.Row(nil, i, x))
		if a > 0 && !scalar.EqualWithinAbs(m, 1-a/(2*r.C), tol) || a == 0 && m < 1-tol {
			t.Errorf("point %d: α = %g, y·f(x) = %g, want 1 − α/(2C) = %g", i+1, a, m, 1-a/(2*r.C))
		}
	}
	if !scalar.EqualWithinAbs(s, 0, tol*floats.Max(r.Alpha)) {
		t.Errorf("Σαᵢyᵢ = %g", s)
	}
}

// TestSquaredSlackExact solves the same dual with the exact face
// enumeration, on the ridge kernel, for small sets and an RBF kernel:
// the multipliers agree with SMO's.
func TestSquaredSlackExact(t *testing.T) {
	for trial := range 20 {
		set := dataset.Blobs(rand.NewPCG(uint64(trial), 4), 4+trial%6, 1)
		n, d := set.X.Dims()
		c := []float64{0.1, 1, 10}[trial%3]
		var k kernel.Kernel = kernel.Linear{}
		if trial%2 == 1 {
			k = kernel.Gaussian(1)
		}
		aug := mat.NewDense(n, d+1, nil)
		for i := range n {
			copy(aug.RawRowView(i), set.X.RawRowView(i))
			aug.Set(i, d, float64(i))
		}
		ex, err := Exact{Kernel: ridgeKernel{base: k, d: d, ridge: 1 / (2 * c)}}.Fit(aug, set.Y)
		if err != nil {
			t.Fatalf("trial %d: exact: %v", trial, err)
		}
		sm, err := SquaredSlack{C: c, Kernel: k, Eps: 1e-10}.Fit(set.X, set.Y)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if floats.Distance(ex.Alpha, sm.Alpha, math.Inf(1)) > 1e-7*floats.Max(ex.Alpha) {
			t.Errorf("trial %d (%v, C = %g): exact α %v, SMO α %v", trial, k, c, ex.Alpha, sm.Alpha)
		}
		if !scalar.EqualWithinRel(ex.DualObjective, sm.DualObjective, 1e-9) {
			t.Errorf("trial %d: exact objective %g, SMO %g", trial, ex.DualObjective, sm.DualObjective)
		}
		checkSquaredKKT(t, set.X, set.Y, sm, 1e-9)
	}
}

func TestSquaredSlackErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if _, err := (SquaredSlack{C: c}).Fit(x, y); !errors.Is(err, classify.ErrSetting) {
			t.Errorf("C = %g: Fit: %v, want ErrSetting", c, err)
		}
		if _, err := (SquaredSlack{C: c}).FitPrimal(x, y); !errors.Is(err, classify.ErrSetting) {
			t.Errorf("C = %g: FitPrimal: %v, want ErrSetting", c, err)
		}
	}
	if _, err := (SquaredSlack{C: 1, Eps: -1}).Fit(x, y); !errors.Is(err, classify.ErrSetting) {
		t.Errorf("Eps = −1: %v, want ErrSetting", err)
	}
	if _, err := (SquaredSlack{C: 1, Kernel: kernel.Gaussian(1)}).FitPrimal(x, y); !errors.Is(err, classify.ErrSetting) {
		t.Errorf("FitPrimal with RBF: %v, want ErrSetting", err)
	}
	if _, err := (SquaredSlack{C: 1}).Fit(x, []float64{1, 1, 1}); !errors.Is(err, dataset.ErrOneClass) {
		t.Errorf("one class: %v, want ErrOneClass", err)
	}
}

// TestSquaredSlackIterationLimit: FitPrimal's partial result has the
// Status that its error says.
func TestSquaredSlackIterationLimit(t *testing.T) {
	// Two overlapping clouds need more than one Newton step.
	set := dataset.Blobs(rand.NewPCG(3, 9), 40, 1)
	r, err := SquaredSlack{C: 10, MaxIter: 1}.FitPrimal(set.X, set.Y)
	if !errors.Is(err, ErrNotConverged) || r == nil || r.Status != IterationLimit || !errors.Is(err, r.Status.Err()) {
		t.Errorf("FitPrimal with MaxIter 1: %v, status %v; want ErrNotConverged with Status IterationLimit", err, r.Status)
	}
}

// TestResultsVocabulary: one field name per quantity across the results of
// the package's dual solvers (those with multipliers Alpha).
func TestResultsVocabulary(t *testing.T) {
	want := []string{"Alpha", "SupportIndices", "FreeIndices", "BoundedIndices", "PrimalObjective", "DualObjective", "Gap", "Iterations", "Status"}
	for _, v := range []any{Result{}, DCDResult{}, SquaredSlackResult{}} {
		typ := reflect.TypeOf(v)
		for _, f := range want {
			if _, ok := typ.FieldByName(f); !ok {
				t.Errorf("%s has no field %s", typ.Name(), f)
			}
		}
	}
}

// TestSquaredSlackPartialResult: as every solver does, Fit returns the
// partial result with ErrNotSeparable, its Status saying the same. XOR's
// four corners at C = 10⁹ make the augmented problem nearly a hard margin
// on inseparable data, which SMO's separability test reports.
func TestSquaredSlackPartialResult(t *testing.T) {
	xor := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0})
	r, err := SquaredSlack{C: 1e9}.Fit(xor, []float64{-1, -1, 1, 1})
	if !errors.Is(err, ErrNotSeparable) || r == nil || r.Status != NotSeparable || len(r.Alpha) != 4 || !errors.Is(err, r.Status.Err()) {
		t.Fatalf("XOR at C = 10⁹: %v, result %v; want ErrNotSeparable with the partial result, Status NotSeparable", err, r)
	}
	if !strings.HasPrefix(err.Error(), "svm.SquaredSlack: ") || strings.Count(err.Error(), "svm") != 1 {
		t.Errorf("message %q should start with svm.SquaredSlack and name the package once", err)
	}
}
