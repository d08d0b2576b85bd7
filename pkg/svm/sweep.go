package svm

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// Sweep solves the problem once for each box bound in cs, with s's other
// settings: result i is s.Fit(x, y) with s.C = cs[i]. It is the sweep over C
// of notebooks 07-soft-margin-hinge and 08-real-data.
//
// At the first error Sweep stops and returns the results so far, the partial
// result of the failed fit last when Fit returned one (ErrNotConverged,
// ErrNotSeparable), with the error wrapped with the value of C.
func (s SMO) Sweep(x mat.Matrix, y []float64, cs []float64) ([]*Result, error) {
	out := make([]*Result, 0, len(cs))
	for _, c := range cs {
		s.C = c
		res, err := s.Fit(x, y)
		if res != nil {
			out = append(out, res)
		}
		if err != nil {
			return out, fmt.Errorf("svm: sweep at C = %v: %w", c, err)
		}
	}
	return out, nil
}
