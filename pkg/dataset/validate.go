package dataset

import (
	"fmt"
	"math"
	"reflect"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// Validate checks that x (n×d, one example per row) and y (n labels) form a
// usable binary data set: at least one row and one column, as many labels as
// rows, every feature finite and every label −1 or +1. The error names the
// first problem found and where it is (see CellError); it wraps one of
// ErrEmpty, ErrLength, ErrNotFinite or ErrLabel. When the labels look like
// {0,1} or {1,2}, the error says how to recode them.
func Validate(x mat.Matrix, y []float64) error {
	if isNil(x) {
		return fmt.Errorf("%w: nil matrix", ErrEmpty)
	}
	n, d := x.Dims()
	if n == 0 || d == 0 {
		return fmt.Errorf("%w: %d×%d", ErrEmpty, n, d)
	}
	if len(y) != n {
		return fmt.Errorf("%w: %d rows, %d labels", ErrLength, n, len(y))
	}
	var raw blas64.General
	if r, ok := x.(mat.RawMatrixer); ok {
		raw = r.RawMatrix()
	}
	for i := 0; i < n; i++ {
		if raw.Data != nil {
			// The row itself, without a call of At for each value.
			for j, v := range raw.Data[i*raw.Stride : i*raw.Stride+d] {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return &CellError{Row: i, Col: j, Value: v, Err: ErrNotFinite}
				}
			}
			continue
		}
		for j := 0; j < d; j++ {
			if v := x.At(i, j); math.IsNaN(v) || math.IsInf(v, 0) {
				return &CellError{Row: i, Col: j, Value: v, Err: ErrNotFinite}
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

// isNil reports whether x is nil or a nil pointer, such as (*mat.Dense)(nil),
// whose methods would panic.
func isNil(x mat.Matrix) bool {
	if x == nil {
		return true
	}
	v := reflect.ValueOf(x)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// labelHint recognises the common label codings {0,1} and {1,2}.
func labelHint(y []float64) string {
	seen := map[float64]bool{}
	for _, v := range y {
		seen[v] = true
		if len(seen) > 2 {
			return ""
		}
	}
	switch {
	case len(seen) == 2 && seen[0] && seen[1]:
		return "labels look like {0,1}: map 0 to -1"
	case len(seen) == 2 && seen[1] && seen[2]:
		return "labels look like {1,2}: map 1 to +1 and 2 to -1, or as your data defines"
	}
	return ""
}

// Counts returns the number of positive and negative labels in y.
func Counts(y []float64) (pos, neg int) {
	for _, v := range y {
		if v > 0 {
			pos++
		} else {
			neg++
		}
	}
	return pos, neg
}
