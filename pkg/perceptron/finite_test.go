package perceptron

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The mistake test is NaN-safe: a score that is NaN or infinite is never a
// correct classification, under either rule.
func TestCorrectNonFinite(t *testing.T) {
	for _, z := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		for _, y := range []float64{1, -1} {
			for _, cs229 := range []bool{false, true} {
				if correct(cs229, y, z) {
					t.Errorf("correct(cs229=%v, y=%v, z=%v) = true", cs229, y, z)
				}
			}
		}
	}
	for _, c := range []struct {
		cs229   bool
		y, z    float64
		correct bool
	}{
		{false, 1, 0, false}, {true, 1, 0, true}, {false, -1, 0, false}, {true, -1, 0, false},
		{false, 1, math.MaxFloat64, true}, {false, -1, -5e-324, true}, {true, -1, 5e-324, false},
	} {
		if got := correct(c.cs229, c.y, c.z); got != c.correct {
			t.Errorf("correct(cs229=%v, y=%v, z=%v) = %v, want %v", c.cs229, c.y, c.z, got, c.correct)
		}
	}
}

// fitAll fits x, y with the three forms under s and returns their errors,
// the mistakes and whether they converged.
type fitOutcome struct {
	err       error
	mistakes  []int
	converged bool
	m         classify.Classifier
}

func fitAll(x mat.Matrix, y []float64, s Settings) map[string]fitOutcome {
	out := make(map[string]fitOutcome)
	p, err := Primal{Settings: s}.Fit(x, y)
	out["primal"] = fitOutcome{err, p.Mistakes, p.Converged, p}
	d, err := Dual{Settings: s}.Fit(x, y)
	out["dual"] = fitOutcome{err, d.Mistakes, d.Converged, d}
	k, err := KernelDual{Settings: s}.Fit(x, y)
	out["kernel"] = fitOutcome{err, k.Mistakes, k.Converged, k}
	return out
}

// Points of size 10²⁰⁰ and η = 10³⁰⁸ overflow: the scores are NaN or
// infinite. No form reports convergence; each returns ErrNotFinite with the
// partial result (issue 9 §2: the dual form used to report converged with
// NaN scores, because NaN ≤ 0 is false).
func TestNonFiniteIsAnError(t *testing.T) {
	x, y := book()
	var big mat.Dense
	big.Scale(1e200, x)
	for _, tc := range []struct {
		name string
		x    mat.Matrix
		s    Settings
	}{
		{"points of size 1e200", &big, Settings{}},
		{"eta 1e308", x, Settings{Eta: 1e308}},
		{"eta 1e308, shuffled", x, Settings{Eta: 1e308, Order: Shuffle}},
		{"eta 1e308, random mistake", x, Settings{Eta: 1e308, Order: RandomMistake}},
	} {
		for form, o := range fitAll(tc.x, y, tc.s) {
			t.Run(tc.name+"/"+form, func(t *testing.T) {
				if !errors.Is(o.err, classify.ErrNotFinite) || o.converged {
					t.Errorf("err = %v, converged = %v; want ErrNotFinite, not converged", o.err, o.converged)
				}
			})
		}
	}
	v, err := Voted{}.Fit(&big, y)
	if !errors.Is(err, classify.ErrNotFinite) || v == nil {
		t.Errorf("voted on points of size 1e200: err = %v, result %v; want ErrNotFinite with the partial result", err, v)
	}
}

// ratRun is Algorithm 2.1 (cyclic order, the book's rule, η = 1, w₀ = 0,
// b₀ = 0) in exact rational arithmetic: the reference for runs whose float
// arithmetic is exact up to the last addition of each score.
func ratRun(x *mat.Dense, y []float64, bias bool, maxEpochs int) (mistakes []int, converged bool) {
	n, d := x.Dims()
	rat := func(v float64) *big.Rat { return new(big.Rat).SetFloat64(v) }
	w, b := make([]*big.Rat, d), new(big.Rat)
	for j := range w {
		w[j] = new(big.Rat)
	}
	var z, t big.Rat
	run := 0
	for epoch := 0; epoch < maxEpochs && run < n; epoch++ {
		for i := 0; i < n && run < n; i++ {
			z.Set(b)
			for j := range d {
				z.Add(&z, t.Mul(w[j], rat(x.At(i, j))))
			}
			if z.Sign()*int(y[i]) > 0 {
				run++
				continue
			}
			run = 0
			mistakes = append(mistakes, i)
			for j := range d {
				w[j].Add(w[j], rat(y[i]*x.At(i, j)))
			}
			if bias {
				b.Add(b, rat(y[i]))
			}
		}
	}
	return mistakes, run >= n
}

