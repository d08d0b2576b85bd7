package svm

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// dcdTightEps is the tolerance of the tests that compare DCD's answer with
// a known optimum: in units of the margin, far below LIBLINEAR's 0.1.
const dcdTightEps = 1e-9

// TestDCDExample21: on the data of Example 2.1 (x1 = (3,3), x2 = (4,3)
// positive, x3 = (1,1) negative) with the bias as a feature, B = 1, and a
// C above every α, DCD solves min ½‖w‖² + ½b² s.t. yᵢ(w·xᵢ + b) ≥ 1. Its
// KKT conditions w = Σαᵢyᵢxᵢ, b = Σαᵢyᵢ with x1 and x3 on the margin give
// α = (5/4, 0, 13/4), w = (½, ½), b = −2 and the objective ¼ + 2 = 9/4: the
// book's hyperplane of Example 7.1, with other multipliers than the book's
// (¼, 0, ¼), since Σαᵢyᵢ = 0 is no longer a constraint. As B grows the
// price of b vanishes and α tends to the book's: at B = 100, α = (¼, 0, ¼)
// to 10⁻³.
func TestDCDExample21(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []struct {
		name  string
		dcd   DCD
		alpha []float64
		tol   float64
	}{
		{"hinge, B = 1", DCD{C: 10, Eps: dcdTightEps}, []float64{5.0 / 4, 0, 13.0 / 4}, 1e-9},
		{"squared hinge, C = 10⁹", DCD{C: 1e9, Loss: SquaredHinge, Eps: dcdTightEps}, []float64{5.0 / 4, 0, 13.0 / 4}, 1e-7},
		{"hinge, B = 100", DCD{C: 10, Bias: 100, Eps: 1e-7, MaxIter: 100_000}, []float64{0.25, 0, 0.25}, 1e-3},
	} {
		r, err := c.dcd.Fit(x, y)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkVec(t, c.name+": α", r.Alpha, c.alpha, c.tol)
		checkVec(t, c.name+": w", r.W, []float64{0.5, 0.5}, c.tol)
		if math.Abs(r.B+2) > 2*c.tol {
			t.Errorf("%s: b = %v, want −2", c.name, r.B)
		}
		if c.alpha[0] == 1.25 && math.Abs(r.PrimalObjective-2.25) > 1e-6 {
			t.Errorf("%s: primal objective %v, want 9/4", c.name, r.PrimalObjective)
		}
		if r.NumSupport != 2 || r.Predict([]float64{2, 1.9}) != -1 || r.Predict([]float64{2, 2.1}) != 1 {
			t.Errorf("%s: %d support vectors; f(2, 1.9) = %v, f(2, 2.1) = %v", c.name, r.NumSupport, r.Decision([]float64{2, 1.9}), r.Decision([]float64{2, 2.1}))
		}
	}
}

// dcdSets are the data of the property tests: overlapping and separable
// dense sets, and a sparse one as a CSR.
func dcdSets() map[string]struct {
	x mat.Matrix
	y []float64
} {
	noisy := dataset.Noisy(rand.NewPCG(31, 1), 300, 5, 0.1)
	sep, _ := dataset.Separable(rand.NewPCG(31, 2), 200, 4, 0.3, 2)
	csr, y := sparseSet(rand.NewPCG(31, 3), 400, 300, 12)
	return map[string]struct {
		x mat.Matrix
		y []float64
	}{
		"noisy":     {noisy.X, noisy.Y},
		"separable": {sep.X, sep.Y},
		"sparse":    {csr, y},
	}
}

// sparseSet draws n rows of k entries each among d features (the first
// features more often) and labels them by a random linear rule with 5 %
// of the labels flipped.
func sparseSet(src rand.Source, n, d, k int) (*dataset.CSR, []float64) {
	rng := rand.New(src)
	score := make([]float64, d)
	for j := range score {
		score[j] = rng.NormFloat64()
	}
	x := mat.NewDense(n, d, nil)
	y := make([]float64, n)
	for i := range n {
		var z float64
		for range k {
			j := int(float64(d) * rng.Float64() * rng.Float64())
			v := rng.Float64()
			x.Set(i, j, v)
			z += v * score[j]
		}
		y[i] = classify.Sign(z)
		if rng.Float64() < 0.05 {
			y[i] = -y[i]
		}
	}
	return dataset.NewCSR(x), y
}

