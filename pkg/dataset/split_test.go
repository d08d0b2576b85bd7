package dataset

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSplit(t *testing.T) {
	s := Iris() // 50 setosa (+1), 50 versicolor (−1)
	for _, tc := range []struct {
		name               string
		frac               float64
		trainPos, trainNeg int
		testPos, testNeg   int
	}{
		{"frac=0.3", 0.3, 35, 35, 15, 15},
		{"frac=0.25", 0.25, 37, 37, 13, 13}, // round(12.5) = 13
		{"frac=0.01", 0.01, 49, 49, 1, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			train, test := s.Split(rand.NewPCG(3, 4), tc.frac)
			if p, n := train.Counts(); p != tc.trainPos || n != tc.trainNeg {
				t.Errorf("train counts (%d, %d), want (%d, %d)", p, n, tc.trainPos, tc.trainNeg)
			}
			if p, n := test.Counts(); p != tc.testPos || n != tc.testNeg {
				t.Errorf("test counts (%d, %d), want (%d, %d)", p, n, tc.testPos, tc.testNeg)
			}
			// Every example lands in exactly one part: compare the rows
			// (the iris rows are distinct except for a few duplicates, so
			// compare multisets of rows with their labels).
			all := rowsOf(s)
			got := append(rowsOf(train), rowsOf(test)...)
			slices.Sort(all)
			slices.Sort(got)
			if !slices.Equal(all, got) {
				t.Errorf("train ∪ test is not the data set")
			}
			if names := train.Names; !slices.Equal(names, s.Names) {
				t.Errorf("train names %v, want %v", names, s.Names)
			}
		})
	}
}

func TestSplitReproducible(t *testing.T) {
	s := BreastCancer()
	a, b := s.Split(rand.NewPCG(7, 7), 0.3)
	c, d := s.Split(rand.NewPCG(7, 7), 0.3)
	if !slices.Equal(rowsOf(a), rowsOf(c)) || !slices.Equal(rowsOf(b), rowsOf(d)) {
		t.Error("the same seed gave different splits")
	}
	e, _ := s.Split(nil, 0.3)
	f, _ := s.Split(rand.NewPCG(DefaultSeed, DefaultSeed), 0.3)
	if !slices.Equal(rowsOf(e), rowsOf(f)) {
		t.Error("nil source is not the default seed")
	}
	g, _ := s.Split(rand.NewPCG(8, 8), 0.3)
	if slices.Equal(rowsOf(a), rowsOf(g)) {
		t.Error("different seeds gave the same split")
	}
}

func TestSplitPanics(t *testing.T) {
	for _, frac := range []float64{0, 1, -0.5, 2} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Split(%v) did not panic", frac)
				}
			}()
			Iris().Split(nil, frac)
		}()
	}
}

// rowsOf returns each example with its label as a string, in order.
func rowsOf(s *Set) []string {
	n, _ := s.Dims()
	out := make([]string, n)
	for i := range n {
		out[i] = fmtRow(s.X.RawRowView(i), s.Y[i])
	}
	return out
}

func fmtRow(x []float64, y float64) string {
	return fmt.Sprint(x, y)
}
