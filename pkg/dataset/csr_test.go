package dataset_test

import (
	"errors"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// NewCSR keeps the nonzero entries; At, Dense and Dot give back the
// matrix's numbers.
func TestCSRRoundTrip(t *testing.T) {
	x := mat.NewDense(3, 4, []float64{
		0, 2, 0, -1,
		0, 0, 0, 0,
		5, 0, 0.5, 0,
	})
	c := dataset.NewCSR(x)
	if c.NNZ() != 4 || c.Full() {
		t.Errorf("%d entries, full %v; want 4, not full", c.NNZ(), c.Full())
	}
	if !mat.Equal(c, x) || !mat.Equal(c.Dense(), x) || !mat.Equal(c.T(), x.T()) {
		t.Errorf("CSR %v, want %v", mat.Formatted(c.Dense()), mat.Formatted(x))
	}
	w := []float64{1, 2, 3, 4}
	for i, want := range []float64{0, 0, 6.5} {
		if got := c.Dot(i, w); got != want {
			t.Errorf("row %d · w = %v, want %v", i+1, got, want)
		}
	}
	if err := c.Validate([]float64{1, -1, 1}); err != nil {
		t.Errorf("Validate: %v", err)
	}
}

func TestCSRValidate(t *testing.T) {
	ok := func() *dataset.CSR {
		return &dataset.CSR{N: 2, D: 3, Ptr: []int{0, 2, 3}, Ind: []int32{0, 2, 1}, Val: []float64{1, 2, 3}}
	}
	y := []float64{1, -1}
	for _, tc := range []struct {
		name  string
		spoil func(c *dataset.CSR) []float64
		want  error
	}{
		{"labels", func(c *dataset.CSR) []float64 { return []float64{1, 0} }, dataset.ErrLabel},
		{"length", func(c *dataset.CSR) []float64 { return []float64{1} }, dataset.ErrLength},
		{"empty", func(c *dataset.CSR) []float64 { c.N = 0; return nil }, dataset.ErrEmpty},
		{"nan", func(c *dataset.CSR) []float64 { c.Val[1] = math.NaN(); return y }, dataset.ErrNotFinite},
		{"descending", func(c *dataset.CSR) []float64 { c.Ind[1] = 0; return y }, dataset.ErrFormat},
		{"column", func(c *dataset.CSR) []float64 { c.Ind[2] = 3; return y }, dataset.ErrFormat},
		{"pointers", func(c *dataset.CSR) []float64 { c.Ptr[1] = 4; return y }, dataset.ErrFormat},
		{"end", func(c *dataset.CSR) []float64 { c.Ptr[2] = 2; return y }, dataset.ErrFormat},
	} {
		c := ok()
		if err := c.Validate(tc.spoil(c)); !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
		}
	}
	var nilCSR *dataset.CSR
	if err := nilCSR.Validate(nil); !errors.Is(err, dataset.ErrEmpty) {
		t.Errorf("nil: %v", err)
	}
}
