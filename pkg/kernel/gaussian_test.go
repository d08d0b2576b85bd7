package kernel

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"
)

func TestGaussian(t *testing.T) {
	// Li Hang (7.90): exp(−‖x−z‖²/(2σ²)); ‖(3,3) − (1,1)‖² = 8.
	x, z := []float64{3, 3}, []float64{1, 1}
	for _, c := range []struct{ sigma, gamma, k float64 }{
		{1, 0.5, math.Exp(-4)},
		{2, 0.125, math.Exp(-1)},
		{1 / math.Sqrt2, 1, math.Exp(-8)},
	} {
		g := Gaussian(c.sigma)
		if !scalar.EqualWithinRel(g.Gamma, c.gamma, tol) || !scalar.EqualWithinRel(g.Eval(x, z), c.k, tol) {
			t.Errorf("σ = %g: γ = %g, K = %g; want %g, %g", c.sigma, g.Gamma, g.Eval(x, z), c.gamma, c.k)
		}
		if g.Eval(x, x) != 1 {
			t.Errorf("σ = %g: K(x, x) = %g, want 1", c.sigma, g.Eval(x, x))
		}
	}
	for _, s := range []float64{0, math.Inf(1), math.NaN()} {
		if Validate(Gaussian(s)) == nil {
			t.Errorf("σ = %g: Validate accepts %v", s, Gaussian(s))
		}
	}
}
