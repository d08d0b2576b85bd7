package svm

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// DefaultExactMaxPoints is the largest problem Exact solves when MaxPoints
// is 0: a soft margin on 12 points has 3¹² = 531441 faces, about a second
// of work.
const DefaultExactMaxPoints = 12

// Exact solves the dual problem exactly by enumerating the faces of the
// feasible region, the reasoning of Example 7.2 made systematic. A face fixes
// each αᵢ at 0, fixes it at C (soft margin only) or leaves it free; on each
// face the dual objective is minimised subject to Σαᵢyᵢ = 0 alone, by
// eliminating the last free variable through that constraint (as the example
// eliminates α3) and solving the reduced linear system Hβ = −h. The
// minimiser is a candidate; it is feasible when the free αᵢ lie in [0, C].
// The best feasible candidate is the optimum: the problem is convex, and some
// optimum lies on a face whose reduced Hessian H is positive definite (move
// an optimum along a null direction of H, which leaves f unchanged, until
// another αᵢ reaches a bound). Faces with a singular H are therefore
// skipped. Of feasible candidates whose objectives agree to a relative
// 1e-10, the one with the most αᵢ at zero wins, then the first enumerated.
//
// Faces are enumerated by the number of fixed variables, fewest first
// (the interior first, as the example tries the stationary point first), then
// in lexicographic order of the fixed indices, with 0 before C. A hard margin
// has 2ⁿ faces, a soft margin 3ⁿ.
//
// A hard margin on data that no hyperplane separates has an unbounded dual;
// every face still yields a finite candidate, but the best one then violates
// the KKT conditions. Exact checks them on the winner and reports
// ErrNotSeparable. The zero value solves a hard margin with the linear
// kernel on at most DefaultExactMaxPoints points.
type Exact struct {
	// C is the box bound of the soft margin; 0 means a hard margin
	// (C = +∞). Negative or NaN: ErrC.
	C float64
	// Kernel is the kernel; nil means kernel.Linear{}.
	Kernel kernel.Kernel
	// MaxPoints is the largest n accepted; 0 means DefaultExactMaxPoints.
	// Larger problems return ErrTooLarge.
	MaxPoints int
}

// Candidate is the minimiser of the dual objective on one face of the
// feasible region, subject to Σαᵢyᵢ = 0 but not to the bounds.
type Candidate struct {
	// Alpha is the minimiser (nil for a singular face). Values within the
	// feasibility tolerance outside [0, C] are clamped to the bound.
	Alpha []float64
	// Objective is f(Alpha) = ½αᵀQα − Σαᵢ (NaN for a singular face).
	Objective float64
	// Feasible reports whether Alpha lies in the feasible region.
	Feasible bool
	// Reason says why the candidate is not feasible, with 1-based indices
	// as the book writes them ("α2 = -1 < 0"); empty when feasible.
	Reason string
	// Free are the indices left free on this face, Upper those fixed at C;
	// all others are fixed at 0.
	Free, Upper []int
}

// Fit returns the solution of the dual problem. Result.Iterations is the
// number of faces tried, Result.W is set for the linear kernel.
//
// The error wraps ErrC, ErrTooLarge, dataset.ErrOneClass, the error of
// dataset.Validate or kernel.Validate; or, returned together with the best
// feasible candidate, ErrNotSeparable (Status NotSeparable) when a hard
// margin is asked for data that the kernel does not separate, or
// ErrNotConverged (Status NoProgress) when the best candidate of a soft
// margin fails the KKT check (rounding on a nearly singular problem).
func (e Exact) Fit(x mat.Matrix, y []float64) (*Result, error) {
	r, _, err := e.fit(x, y, false)
	return r, err
}

// FitCandidates is Fit, and also returns the candidate of every face tried
// in enumeration order, for showing the reasoning of Example 7.2. It
// allocates one Candidate per face (3ⁿ for a soft margin): use it on a
// handful of points.
func (e Exact) FitCandidates(x mat.Matrix, y []float64) (*Result, []Candidate, error) {
	return e.fit(x, y, true)
}

// Tolerances of the exact solver, relative to the scales given.
const (
	exactPivotTol = 1e-10 // Cholesky pivot / largest diagonal of H: singular face
	exactFeasTol  = 1e-9  // bound violation / scale of α: still feasible
	exactTieTol   = 1e-10 // relative difference of objectives: a tie
	exactKKTTol   = 1e-6  // KKT violation / scale of the terms of G
)

