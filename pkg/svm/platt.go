package svm

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// PlattSMO is SMO as the book states it, Li Hang §7.4 (Algorithm 7.5), with
// the first-order heuristics of Platt (1998) that §7.4.2 describes: the
// method the notebook 11-smo walks through step by step. SMO is the
// library's solver (second-order pair selection, a kernel cache,
// shrinking); PlattSMO is for teaching and for comparing the two, and
// finds the same optimum.
//
// Every step:
//
//  1. The first variable α1 is the point that violates the KKT conditions
//     (7.111)–(7.113) most, yᵢg(xᵢ) ≥ 1 for αᵢ = 0, = 1 for 0 < αᵢ < C, ≤ 1
//     for αᵢ = C, by more than Eps; the points with 0 < αᵢ < C are examined
//     first, the others only when those all satisfy their conditions.
//  2. The second variable α2 maximises |E1 − E2|, Eᵢ = g(xᵢ) − yᵢ (7.105).
//     When that pair gives no step, the points with 0 < αᵢ < C are tried
//     in turn, then all points; when none does, the next violator becomes
//     α1.
//  3. The pair moves to the minimum of f on its segment [L, H]: Theorem 7.6
//     and the clipping (7.106)–(7.109), or, when η = K11 + K22 − 2K12 ≤ 0
//     (two points equal in feature space), the end of the segment where f
//     is lower (Platt's rule); b follows from (7.115)–(7.116) (their mean
//     when neither new α is strictly inside (0, C)) and every Eᵢ from
//     (7.117).
//
// It stops when no point violates its condition by more than Eps, the
// book's rule (3), or when no pair gives a step, which happens only when α
// is optimal (up to Eps) but b is not: a step's b can then lie outside the
// interval of optimal b. So the Result's b is not the last step's but the
// one the final α determines (the mean of yⱼ − Σαᵢyᵢ K(xᵢ, xⱼ) over the
// free support vectors, or the middle of the interval of optimal b, see
// Result), and Status is Converged when some b satisfies every KKT
// condition within Eps, the book's rule for the final α: m(α) − M(α) ≤
// 2·Eps in the terms of SMO (Result.MaxViolation).
//
// Platt starts the loops of step 2 at a random point; PlattSMO goes in the
// order of the data, so its runs are the same every time. It keeps the
// diagonal K(xᵢ, xᵢ), computes K12 for each pair it tries and two kernel
// columns for each step, and no cache: Result.KernelEvaluations counts
// them (and the columns of the support vectors that the final Result
// reads), to set against SMO's.
type PlattSMO struct {
	// C bounds α (0 ≤ αᵢ ≤ C); 0 means a hard margin (C = +∞).
	C float64
	// Kernel is the kernel; nil means kernel.Linear{}.
	Kernel kernel.Kernel
	// Eps is the precision ε of the stopping rule, in units of the
	// margin yᵢg(xᵢ) = 1; 0 means DefaultEps. Below MinEps it is a
	// *classify.SettingError, as in SMO.
	Eps float64
	// MaxIter bounds the number of steps; 0 means max(10⁷, 100·n). At the
	// limit Fit returns the partial result with Status IterationLimit and
	// ErrNotConverged.
	MaxIter int
}

// PlattStep is one step of PlattSMO: the pair (α1, α2) = (α_I1, α_I2),
// what the book's formulas give for it, and the state after it.
type PlattStep struct {
	// I1 and I2 are the indices (0-based) of the first and second
	// variable; Second says how I2 was found.
	I1, I2 int
	Second SecondChoice
	// Violation is the KKT violation of x_I1 that made it the first
	// variable, in units of the margin.
	Violation float64
	// E1 and E2 are the errors before the step, Eta is η of (7.107), and
	// [L, H] the segment of α2 (H = +∞ for a hard margin, y1 ≠ y2).
	E1, E2, Eta, L, H float64
	// Old1, Old2 are α1, α2 before the step; Unclipped is α2^{new,unc} of
	// (7.106) (NaN when η ≤ 0); New1, New2 the values after (7.108),
	// (7.109).
	Old1, Old2, Unclipped, New1, New2 float64
	// B1 and B2 are b1^new and b2^new of (7.115) and (7.116), BOld the b
	// before the step and B the b after it.
	B1, B2, BOld, B float64
	// Alpha is α after the step (a copy) and DualObjective f(α) = ½αᵀQα − Σαᵢ.
	Alpha         []float64
	DualObjective float64
}

