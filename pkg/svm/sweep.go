package svm

import (
	"errors"
	"fmt"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Sweep solves the problem once for each box bound in cs, with s's other
// settings: result i is s.Fit(x, y) with s.C = cs[i]. It is the sweep over C
// of notebooks 09-soft-margin-hinge and 12-real-data.
//
// At the first error Sweep stops and returns the results so far, the partial
// result of the failed fit last when Fit returned one (ErrNotConverged,
// ErrNotSeparable), with Fit's error, which then names the value of C.
func (s SMO) Sweep(x mat.Matrix, y []float64, cs []float64) ([]*Result, error) {
	out := make([]*Result, 0, len(cs))
	for _, c := range cs {
		s.C = c
		res, err := s.Fit(x, y)
		if res != nil {
			out = append(out, res)
		}
		if err != nil {
			return out, sweepError(c, err)
		}
	}
	return out, nil
}

// sweepError adds the value of C to an error of SMO.Fit, after the solver's
// name, unless the error is an invalid setting (which names C when C is
// what is wrong, and otherwise does not depend on it).
func sweepError(c float64, err error) error {
	var se *classify.SettingError
	if errors.As(err, &se) {
		return err
	}
	return withContext(err, smoName, fmt.Sprintf("%s: sweep at C = %v", smoName, c))
}

// withContext returns err with its message's prefix (the name of the
// solver that returned it, as "svm.SMO") replaced by ctx, so that the
// message names the solver the caller called, once, first: "svm.SMO: sweep
// at C = 10: …", "svm.SquaredSlack: SMO at C = 1: …". errors.Is and
// errors.As see through it.
func withContext(err error, prefix, ctx string) error {
	msg, _ := strings.CutPrefix(err.Error(), prefix+": ")
	return &contextError{msg: ctx + ": " + msg, err: err}
}

// contextError is err with a message that adds context to err's own.
type contextError struct {
	msg string
	err error
}

func (e *contextError) Error() string { return e.msg }
func (e *contextError) Unwrap() error { return e.err }
