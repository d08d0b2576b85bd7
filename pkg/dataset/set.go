package dataset

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Set is a labelled binary data set: X is n×d with one example per row, Y
// holds the n labels in {−1, +1}. Names, when not nil, names the d features.
// Source and Licence say where shipped data comes from; they are empty for
// generated data and for data read from a file.
//
// The algorithms of this module take the pair (s.X, s.Y), which XY
// returns. Every data set of the library — the book's fixtures
// (Example21), the shipped real data (Iris, BreastCancer), the generators
// (Separable, XOR, …) and the readers — comes as a *Set.
type Set struct {
	X       *mat.Dense
	Y       []float64
	Names   []string
	Source  string
	Licence string
}

// New returns a Set holding a copy of x and y after checking them with
// Validate. The error wraps ErrEmpty, ErrLength, ErrNotFinite or ErrLabel.
func New(x mat.Matrix, y []float64) (*Set, error) {
	if err := Validate(x, y); err != nil {
		return nil, err
	}
	return &Set{X: mat.DenseCopyOf(x), Y: append([]float64(nil), y...)}, nil
}

// FromRows returns a Set whose i-th example is rows[i] with label y[i], as a
// notebook writes small data by hand. The error wraps ErrRagged when the rows
// differ in length, or one of the errors of New.
func FromRows(rows [][]float64, y []float64) (*Set, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, fmt.Errorf("%w: no rows or no features", ErrEmpty)
	}
	d := len(rows[0])
	data := make([]float64, 0, len(rows)*d)
	for i, r := range rows {
		if len(r) != d {
			return nil, fmt.Errorf("%w: row %d has %d features, row 1 has %d", ErrRagged, i+1, len(r), d)
		}
		data = append(data, r...)
	}
	x := mat.NewDense(len(rows), d, data)
	if err := Validate(x, y); err != nil {
		return nil, err
	}
	return &Set{X: x, Y: append([]float64(nil), y...)}, nil
}

// XY returns the data X (n×d, one example per row) and the labels Y, the
// arguments of every Fit:
//
//	x, y := dataset.Example21().XY()
//	res, err := perceptron.Primal{}.Fit(x, y)
//
// They are the Set's own, not copies.
func (s *Set) XY() (*mat.Dense, []float64) { return s.X, s.Y }

// Dims returns the number of examples n and of features d.
func (s *Set) Dims() (n, d int) { return s.X.Dims() }

// Validate checks the set as the package-level Validate does, and that Names
// is nil or has one name per feature (otherwise the error wraps ErrRagged).
func (s *Set) Validate() error {
	if s == nil || s.X == nil {
		return fmt.Errorf("%w: nil set", ErrEmpty)
	}
	if err := Validate(s.X, s.Y); err != nil {
		return err
	}
	if _, d := s.X.Dims(); s.Names != nil && len(s.Names) != d {
		return fmt.Errorf("%w: %d feature names for %d features", ErrRagged, len(s.Names), d)
	}
	return nil
}

// Counts returns the number of positive and negative examples.
func (s *Set) Counts() (pos, neg int) { return Counts(s.Y) }

// Subset returns a new Set made of the examples with the given 0-based
// indices, in that order (repetitions allowed), with copied data. It panics
// if an index is out of range.
func (s *Set) Subset(idx []int) *Set {
	_, d := s.X.Dims()
	x := &mat.Dense{}
	if len(idx) > 0 {
		x = mat.NewDense(len(idx), d, nil)
	}
	y := make([]float64, len(idx))
	for k, i := range idx {
		x.SetRow(k, s.X.RawRowView(i))
		y[k] = s.Y[i]
	}
	return &Set{X: x, Y: y, Names: cloneStrings(s.Names), Source: s.Source, Licence: s.Licence}
}

func cloneStrings(s []string) []string {
	if s == nil {
		return nil
	}
	return append([]string(nil), s...)
}
