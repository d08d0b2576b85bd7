package figures_test

import (
	"errors"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// TestConstructorsFail: NewClasses and NewSupportVectors fail as
// NewHyperplane does, with an error and no panic, for data that are not
// n×2 (ErrDim) and an index outside the data (ErrIndex); TestPlaneErrors
// checks Plane.
func TestConstructorsFail(t *testing.T) {
	x, y := dataset.Example21().XY()
	x3 := mat.NewDense(3, 3, []float64{3, 3, 0, 4, 3, 0, 1, 1, 0})
	x1 := mat.NewDense(3, 1, []float64{3, 4, 1})
	for _, c := range []struct {
		name string
		err  func() error
		want error
	}{
		{"NewClasses 3 columns", func() error { _, err := figures.NewClasses(x3, y); return err }, figures.ErrDim},
		{"NewClasses 1 column", func() error { _, err := figures.NewClasses(x1, y); return err }, figures.ErrDim},
		{"NewSupportVectors 3 columns", func() error { _, err := figures.NewSupportVectors(x3, []int{0}, nil); return err }, figures.ErrDim},
		{"NewSupportVectors index 3", func() error { _, err := figures.NewSupportVectors(x, []int{0, 3}, nil); return err }, figures.ErrIndex},
		{"NewSupportVectors index -1", func() error { _, err := figures.NewSupportVectors(x, nil, []int{-1}); return err }, figures.ErrIndex},
		{"NewHyperplane 3 weights", func() error { _, err := figures.NewHyperplane([]float64{1, 1, 1}, 0); return err }, figures.ErrDim},
	} {
		var err error
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: panic %v", c.name, p)
				}
			}()
			err = c.err()
		}()
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

// TestSupportVectorsOfEverySVM: figures.NewSupportVectors draws the
// support vectors of DCD as of SMO, from the same fields: on Example 2.1
// with C = 10 both ring x1 and x3 (free) and box none.
func TestSupportVectorsOfEverySVM(t *testing.T) {
	x, y := dataset.Example21().XY()
	smo, err := svm.SMO{C: 10}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	dcd, err := svm.DCD{C: 10, Eps: 1e-9}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for name, sets := range map[string][2][]int{
		"SMO": {smo.FreeIndices, smo.BoundedIndices},
		"DCD": {dcd.FreeIndices, dcd.BoundedIndices},
	} {
		sv, err := figures.NewSupportVectors(x, sets[0], sets[1])
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if sv.Free == nil || sv.Free.Len() != 2 || sv.Bounded != nil {
			t.Errorf("%s: free %v, bounded %v; want x1 and x3 ringed, none boxed", name, sv.Free, sv.Bounded)
		}
	}
}
