package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Tolerances for the interior-point solver (default Eps 1e-9): its answers
// against exact numbers, and two solvers against each other.
const (
	primalTol = 1e-8
	agreeTol  = 1e-6
)

// TestPrimalExample71 is book Example 7.1: min ½(w1² + w2²) subject to
// 3w1 + 3w2 + b ≥ 1, 4w1 + 3w2 + b ≥ 1, −w1 − w2 − b ≥ 1 has the solution
// w = (1/2, 1/2), b = −2, with x1 and x3 on the margin (support vectors).
func TestPrimalExample71(t *testing.T) {
	x, y := dataset.Example21().XY()
	// A soft margin with C ≥ max αᵢ* = 1/4 (Example 7.2) has the same
	// solution and no hinge loss. C = 1/4 is degenerate (α1 = α3 = C with
	// x1, x3 on the margin): there the interior-point method gets w only to
	// about √Eps = 1e-5, the objective still to Eps.
	for _, c := range []struct{ c, tol float64 }{{0, primalTol}, {0.25, 1e-4}, {1, primalTol}, {1000, primalTol}} {
		t.Run(fmt.Sprintf("C=%v", c.c), func(t *testing.T) {
			r, err := InteriorPoint{C: c.c}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			checkVec(t, "w", r.W, []float64{0.5, 0.5}, c.tol)
			if !scalar.EqualWithinAbs(r.B, -2, c.tol) {
				t.Errorf("b = %v, want -2", r.B)
			}
			// ½‖w‖² = 1/4 (book Example 7.2's dual objective is −1/4).
			if !scalar.EqualWithinAbs(r.PrimalObjective, 0.25, primalTol) || !scalar.EqualWithinAbs(r.HingeSum, 0, c.tol) {
				t.Errorf("objective %v, hinge sum %v; want 1/4, 0", r.PrimalObjective, r.HingeSum)
			}
			if r.Status != Converged || r.Iterations == 0 {
				t.Errorf("status %v after %d iterations", r.Status, r.Iterations)
			}
			// Support vectors: yᵢ(w·xᵢ + b) = 1 for x1 and x3; x2 has 3/2.
			for i, want := range []float64{1, 1.5, 1} {
				m := y[i] * (floats.Dot(r.W, mat.Row(nil, i, x)) + r.B)
				if !scalar.EqualWithinAbs(m, want, c.tol) {
					t.Errorf("margin of x%d = %v, want %v", i+1, m, want)
				}
			}
			if c := c.c; c > 0 && !math.IsInf(c, 1) {
				if !scalar.EqualWithinAbs(r.Lambda, 1/(2*c), 1e-15) || !scalar.EqualWithinAbsOrRel(r.LambdaObjective, r.PrimalObjective/c, 1e-15, 1e-15) {
					t.Errorf("λ = %v, λ-objective %v; want %v, %v", r.Lambda, r.LambdaObjective, 1/(2*c), r.PrimalObjective/c)
				}
			}
		})
	}
}

