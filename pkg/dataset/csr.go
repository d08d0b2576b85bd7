package dataset

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// CSR is a sparse n×d matrix in compressed-row form, one example per row:
// the nonzero entries of row i are Val[Ptr[i]:Ptr[i+1]], in the columns
// Ind[Ptr[i]:Ptr[i+1]] (0-based, strictly ascending). It takes
// 12 bytes per stored entry and 8 per row, so a text-like set of 10⁵
// documents over 10⁵ words with 50 words each holds 60 MB where the dense
// matrix would hold 80 GB.
//
// CSR is a mat.Matrix (At finds an entry by binary search), so that it goes
// wherever the data of this module go; solvers that know it (svm.DCD) use
// the rows directly and never densify it. Other consumers read it entry by
// entry, which is slow for a large d.
type CSR struct {
	// N and D are the numbers of rows and columns.
	N, D int
	// Ptr has N+1 offsets into Ind and Val, Ptr[0] = 0, non-decreasing.
	Ptr []int
	// Ind and Val hold the column and value of each stored entry.
	Ind []int32
	Val []float64
}

var _ mat.Matrix = (*CSR)(nil)

// Dims returns N and D.
func (c *CSR) Dims() (r, cols int) { return c.N, c.D }

// At returns the entry (i, j), 0 when it is not stored. It panics if i or
// j is out of range.
func (c *CSR) At(i, j int) float64 {
	if uint(i) >= uint(c.N) || uint(j) >= uint(c.D) {
		panic(mat.ErrIndexOutOfRange)
	}
	ind := c.Ind[c.Ptr[i]:c.Ptr[i+1]]
	k := sort.Search(len(ind), func(k int) bool { return int(ind[k]) >= j })
	if k < len(ind) && int(ind[k]) == j {
		return c.Val[c.Ptr[i]+k]
	}
	return 0
}

// T returns the transpose, as a mat.Transpose.
func (c *CSR) T() mat.Matrix { return mat.Transpose{Matrix: c} }

// Row returns the columns and values of the entries stored in row i,
// sharing c's memory. It panics if i is out of range.
func (c *CSR) Row(i int) (ind []int32, val []float64) {
	lo, hi := c.Ptr[i], c.Ptr[i+1]
	return c.Ind[lo:hi:hi], c.Val[lo:hi:hi]
}

// Dot returns the dot product of row i with w. It panics if i is out of
// range or len(w) < D.
func (c *CSR) Dot(i int, w []float64) float64 {
	ind, val := c.Row(i)
	w = w[:c.D]
	var s float64
	for k, j := range ind {
		s += w[j] * val[k]
	}
	return s
}

// NNZ returns the number of stored entries.
func (c *CSR) NNZ() int { return len(c.Val) }

// Full reports whether every row stores all D entries (in order, since the
// columns of a row ascend): Val is then the row-major dense n×d matrix.
func (c *CSR) Full() bool { return len(c.Val) == c.N*c.D }

// Dense returns the dense n×d matrix of c. When c is Full the matrix shares
// Val; otherwise it is a new n×d matrix, so mind its size.
func (c *CSR) Dense() *mat.Dense {
	if c.N == 0 || c.D == 0 {
		return &mat.Dense{}
	}
	if c.Full() {
		return mat.NewDense(c.N, c.D, c.Val)
	}
	m := mat.NewDense(c.N, c.D, nil)
	for i := range c.N {
		ind, val := c.Row(i)
		row := m.RawRowView(i)
		for k, j := range ind {
			row[j] = val[k]
		}
	}
	return m
}

// NewCSR returns the CSR form of the n×d matrix x: its nonzero entries.
func NewCSR(x mat.Matrix) *CSR {
	n, d := x.Dims()
	c := &CSR{N: n, D: d, Ptr: make([]int, 1, n+1)}
	for i := range n {
		for j := range d {
			if v := x.At(i, j); v != 0 {
				c.Ind = append(c.Ind, int32(j))
				c.Val = append(c.Val, v)
			}
		}
		c.Ptr = append(c.Ptr, len(c.Val))
	}
	return c
}

// Validate checks c and the labels y as the package-level Validate checks a
// dense pair, in time proportional to the stored entries: at least one row
// and one column, as many labels as rows, every stored value finite, every
// label −1 or +1; and the structure: Ptr of length N+1 from 0 to len(Val),
// non-decreasing, as many Ind as Val, columns ascending within a row and
// below D. The error wraps ErrEmpty, ErrLength, ErrNotFinite, ErrLabel or,
// for a broken structure, ErrFormat.
func (c *CSR) Validate(y []float64) error {
	if c == nil {
		return fmt.Errorf("%w: nil matrix", ErrEmpty)
	}
	if c.N <= 0 || c.D <= 0 {
		return fmt.Errorf("%w: %d×%d", ErrEmpty, c.N, c.D)
	}
	if len(y) != c.N {
		return fmt.Errorf("%w: %d rows, %d labels", ErrLength, c.N, len(y))
	}
	if len(c.Ptr) != c.N+1 || c.Ptr[0] != 0 || c.Ptr[c.N] != len(c.Val) || len(c.Ind) != len(c.Val) || c.D > math.MaxInt32+1 {
		return fmt.Errorf("%w: CSR of %d rows with %d offsets, %d columns and %d values", ErrFormat, c.N, len(c.Ptr), len(c.Ind), len(c.Val))
	}
	for i := range c.N {
		if c.Ptr[i+1] < c.Ptr[i] {
			return fmt.Errorf("%w: CSR row %d ends before it starts", ErrFormat, i+1)
		}
	}
	for i := range c.N {
		lo, hi := c.Ptr[i], c.Ptr[i+1]
		prev := int32(-1)
		for k := lo; k < hi; k++ {
			j := c.Ind[k]
			if j <= prev || int(j) >= c.D {
				return fmt.Errorf("%w: CSR row %d, column %d after %d (want ascending columns below %d)", ErrFormat, i+1, int(j)+1, int(prev)+1, c.D)
			}
			prev = j
			if v := c.Val[k]; math.IsNaN(v) || math.IsInf(v, 0) {
				return &CellError{Row: i, Col: int(j), Value: v, Err: ErrNotFinite}
			}
		}
	}
	for i, v := range y {
		if v != 1 && v != -1 {
			return &CellError{Row: i, Col: -1, Value: v, Err: ErrLabel, Hint: labelHint(y)}
		}
	}
	return nil
}
