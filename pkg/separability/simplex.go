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
// (A is m×n, given by rows) with the two-phase tableau simplex method and
// Bland's rule (R. G. Bland, New finite pivoting rules for the simplex
// method, Math. Oper. Res. 2, 1977): the entering variable is the first
// with a negative reduced cost, the leaving one the first of the rows tied
// in the ratio test, which rules out cycling. Phase one starts from an
// artificial variable in every row and minimises their sum; redundant rows
// are dropped when their artificial cannot leave the basis. The number of
// pivots is limited, so the method always stops.
//
// It returns ErrInfeasible (wrapped) when phase one ends above zero, and
// errLimit when the limit is reached. The objective must be bounded below
// on the feasible set (it is for both programs of this package).
//
// gonum's lp.Simplex solves the same programs, but it chooses the entering
// variable by Dantzig's rule and falls back to Bland's only for a zero
// step, and it has no pivot limit: on degenerate programs, as the
// separability of data with many points on the margin gives, it can cycle
// for ever.
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

// run pivots by Bland's rule until no reduced cost among the first cols
// variables is negative.
func run(t [][]float64, basis []int, cols int, pivots *int, limit int) error {
	m := len(basis)
	w := len(t[0])
	for {
		obj := t[m]
		enter := -1
		for j := range cols {
			if obj[j] < -pivotTol {
				enter = j
				break
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
		pivot(t, basis, leave, enter)
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
