package perceptron

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

func TestVotedProperties(t *testing.T) {
	xs, ys, _, _ := separable(50, 3, 2, 8)
	xn, yn := noisy(200, 3, 0.1, 8)
	for _, tc := range []struct {
		name   string
		sep    bool
		epochs int
	}{{"separable", true, 100}, {"noisy", false, 7}} {
		t.Run(tc.name, func(t *testing.T) {
			x, y := xn, yn
			if tc.sep {
				x, y = xs, ys
			}
			n, d := x.Dims()
			epochs := tc.epochs
			v, err := Voted{Settings: Settings{MaxEpochs: epochs}}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			if v.Group != 1 || len(v.Votes) > DefaultMaxVotes {
				t.Fatalf("%d votes in groups of %d, want every vector", len(v.Votes), v.Group)
			}
			// Every examination counts once: Σ cₖ = T·n.
			var total int
			avg, avgB := make([]float64, d), 0.0
			for _, vt := range v.Votes {
				total += vt.C
				floats.AddScaled(avg, float64(vt.C), vt.W)
				avgB += float64(vt.C) * vt.B
			}
			if total != epochs*n {
				t.Errorf("Σc = %d, want %d", total, epochs*n)
			}
			floats.Scale(1/float64(total), avg)
			const tol = 1e-12
			if !floats.EqualApprox(avg, v.Averaged.W, tol) || !scalar.EqualWithinAbsOrRel(avgB/float64(total), v.Averaged.B, tol, tol) {
				t.Errorf("averaged (%v, %v), want (%v, %v)", v.Averaged.W, v.Averaged.B, avg, avgB/float64(total))
			}
			// The last vector is the primal perceptron's after the same epochs.
			p, _ := Primal{Settings: Settings{MaxEpochs: epochs}}.Fit(x, y)
			last := v.Votes[len(v.Votes)-1]
			if !floats.Equal(last.W, p.W) || last.B != p.B || v.Updates != p.Updates {
				t.Errorf("last vote (%v, %v) after %d updates, primal (%v, %v) after %d", last.W, last.B, v.Updates, p.W, p.B, p.Updates)
			}
			// Decision is the vote Σ cₖ·sign(wₖ·x + bₖ), sign(0) = +1.
			for i, xi := range kernel.Rows(x) {
				var want float64
				for _, vt := range v.Votes {
					if floats.Dot(vt.W, xi)+vt.B >= 0 {
						want += float64(vt.C)
					} else {
						want -= float64(vt.C)
					}
				}
				if got := v.Decision(xi); got != want {
					t.Fatalf("x%d: Decision = %v, want %v", i+1, got, want)
				}
			}
			if tc.sep {
				// On separable data the vote, the averaged perceptron and the
				// last vector all classify the training data correctly.
				if a := classify.Accuracy(v, x, y); a != 1 {
					t.Errorf("voted accuracy %v, want 1", a)
				}
				if a := classify.Accuracy(v.Averaged, x, y); a != 1 {
					t.Errorf("averaged accuracy %v, want 1", a)
				}
			}
		})
	}
}

// With MaxVotes the votes are the count-weighted averages of consecutive
// groups of Group vectors of the unbounded run, and the averaged perceptron
// and the total count do not change.
func TestVotedBounded(t *testing.T) {
	x, y := noisy(300, 3, 0.15, 31)
	n, _ := x.Dims()
	const epochs = 12
	full, err := Voted{Settings: Settings{MaxEpochs: epochs}, MaxVotes: 1 << 20}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if full.Group != 1 || len(full.Votes) <= DefaultMaxVotes {
		t.Fatalf("%d vectors in groups of %d, want more than DefaultMaxVotes, unmerged", len(full.Votes), full.Group)
	}
	for _, maxVotes := range []int{0, 2, 7, 16, 100} {
		v, err := Voted{Settings: Settings{MaxEpochs: epochs}, MaxVotes: maxVotes}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if len(v.Votes) > cmp.Or(maxVotes, DefaultMaxVotes) || v.Group < 2 || v.Group&(v.Group-1) != 0 {
			t.Fatalf("MaxVotes %d: %d votes in groups of %d (%d vectors), want at most %d in groups of a power of two",
				maxVotes, len(v.Votes), v.Group, len(full.Votes), maxVotes)
		}
		var total int
		for s, vt := range v.Votes {
			group := full.Votes[s*v.Group : min((s+1)*v.Group, len(full.Votes))]
			var c int
			w, b := make([]float64, len(vt.W)), 0.0
			for _, f := range group {
				c += f.C
				floats.AddScaled(w, float64(f.C), f.W)
				b += float64(f.C) * f.B
			}
			floats.Scale(1/float64(c), w)
			const tol = 1e-9
			if vt.C != c || !floats.EqualApprox(vt.W, w, tol) || !scalar.EqualWithinAbsOrRel(vt.B, b/float64(c), tol, tol) {
				t.Fatalf("MaxVotes %d, vote %d: (%v, %v, %d), want the group average (%v, %v, %d)", maxVotes, s, vt.W, vt.B, vt.C, w, b/float64(c), c)
			}
			total += vt.C
		}
		if total != epochs*n || (len(v.Votes)-1)*v.Group >= len(full.Votes) {
			t.Errorf("MaxVotes %d: Σc = %d (want %d), %d votes of %d for %d vectors", maxVotes, total, epochs*n, len(v.Votes), v.Group, len(full.Votes))
		}
		const tol = 1e-12
		if !floats.EqualApprox(v.Averaged.W, full.Averaged.W, tol) || !scalar.EqualWithinAbsOrRel(v.Averaged.B, full.Averaged.B, tol, tol) {
			t.Errorf("MaxVotes %d: averaged (%v, %v), unbounded (%v, %v)", maxVotes, v.Averaged.W, v.Averaged.B, full.Averaged.W, full.Averaged.B)
		}
	}
}

