package perceptron

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
)

// table21 is Table 2.1 of Li Hang (Example 2.1): after update k the
// misclassified point used (0-based, −1 for none) and (w, b).
var table21 = []struct {
	k, point int
	w        []float64
	b        float64
}{
	{0, -1, []float64{0, 0}, 0},
	{1, 0, []float64{3, 3}, 1},
	{2, 2, []float64{2, 2}, 0},
	{3, 2, []float64{1, 1}, -1},
	{4, 2, []float64{0, 0}, -2},
	{5, 0, []float64{3, 3}, -1},
	{6, 2, []float64{2, 2}, -2},
	{7, 2, []float64{1, 1}, -3},
}

func TestPrimalTable21(t *testing.T) {
	x, y := book()
	res, err := Primal{Settings: Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Trace) != len(table21) {
		t.Fatalf("trace has %d steps, want %d (book Table 2.1)", len(res.Trace), len(table21))
	}
	for _, row := range table21 {
		s := res.Trace[row.k]
		if s.K != row.k || s.Point != row.point || !floats.Equal(s.W, row.w) || s.B != row.b {
			t.Errorf("k=%d: got point %d, w %v, b %v; want point %d, w %v, b %v (book Table 2.1)",
				row.k, s.Point, s.W, s.B, row.point, row.w, row.b)
		}
	}
	// Row k = 8 of the table: no misclassified point, (1,1), −3.
	if !res.Converged || !floats.Equal(res.W, []float64{1, 1}) || res.B != -3 {
		t.Errorf("final: converged %v, w %v, b %v; want true, (1,1), −3", res.Converged, res.W, res.B)
	}
	if !slices.Equal(res.Mistakes, []int{0, 2, 2, 2, 0, 2, 2}) || res.Updates != 7 {
		t.Errorf("mistakes %v (%d updates), want x1 x3 x3 x3 x1 x3 x3", res.Mistakes, res.Updates)
	}
	// Six passes: x1 x2 x3 | x1 x2 x3 | … the last one without a mistake.
	if res.Epochs != 6 {
		t.Errorf("epochs = %d, want 6", res.Epochs)
	}
	// The dual variables of Table 2.2: α = (2, 0, 5).
	if !floats.Equal(res.Alpha, []float64{2, 0, 5}) {
		t.Errorf("α = %v, want (2, 0, 5)", res.Alpha)
	}
	if res.Pocket.Errors != 0 || !floats.Equal(res.Pocket.W, res.W) || res.Pocket.B != res.B {
		t.Errorf("pocket = %+v, want the final weights with 0 errors", res.Pocket)
	}
}

