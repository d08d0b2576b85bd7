package perceptron

import (
	"fmt"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// The row cache computes a row on a miss only and evicts the least recently
// used row.
func TestRowCache(t *testing.T) {
	var computed []int
	c := newRowCache(5, 2, func(i int, dst []float64) {
		computed = append(computed, i)
		for j := range dst {
			dst[j] = float64(10*i + j)
		}
	})
	for _, i := range []int{0, 1, 0, 2, 0, 1, 1, 3} {
		if r := c.row(i); r[4] != float64(10*i+4) {
			t.Fatalf("row %d = %v", i, r)
		}
	}
	// 0, 1 miss; 0 hits; 2 evicts 1; 0 hits; 1 evicts 2; 1 hits; 3 evicts 0.
	if want := []int{0, 1, 2, 1, 3}; !slices.Equal(computed, want) {
		t.Errorf("computed rows %v, want %v", computed, want)
	}
	if c.lru.Len() != 2 {
		t.Errorf("%d row buffers, want 2", c.lru.Len())
	}
	dst := make([]float64, 5)
	c.addRow(dst, 3, 2)
	if !floats.Equal(dst, []float64{60, 62, 64, 66, 68}) {
		t.Errorf("addRow = %v", dst)
	}
}

// With a budget too small for the Gram matrix the dual forms compute rows
// as they need them and make exactly the run of the full matrix (integer
// data: the kernel values are exact either way).
func TestGramBudget(t *testing.T) {
	xs, ys, _, _ := separable(60, 3, 1, 4)
	xn, yn := noisy(60, 3, 0.2, 4)
	for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}, kernel.RBF{Gamma: 0.5}} {
		for _, data := range []string{"separable", "noisy"} {
			x, y := xs, ys
			if data == "noisy" {
				x, y = xn, yn
			}
			for _, budget := range []int{1, 8 * 60 * 5} { // two rows; five rows
				t.Run(fmt.Sprintf("%v/%s/budget=%d", k, data, budget), func(t *testing.T) {
					s := Settings{MaxEpochs: 20}
					full, errF := KernelDual{Settings: s, Kernel: k}.Fit(x, y)
					part, errP := KernelDual{Settings: s, Kernel: k, GramBudget: budget}.Fit(x, y)
					if (errF == nil) != (errP == nil) || !slices.Equal(full.Mistakes, part.Mistakes) ||
						!floats.Equal(full.Alpha, part.Alpha) || full.B != part.B || full.Pocket.Errors != part.Pocket.Errors {
						t.Errorf("full Gram: %d updates, err %v; rows: %d updates, err %v", full.Updates, errF, part.Updates, errP)
					}
					if _, ok := k.(kernel.Linear); ok {
						df, _ := Dual{Settings: s}.Fit(x, y)
						dp, _ := Dual{Settings: s, GramBudget: budget}.Fit(x, y)
						if !slices.Equal(df.Mistakes, dp.Mistakes) || !floats.Equal(df.W, dp.W) || df.B != dp.B {
							t.Errorf("Dual: full Gram w %v b %v, rows w %v b %v", df.W, df.B, dp.W, dp.B)
						}
					}
				})
			}
		}
	}
}

// At n = 20,000 the Gram matrix would take 3.2 GB: the dual form runs
// within its budget (issue 9 §3: it used to build the matrix, 1.7 GB at
// this size).
func TestDualLargeN(t *testing.T) {
	const n = 20000
	x, y, _, _ := separable(n, 2, 3, 9)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := Dual{}.Fit(x, y)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
		t.Errorf("allocated %d MB for %d points and %d updates", alloc>>20, n, res.Updates)
	}
	if p, err := (Primal{}).Fit(x, y); err != nil || !slices.Equal(p.Mistakes, res.Mistakes) {
		t.Errorf("primal: %v, %d updates; dual %d", err, p.Updates, res.Updates)
	}
}

// Record keeps at most MaxTraceSteps steps, each with one value of α; Trace
// sees every step, and AlphaAt replays α from the recorded steps (issue 9
// §3: every step used to hold all n values of α).
func TestTraceBounded(t *testing.T) {
	x, y := noisy(2000, 2, 0.2, 3)
	var seen int
	res, err := Primal{Settings: Settings{MaxEpochs: 200, Record: true, Trace: func(Step) { seen++ }}}.Fit(x, y)
	if err == nil || res.Updates < MaxTraceSteps {
		t.Fatalf("%d updates, err %v: want more than %d updates on noisy data", res.Updates, err, MaxTraceSteps)
	}
	if len(res.Trace) != MaxTraceSteps || seen != res.Updates+1 {
		t.Errorf("recorded %d steps, Trace saw %d; want %d and %d", len(res.Trace), seen, MaxTraceSteps, res.Updates+1)
	}
	k := MaxTraceSteps - 1
	counts := make([]float64, len(y))
	for _, i := range res.Mistakes[:k] {
		counts[i]++
	}
	if alpha, ok := res.AlphaAt(k); !ok || !floats.Equal(alpha, counts) {
		t.Error("AlphaAt differs from the counts of the recorded mistakes")
	}
}

// AlphaAt is safe without a recorded trace: a run without Record, or a step
// outside the trace, gives ok = false instead of a panic (issue 18).
func TestAlphaAtUnrecorded(t *testing.T) {
	x, y := book()
	plain, err := Dual{}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := Dual{Settings: Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		r    *Result
		k    int
		ok   bool
	}{
		{"Record off, k = 0", plain, 0, false},
		{"Record off, last step", plain, plain.Updates, false},
		{"recorded, k = −1", rec, -1, false},
		{"recorded, past the end", rec, rec.Updates + 1, false},
		{"recorded, last step", rec, rec.Updates, true},
	} {
		alpha, ok := c.r.AlphaAt(c.k)
		if ok != c.ok || (ok && !floats.Equal(alpha, rec.Alpha)) || (!ok && alpha != nil) {
			t.Errorf("%s: AlphaAt(%d) = %v, %v; want ok = %v (and the final α %v when ok)", c.name, c.k, alpha, ok, c.ok, rec.Alpha)
		}
	}
}
