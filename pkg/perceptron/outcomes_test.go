package perceptron

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
)

// probTol: the probabilities of Outcomes are sums of products of 1/m.
const probTol = 1e-12

func TestOutcomesExample21(t *testing.T) {
	x, y := book()
	outs, err := Enumeration{}.Outcomes(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// Every hyperplane a run of Algorithm 2.1 can end at on Example 2.1. The
	// book's runs give x⁽¹⁾+x⁽²⁾−3 (Table 2.1) and 2x⁽¹⁾+x⁽²⁾−5 (its other
	// order); seed 001's random choice gave 2x⁽¹⁾+x⁽²⁾−5 too.
	want := []struct {
		w      []float64
		b      float64
		counts []int
		prob   float64
		ex     []int
	}{
		{[]float64{1, 0}, -2, []int{0, 1, 3}, 0.5, []int{1, 2, 2, 2}},
		{[]float64{1, 1}, -3, []int{2, 0, 5}, 0.25, []int{0, 2, 2, 2, 0, 2, 2}},
		{[]float64{2, 1}, -5, []int{2, 1, 8}, 0.125, []int{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2}},
		{[]float64{3, 1}, -5, []int{1, 2, 8}, 0.125, []int{0, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2}},
	}
	if len(outs) != len(want) {
		t.Fatalf("%d outcomes, want %d: %+v", len(outs), len(want), outs)
	}
	var total float64
	for i, w := range want {
		o := outs[i]
		total += o.Prob
		if !floats.Equal(o.W, w.w) || o.B != w.b || !slices.Equal(o.Counts, w.counts) ||
			!slices.Equal(o.Example, w.ex) || !scalar.EqualWithinAbsOrRel(o.Prob, w.prob, probTol, probTol) {
			t.Errorf("outcome %d: %+v; want w %v b %v counts %v prob %v example %v", i, o, w.w, w.b, w.counts, w.prob, w.ex)
		}
		if o.Runs != 2 {
			t.Errorf("outcome %d: %v runs, want 2", i, o.Runs)
		}
		// Replaying the example with the Choices order ends at the outcome.
		res, err := Primal{Settings: Settings{Order: Choices, Sequence: o.Example}}.Fit(x, y)
		if err != nil || !floats.Equal(res.W, o.W) || res.B != o.B {
			t.Errorf("outcome %d: replay gives %v %v (%v)", i, res.W, res.B, err)
		}
	}
	if !scalar.EqualWithinAbsOrRel(total, 1, probTol, probTol) {
		t.Errorf("probabilities sum to %v, want 1", total)
	}
}

// Every run of RandomMistake and of the cyclic orders ends at one of the
// enumerated outcomes.
func TestOutcomesCoverRuns(t *testing.T) {
	for seed := uint64(0); seed < 5; seed++ {
		x, y, _, _ := separable(6, 2, 3, seed)
		outs, err := Enumeration{}.Outcomes(x, y)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		var total float64
		for _, o := range outs {
			total += o.Prob
		}
		if !scalar.EqualWithinAbsOrRel(total, 1, probTol, probTol) {
			t.Errorf("seed %d: probabilities sum to %v", seed, total)
		}
		for s := uint64(0); s < 20; s++ {
			res, err := Primal{Settings: Settings{Order: RandomMistake, Src: rand.NewPCG(s, 3)}}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.ContainsFunc(outs, func(o Outcome) bool { return floats.Equal(o.W, res.W) && o.B == res.B }) {
				t.Errorf("seed %d/%d: run ends at %v %v, not an enumerated outcome", seed, s, res.W, res.B)
			}
		}
	}
}

// From b₀ = −1 (notebook 2, exercise 1) Example 2.1 has two outcomes:
// x⁽¹⁾ + x⁽²⁾ − 4 = 0, the maximum-margin line of Example 7.1 doubled, with
// probability 1/4, and 2x⁽¹⁾ + x⁽²⁾ − 4 = 0 with 3/4. Every run that starts
// there, in a cyclic order or at random, ends at one of them.
func TestOutcomesFromStart(t *testing.T) {
	x, y := book()
	e := Enumeration{W0: []float64{0, 0}, B0: -1}
	outs, err := e.Outcomes(x, y)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		w    []float64
		b    float64
		prob float64
	}{{[]float64{1, 1}, -4, 0.25}, {[]float64{2, 1}, -4, 0.75}}
	var got []Outcome
	for _, w := range want {
		i := slices.IndexFunc(outs, func(o Outcome) bool { return floats.Equal(o.W, w.w) && o.B == w.b })
		if i < 0 {
			t.Fatalf("outcomes %+v lack %v, %v", outs, w.w, w.b)
		}
		var p float64
		for _, o := range outs {
			if floats.Equal(o.W, w.w) && o.B == w.b {
				p += o.Prob
				got = append(got, o)
			}
		}
		if !scalar.EqualWithinAbsOrRel(p, w.prob, probTol, probTol) {
			t.Errorf("%v, %v: probability %v, want %v", w.w, w.b, p, w.prob)
		}
	}
	if len(got) != len(outs) {
		t.Errorf("%d outcomes, want only the two hyperplanes: %+v", len(outs), outs)
	}
	for _, o := range outs {
		res, err := Primal{W0: e.W0, B0: e.B0, Settings: Settings{Order: Choices, Sequence: o.Example}}.Fit(x, y)
		if err != nil || !floats.Equal(res.W, o.W) || res.B != o.B {
			t.Errorf("replay of %v gives %v %v (%v), want %v %v", o.Example, res.W, res.B, err, o.W, o.B)
		}
	}
	for s := uint64(0); s < 20; s++ {
		res, err := Primal{B0: -1, Settings: Settings{Order: RandomMistake, Src: rand.NewPCG(s, 7)}}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.ContainsFunc(outs, func(o Outcome) bool { return floats.Equal(o.W, res.W) && o.B == res.B }) {
			t.Errorf("seed %d: run ends at %v %v, not an enumerated outcome", s, res.W, res.B)
		}
	}
	for _, bad := range []Enumeration{{W0: []float64{0}}, {W0: []float64{0, math.NaN()}}, {B0: math.Inf(1)}} {
		if _, err := bad.Outcomes(x, y); !errors.Is(err, classify.ErrSetting) {
			t.Errorf("start %v, %v: err = %v, want classify.ErrSetting", bad.W0, bad.B0, err)
		}
	}
}

