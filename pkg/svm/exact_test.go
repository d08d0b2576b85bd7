package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// kktTol bounds the KKT violation (LIBSVM's m − M) of an exact solution.
const kktTol = 1e-9

func TestExactExample72(t *testing.T) {
	x, y := dataset.Example21().XY()
	r, cands, err := Exact{}.FitCandidates(x, y)
	if err != nil {
		t.Fatal(err)
	}

	t.Run("candidates", func(t *testing.T) {
		// A hard margin on 3 points has 2³ faces.
		if len(cands) != 8 || r.Iterations != 8 {
			t.Fatalf("%d candidates, %d iterations; want 8, 8", len(cands), r.Iterations)
		}
		// Book Example 7.2: the stationary point (3/2, −1) of s, with
		// α3 = α1 + α2 = 1/2, is rejected because α2 < 0; s(3/2, −1) = −1/2
		// (derived).
		in := cands[0]
		if len(in.FreeIndices) != 3 || in.Feasible || in.Violation != 1 || !scalar.EqualWithinAbs(in.Value, -1, bookTol) {
			t.Errorf("interior candidate %+v, want all free, infeasible with α2 = -1 < 0", in)
		}
		checkVec(t, "interior α", in.Alpha, []float64{1.5, -1, 0.5}, bookTol)
		if !scalar.EqualWithinAbs(in.DualObjective, -0.5, bookTol) {
			t.Errorf("interior objective %v, want -1/2", in.DualObjective)
		}
		// Book Example 7.2: α1 = 0 gives α2 = 2/13, s = −2/13 (and α3 = 2/13);
		// α2 = 0 gives α1 = 1/4, s = −1/4 (and α3 = 1/4).
		for _, c := range []struct {
			k     int
			free  []int
			alpha []float64
			obj   float64
		}{
			{1, []int{1, 2}, []float64{0, 2.0 / 13, 2.0 / 13}, -2.0 / 13},
			{2, []int{0, 2}, []float64{0.25, 0, 0.25}, -0.25},
		} {
			cd := cands[c.k]
			if !cd.Feasible || fmt.Sprint(cd.FreeIndices) != fmt.Sprint(c.free) || len(cd.BoundedIndices) != 0 {
				t.Errorf("candidate %d = %+v, want feasible with free %v", c.k, cd, c.free)
			}
			checkVec(t, fmt.Sprintf("candidate %d α", c.k), cd.Alpha, c.alpha, bookTol)
			if !scalar.EqualWithinAbs(cd.DualObjective, c.obj, bookTol) {
				t.Errorf("candidate %d objective %v, want %v", c.k, cd.DualObjective, c.obj)
			}
		}
		// Every other face gives α = 0 (derived: one free variable, or α1
		// and α2 free with α1 + α2 = 0).
		for k, cd := range cands[3:] {
			if !cd.Feasible || cd.DualObjective != 0 {
				t.Errorf("candidate %d = %+v, want α = 0, f = 0", k+3, cd)
			}
		}
	})

	t.Run("solution", func(t *testing.T) {
		// Book Example 7.2: α* = (1/4, 0, 1/4), support vectors x1 and x3,
		// w* = (1/2, 1/2), b* = −2, dual objective −1/4; ½‖w*‖² = 1/4 and the
		// duality gap and the KKT violation are 0.
		checkVec(t, "α*", r.Alpha, []float64{0.25, 0, 0.25}, bookTol)
		checkVec(t, "w*", r.W, []float64{0.5, 0.5}, bookTol)
		if fmt.Sprint(r.SupportIndices) != "[0 2]" || fmt.Sprint(r.FreeIndices) != "[0 2]" {
			t.Errorf("support %v, free %v; want [0 2]", r.SupportIndices, r.FreeIndices)
		}
		for name, c := range map[string][2]float64{
			"b*":               {r.B, -2},
			"b low":            {r.BLow, -2},
			"b high":           {r.BHigh, -2},
			"dual objective":   {r.DualObjective, -0.25},
			"primal objective": {r.PrimalObjective, 0.25},
			"gap":              {r.Gap, 0},
			"KKT violation":    {r.MaxViolation, 0},
		} {
			if !scalar.EqualWithinAbs(c[0], c[1], bookTol) {
				t.Errorf("%s = %v, want %v", name, c[0], c[1])
			}
		}
		if r.Status != Converged {
			t.Errorf("status %v", r.Status)
		}
		// b* = yⱼ − w*·xⱼ from each support vector separately.
		for _, j := range r.SupportIndices {
			row := mat.Row(nil, j, x)
			b := y[j] - (r.W[0]*row[0] + r.W[1]*row[1])
			if !scalar.EqualWithinAbs(b, -2, bookTol) {
				t.Errorf("b from x%d = %v, want -2", j+1, b)
			}
		}
	})
}

