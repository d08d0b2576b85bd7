package dataset

import (
	"os"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestExample21File checks that testdata/example21.csv, the file the README's
// command-line examples use, holds the book's data.
func TestExample21File(t *testing.T) {
	f, err := os.Open("testdata/example21.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	x, y := Example21().XY()
	if !mat.Equal(s.X, x) || len(s.Y) != len(y) || s.Y[0] != y[0] || s.Y[1] != y[1] || s.Y[2] != y[2] {
		t.Errorf("example21.csv = %v %v, want %v %v", mat.Formatted(s.X), s.Y, mat.Formatted(x), y)
	}
	if len(s.Names) != 2 || s.Names[0] != "x(1)" {
		t.Errorf("names = %q, want the header x(1), x(2)", s.Names)
	}
}