// TestPrimalNonUniqueB checks soft margins where no support vector is free,
// so that b* is not unique (book §7.2.2: w* is unique, b* need not be): the
// interval [BLow, BHigh] of the dual solution must be exactly the set of b
// that minimise the primal objective with w = w*.
func TestPrimalNonUniqueB(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []struct {
		name    string
		x       mat.Matrix
		y       []float64
		c       float64
		w       []float64
		lo, hi  float64
		optimum float64
	}{
		// Derived by hand: with C = 0.05 < 1/12 every point is inside the
		// margin, α = C for all four, w = C·Σyᵢxᵢ = 6C = 0.3. αᵢ = C needs
		// yᵢ(wxᵢ + b) ≤ 1: b ≤ 1 − 0.3·2 and b ≥ −1 + 0.3·2, so b* ∈
		// [−0.4, 0.4]; the objective ½w² + CΣ(1 − yᵢ(wxᵢ + b)) = 0.045 +
		// 0.05·(4 − 0.3·6) = 0.155 does not depend on b since Σyᵢ = 0.
		{"symmetric 1-D", mat.NewDense(4, 1, []float64{1, 2, -1, -2}), []float64{1, 1, -1, -1}, 0.05,
			[]float64{0.3}, -0.4, 0.4, 0.155},
		// Derived by hand (see TestExactSoftBook): the book's data with
		// C = 0.1, w = (0.2, 0.2), b* ∈ [−0.4, −0.2], objective 0.04 +
		// 0.1·(2 − 1.2 − b + 0.4 + b) = 0.16.
		{"book data C=0.1", x, y, 0.1, []float64{0.2, 0.2}, -0.4, -0.2, 0.16},
	} {
		t.Run(c.name, func(t *testing.T) {
			ex, err := Exact{C: c.c}.Fit(c.x, c.y)
			if err != nil {
				t.Fatal(err)
			}
			checkVec(t, "exact w", ex.W, c.w, bookTol)
			if !scalar.EqualWithinAbs(ex.BLow, c.lo, bookTol) || !scalar.EqualWithinAbs(ex.BHigh, c.hi, bookTol) {
				t.Fatalf("exact b interval [%v, %v], want [%v, %v]", ex.BLow, ex.BHigh, c.lo, c.hi)
			}
			p := InteriorPoint{C: c.c}
			pr, err := p.Fit(c.x, c.y)
			if err != nil {
				t.Fatal(err)
			}
			checkVec(t, "primal w", pr.W, c.w, primalTol)
			if pr.B < c.lo-primalTol || pr.B > c.hi+primalTol {
				t.Errorf("primal b = %v outside [%v, %v]", pr.B, c.lo, c.hi)
			}
			if !scalar.EqualWithinAbs(pr.PrimalObjective, c.optimum, primalTol) || !scalar.EqualWithinAbs(-ex.DualObjective, c.optimum, bookTol) {
				t.Errorf("primal %v, −dual %v; want %v", pr.PrimalObjective, -ex.DualObjective, c.optimum)
			}
			// Every b in the interval is optimal ...
			for _, s := range []float64{0, 0.25, 0.5, 0.75, 1} {
				b := c.lo + s*(c.hi-c.lo)
				if got := (PrimalProblem{X: c.x, Y: c.y, C: p.C}).Objective(ex.W, b); !scalar.EqualWithinAbs(got, c.optimum, bookTol) {
					t.Errorf("objective at b = %v is %v, want %v", b, got, c.optimum)
				}
			}
			// ... and any b outside is worse.
			for _, b := range []float64{c.lo - 0.05, c.hi + 0.05} {
				if got := (PrimalProblem{X: c.x, Y: c.y, C: p.C}).Objective(ex.W, b); got <= c.optimum+1e-6 {
					t.Errorf("objective at b = %v is %v, want > %v", b, got, c.optimum)
				}
			}
		})
	}
}

// TestPrimalMatchesExact checks on seeded random problems that the primal
// interior-point solver and the exact dual solver agree: primal objective =
// −dual objective, the same w, and the primal b in the dual's b interval.
func TestPrimalMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 2))
	for trial := 0; trial < 30; trial++ {
		n, dim := 2+rng.IntN(9), 2+rng.IntN(2)
		sep := trial%2 == 0
		x, y := exactRandomProblem(rng, n, dim, sep)
		cs := []float64{0.01, 0.3, 3, 100}
		if sep {
			cs = append(cs, 0)
		}
		for _, c := range cs {
			name := fmt.Sprintf("trial=%d/n=%d/sep=%v/C=%v", trial, n, sep, c)
			ex, err := Exact{C: c}.Fit(x, y)
			if err != nil {
				t.Fatalf("%s: exact: %v", name, err)
			}
			p := InteriorPoint{C: c}
			pr, err := p.Fit(x, y)
			if err != nil {
				t.Fatalf("%s: primal: %v", name, err)
			}
			if !scalar.EqualWithinRel(pr.PrimalObjective, -ex.DualObjective, agreeTol) {
				t.Errorf("%s: primal objective %v, −dual %v", name, pr.PrimalObjective, -ex.DualObjective)
			}
			scale := math.Max(1, floats.Norm(ex.W, math.Inf(1)))
			for j := range ex.W {
				if !scalar.EqualWithinAbs(pr.W[j], ex.W[j], agreeTol*scale) {
					t.Errorf("%s: primal w %v, exact w %v", name, pr.W, ex.W)
					break
				}
			}
			if pr.B < ex.BLow-agreeTol*scale || pr.B > ex.BHigh+agreeTol*scale {
				t.Errorf("%s: primal b = %v outside [%v, %v]", name, pr.B, ex.BLow, ex.BHigh)
			}
			// The dual's (W, B) is optimal for the primal problem too.
			if got := (PrimalProblem{X: x, Y: y, C: p.C}).Objective(ex.W, ex.B); !scalar.EqualWithinRel(got, pr.PrimalObjective, agreeTol) {
				t.Errorf("%s: primal objective at the dual's (w, b) %v, optimum %v", name, got, pr.PrimalObjective)
			}
		}
	}
}

