package figures

import "gonum.org/v1/plot/vg"

// The sizes at which notebooks display and the command line saves figures.
// Builders never pick a size: callers pass these to (*plot.Plot).Save or to
// the notebook display package. They are the only place sizes live.
const (
	// Width and Height of a single figure.
	Width  = 5 * vg.Inch
	Height = 3.75 * vg.Inch
	// SquareSide is the side of a figure whose axes share one scale
	// (data in the plane with a hyperplane drawn).
	SquareSide = 4.5 * vg.Inch
	// Wide is the width of a row of small multiples.
	Wide = 9 * vg.Inch
)
