package dataset

import (
	"gonum.org/v1/gonum/mat"
)

// Scaling is a per-feature linear map of [Min[j], Max[j]] onto [−1, 1], the
// scaling LIBSVM's svm-scale applies with its default range. A constant
// feature (Min[j] = Max[j]) maps to 0, as svm-scale drops it.
type Scaling struct {
	Min, Max []float64
}

// FitScaling returns the Scaling given by the smallest and largest value of
// each column of x.
func FitScaling(x mat.Matrix) *Scaling {
	n, d := x.Dims()
	s := &Scaling{Min: make([]float64, d), Max: make([]float64, d)}
	for j := 0; j < d; j++ {
		lo, hi := x.At(0, j), x.At(0, j)
		for i := 1; i < n; i++ {
			v := x.At(i, j)
			lo, hi = min(lo, v), max(hi, v)
		}
		s.Min[j], s.Max[j] = lo, hi
	}
	return s
}

// Value returns feature value v of column j after scaling: −1 at Min[j], +1
// at Max[j] (exactly), linear in between and beyond, 0 for a constant
// feature. Values outside the fitted range, as in test data, map outside
// [−1, 1].
func (s *Scaling) Value(j int, v float64) float64 {
	lo, hi := s.Min[j], s.Max[j]
	switch {
	case lo == hi:
		return 0
	case v == lo:
		return -1
	case v == hi:
		return 1
	}
	return -1 + 2*(v-lo)/(hi-lo)
}

// Apply returns a new matrix holding x scaled column by column. It panics if
// x does not have len(s.Min) columns.
func (s *Scaling) Apply(x mat.Matrix) *mat.Dense {
	n, d := x.Dims()
	if d != len(s.Min) || d != len(s.Max) {
		panic(errScaleWidth)
	}
	out := mat.NewDense(n, d, nil)
	for i := 0; i < n; i++ {
		row := out.RawRowView(i)
		for j := range row {
			row[j] = s.Value(j, x.At(i, j))
		}
	}
	return out
}

// ScaleToUnit scales each column of x linearly onto [−1, 1] (constant
// columns to 0) and returns the scaled copy with the Scaling used, to apply
// to test data. x is not modified.
func ScaleToUnit(x mat.Matrix) (*mat.Dense, *Scaling) {
	s := FitScaling(x)
	return s.Apply(x), s
}

// ScaleToUnit returns a copy of the set with its features scaled by
// ScaleToUnit, and the Scaling used.
func (s *Set) ScaleToUnit() (*Set, *Scaling) {
	x, sc := ScaleToUnit(s.X)
	return &Set{X: x, Y: append([]float64(nil), s.Y...), Names: cloneStrings(s.Names),
		Source: s.Source, Licence: s.Licence}, sc
}
