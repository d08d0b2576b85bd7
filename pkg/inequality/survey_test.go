package inequality_test

import (
	"math/rand/v2"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/inequality"
)

// noiseTol bounds the rounding noise of (ab)² − a²b² for standard normal a,
// b (|ab| is below 10 for the pairs drawn, so a few ulps of 100).
const noiseTol = 1e-12

func TestRandomPairs(t *testing.T) {
	for _, tc := range []struct {
		name       string
		pairs, dim int
		seed       uint64
		wantCollin bool // dim 1: every pair is collinear, the gap is 0
	}{
		{"dim=1", 500, 1, 3, true},
		{"dim=2", 5000, 2, 4, false},
		{"dim=10", 2000, 10, 5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := inequality.RandomPairs(rand.NewPCG(tc.seed, tc.seed), tc.pairs, tc.dim)
			if s.Pairs != tc.pairs || s.Dim != tc.dim {
				t.Errorf("Pairs, Dim = %d, %d, want %d, %d", s.Pairs, s.Dim, tc.pairs, tc.dim)
			}
			if s.Violations != 0 || s.MinGap < 0 || s.MaxCos > 1 {
				t.Errorf("violations %d, min gap %v, max |cos| %v", s.Violations, s.MinGap, s.MaxCos)
			}
			// In one dimension |a||b| = |ab| exactly in floating point
			// (√(a²) rounds to |a|), while (ab)² − a²b² is rounding noise;
			// above it random pairs are not collinear.
			if tc.wantCollin {
				if s.MinGap != 0 || s.MaxCos != 1 || s.MaxDisc > noiseTol {
					t.Errorf("dim 1: min gap %v, max |cos| %v, max B²−AC %v, want 0, 1, ≈0", s.MinGap, s.MaxCos, s.MaxDisc)
				}
			} else if !(s.MinGap > 0) || !(s.MaxCos < 1) || !(s.MaxDisc < 0) {
				t.Errorf("min gap %v, max |cos| %v, max B²−AC %v: want strict inequalities", s.MinGap, s.MaxCos, s.MaxDisc)
			}
		})
	}
	if inequality.RandomPairs(nil, 100, 3) != inequality.RandomPairs(rand.NewPCG(1, 1), 100, 3) {
		t.Error("nil source differs from rand.NewPCG(1, 1)")
	}
}

func TestRandomPairsPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"pairs": func() { inequality.RandomPairs(nil, 0, 3) },
		"dim":   func() { inequality.RandomPairs(nil, 3, 0) },
	} {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		})
	}
}