// SecondChoice says how PlattSMO found the second variable of a step.
type SecondChoice int

const (
	// MaxErrorGap: the point that maximises |E1 − E2|.
	MaxErrorGap SecondChoice = iota
	// FreeScan: the first point with 0 < αᵢ < C, in order, that gives a
	// step.
	FreeScan
	// FullScan: the first point of the whole set, in order, that gives a
	// step.
	FullScan
)

func (c SecondChoice) String() string {
	switch c {
	case MaxErrorGap:
		return "max |E1 − E2|"
	case FreeScan:
		return "scan of 0 < α < C"
	case FullScan:
		return "scan of all points"
	}
	return fmt.Sprintf("SecondChoice(%d)", int(c))
}

// MaxPlattSteps is the number of steps FitSteps keeps, the first ones.
const MaxPlattSteps = 1000

// plattName is the prefix of PlattSMO's errors.
const plattName = "svm.PlattSMO"

// Fit solves the dual problem for the data x (n×d, one example per row)
// and labels y in {−1, +1}; Result.Iterations counts the steps. Errors are
// those of SMO.Fit: a *classify.SettingError for an invalid setting, the
// data's errors, and with the partial Result ErrNotSeparable (a hard
// margin on data the kernel does not separate), ErrNotConverged or
// classify.ErrNotFinite.
func (p PlattSMO) Fit(x mat.Matrix, y []float64) (*Result, error) {
	r, _, err := p.fit(x, y, false)
	return r, err
}

// FitSteps is Fit, and also returns the steps (the first MaxPlattSteps of
// them), each with a copy of α and the objective: for showing the
// algorithm on a handful of points.
func (p PlattSMO) FitSteps(x mat.Matrix, y []float64) (*Result, []PlattStep, error) {
	return p.fit(x, y, true)
}

func (p PlattSMO) fit(x mat.Matrix, y []float64, keep bool) (*Result, []PlattStep, error) {
	c, err := checkC(plattName, p.C)
	if err != nil {
		return nil, nil, err
	}
	if err := checkKKTEps(plattName, p.Eps); err != nil {
		return nil, nil, err
	}
	if err := checkCount(plattName, "MaxIter", p.MaxIter); err != nil {
		return nil, nil, err
	}
	k, err := checkProblem(plattName, x, y, p.Kernel)
	if err != nil {
		return nil, nil, err
	}
	eps, maxIter := p.Eps, p.MaxIter
	if eps == 0 {
		eps = DefaultEps
	}
	if maxIter == 0 {
		maxIter = max(10_000_000, 100*len(y))
	}
	r := newPlattRun(x, y, k, c, eps, keep)
	for i, kd := range r.diag {
		if math.IsNaN(kd) || math.IsInf(kd, 0) {
			return nil, nil, errtext.Errorf("%s: K(x%d, x%d) = %v with %v: %w", plattName, i+1, i+1, kd, k, classify.ErrNotFinite)
		}
	}
	status, err := r.run(maxIter)
	res := r.result()
	res.Status = status
	switch {
	case res.nonFinite() != "":
		res.Status = NonFinite
		return res, r.steps, stopError(plattName, res.Status, "after %s %s with %v", plural(res.Iterations, "step", "steps"), res.nonFinite(), k)
	case err != nil:
		return res, r.steps, err
	}
	if res.MaxViolation > 2*eps {
		res.Status = NoProgress
		return res, r.steps, stopError(plattName, res.Status, "no pair gives a step after %s, but no b satisfies the KKT conditions "+
			"within %g: m(α) − M(α) = %.3g", plural(res.Iterations, "step", "steps"), eps, res.MaxViolation)
	}
	return res, r.steps, nil
}