// checkDCD checks the certificates of a converged DCD result: ŵ = Σαᵢyᵢx̂ᵢ
// recomputed from α, α in its box, the KKT violation below eps, and the
// duality gap between 0 and what the violation allows. With |PGᵢ| ≤ δ the
// gap Σᵢ[αᵢGᵢ + C·max(0, −Gᵢ)] of the hinge is at most δ·Σᵢ(αᵢ + C), and
// Σᵢ[αᵢGᵢ + C(ξᵢ² − (αᵢ/2C)²)] of the squared hinge at most 2δΣαᵢ + nCδ².
func checkDCD(t *testing.T, name string, s DCD, x mat.Matrix, y []float64, r *DCDResult, eps float64) {
	t.Helper()
	n, d := x.Dims()
	c, bias := s.C, s.Bias
	if c == 0 {
		c = 1
	}
	if bias == 0 {
		bias = DefaultBias
	}
	if s.NoBias {
		bias = 0
	}
	w := make([]float64, d)
	var b, sumAlpha float64
	row := make([]float64, d)
	for i, a := range r.Alpha {
		if a < 0 || s.Loss == Hinge && a > c {
			t.Fatalf("%s: α%d = %v outside [0, %v]", name, i+1, a, c)
		}
		mat.Row(row, i, x)
		floats.AddScaled(w, a*y[i], row)
		b += a * y[i] * bias * bias
		sumAlpha += a
	}
	scale := floats.Norm(w, 2) + math.Abs(b) + 1e-300
	for j := range w {
		if math.Abs(w[j]-r.W[j]) > 1e-9*scale {
			t.Fatalf("%s: w = %v, Σαᵢyᵢxᵢ = %v", name, r.W, w)
		}
	}
	if math.Abs(b-r.B) > 1e-9*scale {
		t.Errorf("%s: b = %v, B²Σαᵢyᵢ = %v", name, r.B, b)
	}
	if r.Status != Converged || r.MaxViolation > eps {
		t.Errorf("%s: status %v, KKT violation %v > %v", name, r.Status, r.MaxViolation, eps)
	}
	delta := r.MaxViolation
	bound := delta * (sumAlpha + c*float64(n))
	if s.Loss == SquaredHinge {
		bound = 2*delta*sumAlpha + float64(n)*c*delta*delta
	}
	round := 1e-12 * (math.Abs(r.PrimalObjective) + sumAlpha)
	if r.Gap < -round || r.Gap > bound+round {
		t.Errorf("%s: gap %v outside [0, %v] (P = %v, D = %v, violation %v)", name, r.Gap, bound, r.PrimalObjective, r.DualObjective, delta)
	}
	if math.Abs(r.Gap-(r.PrimalObjective+r.DualObjective)) > round {
		t.Errorf("%s: gap %v ≠ P + D = %v", name, r.Gap, r.PrimalObjective+r.DualObjective)
	}
}

// TestDCDCertificates: on every set, both losses, several C and biases,
// at LIBLINEAR's tolerance and a tight one, the result certifies itself.
// (Coordinate descent needs many passes for a large C on overlapping
// data: 2·10⁴ on the noisy set at C = 10, 7·10⁵ at C = 100.)
func TestDCDCertificates(t *testing.T) {
	for name, set := range dcdSets() {
		for _, loss := range []Loss{Hinge, SquaredHinge} {
			for _, c := range []float64{1e-3, 1, 10} {
				for _, s := range []DCD{{}, {Bias: 10}, {NoBias: true}, {Eps: 1e-8}} {
					s.C, s.Loss, s.MaxIter = c, loss, 100_000
					id := fmt.Sprintf("%s/%v/C=%g/B=%g/nobias=%v/eps=%g", name, loss, c, s.Bias, s.NoBias, s.Eps)
					r, err := s.Fit(set.x, set.y)
					if err != nil {
						t.Errorf("%s: %v", id, err)
						continue
					}
					eps := s.Eps
					if eps == 0 {
						eps = DefaultDCDEps
					}
					checkDCD(t, id, s, set.x, set.y, r, eps)
				}
			}
		}
	}
}

