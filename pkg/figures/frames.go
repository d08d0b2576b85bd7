package figures

import (
	"gonum.org/v1/gonum/mat"
)

// Frame is one state of a figure that a reader steps through: a step of an
// algorithm's run (the k-th update of Algorithm 2.1) or one value of a
// parameter (C of the soft margin). The notebooks show a sequence of frames
// with a slider (package notebook's Slider); the frames of a sequence are
// drawn at one size and should share their axes, so that only what changes
// moves.
type Frame struct {
	// State says in one line of text which state the frame shows and its
	// key numbers, such as "k = 3: … → w = (1, 1), b = −1". It is shown
	// next to the slider and read out by screen readers.
	State string
	// Figure is the picture of the state.
	Figure Figure
	// Table, if not nil, is a small table shown under the figure, its
	// first row the header: the rows of Table 2.1 up to k, the Gram
	// entries an update used.
	Table [][]string
}

// Sequence is an ordered run of frames, such as a run of Algorithm 2.1 in
// one visiting order or a sweep over C on one data set. Several sequences
// shown together are alternatives the reader chooses from by Name.
type Sequence struct {
	// Name tells the sequence from the others shown with it ("cyclic order
	// x1, x2, x3 (Table 2.1)"); a lone sequence needs none.
	Name string
	// Frames are the states in order.
	Frames []Frame
	// Initial is the index of the frame shown first.
	Initial int
	// Print lists the key frames (indices into Frames, in the order
	// shown) that a printed page shows in place of the slider: a strip
	// of small multiples, each frame with its State. A sequence without
	// any is left out of the print; when no sequence of a slider has
	// any, the print shows the initial frame of the first sequence.
	Print []int
}

// SharedView returns the square part of the plane that every frame or
// panel showing the points x (n×2, labels y) should share: the range Plane
// shows by default for the points alone, around the origin too if origin
// is set (the first hyperplanes of a perceptron run from w = 0 pass near
// it). It returns an error wrapping the dataset sentinels for unusable data
// and panics if x does not have two columns.
func SharedView(x mat.Matrix, y []float64, origin bool) (Rect, error) {
	return sharedView(x, y, origin)
}