// TestPrimalLarger runs the interior-point method on larger generated
// sets: it must converge, and its objective must be below the objective
// at nearby points (a local check of optimality for a convex function).
func TestPrimalLarger(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, c := range []float64{0.001, 1, 1000} {
		x, y := primalBenchData(rng, 500, 10)
		p := InteriorPoint{C: c}
		r, err := p.Fit(x, y)
		if err != nil {
			t.Fatalf("C=%v: %v", c, err)
		}
		if r.Gap > 1e-9*math.Max(1, r.PrimalObjective) {
			t.Errorf("C=%v: gap %v at objective %v", c, r.Gap, r.PrimalObjective)
		}
		for k := 0; k < 20; k++ {
			w := append([]float64(nil), r.W...)
			for j := range w {
				w[j] += 1e-3 * rng.NormFloat64()
			}
			b := r.B + 1e-3*rng.NormFloat64()
			if got := (PrimalProblem{X: x, Y: y, C: p.C}).Objective(w, b); got < r.PrimalObjective*(1-1e-9) {
				t.Errorf("C=%v: objective %v at a perturbed point, below the optimum %v", c, got, r.PrimalObjective)
			}
		}
	}
}

func TestPrimalErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	xor := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0})
	xorY := []float64{1, 1, -1, -1}
	for _, c := range []struct {
		name    string
		p       InteriorPoint
		x       mat.Matrix
		y       []float64
		want    error
		partial bool
	}{
		{"negative C", InteriorPoint{C: -1}, x, y, classify.ErrSetting, false},
		{"NaN C", InteriorPoint{C: math.NaN()}, x, y, classify.ErrSetting, false},
		{"infinite C", InteriorPoint{C: math.Inf(1)}, x, y, classify.ErrSetting, false},
		{"negative Eps", InteriorPoint{Eps: -1}, x, y, classify.ErrSetting, false},
		{"NaN Eps", InteriorPoint{Eps: math.NaN()}, x, y, classify.ErrSetting, false},
		{"infinite Eps", InteriorPoint{Eps: math.Inf(1)}, x, y, classify.ErrSetting, false},
		{"negative MaxIter", InteriorPoint{MaxIter: -5}, x, y, classify.ErrSetting, false},
		{"XOR hard margin", InteriorPoint{}, xor, xorY, ErrNotSeparable, true},
		{"iteration limit", InteriorPoint{C: 1, MaxIter: 1}, x, y, ErrNotConverged, true},
		{"label 0", InteriorPoint{}, x, []float64{1, 0, -1}, dataset.ErrLabel, false},
		{"NaN feature", InteriorPoint{}, mat.NewDense(3, 2, []float64{3, 3, 4, 3, math.NaN(), 1}), y, dataset.ErrNotFinite, false},
		{"length", InteriorPoint{}, x, []float64{1, -1, 1, -1}, dataset.ErrLength, false},
		{"one class", InteriorPoint{}, x, []float64{1, 1, 1}, dataset.ErrOneClass, false},
		// A nil matrix is an empty data set, as for every other solver, not
		// a panic of the size guard that asks its dimensions first.
		{"nil matrix", InteriorPoint{}, nil, nil, dataset.ErrEmpty, false},
		{"nil *mat.Dense", InteriorPoint{C: 1}, (*mat.Dense)(nil), nil, dataset.ErrEmpty, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := c.p.Fit(c.x, c.y)
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if (r != nil) != c.partial {
				t.Errorf("result %v with the error, want a result: %v", r, c.partial)
			}
		})
	}
	t.Run("random inseparable", func(t *testing.T) {
		// Overlapping Gaussian classes, and copies of one point with both
		// labels hidden in separable data: both solvers say so.
		rng := rand.New(rand.NewPCG(9, 9))
		for trial := 0; trial < 10; trial++ {
			x, y := primalBenchData(rng, 200, 3)
			if _, err := (InteriorPoint{}).Fit(x, y); !errors.Is(err, ErrNotSeparable) {
				t.Errorf("trial %d: error %v, want ErrNotSeparable", trial, err)
			}
		}
		x, y := exactRandomProblem(rng, 8, 2, true)
		x2 := mat.NewDense(9, 2, nil)
		x2.Copy(x)
		x2.SetRow(8, mat.Row(nil, 0, x))
		y2 := append(append([]float64(nil), y...), -y[0])
		for name, fit := range map[string]func() error{
			"primal": func() error { _, err := InteriorPoint{}.Fit(x2, y2); return err },
			"exact":  func() error { _, err := Exact{}.Fit(x2, y2); return err },
		} {
			if err := fit(); !errors.Is(err, ErrNotSeparable) {
				t.Errorf("%s on a point with both labels: error %v, want ErrNotSeparable", name, err)
			}
		}
	})
	t.Run("shape panic", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("Objective with a short w did not panic")
			}
		}()
		PrimalProblem{X: x, Y: y}.Objective([]float64{1}, 0)
	})
}

