package gallery

import (
	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/inequality"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// Notebook 05-cauchy-schwarz: the quadratic of the proof.

func cauchySchwarzEntries() []Entry {
	return []Entry{
		entry("05-cauchy-schwarz-quadratics", "05-cauchy-schwarz", "Σ(aᵢx + bᵢ)² = Ax² + 2Bx + C for a non-collinear, a nearly collinear and a collinear pair",
			func(l lang.Lang) (*plot.Plot, error) { return Quadratics(CauchySchwarzPairs(l), l) }),
	}
}

// Pair is a pair of vectors a, b of the Cauchy–Schwarz inequality with a
// name for the legend.
type Pair struct {
	Name string
	A, B []float64
}

// CauchySchwarzPairs returns the three pairs of notebook 05-cauchy-schwarz,
// all with a = (1, 2, 3), named in the language l: b = (4, 5, 6), not
// collinear (the quadratic's minimum is 27/7 > 0); b = (−1, −2, −2.5),
// nearly collinear (its minimum is just above 0); and b = −2a, collinear
// (it touches 0 at x = 2).
func CauchySchwarzPairs(l lang.Lang) []Pair {
	a := []float64{1, 2, 3}
	return []Pair{
		{Name: l.Pick("b = (4, 5, 6): not collinear", "b = (4, 5, 6)：不共线"), A: a, B: []float64{4, 5, 6}},
		{Name: l.Pick("b = (−1, −2, −2.5): nearly collinear", "b = (−1, −2, −2.5)：接近共线"), A: a, B: []float64{-1, -2, -2.5}},
		{Name: l.Pick("b = −2a: collinear", "b = −2a：共线"), A: a, B: []float64{-2, -4, -6}},
	}
}

// Quadratics draws the quadratic q(x) = Σᵢ(aᵢx + bᵢ)² = Ax² + 2Bx + C of
// each pair (inequality.Quadratic) with its minimum (AC − B²)/A: 0 exactly
// for a collinear pair. The words are in the language l.
func Quadratics(pairs []Pair, l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("Quadratics", &err)
	qs := make([]figures.Quadratic, len(pairs))
	for i, p := range pairs {
		q := inequality.Quadratic(p.A, p.B)
		qs[i] = figures.Quadratic{Name: p.Name, A: q.A, B: q.B, C: q.C}
	}
	return figures.CauchySchwarz(qs, l)
}