func (e Exact) fit(x mat.Matrix, y []float64, keep bool) (*Result, []Candidate, error) {
	k, c, err := checkProblem("exact", x, y, e.Kernel, e.C)
	if err != nil {
		return nil, nil, err
	}
	maxPoints := e.MaxPoints
	if maxPoints <= 0 {
		maxPoints = DefaultExactMaxPoints
	}
	n := len(y)
	if n > maxPoints {
		return nil, nil, fmt.Errorf("svm: exact: %d points, at most %d: %w", n, maxPoints, ErrTooLarge)
	}
	d := newDual(x, y, k, c)
	fs := newFaceSolver(d)

	var cands []Candidate
	best := make([]float64, n)
	bestObj, bestZeros, found := math.Inf(1), -1, false
	faces := 0
	soft := !math.IsInf(c, 1)

	state := make([]int8, n)
	comb := make([]int, 0, n)
	for nfix := 0; nfix <= n; nfix++ {
		comb = comb[:nfix]
		for t := range comb {
			comb[t] = t
		}
		for {
			masks := 1
			if soft {
				masks = 1 << nfix
			}
			for mask := 0; mask < masks; mask++ {
				for i := range state {
					state[i] = faceFree
				}
				for t, i := range comb {
					state[i] = faceZero
					if mask>>(nfix-1-t)&1 == 1 {
						state[i] = faceUpper
					}
				}
				faces++
				ok := fs.solve(state, keep)
				if keep {
					cands = append(cands, fs.candidate(state, ok))
				}
				if !ok || !fs.feasible {
					continue
				}
				f, zeros := fs.objective, fs.zeros
				tie := math.Abs(f-bestObj) <= exactTieTol*math.Max(math.Abs(f), math.Abs(bestObj))
				if !found || (!tie && f < bestObj) || (tie && zeros > bestZeros) {
					copy(best, fs.alpha)
					bestObj, bestZeros, found = f, zeros, true
				}
			}
			if !nextComb(comb, n) {
				break
			}
		}
	}

	// The face with every αᵢ at 0 is always feasible, so found is true.
	r := &Result{Iterations: faces, Status: Converged}
	grad := d.Gradient(nil, best)
	r.fill(best, grad, y, c)
	if _, ok := k.(kernel.Linear); ok {
		r.W = linearWeights(x, y, best)
	}
	if r.MaxViolation > exactKKTTol*fs.gradScale(best) {
		r.Status = NoProgress
		if !soft {
			r.Status = NotSeparable
			return r, cands, fmt.Errorf("svm: exact: best of %d faces violates the KKT conditions by %.3g, the dual is unbounded: %w", faces, r.MaxViolation, ErrNotSeparable)
		}
		return r, cands, fmt.Errorf("svm: exact: best of %d faces violates the KKT conditions by %.3g: %w", faces, r.MaxViolation, ErrNotConverged)
	}
	return r, cands, nil
}

// nextComb advances comb to the next k-combination of {0,…,n−1} in
// lexicographic order, reporting false after the last one.
func nextComb(comb []int, n int) bool {
	k := len(comb)
	i := k - 1
	for i >= 0 && comb[i] == n-k+i {
		i--
	}
	if i < 0 {
		return false
	}
	comb[i]++
	for j := i + 1; j < k; j++ {
		comb[j] = comb[j-1] + 1
	}
	return true
}

// linearWeights returns w = Σ αᵢyᵢxᵢ.
func linearWeights(x mat.Matrix, y, alpha []float64) []float64 {
	n, dim := x.Dims()
	w := make([]float64, dim)
	for i := 0; i < n; i++ {
		if alpha[i] == 0 {
			continue
		}
		for j := range w {
			w[j] += alpha[i] * y[i] * x.At(i, j)
		}
	}
	return w
}

// States of a variable on a face.
const (
	faceFree int8 = iota
	faceZero
	faceUpper
)

