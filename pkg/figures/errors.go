package figures

import (
	"errors"

	"github.com/marginnotes/marginnotes/pkg/classify"
)

var (
	// ErrFormat is returned by Render for a format other than svg, png or pdf.
	ErrFormat = errors.New("figures: unknown format")
	// ErrSize is returned by Render for a width or height that is not positive.
	ErrSize = errors.New("figures: size not positive")
	// ErrNotPositive is returned for a value that a logarithmic axis cannot show.
	ErrNotPositive = errors.New("figures: value not positive on a log axis")
	// ErrEmpty is returned when a builder is given nothing to draw.
	ErrEmpty = errors.New("figures: nothing to draw")
	// ErrNotFinite is classify.ErrNotFinite, returned for a NaN or
	// infinite value or parameter.
	ErrNotFinite = classify.ErrNotFinite
	// ErrDim is returned for what is not of the plane: data whose rows do
	// not have two features, a hyperplane whose w does not have two
	// components (a kernel model has none), or a classifier of points of
	// another dimension.
	ErrDim = errors.New("figures: not of the plane")
	// ErrIndex is returned for an index of a point (a support vector, a
	// highlighted point) outside the data.
	ErrIndex = errors.New("figures: index out of range")
	// ErrLength is returned for a list that goes with the points and has
	// another length than they have (Plane's Names).
	ErrLength = errors.New("figures: length does not match the number of points")
	// ErrFont is returned for a Chinese figure when no Chinese font is
	// installed (see NewPlot).
	ErrFont = errors.New("figures: font missing")
)
