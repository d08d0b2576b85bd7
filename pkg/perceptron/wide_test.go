package perceptron

import (
	"errors"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Beyond its Gram budget Dual scores by w = Σⱼ αⱼyⱼxⱼ instead of rows of
// G: on integer data it makes the full matrix's run exactly — the same
// mistakes, α, w, b and pocket, converged or not, in every order.
func TestWideDualExact(t *testing.T) {
	xs, ys, _, _ := separable(80, 4, 1, 11)
	xn, yn := noisy(80, 4, 0.15, 12)
	for _, c := range []struct {
		name string
		x    *mat.Dense
		y    []float64
		s    Settings
	}{
		{"separable", xs, ys, Settings{}},
		{"noisy", xn, yn, Settings{MaxEpochs: 30}},
		{"noisy eta", xn, yn, Settings{MaxEpochs: 30, Eta: 0.5}},
		{"noisy cs229", xn, yn, Settings{MaxEpochs: 30, CS229: true}},
		{"noisy shuffle", xn, yn, Settings{MaxEpochs: 30, Order: Shuffle}},
		{"noisy random mistake", xn, yn, Settings{MaxEpochs: 200, Order: RandomMistake}},
	} {
		t.Run(c.name, func(t *testing.T) {
			full, errF := Dual{Settings: c.s}.Fit(c.x, c.y)
			wide, errW := Dual{Settings: c.s, GramBudget: 1}.Fit(c.x, c.y)
			if full == nil || wide == nil || (errF == nil) != (errW == nil) || errF != nil && !errors.Is(errW, ErrNotConverged) {
				t.Fatalf("full Gram: %v; wide: %v", errF, errW)
			}
			fp, wp := full.Pocket, wide.Pocket
			if !slices.Equal(full.Mistakes, wide.Mistakes) || !slices.Equal(full.Alpha, wide.Alpha) ||
				!slices.Equal(full.W, wide.W) || full.B != wide.B || full.Converged != wide.Converged ||
				!slices.Equal(fp.W, wp.W) || fp.B != wp.B || !slices.Equal(fp.Alpha, wp.Alpha) ||
				fp.Errors != wp.Errors || fp.Updates != wp.Updates {
				t.Errorf("full Gram: %d updates, w %v b %v, pocket %+v\nwide: %d updates, w %v b %v, pocket %+v",
					full.Updates, full.W, full.B, fp, wide.Updates, wide.W, wide.B, wp)
			}
			if c.s.Order == Shuffle && len(full.Mistakes) == 0 {
				t.Error("no updates: the test says nothing")
			}
		})
	}
}

// At 2·10⁴ noisy points (the Gram matrix 3.2 GB) the dual form allocates
// O(n + d) beyond the data: no Gram rows (issue 24, goal 6: with a cache of
// rows it allocated 268 MB and took 2 ms an update), and w = Σ αᵢyᵢxᵢ
// exactly, with the primal's mistakes.
func TestWideDualMemory(t *testing.T) {
	const n, d = 20000, 5
	x, y := noisy(n, d, 0.1, 13)
	s := Settings{MaxEpochs: 3}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := Dual{Settings: s}.Fit(x, y)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrNotConverged) || res.Updates < n/20 {
		t.Fatalf("%v after %d updates, want not converged after thousands", err, res.Updates)
	}
	// α and its copies in the pocket's candidates, the mistakes (8 bytes
	// each, grown by append) and a few vectors.
	if alloc, most := after.TotalAlloc-before.TotalAlloc, uint64(8*n*(PocketCandidates+4)+16*res.Updates+1<<20); alloc > most {
		t.Errorf("allocated %d KB for %d points and %d updates, want at most %d KB", alloc>>10, n, res.Updates, most>>10)
	}
	p, _ := Primal{Settings: s}.Fit(x, y)
	if !slices.Equal(p.Mistakes, res.Mistakes) || !slices.Equal(p.W, res.W) || p.B != res.B {
		t.Errorf("primal: %d updates, w %v b %v; dual %d, w %v b %v", p.Updates, p.W, p.B, res.Updates, res.W, res.B)
	}
	w := make([]float64, d)
	for i, a := range res.Alpha {
		floats.AddScaled(w, a*y[i], x.RawRowView(i))
	}
	if !slices.Equal(w, res.W) {
		t.Errorf("Σ αᵢyᵢxᵢ = %v, w = %v", w, res.W)
	}
}
