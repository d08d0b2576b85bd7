package experiment

import (
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// The book's run of Example 2.1 counted by hand: n = 3, d = 2, 7 updates
// and 18 examinations: x1 (update 1); x2 x3 (2); x1 x2 x3 (3); x1 x2 x3
// (4); x1 (5); x2 x3 (6); x1 x2 x3 (7); x1 x2 x3 correct (book Table 2.1).
func TestCostModel(t *testing.T) {
	x, y := dataset.Example21().XY()
	res, err := perceptron.Primal{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	e := Examinations(3, nil, res.Mistakes)
	if e != 18 {
		t.Errorf("Examinations = %d, want 18", e)
	}
	// Primal: 18 checks and 7 updates of d = 2 multiply–adds each.
	if p := PrimalCost(3, 2, e, 7); p != (Cost{Checks: 36, Updates: 14}) || p.Total() != 50 {
		t.Errorf("PrimalCost = %+v", p)
	}
	// Dual: the 6 inner products of the upper triangle of G, 18 reads,
	// 7 updates of the 3 scores and of w.
	if d := DualCost(3, 2, e, 7); d != (Cost{Gram: 12, Checks: 18, Updates: 35}) || d.Total() != 65 {
		t.Errorf("DualCost = %+v", d)
	}
	if b := BookDualCost(3, 2, e, 7); b != (Cost{Gram: 12, Checks: 54, Updates: 7}) {
		t.Errorf("BookDualCost = %+v", b)
	}
}

// counted runs Algorithm 2.1 from zero (η = 1, index order, at most
// maxEpochs epochs) three ways, written out as the book writes them, and
// counts every multiply–add: the primal form, the dual form that keeps the
// scores Σⱼ αⱼyⱼGⱼᵢ current (as perceptron.Dual does), and the dual form
// that sums them afresh at every check. The three make the same choices;
// it returns the points of the updates, the examinations and the counts.
func counted(x *mat.Dense, y []float64, maxEpochs int) (mistakes []int, examined int, primal, dual, book Cost) {
	n, d := x.Dims()
	row := func(i int) []float64 { return x.RawRowView(i) }
	g := make([][]float64, n)
	for i := range g {
		g[i] = make([]float64, n)
	}
	var gram int64
	for i := range n {
		for j := i; j < n; j++ {
			for k := range d {
				g[i][j] += row(i)[k] * row(j)[k]
				gram++
			}
			g[j][i] = g[i][j]
		}
	}
	dual.Gram, book.Gram = gram, gram
	w, b := make([]float64, d), 0.0
	alpha, s, bd := make([]float64, n), make([]float64, n), 0.0
	for epoch, run := 0, 0; epoch < maxEpochs && run < n; epoch++ {
		for i := 0; i < n && run < n; i++ {
			examined++
			z := b
			for k := range d {
				z += w[k] * row(i)[k]
				primal.Checks++
			}
			zd := s[i] + bd
			dual.Checks++
			zb := bd
			for j := range n {
				zb += alpha[j] * y[j] * g[j][i]
				book.Checks++
			}
			if (y[i]*z <= 0) != (y[i]*zd <= 0) || (y[i]*z <= 0) != (y[i]*zb <= 0) {
				panic("counted: the forms disagree")
			}
			if y[i]*z > 0 {
				run++
				continue
			}
			run = 0
			mistakes = append(mistakes, i)
			for k := range d {
				w[k] += y[i] * row(i)[k]
				primal.Updates++
			}
			b += y[i]
			for j := range n {
				s[j] += y[i] * g[i][j]
				dual.Updates++
			}
			for range d { // perceptron.Dual keeps w = Σ αⱼyⱼxⱼ too
				dual.Updates++
			}
			alpha[i]++
			bd += y[i]
			book.Updates++
		}
	}
	return mistakes, examined, primal, dual, book
}

// The cost models count what the algorithms do: on separable and noisy
// data, at several sizes, the counts of runs written out by hand equal
// PrimalCost, DualCost and BookDualCost of the library run's updates and
// examinations, and the library run makes the same updates.
func TestCostModelCounts(t *testing.T) {
	for _, tc := range []struct {
		name      string
		n, d      int
		separable bool
		maxEpochs int
	}{
		{"separable", 40, 3, true, 1000},
		{"noisy", 30, 5, false, 7},
		{"one feature", 12, 1, false, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := rand.NewPCG(9, uint64(tc.n))
			set := dataset.Noisy(src, tc.n, tc.d, 0.15)
			if tc.separable {
				set, _ = dataset.Separable(src, tc.n, tc.d, 0.1, 2)
			}
			mistakes, examined, p, d, b := counted(set.X, set.Y, tc.maxEpochs)
			res, err := perceptron.Primal{Settings: perceptron.Settings{MaxEpochs: tc.maxEpochs}}.Fit(set.X, set.Y)
			if err != nil && tc.separable {
				t.Fatal(err)
			}
			if !slices.Equal(res.Mistakes, mistakes) {
				t.Fatalf("library updates %v, counted run %v", res.Mistakes, mistakes)
			}
			e := res.Epochs * tc.n
			if res.Converged {
				e = Examinations(tc.n, nil, res.Mistakes)
			}
			if e != examined {
				t.Errorf("examinations: model %d, counted %d", e, examined)
			}
			for _, c := range []struct {
				name          string
				model, counts Cost
			}{
				{"primal", PrimalCost(tc.n, tc.d, e, res.Updates), p},
				{"dual", DualCost(tc.n, tc.d, e, res.Updates), d},
				{"book dual", BookDualCost(tc.n, tc.d, e, res.Updates), b},
			} {
				if c.model != c.counts {
					t.Errorf("%s: model %+v, counted %+v", c.name, c.model, c.counts)
				}
			}
		})
	}
}

// Examinations agrees with the epochs a converged cyclic run reports, and
// with a permuted order.
func TestExaminations(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		set, _ := dataset.Separable(rand.NewPCG(seed, 5), 30, 3, 0.1, 2)
		perm := rand.New(rand.NewPCG(seed, 5)).Perm(30)
		res, err := perceptron.Primal{Settings: perceptron.Settings{Sequence: perm}}.Fit(set.X, set.Y)
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

// SweepForms embeds the data isometrically, so the runs at one N make the
// same updates at every D, and its cost models are those of a counted run
// on data embedded in R^D by another isometry.
func TestSweepForms(t *testing.T) {
	base := dataset.Noisy(rand.NewPCG(3, 1), 60, 4, 0.1)
	sizes := []Size{{30, 4}, {30, 40}, {60, 4}, {60, 100}}
	const epochs = 20
	ts, err := SweepForms(base, sizes, epochs, 1, rand.NewPCG(4, 1))
	if err != nil {
		t.Fatal(err)
	}
	if ts[0].Updates != ts[1].Updates || ts[2].Updates != ts[3].Updates {
		t.Errorf("updates change with the dimension: %d %d, %d %d", ts[0].Updates, ts[1].Updates, ts[2].Updates, ts[3].Updates)
	}
	for i, tm := range ts {
		s := sizes[i]
		x := dataset.Embed(rand.NewPCG(77, uint64(i)), base.X.Slice(0, s.N, 0, 4), s.D)
		mistakes, examined, p, d, _ := counted(x, base.Y[:s.N], epochs)
		if tm.N != s.N || tm.D != s.D || tm.Converged || tm.Epochs != epochs {
			t.Errorf("size %v: %d×%d, %d epochs, converged %v", s, tm.N, tm.D, tm.Epochs, tm.Converged)
		}
		if tm.Updates != len(mistakes) || tm.Examined != examined || tm.PrimalCost != p || tm.DualCost != d {
			t.Errorf("size %v: %d updates, %d examined, costs %+v %+v; counted %d, %d, %+v %+v",
				s, tm.Updates, tm.Examined, tm.PrimalCost, tm.DualCost, len(mistakes), examined, p, d)
		}
	}
}