// plattRun is the state of one run of PlattSMO.
type plattRun struct {
	rows       [][]float64
	x          mat.Matrix
	y          []float64
	k          kernel.Kernel
	c, eps     float64
	alpha      []float64
	e          []float64 // Eᵢ = g(xᵢ) − yᵢ
	b          float64
	diag       []float64 // K(xᵢ, xᵢ)
	evals      int
	iter       int
	keep       bool
	steps      []PlattStep
	hard       bool
	radius     float64 // R of the hard-margin test (see columns)
	next       PlattStep
	col1, col2 []float64
}

func newPlattRun(x mat.Matrix, y []float64, k kernel.Kernel, c, eps float64, keep bool) *plattRun {
	n := len(y)
	r := &plattRun{rows: kernel.Rows(x), x: x, y: y, k: k, c: c, eps: eps, keep: keep,
		alpha: make([]float64, n), e: make([]float64, n), diag: make([]float64, n),
		col1: make([]float64, n), col2: make([]float64, n), hard: math.IsInf(c, 1)}
	for i := range n {
		r.e[i] = -y[i] // α = 0, b = 0: g = 0
		r.diag[i] = r.kernel(i, i)
	}
	// The radius R of the data: for the linear kernel the largest distance
	// from the mean (a margin does not change when the data move),
	// otherwise the largest √K(x, x), as SMO's hard-margin test has it.
	if _, ok := k.(kernel.Linear); ok {
		_, d := x.Dims()
		mean := make([]float64, d)
		for _, row := range r.rows {
			floats.AddScaled(mean, 1/float64(n), row)
		}
		for _, row := range r.rows {
			r.radius = math.Max(r.radius, floats.Distance(row, mean, 2))
		}
	} else {
		r.radius = math.Sqrt(floats.Max(r.diag))
	}
	if !(r.radius > 0) {
		r.radius = 1
	}
	return r
}

func (r *plattRun) kernel(i, j int) float64 {
	r.evals++
	return r.k.Eval(r.rows[i], r.rows[j])
}

// free reports whether 0 < αᵢ < C.
func (r *plattRun) free(i int) bool { return r.alpha[i] > 0 && r.alpha[i] < r.c }

// violation returns how far point i violates its KKT condition, in units of
// the margin: with rᵢ = yᵢg(xᵢ) − 1 = yᵢEᵢ, −rᵢ for αᵢ = 0 (yᵢg(xᵢ) ≥ 1,
// (7.111)), |rᵢ| for 0 < αᵢ < C (= 1, (7.112)), rᵢ for αᵢ = C (≤ 1, (7.113)),
// and 0 where the condition holds.
func violation(alpha, c, r float64) float64 {
	switch {
	case alpha <= 0:
		return math.Max(0, -r)
	case alpha >= c:
		return math.Max(0, r)
	}
	return math.Abs(r)
}

// firsts returns the candidates for the first variable: the points that
// violate their conditions by more than eps, those with 0 < αᵢ < C first,
// each group by decreasing violation (ties in the order of the data).
func (r *plattRun) firsts() []int {
	var free, other []int
	for i := range r.y {
		if violation(r.alpha[i], r.c, r.y[i]*r.e[i]) <= r.eps {
			continue
		}
		if r.free(i) {
			free = append(free, i)
		} else {
			other = append(other, i)
		}
	}
	worse := func(a, b int) int {
		va, vb := violation(r.alpha[a], r.c, r.y[a]*r.e[a]), violation(r.alpha[b], r.c, r.y[b]*r.e[b])
		switch {
		case va > vb:
			return -1
		case va < vb:
			return 1
		}
		return a - b
	}
	slices.SortStableFunc(free, worse)
	slices.SortStableFunc(other, worse)
	return append(free, other...)
}