// TestDCDDenseSparse: the same data as a dense matrix, as a CSR and as a
// CSR that stores every entry (read as dense) give the same answer, and
// with shrinking off the same optimum.
func TestDCDDenseSparse(t *testing.T) {
	csr, y := sparseSet(rand.NewPCG(5, 5), 300, 40, 8)
	dense := csr.Dense()
	full := &dataset.CSR{N: csr.N, D: csr.D, Ptr: make([]int, csr.N+1), Val: dense.RawMatrix().Data}
	for i := range csr.N {
		full.Ptr[i+1] = (i + 1) * csr.D
		for j := range csr.D {
			full.Ind = append(full.Ind, int32(j))
		}
	}
	for _, loss := range []Loss{Hinge, SquaredHinge} {
		s := DCD{C: 2, Loss: loss, Eps: dcdTightEps, MaxIter: 100_000}
		ref, err := s.Fit(dense, y)
		if err != nil {
			t.Fatal(err)
		}
		noShrink := s
		noShrink.noShrinking = true
		for name, fit := range map[string]func() (*DCDResult, error){
			"csr":          func() (*DCDResult, error) { return s.Fit(csr, y) },
			"full csr":     func() (*DCDResult, error) { return s.Fit(full, y) },
			"no shrinking": func() (*DCDResult, error) { return noShrink.Fit(dense, y) },
			"transpose":    func() (*DCDResult, error) { return s.Fit(mat.DenseCopyOf(dense.T()).T(), y) },
		} {
			r, err := fit()
			if err != nil {
				t.Errorf("%v/%s: %v", loss, name, err)
				continue
			}
			// ½‖ŵ − ŵ*‖² ≤ Gap: both within √(2·Gap) of the optimum.
			tol := 2*math.Sqrt(2*math.Max(r.Gap, ref.Gap)) + 1e-9*floats.Norm(ref.W, 2)
			dw := floats.Distance(r.W, ref.W, 2)
			if dw > tol || math.Abs(r.B-ref.B) > tol || math.Abs(r.PrimalObjective-ref.PrimalObjective) > 1e-9*ref.PrimalObjective {
				t.Errorf("%v/%s: ‖Δw‖ = %v, b %v vs %v, P %v vs %v (tolerance %v)", loss, name, dw, r.B, ref.B, r.PrimalObjective, ref.PrimalObjective, tol)
			}
		}
	}
}

// TestDCDScale: data x·s with the bias feature B·s and C/s² are the same
// problem in other units (α scales by 1/s², w by 1/s, b and the gradients
// stay), so DCD takes the same steps and the answers agree, from s = 10⁻⁶
// to 10⁶ and C from 10⁻⁶ (10⁻¹² for the separable set) to 1 (10⁶ for the
// separable set: a large C on overlapping data is a slow problem for
// coordinate descent).
func TestDCDScale(t *testing.T) {
	sets := dcdSets()
	for name, set := range sets {
		cs := []float64{1e-6, 1e-2, 1}
		if name == "separable" {
			cs = []float64{1e-12, 1e-6, 1e-2, 1, 1e2, 1e6}
		}
		for _, loss := range []Loss{Hinge, SquaredHinge} {
			for _, c := range cs {
				ref, err := DCD{C: c, Loss: loss, Eps: dcdScaleEps, MaxIter: 100_000}.Fit(set.x, set.y)
				if err != nil {
					t.Errorf("%s/%v/C=%g: %v", name, loss, c, err)
					continue
				}
				wn := floats.Norm(ref.W, 2) + math.Abs(ref.B)
				amax := floats.Max(ref.Alpha)
				for _, s := range scaleFactors {
					id := fmt.Sprintf("%s/%v/C=%g/×%g", name, loss, c, s)
					r, err := DCD{C: c / (s * s), Loss: loss, Bias: s, Eps: dcdScaleEps, MaxIter: 100_000}.Fit(scaledAny(set.x, s), set.y)
					if err != nil {
						t.Errorf("%s: %v", id, err)
						continue
					}
					const tol = 1e-6
					for j, w := range r.W {
						if math.Abs(w*s-ref.W[j]) > tol*wn {
							t.Errorf("%s: w·s = %v, in the data's units %v", id, floats.ScaleTo(make([]float64, len(r.W)), s, r.W), ref.W)
							break
						}
					}
					if math.Abs(r.B-ref.B) > tol*math.Max(1, wn) {
						t.Errorf("%s: b = %v, in the data's units %v", id, r.B, ref.B)
					}
					for i, a := range r.Alpha {
						if math.Abs(a*s*s-ref.Alpha[i]) > tol*amax {
							t.Errorf("%s: α%d·s² = %v, in the data's units %v", id, i+1, a*s*s, ref.Alpha[i])
							break
						}
					}
					if p := r.PrimalObjective * s * s; math.Abs(p-ref.PrimalObjective) > tol*ref.PrimalObjective {
						t.Errorf("%s: P·s² = %v, in the data's units %v", id, p, ref.PrimalObjective)
					}
					if r.MaxViolation > dcdScaleEps {
						t.Errorf("%s: KKT violation %v", id, r.MaxViolation)
					}
				}
			}
		}
	}
}

// dcdScaleEps is the tolerance of the scale tests, where DCD takes the
// same steps in every unit (to rounding).
const dcdScaleEps = 1e-6

