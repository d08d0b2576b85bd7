package dataset

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// readBoth reads in with Read's in-place LIBSVM parser and with parseLine
// alone, and fails unless they give the same set or the same error.
func readBoth(t *testing.T, in string) {
	t.Helper()
	fast, errF := Read(strings.NewReader(in))
	slowLIBSVM = true
	slow, errS := Read(strings.NewReader(in))
	slowLIBSVM = false
	switch {
	case (errF == nil) != (errS == nil):
		t.Fatalf("%q: in place %v, by parseLine %v", in, errF, errS)
	case errF != nil:
		if errF.Error() != errS.Error() {
			t.Fatalf("%q: in place %q, by parseLine %q", in, errF, errS)
		}
	case !mat.Equal(fast.X, slow.X) || !equalBits(fast.Y, slow.Y):
		t.Fatalf("%q: in place %v %v, by parseLine %v %v", in, mat.Formatted(fast.X), fast.Y, mat.Formatted(slow.X), slow.Y)
	}
}

func equalBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestReadLIBSVMFast: Read parses LIBSVM lines in place (issue 24: the
// command line's reading), with the data and the errors of parseLine.
func TestReadLIBSVMFast(t *testing.T) {
	for _, in := range append(append([]string{}, libsvmSeeds...), sparseInputs...) {
		readBoth(t, in)
	}
}

func FuzzReadLIBSVMFast(f *testing.F) {
	for _, s := range append(append([]string{}, libsvmSeeds...), sparseInputs...) {
		f.Add(s)
	}
	defer func(m int) { maxCells = m }(maxCells)
	maxCells = fuzzMaxCells
	f.Fuzz(func(t *testing.T, in string) { readBoth(t, in) })
}
