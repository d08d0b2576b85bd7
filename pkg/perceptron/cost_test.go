package perceptron

import (
	"math/rand/v2"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/dataset"
)

func TestCostModel(t *testing.T) {
	// Example 2.1: n = 3, d = 2, the book's run makes 7 updates and
	// examines 18 points: x1 (update 1); x2 x3 (2); x1 x2 x3 (3);
	// x1 x2 x3 (4); x1 (5); x2 x3 (6); x1 x2 x3 (7); x1 x2 x3 correct.
	x, y := book()
	res, err := Primal{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	e := Examinations(3, nil, res.Mistakes)
	if e != 18 {
		t.Errorf("Examinations = %d, want 18", e)
	}
	p := PrimalCost(3, 2, e, 7)
	if p != (Cost{Checks: 36, Updates: 14}) || p.Total() != 50 {
		t.Errorf("PrimalCost = %+v", p)
	}
	d := DualCost(3, 2, e, 7)
	if d != (Cost{Gram: 12, Checks: 18, Updates: 35}) || d.Total() != 65 {
		t.Errorf("DualCost = %+v", d)
	}
	b := BookDualCost(3, 2, e, 7)
	if b != (Cost{Gram: 12, Checks: 54, Updates: 7}) {
		t.Errorf("BookDualCost = %+v", b)
	}
}

// Examinations agrees with the epochs a converged cyclic run reports, and
// with a permuted order.
func TestExaminations(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		x, y, _, _ := separable(30, 3, 1, seed)
		perm := rand.New(rand.NewPCG(seed, 5)).Perm(30)
		res, err := Primal{Sequence: perm}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		e := Examinations(30, perm, res.Mistakes)
		if (e+29)/30 != res.Epochs {
			t.Errorf("seed %d: %d examinations in %d epochs", seed, e, res.Epochs)
		}
	}
	for _, tc := range []struct {
		name     string
		perm     []int
		mistakes []int
	}{
		{"short perm", []int{0, 1}, nil},
		{"repeated", []int{0, 0, 1}, nil},
		{"mistake out of range", nil, []int{3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			Examinations(3, tc.perm, tc.mistakes)
		})
	}
}

// The forms make the same updates at every dimension of the embedding.
func TestSweepForms(t *testing.T) {
	base := dataset.Noisy(rand.NewPCG(3, 1), 60, 4, 0.1)
	sizes := []Size{{30, 4}, {30, 40}, {60, 4}, {60, 100}}
	ts, err := SweepForms(base, sizes, 20, 1, rand.NewPCG(4, 1))
	if err != nil {
		t.Fatal(err)
	}
	for i, tm := range ts {
		if tm.N != sizes[i].N || tm.D != sizes[i].D || tm.Converged || tm.Epochs != 20 || tm.Examined != 20*tm.N {
			t.Errorf("size %v: %+v", sizes[i], tm)
		}
		if tm.PrimalCost != PrimalCost(tm.N, tm.D, tm.Examined, tm.Updates) || tm.DualCost != DualCost(tm.N, tm.D, tm.Examined, tm.Updates) {
			t.Errorf("size %v: costs %+v %+v", sizes[i], tm.PrimalCost, tm.DualCost)
		}
	}
	if ts[0].Updates != ts[1].Updates || ts[2].Updates != ts[3].Updates {
		t.Errorf("updates change with the dimension: %d %d, %d %d", ts[0].Updates, ts[1].Updates, ts[2].Updates, ts[3].Updates)
	}
}