// run takes steps until the stopping rule holds or no pair gives a step.
func (r *plattRun) run(maxIter int) (Status, error) {
	for {
		cands := r.firsts()
		if len(cands) == 0 {
			return Converged, nil // the book's rule (3)
		}
		if r.iter >= maxIter {
			return IterationLimit, stopError(plattName, IterationLimit, "%s, %s still violate their KKT conditions by more than %g",
				plural(r.iter, "step", "steps"), plural(len(cands), "point", "points"), r.eps)
		}
		stepped := false
		for _, i1 := range cands {
			ok, err := r.examine(i1)
			if err != nil {
				return NotSeparable, err
			}
			if ok {
				stepped = true
				break
			}
		}
		if !stepped {
			// Every violator was tried with every partner: α is optimal,
			// and only b violates (see PlattSMO).
			return Converged, nil
		}
		r.iter++
		if r.hard && r.iter%separableEvery == 0 {
			if bound, sum := r.marginBound(); bound < minMarginRatio*r.radius {
				return NotSeparable, stopError(plattName, NotSeparable, "hard margin: after %s Σα = %.3g and "+
					"‖w‖/Σα = %.3g, so no hyperplane separates the classes with a margin of %g·R (R = %.3g)",
					plural(r.iter, "step", "steps"), sum, bound, minMarginRatio, r.radius)
			}
		}
	}
}

