package separability

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/floats/scalar"
	"gonum.org/v1/gonum/mat"
)

// bruteForce solves min cᵀu s.t. Au = b, u ≥ 0 by enumerating every basis
// of m columns: the optimum of a bounded feasible program is attained at a
// basic feasible solution. It reports false when there is none.
func bruteForce(a [][]float64, b, c []float64) (float64, bool) {
	m, n := len(a), len(c)
	best, found := math.Inf(1), false
	idx := make([]int, m)
	var rec func(pos, from int)
	rec = func(pos, from int) {
		if pos == m {
			ab := mat.NewDense(m, m, nil)
			for r := range m {
				for k, j := range idx {
					ab.Set(r, k, a[r][j])
				}
			}
			var ub mat.VecDense
			if err := ub.SolveVec(ab, mat.NewVecDense(m, append([]float64(nil), b...))); err != nil {
				return
			}
			if mat.Cond(ab, 1) > 1e10 {
				return
			}
			f := 0.0
			for k, j := range idx {
				if ub.AtVec(k) < -1e-9 {
					return
				}
				f += c[j] * ub.AtVec(k)
			}
			found = true
			best = math.Min(best, f)
			return
		}
		for j := from; j < n; j++ {
			idx[pos] = j
			rec(pos+1, j+1)
		}
	}
	rec(0, 0)
	return best, found
}

// TestSimplexAgainstBases checks the simplex method on random small
// programs against the enumeration of all bases: the same optimal value,
// a feasible solution, and ErrInfeasible exactly when no basis is
// feasible. Half of the programs are degenerate (integer data, b with
// zeros).
func TestSimplexAgainstBases(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range 2000 {
		m := 1 + rng.IntN(4)
		n := m + 1 + rng.IntN(5)
		degenerate := trial%2 == 1
		draw := func() float64 {
			if degenerate {
				return float64(rng.IntN(5) - 2)
			}
			return rng.NormFloat64()
		}
		a := make([][]float64, m)
		for r := range a {
			a[r] = make([]float64, n)
			for j := range a[r] {
				a[r][j] = draw()
			}
		}
		b := make([]float64, m)
		for r := range b {
			b[r] = draw()
		}
		// c ≥ 0 keeps the objective bounded below on u ≥ 0.
		c := make([]float64, n)
		for j := range c {
			c[j] = math.Abs(draw())
		}
		want, feasible := bruteForce(a, b, c)
		u, err := simplex(a, b, c)
		if !fullRank(a) {
			// No basis of m columns exists; a solution must still solve
			// the program (redundant rows are dropped by the simplex).
			if err == nil {
				checkSolution(t, trial, a, b, u)
			} else if !errors.Is(err, ErrInfeasible) {
				t.Fatalf("trial %d: %v", trial, err)
			}
			continue
		}
		if !feasible {
			if !errors.Is(err, ErrInfeasible) {
				t.Fatalf("trial %d: no feasible basis, simplex: %v, %v", trial, u, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: feasible program, simplex: %v", trial, err)
		}
		checkSolution(t, trial, a, b, u)
		if got := floats.Dot(c, u); !scalar.EqualWithinAbsOrRel(got, want, 1e-9, 1e-9) {
			t.Fatalf("trial %d: objective %g, the best basis gives %g", trial, got, want)
		}
	}
}

func checkSolution(t *testing.T, trial int, a [][]float64, b, u []float64) {
	t.Helper()
	for r := range a {
		if got := floats.Dot(a[r], u); !scalar.EqualWithinAbsOrRel(got, b[r], 1e-9, 1e-9) {
			t.Fatalf("trial %d: row %d: Au = %g, b = %g", trial, r, got, b[r])
		}
	}
	if floats.Min(u) < -1e-9 {
		t.Fatalf("trial %d: u = %v has a negative entry", trial, u)
	}
}

func fullRank(a [][]float64) bool {
	m, n := len(a), len(a[0])
	d := mat.NewDense(m, n, nil)
	for r := range a {
		d.SetRow(r, a[r])
	}
	var svd mat.SVD
	if !svd.Factorize(d, mat.SVDNone) {
		return false
	}
	v := svd.Values(nil)
	return v[m-1] > 1e-9*v[0]
}