// TestExactExample71 solves the primal problem of Example 7.1 through the
// dual: the book's answer is w = (1/2, 1/2), b = −2, support vectors x1, x3.
func TestExactExample71(t *testing.T) {
	x, y := dataset.Example21().XY()
	// A soft margin with C ≥ max αᵢ* = 1/4 has the same solution.
	for _, c := range []float64{0, 0.25, 1, 100} {
		t.Run(fmt.Sprintf("C=%v", c), func(t *testing.T) {
			r, err := Exact{C: c}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			checkVec(t, "w", r.W, []float64{0.5, 0.5}, bookTol)
			if !scalar.EqualWithinAbs(r.B, -2, bookTol) || fmt.Sprint(r.SupportIndices) != "[0 2]" {
				t.Errorf("b = %v, support %v; want -2, [0 2]", r.B, r.SupportIndices)
			}
		})
	}
}

// TestExactSoftBook is the soft margin on the book's data with C = 0.1 <
// 1/4, where both support vectors are bounded and b* is not unique. Derived
// by hand: α = (C, 0, C) gives w = C(x1 − x3) = (0.2, 0.2); the KKT
// conditions y₁f(x1) ≤ 1, y₃f(x3) ≤ 1 (α = C) and y₂f(x2) ≥ 1 (α = 0) give
// b ≤ −0.2, b ≥ −1.4 and b ≥ −0.4.
func TestExactSoftBook(t *testing.T) {
	x, y := dataset.Example21().XY()
	r, err := Exact{C: 0.1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	checkVec(t, "α", r.Alpha, []float64{0.1, 0, 0.1}, bookTol)
	checkVec(t, "w", r.W, []float64{0.2, 0.2}, bookTol)
	if !scalar.EqualWithinAbs(r.BLow, -0.4, bookTol) || !scalar.EqualWithinAbs(r.BHigh, -0.2, bookTol) {
		t.Errorf("b interval [%v, %v], want [-0.4, -0.2]", r.BLow, r.BHigh)
	}
	if len(r.FreeIndices) != 0 || fmt.Sprint(r.BoundedIndices) != "[0 2]" {
		t.Errorf("free %v, bounded %v; want none, [0 2]", r.FreeIndices, r.BoundedIndices)
	}
	// Dual objective ½‖w‖² − Σα = 0.04 − 0.2 = −0.16 = −(primal objective).
	if !scalar.EqualWithinAbs(r.DualObjective, -0.16, bookTol) || !scalar.EqualWithinAbs(r.Gap, 0, bookTol) {
		t.Errorf("dual objective %v, gap %v; want -0.16, 0", r.DualObjective, r.Gap)
	}
}

func TestExactKernels(t *testing.T) {
	// XOR is separable with an RBF or a degree-2 polynomial kernel.
	x := mat.NewDense(4, 2, []float64{-1, -1, 1, 1, -1, 1, 1, -1})
	y := []float64{1, 1, -1, -1}
	for _, k := range []kernel.Kernel{kernel.RBF{Gamma: 1}, kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}} {
		for _, c := range []float64{0, 1} {
			t.Run(fmt.Sprintf("%v/C=%v", k, c), func(t *testing.T) {
				r, err := Exact{C: c, Kernel: k}.Fit(x, y)
				if err != nil {
					t.Fatal(err)
				}
				if r.W != nil {
					t.Errorf("W = %v for a nonlinear kernel", r.W)
				}
				if r.MaxViolation > kktTol || !scalar.EqualWithinAbs(r.Gap, 0, 1e-10) {
					t.Errorf("KKT violation %v, gap %v", r.MaxViolation, r.Gap)
				}
				// By symmetry every point is a support vector with the same α.
				for _, a := range r.Alpha {
					if !scalar.EqualWithinAbsOrRel(a, r.Alpha[0], 1e-10, 1e-10) || a <= 0 {
						t.Errorf("α = %v, want equal positive entries", r.Alpha)
						break
					}
				}
			})
		}
	}
}

