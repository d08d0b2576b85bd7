package svm

import (
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// DefaultExactMaxPoints is the largest problem Exact solves when MaxPoints
// is 0: a soft margin on 12 points has 3¹² = 531441 faces, about a second
// of work.
const DefaultExactMaxPoints = 12

// Exact solves the dual problem exactly by enumerating the faces of the
// feasible region, the reasoning of Example 7.2 made systematic: a face fixes
// each αᵢ at 0, at C (soft margin only) or leaves it free; on each face the
// dual objective is minimised subject to Σαᵢyᵢ = 0 alone, and the best
// minimiser that lies in [0, C]ⁿ is the optimum. A hard margin has 2ⁿ faces,
// a soft margin 3ⁿ: Exact is for a handful of points. The zero value solves
// a hard margin with the linear kernel on at most DefaultExactMaxPoints
// points.
type Exact struct {
	// C is the box bound of the soft margin; 0 means a hard margin
	// (C = +∞). Negative, NaN or infinite: a *classify.SettingError.
	C float64
	// Kernel is the kernel; nil means kernel.Linear{}.
	Kernel kernel.Kernel
	// MaxPoints is the largest n accepted; 0 means DefaultExactMaxPoints.
	// Larger problems return ErrTooLarge; a negative value is a
	// *classify.SettingError.
	MaxPoints int
}

// Candidate is the minimiser of the dual objective on one face of the
// feasible region, subject to Σαᵢyᵢ = 0 but not to the bounds.
type Candidate struct {
	// Alpha is the minimiser, nil for a singular face (one whose minimiser
	// is not unique). Values within rounding of 0 or C are set to the bound.
	Alpha []float64
	// DualObjective is f(Alpha) = ½αᵀQα − Σαᵢ (NaN for a singular face).
	DualObjective float64
	// Feasible reports whether Alpha lies in the feasible region.
	Feasible bool
	// Violation is, for an infeasible candidate, the index of the first αᵢ
	// outside [0, C], or −1 when the face has no free variable and its
	// fixed values break Σαᵢyᵢ = 0; Value is that αᵢ, or Σαᵢyᵢ.
	Violation int
	Value     float64
	// FreeIndices are the indices left free on this face, BoundedIndices
	// those fixed at C; all others are fixed at 0.
	FreeIndices, BoundedIndices []int
}

// Fit returns the solution of the dual problem for the data x (n×d, one
// example per row) and labels y in {−1, +1}; Result.Iterations is the number
// of faces tried. The result is Converged when its KKT violation and its
// duality gap are within rounding relative to the problem's scale.
//
// Invalid settings, an invalid kernel included, give a
// *classify.SettingError; too many points ErrTooLarge; bad data the error of
// dataset.Validate or dataset.ErrOneClass. Returned with the best feasible
// candidate: ErrNotSeparable (Status NotSeparable) for a hard margin on data
// the kernel does not separate, ErrNotConverged (Status NoProgress) when the
// best candidate fails the optimality check (rounding on a nearly singular
// problem), classify.ErrNotFinite (Status NonFinite) when the arithmetic
// overflows.
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
	exactPivotTol = 1e-10 // squared Cholesky pivot / largest diagonal of H: singular face
	exactFeasTol  = 1e-9  // bound violation / scale of α: still feasible
	exactTieTol   = 1e-10 // difference of objectives / ½αᵀQα: a tie
	exactKKTTol   = 1e-6  // KKT violation / scale of the terms of G
	exactGapTol   = 1e-8  // duality gap / ½‖w‖², see Result.gapTarget
)