// scaledAny returns x·s, as a CSR for a CSR.
func scaledAny(x mat.Matrix, s float64) mat.Matrix {
	if c, ok := x.(*dataset.CSR); ok {
		v := make([]float64, len(c.Val))
		floats.ScaleTo(v, s, c.Val)
		return &dataset.CSR{N: c.N, D: c.D, Ptr: c.Ptr, Ind: c.Ind, Val: v}
	}
	return scaled(x, s)
}

// TestDCDSeeds: the same source gives the same run; another source another
// order of the coordinates and the same optimum.
func TestDCDSeeds(t *testing.T) {
	set := dataset.Noisy(rand.NewPCG(2, 3), 500, 6, 0.1)
	fit := func(src rand.Source) *DCDResult {
		r, err := DCD{C: 1, Eps: 1e-8, Src: src, MaxIter: 100_000}.Fit(set.X, set.Y)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a, b := fit(nil), fit(rand.NewPCG(DefaultDCDSeed, DefaultDCDSeed))
	if !floats.Equal(a.W, b.W) || a.B != b.B || a.Iterations != b.Iterations {
		t.Errorf("nil source and the default seed differ: %v %v, %v %v", a.W, a.B, b.W, b.B)
	}
	c := fit(rand.NewPCG(9, 9))
	if floats.Equal(a.Alpha, c.Alpha) {
		t.Errorf("another seed, the same α to the last bit")
	}
	if d := floats.Distance(a.W, c.W, 2); d > 2*math.Sqrt(2*(a.Gap+c.Gap)) {
		t.Errorf("another seed: ‖Δw‖ = %v, gaps %v and %v", d, a.Gap, c.Gap)
	}
}

func TestDCDErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	for _, c := range []struct {
		name string
		s    DCD
		want string
	}{
		{"C", DCD{C: -1}, "C"}, {"C NaN", DCD{C: math.NaN()}, "C"}, {"C Inf", DCD{C: math.Inf(1)}, "C"},
		{"C tiny squared", DCD{C: 5e-324, Loss: SquaredHinge}, "C"},
		{"Bias", DCD{Bias: -1}, "Bias"}, {"Bias Inf", DCD{Bias: math.Inf(1)}, "Bias"},
		{"Eps", DCD{Eps: -1}, "Eps"}, {"MaxIter", DCD{MaxIter: -1}, "MaxIter"}, {"Loss", DCD{Loss: 7}, "Loss"},
	} {
		r, err := c.s.Fit(x, y)
		var se *classify.SettingError
		if !errors.As(err, &se) || se.Field != c.want || se.Solver != "svm.DCD" || r != nil {
			t.Errorf("%s: %v, want a SettingError for %s", c.name, err, c.want)
		}
	}
	if _, err := (DCD{}).Fit(x, []float64{1, 1, 1}); !errors.Is(err, dataset.ErrOneClass) {
		t.Errorf("one class: %v", err)
	}
	if _, err := (DCD{}).Fit(mat.NewDense(2, 1, []float64{1, math.NaN()}), []float64{1, -1}); !errors.Is(err, dataset.ErrNotFinite) {
		t.Errorf("NaN: %v", err)
	}
	if _, err := (DCD{}).Fit(&dataset.CSR{N: 2, D: 1, Ptr: []int{0, 1, 1}, Ind: []int32{0}, Val: []float64{1}}, []float64{1, 2}); !errors.Is(err, dataset.ErrLabel) {
		t.Errorf("label 2: %v", err)
	}
	// The iteration limit: the partial result, with its status.
	set := dataset.Noisy(rand.NewPCG(4, 4), 200, 3, 0.2)
	r, err := DCD{C: 100, Eps: 1e-12, MaxIter: 3}.Fit(set.X, set.Y)
	if !errors.Is(err, ErrNotConverged) || r == nil || r.Status != IterationLimit || r.Iterations != 3 {
		t.Errorf("MaxIter 3: %v, result %+v", err, r)
	}
	// Data whose ‖x‖² leaves the range of float64.
	for _, s := range []float64{1e-300, 1e-160, 1e160, 1e300} {
		for _, loss := range []Loss{Hinge, SquaredHinge} {
			if _, err := (DCD{Loss: loss}).Fit(scaled(x, s), y); !errors.Is(err, classify.ErrNonFinite) {
				t.Errorf("×%g %v: %v, want classify.ErrNonFinite", s, loss, err)
			}
		}
	}
}

