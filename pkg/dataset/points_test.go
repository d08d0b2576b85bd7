package dataset_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Points to classify, with and without labels, in the forms a user writes.
func TestReadPoints(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		d    int
		x    []float64 // n×d, row by row
		y    []float64 // nil: no labels
	}{
		{"csv labelled", "3,3,1\n1,1,-1\n", 2, []float64{3, 3, 1, 1}, []float64{1, -1}},
		{"csv", "3,3\n1,1\n", 2, []float64{3, 3, 1, 1}, nil},
		{"csv header", "x1,x2\n# x3 next\n1,1\n", 2, []float64{1, 1}, nil},
		{"csv header labelled", "x1,x2,y\n1,1,-1\n", 2, []float64{1, 1}, []float64{-1}},
		{"csv one feature", "3\n-1\n", 1, []float64{3, -1}, nil},
		{"csv one feature labelled", "3,1\n-1,-1\n", 1, []float64{3, -1}, []float64{1, -1}},
		{"libsvm labelled", "+1 1:3 2:3\n-1 2:1\n", 3, []float64{3, 3, 0, 0, 1, 0}, []float64{1, -1}},
		{"libsvm", "1:3 2:3 # x1\n\n2:1\n", 2, []float64{3, 3, 0, 1}, nil},
		{"libsvm lone label", "+1\n-1 3:2\n", 3, []float64{0, 0, 0, 0, 0, 2}, []float64{1, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, y, err := dataset.ReadPoints(strings.NewReader(tc.in), tc.d)
			if err != nil {
				t.Fatal(err)
			}
			want := mat.NewDense(len(tc.x)/tc.d, tc.d, tc.x)
			if !mat.Equal(x, want) || !slices.Equal(y, tc.y) || (y == nil) != (tc.y == nil) {
				t.Errorf("got x = %v, y = %v; want %v, %v", mat.Formatted(x), y, mat.Formatted(want), tc.y)
			}
		})
	}
}

func TestReadPointsErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   string
		d    int
		want error
		msg  string
	}{
		{"csv too few", "3,3\n", 3, dataset.ErrDimension, "line 1: \"3,3\" (2 fields; want 3 features, or 3 and the label last)"},
		{"csv too many", "3,3,1,1\n", 2, dataset.ErrDimension, "4 fields; want 2 features"},
		{"csv ragged", "3,3\n1,1,1\n", 2, dataset.ErrRagged, "line 2"},
		{"csv label", "3,3,2\n", 2, dataset.ErrLabel, "line 1, field 3"},
		{"csv not finite", "3,NaN\n", 2, dataset.ErrNotFinite, "line 1, field 2"},
		{"libsvm index", "1:1 2:1\n1:1 4:2\n", 3, dataset.ErrDimension, "line 2, field 2: \"4:2\" (index 4; want 3 features)"},
		{"libsvm label missing", "+1 1:1\n1:1\n", 2, dataset.ErrFormat, "line 2, field 1: \"1:1\" (a line without a label; the first line has one)"},
		{"libsvm label extra", "1:1\n-1 1:1\n", 2, dataset.ErrFormat, "a line with a label; the first line has none"},
		{"libsvm unlabelled bad pair", "1:1 2:1\n1:1 x\n", 2, dataset.ErrFormat, "line 2, field 2: \"x\" (expected index:value)"},
		{"empty", "# nothing\n", 2, dataset.ErrEmpty, ""},
		{"neither", "3 3\n", 2, dataset.ErrFormat, "neither CSV"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x, y, err := dataset.ReadPoints(strings.NewReader(tc.in), tc.d)
			if !errors.Is(err, tc.want) || x != nil || y != nil {
				t.Fatalf("got %v (x %v, y %v), want %v", err, x, y, tc.want)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q, want it to contain %q", err, tc.msg)
			}
		})
	}
	defer func() {
		if recover() == nil {
			t.Error("no panic for d = 0")
		}
	}()
	dataset.ReadPoints(strings.NewReader("1,1\n"), 0)
}