// faceSolver minimises the dual on faces, reusing its buffers.
type faceSolver struct {
	n          int
	q          []float64 // Q, n×n row-major
	y          []float64
	c          float64
	alphaScale float64 // natural scale of α: C, or 1/max Qᵢᵢ for a hard margin

	free, rest []int     // free indices; free ones except the eliminated
	h          []float64 // reduced Hessian, m×m row-major, then its Cholesky factor
	rhs        []float64 // −h, then β
	g0         []float64 // gradient at β = 0, on the free indices

	// Output of solve. An infeasible candidate records its first violation:
	// bad is the index (−1 for Σαᵢyᵢ ≠ 0, n when feasible) and badValue the
	// offending value; reason formats it.
	alpha     []float64
	objective float64
	feasible  bool
	zeros     int
	bad       int
	badValue  float64
}

func newFaceSolver(d *Dual) *faceSolver {
	n := d.Len()
	fs := &faceSolver{
		n: n, y: d.Y, c: d.C,
		q:     make([]float64, n*n),
		free:  make([]int, 0, n),
		rest:  make([]int, 0, n),
		h:     make([]float64, n*n),
		rhs:   make([]float64, n),
		g0:    make([]float64, n),
		alpha: make([]float64, n),
	}
	var maxDiag float64
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			fs.q[i*n+j] = d.Q.At(i, j)
		}
		maxDiag = math.Max(maxDiag, fs.q[i*n+i])
	}
	switch {
	case !math.IsInf(d.C, 1):
		fs.alphaScale = d.C
	case maxDiag > 0:
		fs.alphaScale = 1 / maxDiag
	default:
		fs.alphaScale = 1
	}
	return fs
}

// solve minimises f on the face given by state subject to Σαᵢyᵢ = 0. It
// reports false for a singular face; otherwise alpha, feasible and bad hold
// the candidate, and objective and zeros too when it is feasible or all is
// true.
func (fs *faceSolver) solve(state []int8, all bool) bool {
	n, q, y, alpha := fs.n, fs.q, fs.y, fs.alpha
	fs.free = fs.free[:0]
	var c0 float64 // −Σ_{fixed} yⱼαⱼ: what the free variables must balance
	for i, s := range state {
		switch s {
		case faceFree:
			fs.free = append(fs.free, i)
			alpha[i] = 0
		case faceZero:
			alpha[i] = 0
		case faceUpper:
			alpha[i] = fs.c
			c0 -= y[i] * fs.c
		}
	}
	fs.bad, fs.feasible = n, true
	if len(fs.free) == 0 {
		if tol := exactFeasTol * fs.alphaScale; math.Abs(c0) > tol {
			fs.bad, fs.badValue, fs.feasible = -1, -c0, false
		}
		fs.finish(all)
		return true
	}

	// Eliminate k, the last free index: α_k = y_k(c0 − Σ_{i∈rest} yᵢαᵢ),
	// so α_k = y_k c0 + Σ sᵢαᵢ with sᵢ = −y_k yᵢ.
	kk := fs.free[len(fs.free)-1]
	fs.rest = append(fs.rest[:0], fs.free[:len(fs.free)-1]...)
	alpha[kk] = y[kk] * c0
	// Gradient of f at β = 0 on the free indices.
	for _, i := range fs.free {
		g := -1.0
		row := q[i*n : (i+1)*n]
		for j, a := range alpha {
			if a != 0 {
				g += row[j] * a
			}
		}
		fs.g0[i] = g
	}
	m := len(fs.rest)
	if m > 0 {
		h, rhs := fs.h[:m*m], fs.rhs[:m]
		qkk := q[kk*n+kk]
		var maxDiag float64
		for r, i := range fs.rest {
			si := -y[kk] * y[i]
			rhs[r] = -(fs.g0[i] + si*fs.g0[kk])
			for s := r; s < m; s++ {
				j := fs.rest[s]
				sj := -y[kk] * y[j]
				v := q[i*n+j] + si*q[kk*n+j] + sj*q[i*n+kk] + si*sj*qkk
				h[r*m+s] = v
				h[s*m+r] = v
			}
			maxDiag = math.Max(maxDiag, h[r*m+r])
		}
		if !cholSolve(h, rhs, m, exactPivotTol*maxDiag) {
			return false
		}
		for r, i := range fs.rest {
			alpha[i] = rhs[r]
			alpha[kk] += -y[kk] * y[i] * rhs[r]
		}
	}

	// Feasibility of the free variables.
	var scale float64
	for _, i := range fs.free {
		scale = math.Max(scale, math.Abs(alpha[i]))
	}
	tol := exactFeasTol * math.Max(scale, fs.alphaScale)
	for _, i := range fs.free {
		a := alpha[i]
		switch {
		case a < -tol || a > fs.c+tol:
			if fs.feasible {
				fs.bad, fs.badValue, fs.feasible = i, a, false
			}
		case a <= tol:
			// Within rounding of zero (a degenerate face): at the bound.
			alpha[i] = 0
		case a >= fs.c-tol:
			alpha[i] = fs.c
		}
	}
	fs.finish(all)
	return true
}

