package dataset

import (
	"errors"
	"fmt"
)

// Sentinel errors returned, wrapped with context, by Validate and the readers.
// Test for them with errors.Is.
var (
	// ErrEmpty: the data set has no rows or no columns.
	ErrEmpty = errors.New("dataset: empty data set")
	// ErrNotFinite: a feature is NaN or ±Inf.
	ErrNotFinite = errors.New("dataset: value is not finite")
	// ErrLabel: a label is not −1 or +1.
	ErrLabel = errors.New("dataset: label not in {-1,+1}")
	// ErrLength: the number of labels differs from the number of rows.
	ErrLength = errors.New("dataset: number of labels does not match number of rows")
	// ErrRagged: the rows of a file do not all have the same number of features.
	ErrRagged = errors.New("dataset: rows have different numbers of features")
	// ErrFormat: a file is not valid CSV or LIBSVM text.
	ErrFormat = errors.New("dataset: malformed input")
	// ErrOneClass: all labels are equal, where an algorithm needs both classes.
	ErrOneClass = errors.New("dataset: only one class present")
)

// CellError locates a problem at a row and column of a data set. Row and Col
// are 0-based; Error prints them 1-based, as the book numbers x1…xN. Col is −1
// when the problem is in the label.
type CellError struct {
	Row, Col int
	Value    float64
	Err      error // one of the sentinels above
	Hint     string
}

func (e *CellError) Error() string {
	where := fmt.Sprintf("row %d, column %d", e.Row+1, e.Col+1)
	if e.Col < 0 {
		where = fmt.Sprintf("row %d, label", e.Row+1)
	}
	msg := fmt.Sprintf("%v at %s: %v", e.Err, where, e.Value)
	if e.Hint != "" {
		msg += " (" + e.Hint + ")"
	}
	return msg
}

func (e *CellError) Unwrap() error { return e.Err }
