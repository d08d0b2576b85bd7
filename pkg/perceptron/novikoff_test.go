package perceptron

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
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Example 2.1 under Theorem 2.1.
//
// R: the augmented points are (3,3,1), (4,3,1), (1,1,1), of norms √19, √26,
// √3, so R = √26.
//
// Best γ: maximise minᵢ yᵢŵ·x̂ᵢ over unit ŵ, equivalently minimise ½‖v‖²
// subject to yᵢv·x̂ᵢ ≥ 1 and take γ = 1/‖v‖. Guess that x1 and x3 are the
// support vectors: v = α1(3,3,1) − α3(1,1,1) with 3v1+3v2+v3 = 1 and
// v1+v2+v3 = −1, i.e. 19α1 − 7α3 = 1 and 7α1 − 3α3 = −1, so α1 = 5/4,
// α3 = 13/4 (both > 0) and v = (1/2, 1/2, −2). x2 then has 4/2+3/2−2 = 3/2 ≥ 1,
// so the KKT conditions hold and v is optimal. ‖v‖² = 9/2, hence
// γ = 1/‖v‖ = √2/3 ≈ 0.4714 and ŵ_opt = v/‖v‖ = (1, 1, −4)/(3√2).
//
// Bound: (R/γ)² = 26·9/2 = 117 ≥ k = 7 (Table 2.1).
func TestNovikoffExample21(t *testing.T) {
	x, y := book()
	if got := Radius(Augment(x)); !scalar.EqualWithinAbsOrRel(got, math.Sqrt(26), tight, tight) {
		t.Errorf("R = %v, want √26", got)
	}
	bd, err := NovikoffBound(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !scalar.EqualWithinAbsOrRel(bd.Gamma, math.Sqrt2/3, solverT, solverT) {
		t.Errorf("γ = %v, want √2/3 = %v", bd.Gamma, math.Sqrt2/3)
	}
	s := 3 * math.Sqrt2
	if !floats.EqualApprox(bd.W, []float64{1 / s, 1 / s}, solverT) || !scalar.EqualWithinAbsOrRel(bd.B, -4/s, solverT, solverT) {
		t.Errorf("ŵ_opt = (%v, %v), want (1, 1, −4)/(3√2)", bd.W, bd.B)
	}
	if !scalar.EqualWithinAbsOrRel(bd.Bound, 117, solverT, solverT) {
		t.Errorf("(R/γ)² = %v, want 117", bd.Bound)
	}
	res, err := Primal{Settings: Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if res.Updates != 7 || float64(res.Updates) > bd.Bound {
		t.Errorf("k = %d, want 7 ≤ %v", res.Updates, bd.Bound)
	}
	steps, err := CheckProof(res.Trace, bd, 1)
	if err != nil {
		t.Fatal(err)
	}
	// At k = 7: ŵ₇ = (1, 1, −3), ŵ₇·ŵ_opt = 14/(3√2) ≥ 7γ = 7√2/3 and
	// ‖ŵ₇‖² = 11 ≤ 7·26 = 182.
	last := steps[len(steps)-1]
	if !scalar.EqualWithinAbsOrRel(last.Dot, 14/s, solverT, solverT) || !scalar.EqualWithinAbsOrRel(last.DotMin, 7*math.Sqrt2/3, solverT, solverT) ||
		last.NormSq != 11 || !scalar.EqualWithinAbsOrRel(last.NormSqMax, 182, tight, tight) {
		t.Errorf("k=7: %+v", last)
	}
	// The dual of the SVM: α = (5/4, 0, 13/4).
	sol, err := MaxMargin{}.Solve(Augment(x), y)
	if err != nil {
		t.Fatal(err)
	}
	if !floats.EqualApprox(sol.Alpha, []float64{1.25, 0, 3.25}, solverT) {
		t.Errorf("α = %v, want (5/4, 0, 13/4)", sol.Alpha)
	}
	if sol.Gamma > sol.Upper || (sol.Upper-sol.Gamma) > 1e-12*sol.Upper {
		t.Errorf("bracket [%v, %v] wider than the tolerance", sol.Gamma, sol.Upper)
	}
}

// The hyperplane x⁽¹⁾ + x⁽²⁾ − 3 = 0 of Table 2.1: ‖(1,1,−3)‖ = √11, margins
// 3, 4, 1, so γ = 1/√11 and (R/γ)² = 26·11 = 286.
func TestHyperplaneBound(t *testing.T) {
	x, y := book()
	bd, err := HyperplaneBound(x, y, []float64{1, 1}, -3)
	if err != nil {
		t.Fatal(err)
	}
	if !scalar.EqualWithinAbsOrRel(bd.Gamma, 1/math.Sqrt(11), tight, tight) || !scalar.EqualWithinAbsOrRel(bd.Bound, 286, tight, tight) {
		t.Errorf("γ = %v, bound %v; want 1/√11, 286", bd.Gamma, bd.Bound)
	}
	if _, err := HyperplaneBound(x, y, []float64{1, 1}, -7); !errors.Is(err, ErrNotSeparable) {
		t.Errorf("non-separating hyperplane: err = %v, want ErrNotSeparable", err)
	}
	if _, err := HyperplaneBound(x, y, []float64{0, 0}, 0); !errors.Is(err, ErrInit) {
		t.Errorf("zero hyperplane: err = %v, want ErrInit", err)
	}
	if _, err := HyperplaneBound(x, y, []float64{1}, 0); !errors.Is(err, ErrInit) {
		t.Errorf("short w: err = %v, want ErrInit", err)
	}
}

func TestNotSeparable(t *testing.T) {
	xx, yx := xorData()
	if _, err := NovikoffBound(xx, yx); !errors.Is(err, ErrNotSeparable) {
		t.Errorf("xor: err = %v, want ErrNotSeparable", err)
	}
	// Example 2.1 through the origin: x1 = 3·x3 with opposite labels.
	x, y := book()
	if _, err := CS229Bound(x, y); !errors.Is(err, ErrNotSeparable) {
		t.Errorf("CS229 form of Example 2.1: err = %v, want ErrNotSeparable", err)
	}
	xn, yn := noisy(200, 3, 0.2, 4)
	if _, err := NovikoffBound(xn, yn); !errors.Is(err, ErrNotSeparable) {
		t.Errorf("noisy data: err = %v, want ErrNotSeparable", err)
	}
}

// MaxMargin agrees with an independent solver: dual coordinate descent
// (Hsieh et al. 2008) on min ½αᵀQα − Σα, α ≥ 0, Qᵢⱼ = yᵢyⱼzᵢ·zⱼ.
func TestMaxMarginAgreesWithCoordinateDescent(t *testing.T) {
	for _, d := range []int{1, 3, 10} {
		for seed := uint64(1); seed <= 3; seed++ {
			x, y, _, _ := separable(200, d, 2, seed)
			z := Augment(x)
			sol, err := MaxMargin{}.Solve(z, y)
			if err != nil {
				t.Fatal(err)
			}
			g := dcdMargin(z, y, 1e-10)
			if !scalar.EqualWithinAbsOrRel(sol.Gamma, g, 1e-8, 1e-8) {
				t.Errorf("d=%d seed=%d: Wolfe γ = %v, coordinate descent γ = %v", d, seed, sol.Gamma, g)
			}
			if !(sol.Gamma <= sol.Upper) || sol.Upper-sol.Gamma > 1e-12*sol.Upper {
				t.Errorf("d=%d seed=%d: bracket [%v, %v]", d, seed, sol.Gamma, sol.Upper)
			}
		}
	}
}

func TestMaxMarginDegenerate(t *testing.T) {
	t.Run("collinear and repeated points", func(t *testing.T) {
		// The nearest point of the hull of yᵢzᵢ is (1, 1): γ = √2.
		z := mat.NewDense(6, 2, []float64{1, 1, 1, 1, 2, 2, 3, 3, -1, -1, -2, -2})
		sol, err := MaxMargin{}.Solve(z, []float64{1, 1, 1, 1, -1, -1})
		if err != nil {
			t.Fatal(err)
		}
		if !scalar.EqualWithinAbsOrRel(sol.Gamma, math.Sqrt2, tight, tight) {
			t.Errorf("γ = %v, want √2", sol.Gamma)
		}
	})
	t.Run("one point with both labels", func(t *testing.T) {
		z := mat.NewDense(2, 2, []float64{1, 0, 1, 0})
		if _, err := (MaxMargin{}).Solve(z, []float64{1, -1}); !errors.Is(err, ErrNotSeparable) {
			t.Errorf("err = %v, want ErrNotSeparable", err)
		}
	})
	t.Run("noisy data", func(t *testing.T) {
		for _, d := range []int{1, 3, 10} {
			x, y := noisy(300, d, 0.05, uint64(d))
			if _, err := (MaxMargin{}).Solve(Augment(x), y); !errors.Is(err, ErrNotSeparable) {
				t.Errorf("d=%d: err = %v, want ErrNotSeparable", d, err)
			}
		}
	})
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

// Properties on seeded separable data of several margins: the number of
// mistakes is at most (R/γ)², for the best γ and for the generating
// hyperplane's γ, and both inequalities of the proof hold at every step.
func TestNovikoffProperty(t *testing.T) {
	for _, margin := range []float64{1, 4, 10} {
		for seed := uint64(1); seed <= 4; seed++ {
			x, y, u, c := separable(100, 3, margin, seed)
			best, err := NovikoffBound(x, y)
			if err != nil {
				t.Fatal(err)
			}
			given, err := HyperplaneBound(x, y, u, c)
			if err != nil {
				t.Fatal(err)
			}
			if given.Gamma > best.Gamma*(1+solverT) {
				t.Errorf("generating hyperplane γ = %v beats the best γ = %v", given.Gamma, best.Gamma)
			}
			for _, o := range []Order{Cyclic, Shuffle, RandomMistake} {
				for _, eta := range []float64{1, 0.1} {
					t.Run(fmt.Sprintf("margin=%v,seed=%d,%v,eta=%v", margin, seed, o, eta), func(t *testing.T) {
						res, err := Primal{Settings: Settings{Order: o, Eta: eta, Src: rand.NewPCG(seed, 9), Record: true}}.Fit(x, y)
						if err != nil {
							t.Fatal(err)
						}
						if float64(res.Updates) > best.Bound {
							t.Errorf("k = %d > (R/γ)² = %v", res.Updates, best.Bound)
						}
						for _, bd := range []*Bound{best, given} {
							if _, err := CheckProof(res.Trace, bd, eta); err != nil {
								t.Error(err)
							}
						}
					})
				}
			}
		}
	}
}

// The CS229 form: no bias, θ ← θ + yx, mistakes ≤ (D/γ)².
func TestCS229Property(t *testing.T) {
	for _, margin := range []float64{1, 5} {
		for seed := uint64(1); seed <= 4; seed++ {
			x, y, _, _ := separableOrigin(100, 3, margin, seed)
			bd, err := CS229Bound(x, y)
			if err != nil {
				t.Fatal(err)
			}
			if !scalar.EqualWithinAbsOrRel(bd.R, Radius(x), tight, tight) || bd.B != 0 || bd.Augmented {
				t.Fatalf("CS229 bound %+v", bd)
			}
			res, err := Primal{Settings: Settings{CS229: true, Record: true}, NoBias: true}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			if float64(res.Updates) > bd.Bound {
				t.Errorf("margin %v seed %d: k = %d > (D/γ)² = %v", margin, seed, res.Updates, bd.Bound)
			}
			if _, err := CheckProof(res.Trace, bd, 1); err != nil {
				t.Error(err)
			}
		}
	}
}

// separableOrigin is separable with c = 0: a hyperplane through the origin.
func separableOrigin(n, d int, margin float64, seed uint64) (*mat.Dense, []float64, []float64, float64) {
	for s := seed; ; s += 1000 {
		x, y, u, c := separable(n, d, margin, s)
		if c == 0 {
			return x, y, u, c
		}
	}
}

func TestCheckProofErrors(t *testing.T) {
	x, y := book()
	bd, err := NovikoffBound(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckProof(nil, bd, 1); !errors.Is(err, ErrTrace) {
		t.Errorf("empty trace: err = %v, want ErrTrace", err)
	}
	if _, err := CheckProof([]Step{{K: 1, W: []float64{0, 0}}}, bd, 1); !errors.Is(err, ErrTrace) {
		t.Errorf("trace without k=0: err = %v, want ErrTrace", err)
	}
	// A step far outside the ball of radius √k·ηR.
	bad := []Step{{K: 0, W: []float64{0, 0}}, {K: 1, W: []float64{100, 100}, B: 1}}
	steps, err := CheckProof(bad, bd, 1)
	if !errors.Is(err, ErrProof) || len(steps) != 2 {
		t.Errorf("err = %v with %d steps, want ErrProof and 2 steps", err, len(steps))
	}
	if _, err := CheckProof(bad, bd, -1); !errors.Is(err, classify.ErrSetting) {
		t.Errorf("η = −1: err = %v, want classify.ErrSetting", err)
	}
}

func TestMaxMarginSettings(t *testing.T) {
	x, y := book()
	z := Augment(x)
	if _, err := (MaxMargin{Tol: -1}).Solve(z, y); !errors.Is(err, ErrTolerance) {
		t.Errorf("Tol = −1: err = %v, want ErrTolerance", err)
	}
	if _, err := (MaxMargin{Tol: math.NaN()}).Solve(z, y); !errors.Is(err, ErrTolerance) {
		t.Errorf("Tol = NaN: err = %v, want ErrTolerance", err)
	}
	if _, err := (MaxMargin{MaxIter: -1}).Solve(z, y); !errors.Is(err, ErrMaxEpochs) {
		t.Errorf("MaxIter = −1: err = %v, want ErrMaxEpochs", err)
	}
	sol, err := (MaxMargin{MaxIter: 1}).Solve(z, y)
	if !errors.Is(err, ErrNotConverged) || sol == nil || !(sol.Gamma <= math.Sqrt2/3 && math.Sqrt2/3 <= sol.Upper) {
		t.Errorf("MaxIter = 1: err = %v, solution %+v; want ErrNotConverged and a bracket around √2/3", err, sol)
	}
}