// TestDCDBiasMeaningless: a bias B whose B² overflows, or with which
// Qᵢᵢ = ‖xᵢ‖² + B² overflows, or beside which every ‖xᵢ‖² rounds away, is
// a SettingError for Bias, never the empty model "converged" (issue 23,
// defect 1: B = 1e155 on Example 2.1 gave w = 0, b = 0, 0 support vectors
// and Status Converged).
func TestDCDBiasMeaningless(t *testing.T) {
	x, y := dataset.Example21().XY()
	big := scaled(x, math.Sqrt(1.3e308/25)) // ‖x2‖² ≈ 1.3e308, still finite
	for _, c := range []struct {
		name      string
		s         DCD
		x         mat.Matrix
		nonFinite bool
	}{
		{"B = 1e155", DCD{C: 1, Bias: 1e155}, x, false},
		{"B = 1e300", DCD{C: 1, Bias: 1e300}, x, false},
		{"B = 1e300, squared", DCD{C: 1, Bias: 1e300, Loss: SquaredHinge}, x, false},
		{"B = 1e154, ‖x‖² ≈ 1.3e308", DCD{C: 1, Bias: 1e154}, big, true},
		{"B = 1e10: B² hides ‖x‖² ≤ 25", DCD{C: 1, Bias: 1e10}, x, false},
	} {
		r, err := c.s.Fit(c.x, y)
		var se *classify.SettingError
		if !errors.As(err, &se) || se.Field != "Bias" || r != nil {
			t.Errorf("%s: %v, result %+v; want a SettingError for Bias", c.name, err, r)
			continue
		}
		if errors.Is(err, classify.ErrNonFinite) != c.nonFinite {
			t.Errorf("%s: %v: errors.Is(classify.ErrNonFinite) = %v", c.name, err, !c.nonFinite)
		}
		if !strings.Contains(err.Error(), "smaller Bias") {
			t.Errorf("%s: %q does not say what to change", c.name, err)
		}
	}
	// The edges: B just below the rounding limit and the data at the edge
	// of float64 with B = 1 still solve.
	if r, err := (DCD{C: 10, Bias: 1e7, MaxIter: 10}).Fit(x, y); r == nil || errors.Is(err, classify.ErrSetting) {
		t.Errorf("B = 1e7: %v", err)
	}
	if _, err := (DCD{C: 1}).Fit(big, y); errors.Is(err, classify.ErrSetting) {
		t.Errorf("B = 1, ‖x‖² ≈ 1.3e308: %v", err)
	}
}

// TestDCDGapNotConvergence: when LIBLINEAR's rule max PG − min PG ≤ Eps is
// met (it is in units of the margin) but the duality gap is more than half
// the primal objective, the objective is not known within a factor of 2:
// Status NoProgress and ErrNotConverged with the numbers and what to
// change, not "converged" (issue 23, defect 8: C = 1e308 on Example 2.1
// gave a gap equal to the whole objective, 9.7e306, and Converged).
func TestDCDGapNotConvergence(t *testing.T) {
	x, y := dataset.Example21().XY()
	sep, _ := dataset.Separable(rand.NewPCG(31, 2), 200, 4, 0.3, 2)
	for _, c := range []struct {
		name string
		s    DCD
		x    mat.Matrix
		y    []float64
	}{
		{"Example 2.1, C = 1e308", DCD{C: 1e308}, x, y},
		{"Example 2.1, C = 1e308, squared", DCD{C: 1e308, Loss: SquaredHinge}, x, y},
		{"separable, C = 1e4", DCD{C: 1e4}, sep.X, sep.Y},
	} {
		r, err := c.s.Fit(c.x, c.y)
		if !errors.Is(err, ErrNotConverged) || r == nil || r.Status != NoProgress {
			t.Errorf("%s: %v, result %+v; want ErrNotConverged with Status NoProgress", c.name, err, r)
			continue
		}
		if !(r.Gap > r.PrimalObjective/2) || !strings.Contains(err.Error(), "smaller Eps") {
			t.Errorf("%s: gap %v, primal %v: %v", c.name, r.Gap, r.PrimalObjective, err)
		}
	}
	if _, err := (DCD{C: 1e308, Eps: 1e3}).Fit(x, y); err == nil || !strings.Contains(err.Error(), "1 pass: ") {
		t.Errorf("C = 1e308, Eps = 1000: %v, want the gap's error after 1 pass", err)
	}
	// LIBLINEAR's default on the same data, C = 1: converged, a small gap.
	r, err := DCD{C: 1}.Fit(sep.X, sep.Y)
	if err != nil || r.Status != Converged || !(r.Gap <= 0.05*r.PrimalObjective) {
		t.Errorf("separable, C = 1: %v, gap %v of %v", err, r.Gap, r.PrimalObjective)
	}
}
