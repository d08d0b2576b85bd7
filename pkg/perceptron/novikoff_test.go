package perceptron

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

// TestBoundExtremeValues: the bounds are computed without overflow where
// their values are float64s, whatever the magnitude of the data, and say
// ErrNotFinite, naming what overflows, where they are not.
func TestBoundExtremeValues(t *testing.T) {
	t.Run("values near the largest float64", func(t *testing.T) {
		// x̂1 = (1e308, 1, 1), −x̂2 = (1e308, −1, −1): the nearest point of
		// their hull is (1e308, 0, 0), so γ = 1e308, ŵ = (1, 0, 0), R = ‖x̂1‖
		// = 1e308 and (R/γ)² = 1.
		x := mat.NewDense(2, 2, []float64{1e308, 1, -1e308, 1})
		bd, err := NovikoffBound(x, []float64{1, -1})
		if err != nil {
			t.Fatal(err)
		}
		if !scalar.EqualWithinRel(bd.Gamma, 1e308, solverT) || !scalar.EqualWithinRel(bd.R, 1e308, tight) || !scalar.EqualWithinRel(bd.Bound, 1, solverT) {
			t.Errorf("γ = %v, R = %v, bound %v; want 1e308, 1e308, 1", bd.Gamma, bd.R, bd.Bound)
		}
		// The hyperplane x⁽¹⁾ + x⁽²⁾ = 0: w·x = 2e308 overflows, γ does
		// not: γ = min yᵢ(w·xᵢ)/‖w‖ = √2·1e308, R = ‖(1e308, 1e308, 1)‖.
		x = mat.NewDense(2, 2, []float64{1e308, 1e308, -1e308, -1e308})
		bd, err = HyperplaneBound(x, []float64{1, -1}, []float64{1, 1}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !scalar.EqualWithinRel(bd.Gamma, math.Sqrt2*1e308, tight) || !scalar.EqualWithinRel(bd.Bound, 1, tight) {
			t.Errorf("γ = %v, bound %v; want √2·1e308, 1", bd.Gamma, bd.Bound)
		}
	})
	t.Run("a norm that overflows", func(t *testing.T) {
		// ‖x̂1‖ = √2·1.3e308 exceeds the largest float64; γ ≈ 1.3e308 (the
		// nearest point of the hull is near x̂1 − (0, 1.3e308, 2)) does not.
		x := mat.NewDense(2, 2, []float64{1.3e308, 1.3e308, -1.3e308, 0})
		_, err := NovikoffBound(x, []float64{1, -1})
		if !errors.Is(err, classify.ErrNotFinite) || !strings.Contains(err.Error(), "x1") {
			t.Errorf("err = %v, want classify.ErrNotFinite naming x1", err)
		}
	})
	t.Run("data of magnitude 1e300", func(t *testing.T) {
		// Scaled up, the augmented coordinate 1 becomes negligible: the
		// bound tends to the CS229 bound of the data through the origin.
		x, y, _, _ := separableOrigin(50, 3, 2, 2)
		cs, err := CS229Bound(x, y)
		if err != nil {
			t.Fatal(err)
		}
		x.Scale(1e300, x)
		bd, err := NovikoffBound(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if !scalar.EqualWithinRel(bd.Bound, cs.Bound, solverT) {
			t.Errorf("bound %v, CS229 bound %v", bd.Bound, cs.Bound)
		}
	})
	t.Run("a margin far below the resolution of R", func(t *testing.T) {
		// Example 2.1 ×s: γ → ½ while R = 5s. The data stay separable:
		// the bound is (10s)² where it is a float64, an overflow error
		// (never "not separable") where it is not.
		x0, y := dataset.Example21().XY()
		for _, s := range []float64{1e12, 1e150, 1e200, 1e300} {
			x := mat.NewDense(3, 2, nil)
			x.Scale(s, x0)
			bd, err := NovikoffBound(x, y)
			switch {
			case s <= 1e150 && (err != nil || !scalar.EqualWithinRel(bd.Bound, 100*s*s, 1e-9)):
				t.Errorf("×%g: bound %v, %v; want %v", s, bd.Bound, err, 100*s*s)
			case s > 1e150 && (!errors.Is(err, classify.ErrNotFinite) || errors.Is(err, ErrNotSeparable)):
				t.Errorf("×%g: %v, want classify.ErrNotFinite for (R/γ)²", s, err)
			}
		}
	})
	t.Run("CS229 bound in any units", func(t *testing.T) {
		// Without the bias, scaling the data leaves (D/γ)² unchanged.
		x, y, _, _ := separableOrigin(50, 3, 2, 1)
		ref, err := CS229Bound(x, y)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []float64{1e-300, 1e-150, 1e-6, 1e6, 1e150, 1e300} {
			xs := mat.NewDense(50, 3, nil)
			xs.Scale(s, x)
			bd, err := CS229Bound(xs, y)
			if err != nil {
				t.Errorf("×%g: %v", s, err)
				continue
			}
			if !scalar.EqualWithinRel(bd.Bound, ref.Bound, solverT) || !floats.EqualApprox(bd.W, ref.W, solverT) {
				t.Errorf("×%g: bound %v, ŵ %v; want %v, %v", s, bd.Bound, bd.W, ref.Bound, ref.W)
			}
		}
	})
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