// scaled returns x·2^m.
func scaled(x *mat.Dense, m int) *mat.Dense {
	var s mat.Dense
	s.Apply(func(_, _ int, v float64) float64 { return math.Ldexp(v, m) }, x)
	return &s
}

// Scale: on seeded integer data times 2^m, every product and sum of the
// runs is exact except the last addition of each score, whose rounding
// keeps its sign, as long as nothing overflows or becomes subnormal. There
// the three forms make exactly the choices of exact rational arithmetic
// (with the bias, whose update does not scale, they depend on m), and
// through the origin (NoBias on the augmented points) the primal run is the
// same at every scale with w scaled by 2^m. Where the scores overflow the
// forms return ErrNotFinite; where products underflow they may not
// converge, but a run that converges has a model that classifies every
// training point correctly, with finite scores.
func TestScale(t *testing.T) {
	const maxEpochs = 30
	for seed := uint64(1); seed <= 3; seed++ {
		x, y, _, _ := separable(40, 3, 1, seed)
		xh := Augment(x)
		one, err := Primal{Settings: Settings{MaxEpochs: 1000}, NoBias: true}.Fit(xh, y)
		if err != nil {
			t.Fatal(err)
		}
		// The products of the runs are 2^2m times integers below 2¹⁷: for
		// |m| ≤ 500 they are normal and finite, from m = 550 on the scores
		// overflow.
		for m := -1000; m <= 1000; m += 50 {
			t.Run(fmt.Sprintf("seed=%d,m=%d", seed, m), func(t *testing.T) {
				xs := scaled(x, m)
				exact := m >= -500 && m <= 500
				want, wantConv := ratRun(xs, y, true, maxEpochs)
				for form, o := range fitAll(xs, y, Settings{MaxEpochs: maxEpochs}) {
					switch {
					case exact && (!slices.Equal(o.mistakes, want) || o.converged != wantConv):
						t.Errorf("%s: %d mistakes (converged %v), exact arithmetic %d (converged %v)",
							form, len(o.mistakes), o.converged, len(want), wantConv)
					case m >= 550 && !errors.Is(o.err, classify.ErrNotFinite):
						t.Errorf("%s: err = %v, want ErrNotFinite", form, o.err)
					case o.err == nil:
						checkModel(t, form, o.m, xs, y)
					}
				}
				// Through the origin.
				xhs := scaled(xh, m)
				p, err := Primal{Settings: Settings{MaxEpochs: 1000}, NoBias: true}.Fit(xhs, y)
				switch {
				case m >= -500 && m <= 500:
					var ws mat.VecDense
					ws.ScaleVec(math.Ldexp(1, m), mat.NewVecDense(len(one.W), slices.Clone(one.W)))
					if err != nil || !slices.Equal(p.Mistakes, one.Mistakes) || !mat.Equal(&ws, mat.NewVecDense(len(p.W), p.W)) {
						t.Errorf("through the origin: err %v, %d mistakes, w = %v; want the run at scale 1, w = %v", err, p.Updates, p.W, ws.RawVector().Data)
					}
				case m >= 550 && !errors.Is(err, classify.ErrNotFinite):
					t.Errorf("through the origin: err = %v, want ErrNotFinite", err)
				case err == nil:
					checkModel(t, "primal through the origin", p, xhs, y)
				}
			})
		}
	}
}

// Decimal scales 10^±300: never a wrong success.
func TestScaleDecimal(t *testing.T) {
	x, y, _, _ := separable(30, 2, 1, 7)
	for _, e := range []float64{-300, -200, -100, -10, 10, 100, 150, 200, 300} {
		var xs mat.Dense
		xs.Scale(math.Pow(10, e), x)
		for form, o := range fitAll(&xs, y, Settings{MaxEpochs: 50}) {
			if o.err == nil {
				checkModel(t, fmt.Sprintf("1e%g/%s", e, form), o.m, &xs, y)
			} else if !errors.Is(o.err, classify.ErrNotFinite) && !errors.Is(o.err, ErrNotConverged) {
				t.Errorf("1e%g/%s: err = %v", e, form, o.err)
			}
		}
	}
}

// checkModel checks that a model reported as converged classifies every
// training point correctly by its own Decision, with finite scores.
func checkModel(t *testing.T, name string, m classify.Classifier, x mat.Matrix, y []float64) {
	t.Helper()
	for i, xi := range kernel.Rows(x) {
		if f := m.Decision(xi); !(y[i]*f > 0) || math.IsInf(f, 0) {
			t.Errorf("%s: converged, but f(x%d) = %v with label %v", name, i+1, f, y[i])
			return
		}
	}
}