func TestPrimalHardObjective(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []float64{0, math.Inf(1)} {
		checkHardObjective(t, PrimalProblem{X: x, Y: y, C: c})
	}
}

func checkHardObjective(t *testing.T, p PrimalProblem) {
	t.Helper()
	// Book Example 7.1: (1/2, 1/2), −2 is feasible with ½‖w‖² = 1/4;
	// (1, 1), −3 (Example 2.1's perceptron) is feasible with 1; (0.4, 0.4),
	// −1.8 violates x1's constraint (2.4 − 1.8 = 0.6 < 1).
	for _, c := range []struct {
		w    []float64
		b    float64
		want float64
	}{
		{[]float64{0.5, 0.5}, -2, 0.25},
		{[]float64{1, 1}, -3, 1},
		{[]float64{0.4, 0.4}, -1.8, math.Inf(1)},
	} {
		if got := p.Objective(c.w, c.b); got != c.want && !scalar.EqualWithinAbs(got, c.want, bookTol) {
			t.Errorf("objective at %v, %v = %v, want %v", c.w, c.b, got, c.want)
		}
	}
}

// primalBenchData returns two overlapping Gaussian classes of n points in
// dim dimensions (means ±0.5 on every axis).
func primalBenchData(rng *rand.Rand, n, dim int) (*mat.Dense, []float64) {
	x := mat.NewDense(n, dim, nil)
	y := make([]float64, n)
	for i := 0; i < n; i++ {
		y[i] = float64(2*(i%2) - 1)
		for j := 0; j < dim; j++ {
			x.Set(i, j, rng.NormFloat64()+0.5*y[i])
		}
	}
	return x, y
}