// TestExactProperties checks on seeded random problems that the solution
// is no worse than any feasible candidate and satisfies the constraints and
// the KKT conditions.
func TestExactProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(2024, 72))
	for trial := 0; trial < 40; trial++ {
		n, dim := 2+rng.IntN(7), 2+rng.IntN(2)
		sep := trial%2 == 0
		x, y := exactRandomProblem(rng, n, dim, sep)
		cs := []float64{0.1, 1, 10}
		if sep {
			cs = append(cs, 0)
		}
		for _, c := range cs {
			name := fmt.Sprintf("trial=%d/n=%d/sep=%v/C=%v", trial, n, sep, c)
			r, cands, err := Exact{C: c}.FitCandidates(x, y)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			faces := math.Pow(3, float64(n))
			if c == 0 {
				faces = math.Pow(2, float64(n))
			}
			if r.Iterations != int(faces) || len(cands) != int(faces) {
				t.Errorf("%s: %d iterations, %d candidates; want %v", name, r.Iterations, len(cands), faces)
			}
			scale := math.Max(1, math.Abs(r.DualObjective))
			for k, cd := range cands {
				if cd.Feasible && cd.DualObjective < r.DualObjective-1e-10*scale {
					t.Errorf("%s: candidate %d has objective %v < %v", name, k, cd.DualObjective, r.DualObjective)
				}
			}
			checkDualSolution(t, name, x, y, c, r)
		}
	}
}

// checkDualSolution checks feasibility, KKT, gap and w of a dual solution.
func checkDualSolution(t *testing.T, name string, x mat.Matrix, y []float64, c float64, r *Result) {
	t.Helper()
	upper := math.Inf(1)
	if c > 0 {
		upper = c
	}
	var ay, amax float64
	for i, a := range r.Alpha {
		if a < 0 || a > upper {
			t.Errorf("%s: α%d = %v outside [0, %v]", name, i+1, a, upper)
		}
		ay += a * y[i]
		amax = math.Max(amax, a)
	}
	if math.Abs(ay) > 1e-10*math.Max(1, amax) {
		t.Errorf("%s: Σαᵢyᵢ = %v", name, ay)
	}
	if r.MaxViolation > kktTol*math.Max(1, amax) {
		t.Errorf("%s: KKT violation %v", name, r.MaxViolation)
	}
	if math.Abs(r.Gap) > 1e-9*math.Max(1, math.Abs(r.DualObjective)) {
		t.Errorf("%s: gap %v", name, r.Gap)
	}
	if r.BLow > r.BHigh+1e-9 || r.B < r.BLow-1e-9 || r.B > r.BHigh+1e-9 {
		t.Errorf("%s: B = %v not in [%v, %v]", name, r.B, r.BLow, r.BHigh)
	}
	if r.W != nil {
		want := make([]float64, len(r.W))
		for i, row := range kernel.Rows(x) {
			floats.AddScaled(want, r.Alpha[i]*y[i], row)
		}
		checkVec(t, name+": W", r.W, want, 1e-12)
	}
}

func TestExactErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	xor := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 0, 1, 1, 0})
	xorY := []float64{1, 1, -1, -1}
	big := mat.NewDense(DefaultExactMaxPoints+1, 1, nil)
	bigY := make([]float64, DefaultExactMaxPoints+1)
	for i := range bigY {
		big.Set(i, 0, float64(i))
		bigY[i] = 1
		if i%2 == 1 {
			bigY[i] = -1
		}
	}
	for _, c := range []struct {
		name    string
		e       Exact
		x       mat.Matrix
		y       []float64
		want    error
		partial bool // a Result comes with the error
	}{
		{"negative C", Exact{C: -1}, x, y, classify.ErrSetting, false},
		{"NaN C", Exact{C: math.NaN()}, x, y, classify.ErrSetting, false},
		{"infinite C", Exact{C: math.Inf(1)}, x, y, classify.ErrSetting, false},
		{"negative MaxPoints", Exact{MaxPoints: -1}, x, y, classify.ErrSetting, false},
		{"RBF γ = 0", Exact{Kernel: kernel.RBF{}}, x, y, kernel.ErrParameter, false},
		{"XOR hard margin", Exact{}, xor, xorY, ErrNotSeparable, true},
		{"too large", Exact{}, big, bigY, ErrTooLarge, false},
		{"MaxPoints", Exact{MaxPoints: 2}, x, y, ErrTooLarge, false},
		{"label 2", Exact{}, x, []float64{1, 2, -1}, dataset.ErrLabel, false},
		{"NaN feature", Exact{}, mat.NewDense(3, 2, []float64{3, 3, 4, math.NaN(), 1, 1}), y, dataset.ErrNotFinite, false},
		{"Inf feature", Exact{C: 1}, mat.NewDense(3, 2, []float64{3, 3, 4, math.Inf(-1), 1, 1}), y, dataset.ErrNotFinite, false},
		{"one class", Exact{}, x, []float64{-1, -1, -1}, dataset.ErrOneClass, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := c.e.Fit(c.x, c.y)
			if !errors.Is(err, c.want) {
				t.Fatalf("error %v, want %v", err, c.want)
			}
			if (r != nil) != c.partial {
				t.Errorf("result %v with the error, want a result: %v", r, c.partial)
			}
		})
	}
	t.Run("XOR soft margin", func(t *testing.T) {
		// The soft margin always has a solution; by symmetry α = C for all
		// four points and w = 0.
		r, err := Exact{C: 1}.Fit(xor, xorY)
		if err != nil {
			t.Fatal(err)
		}
		checkVec(t, "α", r.Alpha, []float64{1, 1, 1, 1}, bookTol)
		checkVec(t, "w", r.W, []float64{0, 0}, bookTol)
	})
	t.Run("random inseparable", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(5, 5))
		tried := 0
		for trial := 0; trial < 10; trial++ {
			x, y := exactRandomProblem(rng, 8, 2, false)
			if !exactOverlaps(x, y) {
				continue
			}
			tried++
			if _, err := (Exact{}).Fit(x, y); !errors.Is(err, ErrNotSeparable) {
				t.Errorf("trial %d: error %v, want ErrNotSeparable", trial, err)
			}
		}
		if tried < 5 {
			t.Errorf("only %d of 10 overlapping data sets are inseparable", tried)
		}
	})
}

// exactRandomProblem returns n points in dim dimensions with both labels.
// Separable problems are labelled by a random hyperplane and keep a margin
// of at least 0.1 from it; the others are two overlapping Gaussian clouds.
func exactRandomProblem(rng *rand.Rand, n, dim int, separable bool) (*mat.Dense, []float64) {
	x := mat.NewDense(n, dim, nil)
	y := make([]float64, n)
	w := make([]float64, dim)
	for j := range w {
		w[j] = rng.NormFloat64()
	}
	b := rng.NormFloat64() * 0.5
	for i := 0; i < n; i++ {
		want := 1.0
		if i%2 == 1 {
			want = -1
		}
		for {
			var f float64
			for j := 0; j < dim; j++ {
				v := rng.NormFloat64() * 2
				if !separable {
					v = rng.NormFloat64() + 0.2*want
				}
				x.Set(i, j, v)
				f += w[j] * v
			}
			f += b
			if !separable {
				y[i] = want
				break
			}
			if f*want > 0.1 {
				y[i] = want
				break
			}
		}
	}
	return x, y
}

// exactOverlaps reports whether the data are not linearly separable, by
// the independent primal solver.
func exactOverlaps(x mat.Matrix, y []float64) bool {
	_, err := InteriorPoint{}.Fit(x, y)
	return errors.Is(err, ErrNotSeparable)
}

func BenchmarkExact(b *testing.B) {
	for _, n := range []int{8, 12} {
		rng := rand.New(rand.NewPCG(1, uint64(n)))
		x, y := exactRandomProblem(rng, n, 2, false)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			e := Exact{C: 1}
			for b.Loop() {
				if _, err := e.Fit(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