// examine tries the first variable i1 with the second variables of §7.4.2
// in turn and reports whether one gave a step.
func (r *plattRun) examine(i1 int) (bool, error) {
	viol := violation(r.alpha[i1], r.c, r.y[i1]*r.e[i1])
	tried := make([]bool, len(r.y))
	tried[i1] = true
	try := func(i2 int, how SecondChoice) (bool, error) {
		if tried[i2] {
			return false, nil
		}
		tried[i2] = true
		r.next = PlattStep{Second: how, Violation: viol}
		return r.step(i1, i2)
	}
	// The largest |E1 − E2|, ties to the first point.
	best, gap := -1, -1.0
	for j := range r.y {
		if j != i1 && math.Abs(r.e[i1]-r.e[j]) > gap {
			best, gap = j, math.Abs(r.e[i1]-r.e[j])
		}
	}
	if ok, err := try(best, MaxErrorGap); ok || err != nil {
		return ok, err
	}
	for j := range r.y {
		if r.free(j) {
			if ok, err := try(j, FreeScan); ok || err != nil {
				return ok, err
			}
		}
	}
	for j := range r.y {
		if ok, err := try(j, FullScan); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// step optimises the pair (i1, i2) and reports whether α changed.
func (r *plattRun) step(i1, i2 int) (bool, error) {
	y1, y2 := r.y[i1], r.y[i2]
	a1, a2 := r.alpha[i1], r.alpha[i2]
	e1, e2 := r.e[i1], r.e[i2]
	c := r.c
	var lo, hi float64
	if y1 != y2 {
		lo, hi = math.Max(0, a2-a1), math.Min(c, c+a2-a1)
	} else {
		lo, hi = math.Max(0, a2+a1-c), math.Min(c, a2+a1)
	}
	if !(hi > lo) {
		return false, nil // the segment is a point
	}
	k11, k22 := r.diag[i1], r.diag[i2]
	k12 := r.kernel(i1, i2)
	eta := k11 + k22 - 2*k12
	// change returns f(α2 = a) − f(α2 = a2) along the line.
	change := func(a float64) float64 { d := a - a2; return (eta*d/2 - y2*(e1-e2)) * d }
	unc := math.NaN()
	var a2new float64
	if eta > tau*(k11+k22) {
		unc = a2 + y2*(e1-e2)/eta // (7.106)
		a2new = math.Min(hi, math.Max(lo, unc))
	} else {
		// η ≤ 0: f is linear (or concave) along the line, and its
		// minimum on the segment is at an end.
		if math.IsInf(hi, 1) {
			if eta < 0 || y2*(e1-e2) > 0 {
				return false, stopError(plattName, NotSeparable, "hard margin: points %d and %d coincide in feature space "+
					"but have different labels", i1+1, i2+1)
			}
			a2new = lo
		} else if a2new = lo; change(hi) < change(lo) {
			a2new = hi
		}
	}
	scale := math.Max(math.Max(a1, a2), math.Max(a2new, 0))
	if !(math.Abs(a2new-a2) > 1e-12*scale) || !(change(a2new) < 0) {
		return false, nil // no sufficient decrease
	}
	a1new := a1 + y1*y2*(a2-a2new) // (7.109)
	// Rounding may leave α1 or α2 a hair outside [0, C] or off a bound
	// that the step put it on (c + α2 − α1 − α1 ...): snap them, or a
	// multiplier at C would count as free and fix b.
	snap := func(a float64) float64 {
		switch {
		case a <= 1e-12*scale:
			return 0
		case !r.hard && a >= c-1e-12*c:
			return c
		}
		return a
	}
	a1new, a2new = snap(a1new), snap(a2new)
	d1, d2 := a1new-a1, a2new-a2
	b1 := -e1 - y1*k11*d1 - y2*k12*d2 + r.b // (7.115)
	b2 := -e2 - y1*k12*d1 - y2*k22*d2 + r.b // (7.116)
	bOld := r.b
	switch {
	case a1new > 0 && a1new < c:
		r.b = b1
	case a2new > 0 && a2new < c:
		r.b = b2
	default:
		r.b = (b1 + b2) / 2
	}
	r.alpha[i1], r.alpha[i2] = a1new, a2new
	// Eᵢ = Σⱼαⱼyⱼ K(xᵢ, xⱼ) + b − yᵢ (7.117), updated by the change of the
	// pair and of b: two kernel columns.
	for i := range r.y {
		r.col1[i], r.col2[i] = r.kernel(i, i1), r.kernel(i, i2)
	}
	db := r.b - bOld
	for i := range r.e {
		r.e[i] += y1*d1*r.col1[i] + y2*d2*r.col2[i] + db
	}
	if r.keep && len(r.steps) < MaxPlattSteps {
		s := r.next
		s.I1, s.I2 = i1, i2
		s.E1, s.E2, s.Eta, s.L, s.H = e1, e2, eta, lo, hi
		s.Old1, s.Old2, s.Unclipped, s.New1, s.New2 = a1, a2, unc, a1new, a2new
		s.B1, s.B2, s.BOld, s.B = b1, b2, bOld, r.b
		s.Alpha = slices.Clone(r.alpha)
		s.DualObjective = r.objective()
		r.steps = append(r.steps, s)
	}
	return true, nil
}

// quadratic returns αᵀQα = Σᵢαᵢyᵢ(Eᵢ − b + yᵢ) and Σαᵢ, from the errors.
func (r *plattRun) quadratic() (quad, sum float64) {
	for i, a := range r.alpha {
		if a != 0 {
			quad += a * (r.y[i]*(r.e[i]-r.b) + 1)
			sum += a
		}
	}
	return quad, sum
}

// objective returns f(α) = ½αᵀQα − Σαᵢ.
func (r *plattRun) objective() float64 {
	quad, sum := r.quadratic()
	return quad/2 - sum
}

// marginBound returns ‖w(α)‖/Σαᵢ, an upper bound on the margin of any
// separating hyperplane (see SMO), and Σαᵢ.
func (r *plattRun) marginBound() (bound, sum float64) {
	quad, sum := r.quadratic()
	if sum == 0 {
		return math.Inf(1), 0
	}
	return math.Sqrt(math.Max(quad, 0)) / sum, sum
}

// result returns the Result of the current α, its gradient recomputed
// from the support vectors, (7.117) with b left out.
func (r *plattRun) result() *Result {
	n := len(r.y)
	grad := make([]float64, n)
	for i := range grad {
		grad[i] = -1
	}
	for j, a := range r.alpha {
		if a == 0 {
			continue
		}
		for i := range grad {
			grad[i] += r.y[i] * a * r.y[j] * r.kernel(i, j)
		}
	}
	res := newResult(r.x, r.y, r.k, r.c, slices.Clone(r.alpha), grad)
	res.Iterations, res.KernelEvaluations = r.iter, r.evals
	return res
}