func BenchmarkPrimal(b *testing.B) {
	for _, n := range []int{200, 1000} {
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		x, y := primalBenchData(rng, n, 10)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			p := InteriorPoint{C: 1}
			for b.Loop() {
				if _, err := p.Fit(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestPrimalFewPoints solves problems with far more dimensions than points
// (issue 18 §1.2: the system of size d+1 took 28.8 GB for a two-point file
// with the feature index 60000, and 11 minutes for 6 points in 10,000
// dimensions). With fewer points than dimensions InteriorPoint solves its
// Newton systems through the n×n Gram matrix.
func TestPrimalFewPoints(t *testing.T) {
	t.Run("index 60000", func(t *testing.T) {
		// x1 = e1 + 2⁰e60000 (+1) and x2 = −e1 + 2e60000 (−1): the
		// bisector of the two points, w = 2(x1 − x2)/‖x1 − x2‖² =
		// (4/5)e1 − (2/5)e60000, b = −w·(x1 + x2)/2 = 3/5, ½‖w‖² = 2/5.
		const file = "+1 1:1 60000:1\n-1 1:-1 60000:2\n" // 31 bytes
		s, err := dataset.ReadLIBSVM(strings.NewReader(file))
		if err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		r, err := InteriorPoint{}.Fit(s.X, s.Y)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		// The data take 2·60000 float64, about 1 MB; the method a few
		// copies of it.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
			t.Errorf("allocated %d MB", alloc>>20)
		}
		want := make([]float64, 60000)
		want[0], want[59999] = 0.8, -0.4
		checkVec(t, "w", r.W, want, primalTol)
		if !scalar.EqualWithinAbs(r.B, 0.6, primalTol) || !scalar.EqualWithinAbs(r.PrimalObjective, 0.4, primalTol) {
			t.Errorf("b = %v, ½‖w‖² = %v; want 3/5, 2/5", r.B, r.PrimalObjective)
		}
	})
	t.Run("6×10000", func(t *testing.T) {
		// Six points in general position are separable: the hard margin,
		// and soft margins, against SMO on the dual.
		s := dataset.Noisy(rand.NewPCG(6, 10), 6, 10_000, 0.2)
		for _, c := range []float64{0, 0.01, 1} {
			r, err := InteriorPoint{C: c}.Fit(s.X, s.Y)
			if err != nil {
				t.Fatalf("C=%v: %v", c, err)
			}
			d, err := SMO{C: c, Eps: 1e-9}.Fit(s.X, s.Y)
			if err != nil {
				t.Fatalf("C=%v: SMO: %v", c, err)
			}
			if !scalar.EqualWithinRel(r.PrimalObjective, -d.DualObjective, agreeTol) {
				t.Errorf("C=%v: primal objective %v, SMO's dual −f(α) = %v", c, r.PrimalObjective, -d.DualObjective)
			}
			if !floats.EqualApprox(r.W, d.W, agreeTol*floats.Norm(d.W, math.Inf(1))) || !scalar.EqualWithinAbs(r.B, d.B, agreeTol*math.Max(1, math.Abs(d.B))) {
				t.Errorf("C=%v: b = %v, SMO's %v (or w differs)", c, r.B, d.B)
			}
		}
	})
}

// TestPrimalGram solves problems both ways, with the system of size d+1
// and through the n×n Gram matrix (see primalIPM): the two must agree.
func TestPrimalGram(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, tc := range []struct{ n, d int }{{3, 2}, {20, 5}, {12, 40}, {40, 40}} {
		for _, c := range []float64{0.1, 10, math.Inf(1)} {
			x, y := exactRandomProblem(rng, tc.n, tc.d, true)
			name := fmt.Sprintf("n=%d/d=%d/C=%v", tc.n, tc.d, c)
			a, errA := fitPrimal(x, y, c, primalDefaultMaxIter, primalDefaultTol, false)
			b, errB := fitPrimal(x, y, c, primalDefaultMaxIter, primalDefaultTol, true)
			if errA != nil || errB != nil {
				t.Errorf("%s: errors %v, %v", name, errA, errB)
				continue
			}
			if !scalar.EqualWithinRel(a.PrimalObjective, b.PrimalObjective, primalTol) || !floats.EqualApprox(a.W, b.W, agreeTol) ||
				!scalar.EqualWithinAbs(a.B, b.B, agreeTol) {
				t.Errorf("%s: system of size d+1: w = %v, b = %v, objective %v; Gram: %v, %v, %v", name, a.W, a.B, a.PrimalObjective, b.W, b.B, b.PrimalObjective)
			}
		}
	}
}

// lazyMatrix is an n×d matrix of ones that stores nothing.
type lazyMatrix struct{ n, d int }

func (m lazyMatrix) Dims() (int, int)    { return m.n, m.d }
func (m lazyMatrix) At(i, j int) float64 { return 1 }
func (m lazyMatrix) T() mat.Matrix       { return mat.Transpose{Matrix: m} }

// TestPrimalTooLarge: a problem whose system is too large for
// InteriorPoint is refused at once, before any work, with ErrTooLarge and
// a message that names SMO.
func TestPrimalTooLarge(t *testing.T) {
	for _, tc := range []struct{ n, d int }{{100_000, 100_000}, {3000, 3000}, {60_000, 1_000_000}, {10_000_000, 1000}} {
		_, err := InteriorPoint{}.Fit(lazyMatrix{tc.n, tc.d}, make([]float64, tc.n))
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("%d×%d: error %v, want ErrTooLarge", tc.n, tc.d, err)
			continue
		}
		if msg := err.Error(); !strings.HasPrefix(msg, "svm.InteriorPoint: ") || !strings.Contains(msg, "SMO") {
			t.Errorf("%d×%d: message %q, want it to name SMO", tc.n, tc.d, msg)
		}
	}
	// Within the limit: the work of the cheaper way is reckoned.
	for _, tc := range []struct{ n, d int }{{2, 60_000}, {6, 10_000}, {1_000_000, 50}, {1000, 100_000}} {
		if w, _ := primalWork(tc.n, tc.d); w > MaxPrimalWork {
			t.Errorf("%d×%d: work %.3g > MaxPrimalWork", tc.n, tc.d, w)
		}
	}
}
