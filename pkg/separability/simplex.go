package separability

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// errLimit is returned by simplex when it reaches its pivot limit.
var errLimit = errors.New("pivot limit reached")

// pivotTol is the smallest magnitude of a pivot element; feasTol the
// largest phase-one objective counted as zero. The linear programs here
// have entries of order 1 (the data are scaled to R = 1) and right sides 0
// or 1.
const (
	pivotTol = 1e-9
	feasTol  = 1e-9
)

// simplex solves the linear program in standard form
//
//	minimise cᵀu  s.t.  Au = b,  u ≥ 0
//
// (A is m×n, given by rows) with the two-phase tableau simplex method:
// Dantzig's rule, and Bland's rule through stretches of degenerate pivots
// (R. G. Bland, New finite pivoting rules for the simplex method, Math.
// Oper. Res. 2, 1977), which rules out cycling (see run). Phase one starts from an
// artificial variable in every row and minimises their sum; redundant rows
// are dropped when their artificial cannot leave the basis. The number of
// pivots is limited, so the method always stops.
//
// It returns ErrInfeasible (wrapped) when phase one ends above zero, and
// errLimit when the limit is reached. The objective must be bounded below
// on the feasible set (it is for both programs of this package).
//
// gonum's lp.Simplex (v0.17.0) solves the same programs, but it falls back
// to Bland's entering rule only for a step of length zero, breaks ties in
// the ratio test by the first minimum rather than by Bland's leaving rule,
// and has no pivot limit: on an infeasible program of 19 random points in
// three dimensions (phase one) it was still pivoting after a minute.
func simplex(a [][]float64, b, c []float64) ([]float64, error) {
	m, n := len(a), len(c)
	// Tableau: m constraint rows of n variables, m artificials and the
	// right side; the objective row last.
	w := n + m + 1
	t := make([][]float64, m+1)
	for i := range m {
		t[i] = make([]float64, w)
		sgn := 1.0
		if b[i] < 0 {
			sgn = -1
		}
		for j, v := range a[i] {
			t[i][j] = sgn * v
		}
		t[i][n+i] = 1
		t[i][w-1] = sgn * b[i]
	}
	basis := make([]int, m)
	rows := make([]int, m) // the constraint of each tableau row
	for i := range basis {
		basis[i], rows[i] = n+i, i
	}
	// Phase one: minimise the sum of the artificials, reduced costs
	// −Σ(rows) on the original variables.
	obj := make([]float64, w)
	for i := range m {
		for j := range n {
			obj[j] -= t[i][j]
		}
		obj[w-1] -= t[i][w-1]
	}
	t[m] = obj
	limit := 50*(m+n) + 1000
	pivots := 0
	if err := run(t, basis, n+m, &pivots, limit); err != nil {
		return nil, err
	}
	if -t[m][w-1] > feasTol*float64(m) {
		return nil, fmt.Errorf("%w: phase one ends at %g", ErrInfeasible, -t[m][w-1])
	}
	// Drive the artificials out of the basis, or drop their rows.
	for i := 0; i < len(basis); i++ {
		if basis[i] < n {
			continue
		}
		col := -1
		for j := range n {
			if math.Abs(t[i][j]) > pivotTol {
				col = j
				break
			}
		}
		if col < 0 { // a redundant row
			t = append(t[:i], t[i+1:]...)
			basis = append(basis[:i], basis[i+1:]...)
			rows = append(rows[:i], rows[i+1:]...)
			i--
			continue
		}
		pivot(t, basis, i, col)
	}
	// Phase two: the original objective, artificials barred from entering.
	m = len(basis)
	obj = t[m]
	for j := range obj {
		obj[j] = 0
	}
	copy(obj, c)
	for i, j := range basis {
		if obj[j] != 0 {
			f := obj[j]
			for k := range obj {
				obj[k] -= f * t[i][k]
			}
		}
	}
	if err := run(t, basis, n, &pivots, limit); err != nil {
		return nil, err
	}
	u := make([]float64, n)
	for i, j := range basis {
		u[j] = t[i][w-1]
	}
	refine(u, a, b, basis, rows)
	return u, nil
}

// refine recomputes the basic variables from the original constraints,
// solving A_B u_B = b_B with the rows the tableau kept, as the revised
// simplex method does after its last pivot: the tableau accumulates the
// rounding of every pivot, the direct solve only that of one LU
// factorisation. u is left as it is when A_B is singular.
func refine(u []float64, a [][]float64, b []float64, basis, rows []int) {
	m := len(basis)
	if m == 0 {
		return
	}
	ab := mat.NewDense(m, m, nil)
	rhs := mat.NewVecDense(m, nil)
	for r, i := range rows {
		for k, j := range basis {
			ab.Set(r, k, a[i][j])
		}
		rhs.SetVec(r, b[i])
	}
	var ub mat.VecDense
	if err := ub.SolveVec(ab, rhs); err != nil {
		return
	}
	for k, j := range basis {
		u[j] = ub.AtVec(k)
	}
}

// run pivots until no reduced cost among the first cols variables is
// negative. The entering variable is the one with the most negative reduced
// cost (Dantzig's rule), except during a stretch of degenerate pivots,
// which leave the objective unchanged: there Bland's rule takes over, the
// first variable with a negative reduced cost. Cycling can only happen
// through degenerate pivots, and under Bland's rule it cannot (Bland 1977),
// so every stretch ends; every other pivot improves the objective, so no
// basis comes back. The leaving variable is always Bland's: of the rows
// tied in the ratio test, the one whose basic variable has the smallest
// index.
func run(t [][]float64, basis []int, cols int, pivots *int, limit int) error {
	m := len(basis)
	w := len(t[0])
	degenerate := false
	for {
		obj := t[m]
		enter := -1
		for j := range cols {
			if obj[j] < -pivotTol && (enter < 0 || !degenerate && obj[j] < obj[enter]) {
				enter = j
				if degenerate {
					break
				}
			}
		}
		if enter < 0 {
			return nil
		}
		leave := -1
		best := math.Inf(1)
		for i := range m {
			if t[i][enter] > pivotTol {
				r := t[i][w-1] / t[i][enter]
				if r < best-1e-12 || (r <= best+1e-12 && leave >= 0 && basis[i] < basis[leave]) {
					best, leave = r, i
				}
			}
		}
		if leave < 0 {
			return errors.New("unbounded objective")
		}
		if *pivots++; *pivots > limit {
			return errLimit
		}
		before := obj[w-1]
		pivot(t, basis, leave, enter)
		degenerate = math.Abs(t[m][w-1]-before) <= 1e-12*(1+math.Abs(before))
	}
}

// pivot makes column col basic in row row.
func pivot(t [][]float64, basis []int, row, col int) {
	pr := t[row]
	p := pr[col]
	for k := range pr {
		pr[k] /= p
	}
	for i, r := range t {
		if i == row || r[col] == 0 {
			continue
		}
		f := r[col]
		for k, v := range pr {
			r[k] -= f * v
		}
		r[col] = 0
	}
	basis[row] = col
}
