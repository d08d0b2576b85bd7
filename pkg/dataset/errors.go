package dataset

import (
	"errors"
	"fmt"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
)

// Sentinel errors returned, wrapped with context, by Validate and the readers.
// Test for them with errors.Is.
var (
	// ErrEmpty: the data set has no rows or no columns.
	ErrEmpty = errors.New("dataset: empty data set")
	// ErrNotFinite is classify.ErrNotFinite: a feature is NaN or ±Inf.
	ErrNotFinite = classify.ErrNotFinite
	// ErrLabel: a label is not −1 or +1.
	ErrLabel = errors.New("dataset: label not in {-1,+1}")
	// ErrLength: the number of labels differs from the number of rows.
	ErrLength = errors.New("dataset: number of labels does not match number of rows")
	// ErrRagged: the rows of a file do not all have the same number of features.
	ErrRagged = errors.New("dataset: rows have different numbers of features")
	// ErrFormat: a file is not valid CSV or LIBSVM text.
	ErrFormat = errors.New("dataset: malformed input")
	// ErrTooLarge: an input past one of the readers' limits (MaxLineBytes,
	// MaxCells, MaxIndex, MaxCellsPerByte).
	ErrTooLarge = errors.New("dataset: input too large")
	// ErrDimension: points have another number of features than asked for
	// (ReadPoints: the dimension of a model).
	ErrDimension = errors.New("dataset: wrong number of features")
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
	msg := fmt.Sprintf("dataset: %s at %s: %v", errtext.Trim(e.Err.Error()), where, e.Value)
	if e.Hint != "" {
		msg += " (" + e.Hint + ")"
	}
	return msg
}

func (e *CellError) Unwrap() error { return e.Err }

// LineError locates a problem in a CSV or LIBSVM file. Line and Field are
// 1-based, as an editor shows them: Line counts every line of the input,
// blank lines and comments included, and Field counts the fields of that line
// (comma-separated in CSV, blank-separated in LIBSVM, where field 1 is the
// label). Field is 0 when the problem concerns the whole line.
type LineError struct {
	Line, Field int
	Text        string // the offending field or line, possibly shortened
	Err         error  // one of the sentinels above
	Hint        string // what was expected, or how to fix it
}

func (e *LineError) Error() string {
	where := fmt.Sprintf("line %d", e.Line)
	if e.Field > 0 {
		where += fmt.Sprintf(", field %d", e.Field)
	}
	msg := fmt.Sprintf("dataset: %s at %s", errtext.Trim(e.Err.Error()), where)
	if e.Text != "" {
		msg += fmt.Sprintf(": %q", e.Text)
	}
	if e.Hint != "" {
		msg += " (" + e.Hint + ")"
	}
	return msg
}

func (e *LineError) Unwrap() error { return e.Err }

// Panic messages for programmer errors.
const (
	errGenSize    = "dataset: generator needs n ≥ 2 and d ≥ 1"
	errGenMargin  = "dataset: Separable needs radius > 1 and 0 < gamma < sqrt(radius²−1)"
	errGenFlip    = "dataset: flip probability outside [0, 1]"
	errGenNoise   = "dataset: negative noise or spread"
	errGenRadii   = "dataset: Rings needs 0 ≤ inner < outer"
	errScaleWidth = "dataset: Scaling applied to a matrix of a different width"
)