// The book's alternative run: misclassified points chosen in the order
// x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3 end at 2x⁽¹⁾ + x⁽²⁾ − 5 = 0.
func TestPrimalAlternativeOrder(t *testing.T) {
	x, y := book()
	seq := []int{0, 2, 2, 2, 1, 2, 2, 2, 0, 2, 2}
	res, err := Primal{Settings: Settings{Order: Choices, Sequence: seq}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Converged || !floats.Equal(res.W, []float64{2, 1}) || res.B != -5 {
		t.Errorf("got w %v, b %v, converged %v; want (2,1), −5 (book §2.3.1)", res.W, res.B, res.Converged)
	}
	if !slices.Equal(res.Mistakes, seq) {
		t.Errorf("mistakes %v, want %v", res.Mistakes, seq)
	}
}

// Choosing the mistakes of a cyclic run reproduces it step for step.
func TestPrimalChoicesReplay(t *testing.T) {
	x, y, _, _ := separable(40, 3, 2, 5)
	var a, b []Step
	ra, err := Primal{Settings: Settings{Trace: func(s Step) { a = append(a, s) }}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := Primal{Settings: Settings{Order: Choices, Sequence: ra.Mistakes, Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	b = rb.Trace
	if !sameSteps(a, b, exact) {
		t.Errorf("replayed run differs from the cyclic run")
	}
}

func TestPrimalChoicesStops(t *testing.T) {
	x, y := book()
	t.Run("correct point chosen", func(t *testing.T) {
		// After the update with x1, x1 is classified correctly.
		res, err := Primal{Settings: Settings{Order: Choices, Sequence: []int{0, 0}}}.Fit(x, y)
		if !errors.Is(err, ErrNotMisclassified) {
			t.Fatalf("err = %v, want ErrNotMisclassified", err)
		}
		if res == nil || res.Updates != 1 || !floats.Equal(res.W, []float64{3, 3}) {
			t.Errorf("partial result %+v, want one update to w = (3,3)", res)
		}
	})
	t.Run("sequence too short", func(t *testing.T) {
		res, err := Primal{Settings: Settings{Order: Choices, Sequence: []int{0, 2}}}.Fit(x, y)
		if !errors.Is(err, ErrNotConverged) {
			t.Fatalf("err = %v, want ErrNotConverged", err)
		}
		if res == nil || res.Converged || res.Updates != 2 || res.B != 0 {
			t.Errorf("partial result %+v, want 2 updates ending at (2,2), 0", res)
		}
	})
}

// CS229's rule counts w·x + b = 0 as a prediction of +1: at w = 0, b = 0 the
// positive points are correct and x3 is the first mistake.
func TestPrimalCS229Rule(t *testing.T) {
	x, y := book()
	res, err := Primal{Settings: Settings{CS229: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	// Worked by hand: x3 → (−1,−1),−1; x1 → (2,2),0; x3 → (1,1),−1;
	// x3 → (0,0),−2; x1 → (3,3),−1; x3 → (2,2),−2; x3 → (1,1),−3.
	if want := []int{2, 0, 2, 2, 0, 2, 2}; !slices.Equal(res.Mistakes, want) {
		t.Errorf("mistakes %v, want %v", res.Mistakes, want)
	}
	if !floats.Equal(res.W, []float64{1, 1}) || res.B != -3 {
		t.Errorf("w %v, b %v, want (1,1), −3", res.W, res.B)
	}
}

func TestPrimalNoBias(t *testing.T) {
	// Separable through the origin: u = (1, −1).
	x := mat.NewDense(4, 2, []float64{2, 1, 3, 0, 0, 2, 1, 3})
	y := []float64{1, 1, -1, -1}
	res, err := Primal{Settings: Settings{CS229: true}, NoBias: true}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	if res.B != 0 {
		t.Errorf("b = %v, want 0", res.B)
	}
	if m := Misclassified(x, y, res.W, 0); len(m) != 0 {
		t.Errorf("misclassified %v after convergence", m)
	}
}

func TestPrimalSettings(t *testing.T) {
	x, y := book()
	t.Run("start at a solution", func(t *testing.T) {
		res, err := Primal{W0: []float64{1, 1}, B0: -3}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if res.Updates != 0 || res.Epochs != 1 || !res.Converged {
			t.Errorf("got %d updates in %d epochs, want 0 in 1", res.Updates, res.Epochs)
		}
	})
	t.Run("eta scales the run", func(t *testing.T) {
		// From ŵ₀ = 0 every ŵₖ is η times the ŵₖ of η = 1.
		res, err := Primal{Settings: Settings{Eta: 0.5}}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if !floats.Equal(res.W, []float64{0.5, 0.5}) || res.B != -1.5 || res.Updates != 7 {
			t.Errorf("w %v, b %v, %d updates; want (0.5,0.5), −1.5, 7", res.W, res.B, res.Updates)
		}
		if !floats.Equal(res.Alpha, []float64{1, 0, 2.5}) {
			t.Errorf("α = %v, want η·(2,0,5)", res.Alpha)
		}
	})
	t.Run("cyclic permutation", func(t *testing.T) {
		// Visiting x3, x2, x1 equals running on the reversed data.
		res, err := Primal{Settings: Settings{Sequence: []int{2, 1, 0}}}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		xr := mat.NewDense(3, 2, []float64{1, 1, 4, 3, 3, 3})
		rr, err := Primal{}.Fit(xr, []float64{-1, 1, 1})
		if err != nil {
			t.Fatal(err)
		}
		if !floats.Equal(res.W, rr.W) || res.B != rr.B || res.Updates != rr.Updates {
			t.Errorf("permuted run (%v, %v), reversed data (%v, %v)", res.W, res.B, rr.W, rr.B)
		}
	})
	t.Run("any mat.Matrix", func(t *testing.T) {
		xt := mat.NewDense(2, 3, []float64{3, 4, 1, 3, 3, 1})
		res, err := Primal{}.Fit(xt.T(), y)
		if err != nil {
			t.Fatal(err)
		}
		if !floats.Equal(res.W, []float64{1, 1}) || res.B != -3 {
			t.Errorf("transposed input: w %v, b %v", res.W, res.B)
		}
	})
	t.Run("trace and record agree", func(t *testing.T) {
		var got []Step
		res, err := Primal{Settings: Settings{Record: true, Trace: func(s Step) { got = append(got, s) }}}.Fit(x, y)
		if err != nil {
			t.Fatal(err)
		}
		if !sameSteps(got, res.Trace, exact) {
			t.Error("callback steps differ from the recorded trace")
		}
	})
}

func TestPrimalRandomOrders(t *testing.T) {
	x, y, _, _ := separable(60, 4, 3, 2)
	for _, o := range []Order{Shuffle, RandomMistake} {
		t.Run(o.String(), func(t *testing.T) {
			r1, err := Primal{Settings: Settings{Order: o, Src: rand.NewPCG(3, 4)}}.Fit(x, y)
			if err != nil {
				t.Fatal(err)
			}
			r2, _ := Primal{Settings: Settings{Order: o, Src: rand.NewPCG(3, 4)}}.Fit(x, y)
			if !slices.Equal(r1.Mistakes, r2.Mistakes) {
				t.Error("same seed, different runs")
			}
			if m := Misclassified(x, y, r1.W, r1.B); len(m) != 0 || !r1.Converged {
				t.Errorf("converged %v with %d points misclassified", r1.Converged, len(m))
			}
			if o == RandomMistake && r1.Epochs != r1.Updates+1 {
				t.Errorf("%d scans for %d updates, want one more scan", r1.Epochs, r1.Updates)
			}
		})
	}
}

// On data that no hyperplane separates the run stops at MaxEpochs with
// ErrNotConverged, the partial result and the pocket.
func TestPrimalNotConverged(t *testing.T) {
	xx, yx := xorData()
	xn, yn := noisy(300, 3, 0.1, 9)
	for _, tc := range []struct {
		name  string
		x     *mat.Dense
		y     []float64
		order Order
	}{
		{"xor cyclic", xx, yx, Cyclic},
		{"noisy cyclic", xn, yn, Cyclic},
		{"noisy shuffle", xn, yn, Shuffle},
		{"noisy random mistake", xn, yn, RandomMistake},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Primal{Settings: Settings{Order: tc.order, MaxEpochs: 50}}.Fit(tc.x, tc.y)
			if !errors.Is(err, ErrNotConverged) {
				t.Fatalf("err = %v, want ErrNotConverged", err)
			}
			if res == nil || res.Converged || res.Epochs != 50 {
				t.Fatalf("partial result: %+v, want 50 epochs, not converged", res)
			}
			final := len(Misclassified(tc.x, tc.y, res.W, res.B))
			pocket := len(Misclassified(tc.x, tc.y, res.Pocket.W, res.Pocket.B))
			if pocket != res.Pocket.Errors {
				t.Errorf("pocket claims %d errors, has %d", res.Pocket.Errors, pocket)
			}
			if pocket > final {
				t.Errorf("pocket has %d errors, final weights %d", pocket, final)
			}
		})
	}
}

// sameSteps compares two traces.
func sameSteps(a, b []Step, tol float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].K != b[i].K || a[i].Point != b[i].Point ||
			!floats.EqualApprox(a[i].W, b[i].W, tol) ||
			!scalar.EqualWithinAbsOrRel(a[i].B, b[i].B, tol, tol) ||
			!scalar.EqualWithinAbsOrRel(a[i].Alpha, b[i].Alpha, tol, tol) {
			return false
		}
	}
	return true
}