// finish computes the objective and the zero count of alpha, if the
// candidate is feasible or all is true.
func (fs *faceSolver) finish(all bool) {
	if !fs.feasible && !all {
		return
	}
	n, q := fs.n, fs.q
	var f float64
	zeros := 0
	for i, a := range fs.alpha {
		if a == 0 {
			zeros++
			continue
		}
		var qa float64
		row := q[i*n : (i+1)*n]
		for j, b := range fs.alpha {
			qa += row[j] * b
		}
		f += a * (qa/2 - 1)
	}
	fs.objective, fs.zeros = f, zeros
}

// reason says why the candidate is infeasible, with 1-based indices.
func (fs *faceSolver) reason() string {
	switch {
	case fs.feasible:
		return ""
	case fs.bad < 0:
		return fmt.Sprintf("Σαᵢyᵢ = %.4g ≠ 0", fs.badValue)
	case fs.badValue < 0:
		return fmt.Sprintf("α%d = %.4g < 0", fs.bad+1, fs.badValue)
	}
	return fmt.Sprintf("α%d = %.4g > C = %.4g", fs.bad+1, fs.badValue, fs.c)
}

// candidate records the current face and its solution.
func (fs *faceSolver) candidate(state []int8, ok bool) Candidate {
	var cd Candidate
	for i, s := range state {
		switch s {
		case faceFree:
			cd.Free = append(cd.Free, i)
		case faceUpper:
			cd.Upper = append(cd.Upper, i)
		}
	}
	if !ok {
		cd.Objective = math.NaN()
		cd.Reason = "singular face: the minimiser on it is not unique"
		return cd
	}
	cd.Alpha = append([]float64(nil), fs.alpha...)
	cd.Objective = fs.objective
	cd.Feasible = fs.feasible
	cd.Reason = fs.reason()
	return cd
}

// gradScale is the size of the terms of G = Qα − e: max(1, maxᵢ Σⱼ|Qᵢⱼαⱼ|).
func (fs *faceSolver) gradScale(alpha []float64) float64 {
	s := 1.0
	for i := 0; i < fs.n; i++ {
		var t float64
		for j, a := range alpha {
			t += math.Abs(fs.q[i*fs.n+j] * a)
		}
		s = math.Max(s, t)
	}
	return s
}

// cholSolve solves Hβ = rhs in place (β in rhs) for the symmetric m×m
// row-major h by a Cholesky factorisation, overwriting h. It reports false
// when a pivot is ≤ tol: h is singular (or not positive definite) to
// working precision.
func cholSolve(h, rhs []float64, m int, tol float64) bool {
	for j := 0; j < m; j++ {
		d := h[j*m+j]
		for k := 0; k < j; k++ {
			d -= h[j*m+k] * h[j*m+k]
		}
		if !(d > tol) {
			return false
		}
		d = math.Sqrt(d)
		h[j*m+j] = d
		for i := j + 1; i < m; i++ {
			v := h[i*m+j]
			for k := 0; k < j; k++ {
				v -= h[i*m+k] * h[j*m+k]
			}
			h[i*m+j] = v / d
		}
	}
	// L z = rhs, then Lᵀ β = z.
	for i := 0; i < m; i++ {
		v := rhs[i]
		for k := 0; k < i; k++ {
			v -= h[i*m+k] * rhs[k]
		}
		rhs[i] = v / h[i*m+i]
	}
	for i := m - 1; i >= 0; i-- {
		v := rhs[i]
		for k := i + 1; k < m; k++ {
			v -= h[k*m+i] * rhs[k]
		}
		rhs[i] = v / h[i*m+i]
	}
	return true
}