func (e Exact) fit(x mat.Matrix, y []float64, keep bool) (*Result, []Candidate, error) {
	const name = "svm.Exact"
	c, err := checkC(name, e.C)
	if err != nil {
		return nil, nil, err
	}
	if err := checkCount(name, "MaxPoints", e.MaxPoints); err != nil {
		return nil, nil, err
	}
	k, err := checkProblem(name, x, y, e.Kernel)
	if err != nil {
		return nil, nil, err
	}
	maxPoints := e.MaxPoints
	if maxPoints == 0 {
		maxPoints = DefaultExactMaxPoints
	}
	n := len(y)
	if n > maxPoints {
		return nil, nil, errtext.Errorf("%s: %d points, at most %d: %w", name, n, maxPoints, ErrTooLarge)
	}
	d := newDualProblem(x, y, k, c)
	var maxDiag float64
	for i := 0; i < n; i++ {
		q := d.Q.At(i, i)
		if math.IsNaN(q) || math.IsInf(q, 0) {
			return nil, nil, errtext.Errorf("%s: K(x%d, x%d) = %v with %v: %w", name, i+1, i+1, q, k, classify.ErrNotFinite)
		}
		maxDiag = math.Max(maxDiag, q)
	}
	if maxAbs := mat.Norm(x, math.Inf(1)); maxDiag < underflowDiag && maxAbs > 0 {
		return nil, nil, errtext.Errorf("%s: the kernel values underflow (largest K(xᵢ, xᵢ) = %v with %v for data of magnitude %v); rescale the data: %w",
			name, maxDiag, k, maxAbs, classify.ErrNotFinite)
	}
	fs := newFaceSolver(d)

	var cands []Candidate
	best := make([]float64, n)
	bestObj, bestQuad, bestSum, bestZeros, found := math.Inf(1), 0.0, 0.0, -1, false
	faces := 0
	soft := !math.IsInf(c, 1)

	// Faces by the number of fixed variables, fewest first (the interior
	// first, as the example tries the stationary point first), then in
	// lexicographic order of the fixed indices, with 0 before C. Of
	// feasible candidates whose objectives agree to exactTieTol, the one
	// with the most αᵢ at zero wins, then the first enumerated.
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
				// A tie is relative to ½αᵀQα, the part of f that
				// tells faces apart (−Σαᵢ is nearly the same on all
				// good faces when C is small), up to rounding.
				tie := math.Abs(f-bestObj) <= exactTieTol*math.Max(fs.quad, bestQuad)+64*epsilon*math.Max(fs.sum, bestSum)
				if !found || (!tie && f < bestObj) || (tie && zeros > bestZeros) {
					copy(best, fs.alpha)
					bestObj, bestQuad, bestSum, bestZeros, found = f, fs.quad, fs.sum, zeros, true
				}
			}
			if !nextComb(comb, n) {
				break
			}
		}
	}

	// The face with every αᵢ at 0 is always feasible, so found is true.
	// A hard margin on data that no hyperplane separates has an unbounded
	// dual; every face still yields a finite candidate, but the best one
	// then violates the KKT conditions.
	r := newResult(x, y, k, c, best, d.Gradient(nil, best))
	r.Iterations = faces
	r.KernelEvaluations = n * (n + 1) / 2 // the Gram matrix of newDualProblem
	switch {
	case r.nonFinite() != "":
		r.Status = NonFinite
		return r, cands, stopError(name, r.Status, "%s", r.nonFinite())
	case r.MaxViolation > exactKKTTol*fs.gradScale(best) && !soft:
		r.Status = NotSeparable
		return r, cands, stopError(name, r.Status, "the best of %d faces violates the KKT conditions by %.3g, the dual is unbounded", faces, r.MaxViolation)
	case r.MaxViolation > exactKKTTol*fs.gradScale(best) || !(r.Gap <= r.gapTarget(exactGapTol)):
		r.Status = NoProgress
		return r, cands, stopError(name, r.Status, "the best of %d faces violates the KKT conditions by %.3g, duality gap %.3g",
			faces, r.MaxViolation, r.Gap)
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

// States of a variable on a face.
const (
	faceFree int8 = iota
	faceZero
	faceUpper
)

// faceSolver minimises the dual on faces, reusing its buffers.
type faceSolver struct {
	n int
	q []float64 // Q, n×n row-major
	y []float64
	c float64

	free, rest []int     // free indices; free ones except the eliminated
	g0         []float64 // gradient at β = 0, on the free indices
	// The reduced system Hβ = rhs of each size m < n, allocated once.
	h         []*mat.SymDense
	chol      []mat.Cholesky
	rhs, beta []*mat.VecDense

	// Output of solve. An infeasible candidate records its first violation:
	// bad is the index (−1 for Σαᵢyᵢ ≠ 0, n when feasible) and badValue the
	// offending value.
	alpha     []float64
	objective float64
	quad, sum float64 // ½αᵀQα and Σαᵢ, the two parts of the objective
	feasible  bool
	zeros     int
	bad       int
	badValue  float64
}

func newFaceSolver(d *DualProblem) *faceSolver {
	n := d.Len()
	fs := &faceSolver{
		n: n, y: d.Y, c: d.C,
		q:     make([]float64, n*n),
		free:  make([]int, 0, n),
		rest:  make([]int, 0, n),
		g0:    make([]float64, n),
		h:     make([]*mat.SymDense, n),
		chol:  make([]mat.Cholesky, n),
		rhs:   make([]*mat.VecDense, n),
		beta:  make([]*mat.VecDense, n),
		alpha: make([]float64, n),
	}
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			fs.q[i*n+j] = d.Q.At(i, j)
		}
	}
	for m := 1; m < n; m++ {
		fs.h[m] = mat.NewSymDense(m, nil)
		fs.rhs[m], fs.beta[m] = mat.NewVecDense(m, nil), mat.NewVecDense(m, nil)
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
	upper := false
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
			upper = true
		}
	}
	fs.bad, fs.feasible = n, true
	if len(fs.free) == 0 {
		if math.Abs(c0) > exactFeasTol*fs.c {
			fs.bad, fs.badValue, fs.feasible = -1, -c0, false
		}
		fs.finish(all)
		return true
	}

	// Eliminate k, the last free index: α_k = y_k(c0 − Σ_{i∈rest} yᵢαᵢ),
	// so α_k = y_k c0 + Σ sᵢαᵢ with sᵢ = −y_k yᵢ, and solve the reduced
	// system Hβ = −h by a Cholesky factorisation. Some optimum lies on a
	// face whose H is positive definite (move an optimum along a null
	// direction of H, which leaves f unchanged, until another αᵢ reaches a
	// bound), so faces with a singular H are skipped.
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
	if m := len(fs.rest); m > 0 {
		h, rhs, beta, chol := fs.h[m], fs.rhs[m], fs.beta[m], &fs.chol[m]
		qkk := q[kk*n+kk]
		var maxDiag float64
		for r, i := range fs.rest {
			si := -y[kk] * y[i]
			rhs.SetVec(r, -(fs.g0[i] + si*fs.g0[kk]))
			for s := r; s < m; s++ {
				j := fs.rest[s]
				sj := -y[kk] * y[j]
				h.SetSym(r, s, q[i*n+j]+si*q[kk*n+j]+sj*q[i*n+kk]+si*sj*qkk)
			}
			maxDiag = math.Max(maxDiag, h.At(r, r))
		}
		if !chol.Factorize(h) {
			return false
		}
		// A pivot of the factor H = UᵀU this small relative to H makes the
		// face singular to working precision.
		u := chol.RawU()
		for r := range m {
			if d := u.At(r, r); !(d*d > exactPivotTol*maxDiag) {
				return false
			}
		}
		if err := chol.SolveVecTo(beta, rhs); err != nil {
			return false
		}
		for r, i := range fs.rest {
			b := beta.AtVec(r)
			alpha[i] = b
			alpha[kk] += -y[kk] * y[i] * b
		}
	}

	// Feasibility of the free variables, relative to the scale of this
	// candidate: its largest free αᵢ, and C when some αᵢ is fixed there.
	var scale float64
	for _, i := range fs.free {
		scale = math.Max(scale, math.Abs(alpha[i]))
	}
	if upper {
		scale = math.Max(scale, fs.c)
	}
	tol := exactFeasTol * scale
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
	var quad, sum float64
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
		quad += a * qa / 2
		sum += a
	}
	fs.objective, fs.quad, fs.sum, fs.zeros = quad-sum, quad, sum, zeros
}

// candidate records the current face and its solution.
func (fs *faceSolver) candidate(state []int8, ok bool) Candidate {
	cd := Candidate{Violation: -1}
	for i, s := range state {
		switch s {
		case faceFree:
			cd.FreeIndices = append(cd.FreeIndices, i)
		case faceUpper:
			cd.BoundedIndices = append(cd.BoundedIndices, i)
		}
	}
	if !ok {
		cd.DualObjective = math.NaN()
		return cd
	}
	cd.Alpha = append([]float64(nil), fs.alpha...)
	cd.DualObjective = fs.objective
	cd.Feasible = fs.feasible
	if !fs.feasible {
		cd.Violation, cd.Value = fs.bad, fs.badValue
	}
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
