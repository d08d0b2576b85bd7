package dataset

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
)

// embedTol: inner products after an isometry computed in floating point.
const embedTol = 1e-12

func TestEmbedKeepsInnerProducts(t *testing.T) {
	x, _ := Example21().XY()
	for _, d := range []int{2, 3, 10, 500} {
		e := Embed(rand.NewPCG(7, uint64(d)), x, d)
		if r, c := e.Dims(); r != 3 || c != d {
			t.Fatalf("d=%d: dims %d×%d", d, r, c)
		}
		var g0, g mat.Dense
		g0.Mul(x, x.T())
		g.Mul(e, e.T())
		for i := range 3 {
			for j := range 3 {
				if !scalar.EqualWithinAbsOrRel(g.At(i, j), g0.At(i, j), embedTol, embedTol) {
					t.Errorf("d=%d: Gram[%d][%d] = %v, want %v (book Example 2.2)", d, i, j, g.At(i, j), g0.At(i, j))
				}
			}
		}
		if d > 2 && floats.Count(func(v float64) bool { return v == 0 }, e.RawRowView(0)) > 0 {
			t.Errorf("d=%d: embedded row has zero coordinates", d)
		}
	}
	a := Embed(nil, x, 5)
	b := Embed(nil, x, 5)
	if !mat.Equal(a, b) {
		t.Error("Embed with a nil source is not deterministic")
	}
}

func TestEmbedPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for d < d0")
		}
	}()
	x, _ := Example21().XY()
	Embed(nil, x, 1)
}