func TestOutcomesNotSeparable(t *testing.T) {
	x, y := xorData()
	outs, err := Enumeration{MaxUpdates: 30}.Outcomes(x, y)
	if !errors.Is(err, ErrNotConverged) {
		t.Fatalf("err = %v, want ErrNotConverged", err)
	}
	if len(outs) != 0 {
		t.Errorf("%d outcomes on XOR, want none", len(outs))
	}
	if _, err := (Enumeration{MaxStates: 2}).Outcomes(x, y); !errors.Is(err, ErrNotConverged) {
		t.Errorf("MaxStates 2: err = %v, want ErrNotConverged", err)
	}
	if _, err := (Enumeration{MaxUpdates: -1}).Outcomes(x, y); !errors.Is(err, classify.ErrSetting) {
		t.Errorf("MaxUpdates −1: err = %v, want classify.ErrSetting", err)
	}
}

// Table 2.2 of some printings shows α = (2, 0, 2), b = 0 at k = 4: no run
// reaches it.
func TestStatesExample22(t *testing.T) {
	x, y := book()
	states, err := Enumeration{}.States(x, y, 4)
	if err != nil {
		t.Fatal(err)
	}
	var got [][]int
	for _, s := range states {
		got = append(got, s.Counts)
	}
	want := [][]int{{1, 0, 3}, {0, 1, 3}} // by Example: 0,2,2,2 then 1,2,2,2
	if len(got) != len(want) || !slices.Equal(got[0], want[0]) || !slices.Equal(got[1], want[1]) {
		t.Fatalf("states at k=4: %v, want %v", got, want)
	}
	if !slices.Equal(states[0].Misclassified, []int{0, 1}) || states[0].B != -2 {
		t.Errorf("state (1,0,3): %+v", states[0])
	}
	if _, err := (Enumeration{MaxUpdates: 3}).States(x, y, 4); !errors.Is(err, classify.ErrSetting) {
		t.Errorf("k beyond MaxUpdates: err = %v", err)
	}
}
