package gallery

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Example 7.1 by the primal solver is the book's w* = (1/2, 1/2), b* = −2.
func TestExample71(t *testing.T) {
	opt, err := Example71()
	if err != nil {
		t.Fatal(err)
	}
	if !floats.EqualApprox(opt.W, []float64{0.5, 0.5}, 1e-9) || math.Abs(opt.B+2) > 1e-9 {
		t.Errorf("w* = %v, b* = %v; want (1/2, 1/2), −2 (book, Example 7.1)", opt.W, opt.B)
	}
}

// The sample of notebook 07's weak duality check: 200 dual-feasible α of
// Example 7.2, none above p* = 1/4, drawn the same on every call.
func TestExample72Alphas(t *testing.T) {
	x, y := dataset.Example21().XY()
	d, err := svm.NewDualProblem(x, y, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	alphas := Example72Alphas()
	if len(alphas) != 200 {
		t.Fatalf("%d samples, want 200", len(alphas))
	}
	for i, a := range alphas {
		if slices.Min(a) < 0 || math.Abs(floats.Dot(a, y)) > 1e-12 {
			t.Fatalf("sample %d = %v is not dual feasible", i, a)
		}
		if th := d.DualFunction(a); th > 0.25 {
			t.Errorf("sample %d: θ_D = %v > p* = 1/4", i, th)
		}
	}
	if again := Example72Alphas(); !floats.Equal(again[199], alphas[199]) {
		t.Error("a second call draws other samples")
	}
}

// The two problems of notebook 07 as the figures draw them.
func TestDualityProblems(t *testing.T) {
	s, err := SquareProblem().Solve()
	if err != nil || s.X != 1 || s.Alpha != 2 || s.D != 1 || !s.Slater {
		t.Errorf("min x² s.t. x ≥ 1: %+v, %v; want x* = 1, α* = 2, d* = 1, Slater", s, err)
	}
	s, err = NoSlaterProblem().Solve()
	if err != nil || s.X != 0 || s.Attained || s.Slater || !math.IsNaN(s.Alpha) {
		t.Errorf("min x s.t. x² ≤ 0: %+v, %v; want x* = 0, no multiplier", s, err)
	}
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		g, err := DualitySquare(l)
		if err != nil {
			t.Fatal(err)
		}
		if r, c := g.Dims(); r != 1 || c != 2 {
			t.Errorf("%v: %d×%d panels, want 1×2", l, r, c)
		}
	}
}