// On noisy data the vote and the averaged perceptron err on no more than
// 15% of the training points (10% of the labels are flipped).
func TestVotedNoisyAccuracy(t *testing.T) {
	x, y := noisy(400, 3, 0.1, 21)
	v, err := Voted{Settings: Settings{MaxEpochs: 20, Order: Shuffle, Src: rand.NewPCG(5, 5)}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	vote, avg := classify.Accuracy(v, x, y), classify.Accuracy(v.Averaged, x, y)
	if vote < 0.85 || avg < 0.85 {
		t.Errorf("training accuracy: voted %v, averaged %v; want ≥ 0.85", vote, avg)
	}
	var right int
	for i, xi := range kernel.Rows(x) {
		if v.Predict(xi) == y[i] {
			right++
		}
	}
	if float64(right)/400 != vote {
		t.Errorf("Predict is right on %d of 400 points, Accuracy says %v", right, vote)
	}
}

// Voted takes the shared Settings and means by them what Primal does: on
// data where Primal converges within the epochs, Voted makes the same
// updates (its trace, recorded and reported, is Primal's) for every order
// it accepts, the CS229 rule and any η; η only scales the vectors, so the
// votes predict the same and the averaged perceptron is scaled by η.
func TestVotedSettings(t *testing.T) {
	xs, ys, _, _ := separable(30, 3, 2, 11)
	xb, yb := book()
	for _, c := range []struct {
		name string
		book bool
		s    Settings
		seed uint64 // Src = rand.NewPCG(seed, 1) for each fit; 0: nil
	}{
		{"cyclic", false, Settings{}, 0},
		{"cyclic book", true, Settings{}, 0},
		{"CS229 book", true, Settings{CS229: true}, 0},
		{"sequence book", true, Settings{Sequence: []int{2, 0, 1}}, 0},
		{"shuffle", false, Settings{Order: Shuffle}, 4},
		{"eta", false, Settings{Eta: 0.5}, 0},
		{"eta CS229 shuffle", false, Settings{Eta: 0.25, CS229: true, Order: Shuffle}, 9},
	} {
		t.Run(c.name, func(t *testing.T) {
			x, y := xs, ys
			if c.book {
				x, y = xb, yb
			}
			settings := func() Settings {
				s := c.s
				s.MaxEpochs, s.Record = 200, true
				if c.seed != 0 {
					s.Src = rand.NewPCG(c.seed, 1)
				}
				return s
			}
			s := settings()
			var seen []Step
			s.Trace = func(st Step) { seen = append(seen, st) }
			v, err := Voted{Settings: s}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			p, err := Primal{Settings: settings()}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			if !sameSteps(v.Trace, p.Trace, 0) || !sameSteps(seen, p.Trace, 0) {
				t.Fatalf("voted trace %v (reported %d steps), primal %v", v.Trace, len(seen), p.Trace)
			}
			if c.s.Eta == 0 {
				return
			}
			// η scales every vector: the same votes, the averaged perceptron ×η.
			s = settings()
			s.Eta = 0
			one, err := Voted{Settings: s}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			w := slices.Clone(one.Averaged.W)
			floats.Scale(c.s.Eta, w)
			if !floats.Equal(w, v.Averaged.W) || c.s.Eta*one.Averaged.B != v.Averaged.B {
				t.Errorf("η = %v: averaged (%v, %v), want η × (%v, %v)", c.s.Eta, v.Averaged.W, v.Averaged.B, one.Averaged.W, one.Averaged.B)
			}
			if a, b := classify.Predictions(nil, v, x), classify.Predictions(nil, one, x); !floats.Equal(a, b) {
				t.Errorf("η = %v changes the votes' predictions", c.s.Eta)
			}
		})
	}
}
