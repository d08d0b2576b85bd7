package experiment

import (
	"math/rand/v2"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/separability"
)

// TestHullsVsLP is book exercise 2.3 on random sets: the hull test and
// the separability LP agree on every set, touching hulls included, and
// both kinds of sets occur.
func TestHullsVsLP(t *testing.T) {
	c, err := HullsVsLP(rand.NewPCG(9, 9), 400)
	if err != nil {
		t.Fatal(err)
	}
	if c.Agree != c.Sets || c.Separable != c.Disjoint {
		t.Errorf("%+v: the two tests disagree", c)
	}
	if c.Separable < c.Sets/5 || c.Sets-c.Separable < c.Sets/5 || c.Touching < c.Sets/5 {
		t.Errorf("%+v: want both verdicts and touching sets in numbers", c)
	}
	if !(c.MinGap > separability.DefaultTol) || c.MaxMeet > separability.DefaultTol {
		t.Errorf("smallest gap %g, largest certificate distance %g, tolerance %g", c.MinGap, c.MaxMeet, separability.DefaultTol)
	}
}
