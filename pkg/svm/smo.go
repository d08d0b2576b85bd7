package svm

import (
	"fmt"
	"math"
	"runtime"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// SMO solves the dual problem by sequential minimal optimisation (Platt
// 1998) with the second-order working-set selection of Fan, Chen & Lin
// (JMLR 2005), as LIBSVM does (Chang & Lin 2011), with a kernel cache and
// shrinking. The zero value is a linear hard-margin solver with LIBSVM's
// defaults.
//
// What Eps means: Fit stops when LIBSVM's KKT violation m(α) − M(α)
// (Result.MaxViolation, in units of the margin) is at most Eps, svm-train's
// -e, and the duality gap is at most Eps·½‖w‖² plus what a KKT violation of
// Eps²·min(1, C·max K(x, x)) leaves (it tightens its tolerance until both
// hold; see smoGapTarget): w is then within √Eps·‖w‖ of the optimal w*, or
// the objective within about Eps²·nC of the optimum where the data leave
// ½‖w‖² a small part of the objective. A Converged result does not depend on
// the units of the data or of C, and SMO's iterations are svm-train's
// within a few per cent on scaled data (bench/README.md).
//
// Like LIBSVM it caches kernel values as float32 for a soft margin (twice
// the columns per byte), but every number of the Result — the objectives,
// the gap, b and its interval, the KKT violation — is computed at the end
// from α in float64, with kernel values computed in float64 (for the linear
// kernel through w, in O(nd); otherwise over the pairs of support vectors,
// without storing them, and the other points near the margin), and
// Converged is decided on those numbers. When the float32 values cannot
// resolve what Eps asks (a large C·K(x, x), data far from unit scale), Fit
// goes on from α with a float64 cache. It never asks for a KKT violation
// below what float64 resolves on the problem (64 units of rounding of the
// terms of the gradient, see MinEps): where Eps·½‖w‖² is below that (w
// near 0, or Eps near MinEps), it accepts the result that cannot improve
// with Status RoundingLimit and no error.
//
// On data that no hyperplane separates, a large C needs of the order of C
// iterations: InteriorPoint suits that case for the linear kernel. An
// error for a run that stops short says so when C·max K(x, x) is large or
// the features look unscaled.
type SMO struct {
	// C bounds α (0 ≤ αᵢ ≤ C); 0 means a hard margin (C = +∞).
	C float64
	// Kernel is the kernel; nil means kernel.Linear{}.
	Kernel kernel.Kernel
	// Eps is the stopping tolerance on m(α) − M(α), as svm-train -e, and on
	// the duality gap (see SMO); 0 means DefaultEps. Below MinEps it is a
	// *classify.SettingError.
	Eps float64
	// CacheBytes is the size of the kernel column cache in bytes; 0 means
	// DefaultCacheBytes (svm-train -m 100). At least two columns are cached.
	CacheBytes int
	// NoShrinking turns shrinking off (svm-train -h 0).
	NoShrinking bool
	// MaxIter bounds the number of iterations; 0 means max(10⁷, 100·n),
	// LIBSVM's limit. At the limit Fit returns the partial result with
	// Status IterationLimit and ErrNotConverged.
	MaxIter int

	// cache64 forces a float64 cache for a soft margin (benchmarks).
	cache64 bool
	// serial turns off the parallel computation of long columns.
	serial bool
}

// Defaults and limits of SMO.
const (
	DefaultEps        = 1e-3
	DefaultCacheBytes = 100 << 20
	// MinEps is the least Eps that SMO accepts: 64 units of rounding of
	// float64 (2⁻⁴⁷ ≈ 7.1e-15). The KKT violation is a difference of terms
	// vₖ = yₖ − Σₗαₗyₗ K(xₗ, xₖ) with |yₖ| = 1, and no problem resolves it more
	// finely; most resolve it less finely (see SMO).
	MinEps = 64 * epsilon
	// tau is the least curvature a of a step (Fan, Chen & Lin 2005),
	// relative to the largest K(x, x).
	tau = 1e-12
	// minMarginRatio is ρ: a hard margin below ρ·R counts as inseparable.
	minMarginRatio = 1e-4
	// separableEvery is the number of iterations between the tests of the
	// hard-margin bound γ ≤ ‖w(α)‖/Σα.
	separableEvery = 100
	// shrinkEvery is the number of iterations between shrinkings (at most).
	shrinkEvery = 1000
	// floorEvery is the number of iterations between the checks that eps
	// is not below the solver's resolution (see floor).
	floorEvery = 10_000
	// tightenings is how many times Fit lowers its KKT tolerance when the
	// duality gap is not yet small relative to the problem's scale.
	tightenings = 8
	// float32Range: kernel values beyond it (or below its inverse) are
	// cached in float64, which float32 would overflow or underflow.
	float32Range = 1e30
	// underflowDiag: a largest K(x, x) below it means the kernel values of
	// the data underflow.
	underflowDiag = 1e-280
)

// Fit solves the dual problem for the data x (n×d, one example per row) and
// labels y in {−1, +1}. On success the Result has Status Converged, or
// RoundingLimit (see SMO).
//
// Invalid settings (a negative, NaN or infinite C, an Eps that is negative,
// NaN, infinite or below MinEps, a negative CacheBytes or MaxIter, an
// invalid kernel) give a *classify.SettingError, bad data the error of
// dataset.Validate or dataset.ErrOneClass, and kernel values that overflow
// or underflow classify.ErrNotFinite. Returned with the partial Result:
// ErrNotSeparable for a hard margin on inseparable data (Status
// NotSeparable), ErrNotConverged (Status IterationLimit, or NoProgress when
// no step changes α or the gap stays large), or classify.ErrNotFinite
// (Status NonFinite).
func (s SMO) Fit(x mat.Matrix, y []float64) (*Result, error) {
	cfg, k, err := s.config(x, y)
	if err != nil {
		return nil, err
	}
	r, _, err := solve(x, y, k, cfg)
	return r, err
}

// name is the prefix of SMO's errors.
const smoName = "svm.SMO"

// config checks the settings and the data and returns the solver's
// configuration and kernel.
func (s SMO) config(x mat.Matrix, y []float64) (config, kernel.Kernel, error) {
	c, err := checkC(smoName, s.C)
	if err != nil {
		return config{}, nil, err
	}
	if err := checkKKTEps(smoName, s.Eps); err != nil {
		return config{}, nil, err
	}
	if err := checkCount(smoName, "CacheBytes", s.CacheBytes); err != nil {
		return config{}, nil, err
	}
	if err := checkCount(smoName, "MaxIter", s.MaxIter); err != nil {
		return config{}, nil, err
	}
	k, err := checkProblem(smoName, x, y, s.Kernel)
	if err != nil {
		return config{}, nil, err
	}
	cfg := config{c: c, eps: s.Eps, maxIter: s.MaxIter, budget: s.CacheBytes,
		shrinking: !s.NoShrinking, cache64: s.cache64}
	if cfg.eps == 0 {
		cfg.eps = DefaultEps
	}
	if cfg.maxIter == 0 {
		cfg.maxIter = max(10_000_000, 100*len(y))
	}
	if cfg.budget == 0 {
		cfg.budget = DefaultCacheBytes
	}
	if !s.serial && runtime.GOMAXPROCS(0) > 1 {
		cfg.parallelWork = parallelWork
	}
	return cfg, k, nil
}

// stats counts the work of a solve, for tests and benchmarks.
type stats struct {
	evals          int // kernel evaluations
	hits, misses   int // column requests answered by the cache, or not
	shrinks, swaps int
}

type config struct {
	c, eps          float64
	maxIter, budget int
	shrinking       bool
	cache64         bool // a float64 cache even where float32 would do
	parallelWork    int  // see columns; 0: one goroutine
}

// solver holds the state of one SMO run.
//
// Each iteration picks a pair (i, j) that violates the KKT conditions, moves
// αᵢ and αⱼ along the line that keeps Σαᵢyᵢ = 0 to the minimum of f on it,
// clipped to the box, and updates v = −y∘G from the kernel columns of i and
// j (see the package documentation for I_up, I_low, m and M).
//
// Every per-variable slice is in the solver's order, a permutation of the
// data (perm maps it back) that keeps the active variables in front:
// [0, active). Shrinking (Joachims 1999, as in LIBSVM) moves behind them,
// every min(n, 1000) iterations, the variables at a bound that cannot be
// selected (vₜ < M for t only in I_up, vₜ > m for t only in I_low); their v
// is rebuilt from the free variables and gbar, a running sum over the
// variables at C, once when m − M first falls to 10·eps and again before SMO
// stops, and the optimality test is then repeated on all variables.
//
// Instead of v itself the solver keeps vUp and vLow, v masked to the working
// sets: vUpₖ = vₖ for k ∈ I_up and −∞ otherwise, vLowₖ = vₖ for k ∈ I_low
// and +∞ otherwise. Every variable is in at least one of them (C > 0), the
// update subtracts the same amount from both (∞ stays ∞), and the selection
// loops need no branch on membership.
type solver[E float32 | float64] struct {
	n      int
	c, eps float64
	tau    float64   // least curvature of a step: tau·max K(x, x)
	y      []float64 // labels in the solver's order
	labels []float64 // labels in the data's order
	alpha  []float64
	vUp    []float64
	vLow   []float64
	gbar   []float64 // Σ_{l: αₗ = C} C·yₗK(xₗ, xₖ), for rebuilding v
	perm   []int
	active int
	iter   int
	// counter counts down the iterations to the next shrinking.
	counter int
	// next is the maximiser of vUp found by the last update, or −1.
	next int

	cols  *columns
	cache *colCache[E]
	swaps [][2]int32 // the swaps of one shrinking, for the cache

	stats     stats
	shrinking bool
	unshrunk  bool // v has been rebuilt at m − M ≤ 10·eps
	hard      bool // C = +∞
	// atFloor: eps has been held at floor(), above the tolerance wanted.
	atFloor bool
	// synced is the iteration at which v was last computed from α (see
	// refresh), or −1.
	synced int
	// moved is Σ|t| over the steps, for the rounding bound of band.
	moved float64
}

// solve runs SMO on checked input. Kernel columns are cached, least
// recently used out first. Like LIBSVM the cache stores float32 values for a
// soft margin (twice the columns per byte; the solver's own gradient then
// carries relative errors of about 1e-7, which the Result does not, see
// exactResult), and float64 for a hard margin, where α can be large, and
// for kernel values outside float32's range.
func solve(x mat.Matrix, y []float64, k kernel.Kernel, cfg config) (*Result, stats, error) {
	cols := newColumns(k, x, cfg.parallelWork)
	defer cols.release()
	for p, kd := range cols.diag {
		if math.IsNaN(kd) || math.IsInf(kd, 0) {
			return nil, stats{}, errtext.Errorf("%s: K(x%d, x%d) = %v with %v: %w", smoName, p+1, p+1, kd, k, classify.ErrNotFinite)
		}
	}
	if cols.maxDiag < underflowDiag {
		if maxAbs := floats.Norm(cols.x, math.Inf(1)); maxAbs > 0 {
			return nil, stats{}, errtext.Errorf("%s: the kernel values underflow (largest K(xᵢ, xᵢ) = %v with %v for data of magnitude %v); rescale the data: %w",
				smoName, cols.maxDiag, k, maxAbs, classify.ErrNotFinite)
		}
	}
	if math.IsInf(cfg.c, 1) {
		cols.setRadius()
	}
	if math.IsInf(cfg.c, 1) || cfg.cache64 || cols.bound > float32Range || cols.bound < 1/float32Range {
		return solveWith[float64](cols, y, cfg)
	}
	return solveWith[float32](cols, y, cfg)
}

func solveWith[E float32 | float64](cols *columns, y []float64, cfg config) (*Result, stats, error) {
	n := len(y)
	s := &solver[E]{
		n:         n,
		c:         cfg.c,
		eps:       cfg.eps,
		tau:       tau * cols.maxDiag,
		y:         append([]float64(nil), y...),
		labels:    y,
		alpha:     make([]float64, n),
		vUp:       make([]float64, n),
		vLow:      make([]float64, n),
		perm:      make([]int, n),
		active:    n,
		next:      -1,
		counter:   min(n, shrinkEvery),
		cols:      cols,
		cache:     newColCache[E](n, cfg.budget),
		shrinking: cfg.shrinking,
		synced:    -1,
	}
	if !(s.tau > 0) {
		s.tau = tau
	}
	s.hard = math.IsInf(s.c, 1)
	if s.shrinking && !s.hard {
		s.gbar = make([]float64, n)
	}
	for p := range s.perm {
		s.perm[p] = p
		s.setV(p, s.y[p]) // α = 0: G = −e, v = y
	}
	return s.solve(cfg)
}

// solve runs SMO to m − M ≤ eps and checks the result in float64. While
// the duality gap is not small relative to ½‖w‖² (see smoGapTarget),
// it lowers eps in proportion and goes on: the gap falls with the KKT
// violation, and the violation that makes it small depends on the scale of
// the problem (it is of the order of C for a small C). It never lowers eps
// below the solver's resolution (see floor). The Result it returns is
// computed from α in float64 (see exactResult); when that check fails
// where the solver's own numbers pass, a float32 solver hands over to a
// float64 one (see promote). The cache's memory goes back to the pool at
// the end (see colCache).
func (s *solver[E]) solve(cfg config) (*Result, stats, error) {
	defer s.cache.release()
	return s.iterate(cfg)
}

// iterate is solve without the release of the cache.
func (s *solver[E]) iterate(cfg config) (*Result, stats, error) {
	for tight := 0; ; tight++ {
		status, err := s.run(cfg.maxIter)
		if s.single() && s.atFloor && err == nil && status == NoProgress {
			return promote(s, cfg, s.eps).solve(cfg)
		}
		if err == nil && tight < tightenings {
			// The solver's own numbers: while they show a large gap, or a
			// violation that the rounding of float32 kernel values could
			// put above Eps, tighten without the float64 check.
			r := s.numbers()
			if r.nonFinite() == "" {
				next, target := s.eps, smoGapTarget(r, s.c, s.cols.maxDiag, cfg.eps)
				if r.Gap > target {
					next = s.tighter(tight, r.MaxViolation, target/r.Gap)
				}
				if guard := cfg.eps - 2*s.noise(); r.MaxViolation > guard {
					next = min(next, guard)
				}
				if next < s.eps && next > s.floor() {
					s.setEps(next, next)
					continue
				}
			}
		}
		r, disc := s.exactResult(status)
		target := smoGapTarget(r, s.c, s.cols.maxDiag, cfg.eps)
		switch {
		case r.nonFinite() != "":
			r.Status = NonFinite
			return r, s.finalStats(), stopError(smoName, r.Status, "after %s %s with %v", iterations(r.Iterations), r.nonFinite(), s.cols.k)
		case err == nil && r.Gap <= target && r.MaxViolation <= cfg.eps:
			r.Status = Converged
			return r, s.finalStats(), nil
		case err != nil && status != NoProgress:
			return r, s.finalStats(), err
		}
		// The float64 check fails, or no step changes α any more (status
		// NoProgress): go on with a smaller eps, down to the floor.
		floor := s.floor()
		stuck := status == NoProgress || s.atFloor
		next := s.eps / 10
		switch {
		case r.Gap > target:
			next = s.tighter(tight, r.MaxViolation, target/r.Gap)
		case r.MaxViolation > cfg.eps:
			// Only the violation is too large, by the difference between
			// the solver's v and the exact one: lower eps by as much.
			next = min(s.eps, cfg.eps) - 2*max(r.MaxViolation-cfg.eps, disc)
		}
		if s.single() && (stuck || next < floor || next < 2*disc) {
			// The float32 kernel values cannot resolve what is asked:
			// go on from α with float64 ones.
			return promote(s, cfg, next).solve(cfg)
		}
		if (stuck || next < 2*disc) && s.synced != s.iter {
			// The solver's v has drifted from the exact one by the
			// rounding of many updates: go on from the exact v.
			s.refresh()
			s.setEps(max(next, s.floor()), next)
			continue
		}
		switch {
		case stuck && s.settled(r, cfg.eps, floor):
			// As good as float64 allows: accept what cannot improve.
			r.Status = RoundingLimit
			return r, s.finalStats(), nil
		case stuck || tight >= tightenings:
			r.Status = NoProgress
			return r, s.finalStats(), stopError(smoName, r.Status,
				"after %s the duality gap %.3g exceeds %.3g at m(α) − M(α) = %.3g (float64 resolves %.3g here)%s",
				iterations(r.Iterations), r.Gap, target, r.MaxViolation, floor, s.hint())
		}
		s.setEps(max(next, floor), next)
	}
}

// tighter returns the eps of the next run when the duality gap of a run
// that stopped with KKT violation viol is 1/ratio times the target. The gap
// falls with the violation: after the first time eps falls by ten times at
// least and by half the ratio. The first time it falls only by the ratio,
// below the solver's own violation (which the float32 kernel values can put
// below viol): where the gap is just above the target at the first stop (a
// large C·max K(x, x), many αᵢ at C), the few iterations on all variables
// that follow bring it down, where a tenth of eps took SMO 1.6 times
// svm-train's iterations (TestSMOIterationsLIBSVM).
func (s *solver[E]) tighter(tight int, viol, ratio float64) float64 {
	if tight == 0 {
		return min(s.eps, min(viol, s.violation())*ratio)
	}
	return min(s.eps/10, viol*max(ratio, 1e-3)/2)
}

// setEps sets the solver's tolerance to eps for the next run, noting
// whether it had to stay above the tolerance asked for, want, because of
// the floor.
func (s *solver[E]) setEps(eps, want float64) {
	s.eps, s.atFloor, s.unshrunk = eps, eps > want, false
}

// single reports whether the cache holds float32 kernel values.
func (s *solver[E]) single() bool {
	var zero E
	_, ok := any(zero).(float32)
	return ok
}

// floor returns the least KKT violation m(α) − M(α) that the solver
// resolves at the current α: 64 units of rounding of m and M, the change of
// v that a step of α by one unit in its last place makes, up to 4·max K(x,
// x)·ulp(max α), and the noise of float32 kernel values. Below it the
// selection follows the rounding errors rather than the problem.
func (s *solver[E]) floor() float64 {
	var amax float64
	for _, a := range s.alpha {
		amax = max(amax, a)
	}
	m, mLow := s.extremes()
	return 64*epsilon*(1+max(math.Abs(m), math.Abs(mLow))) + 4*epsilon*amax*s.cols.maxDiag + s.noise()
}

// noise returns, for a float32 cache, the typical difference between the
// solver's vₖ = yₖ − Σₗαₗyₗ K(xₗ, xₖ) and the exact one: the rounding errors
// of the kernel values, of random sign, add up to about
// 2⁻²⁴·√K(xₖ, xₖ)·(Σₗαₗ²K(xₗ, xₗ))^½, taken here twice; 0 for float64.
func (s *solver[E]) noise() float64 {
	if !s.single() {
		return 0
	}
	var a2 float64
	for p, a := range s.alpha {
		a2 += a * a * s.cols.diag[p]
	}
	return 0x1p-23 * math.Sqrt(s.cols.maxDiag*a2)
}

// settled reports whether r, at α where the solver stopped, is as good as
// float64 allows with tolerance eps: its KKT violation is within eps or the
// resolution floor, and its gap within the target plus the gap that a
// violation of twice the floor allows (Σᵢmax(αᵢ, C − αᵢ) times it, or
// 2Σαᵢ times it for a hard margin; see the package documentation).
func (s *solver[E]) settled(r *Result, eps, floor float64) bool {
	if r.MaxViolation > max(eps, 2*floor) {
		return false
	}
	var weight float64
	for _, a := range r.Alpha {
		if s.hard {
			weight += 2 * a
		} else {
			weight += max(a, s.c-a)
		}
	}
	return r.Gap <= smoGapTarget(r, s.c, s.cols.maxDiag, eps)+2*floor*weight
}

// promote returns a solver with a float64 cache that goes on from s's α, in
// s's order, with v and gbar computed in float64 (see refresh) and eps at
// most want, not below the floor. s must not be used afterwards.
func promote[E float32 | float64](s *solver[E], cfg config, want float64) *solver[float64] {
	s.reconstruct()
	t := &solver[float64]{n: s.n, c: s.c, tau: s.tau, y: s.y, labels: s.labels,
		alpha: s.alpha, vUp: s.vUp, vLow: s.vLow, gbar: s.gbar, perm: s.perm, active: s.n,
		iter: s.iter, counter: min(s.n, shrinkEvery), next: -1, cols: s.cols,
		cache: newColCache[float64](s.n, cfg.budget), stats: s.stats, shrinking: s.shrinking,
		hard: s.hard, moved: s.moved}
	t.stats.hits += s.cache.hits
	t.stats.misses += s.cache.misses
	s.cache.release()
	t.refresh()
	want = min(want, cfg.eps)
	t.setEps(max(want, t.floor()), want)
	return t
}

// refresh recomputes v, and gbar, from α in float64 from every kernel value
// of the support vectors, and makes every variable active: it ends the
// drift of v from Qα that the rounding of many updates causes.
func (s *solver[E]) refresh() {
	s.reconstruct()
	n := s.n
	v := append([]float64(nil), s.y...)
	if s.gbar != nil {
		clear(s.gbar)
	}
	col := make([]float64, n)
	for l, a := range s.alpha {
		if a == 0 {
			continue
		}
		fillColumn(s.cols, col, l, 0, n)
		floats.AddScaled(v, -a*s.y[l], col)
		if s.gbar != nil && a >= s.c {
			floats.AddScaled(s.gbar, s.c*s.y[l], col)
		}
	}
	for p, val := range v {
		s.setV(p, val)
	}
	s.next, s.synced = -1, s.iter
}

func (s *solver[E]) finalStats() stats {
	st := s.stats
	st.evals, st.hits, st.misses = s.cols.evals, st.hits+s.cache.hits, st.misses+s.cache.misses
	return st
}

// hint returns, for the error of a run that did not converge, advice when
// the problem is badly scaled, or "": SMO's iterations, and the rounding
// error of its gradient, grow with C·max K(x, x), and features whose
// magnitudes differ by orders of magnitude make the problem ill-conditioned.
func (s *solver[E]) hint() string {
	c := s.cols
	var h string
	lo, hi := math.Inf(1), 0.0
	for j := range c.d {
		var r float64
		for p := range c.n {
			r = max(r, math.Abs(c.x[p*c.d+j]))
		}
		if r > 0 {
			lo, hi = min(lo, r), max(hi, r)
		}
	}
	if hi > hintScale*lo || hi > hintScale || hi < 1/hintScale {
		h = fmt.Sprintf("; the features, of magnitude %.3g to %.3g, look unscaled: scale each to [−1, 1] (dataset.ScaleToUnit)", lo, hi)
	}
	if !s.hard && s.c*c.maxDiag > hintScale {
		h += fmt.Sprintf("; SMO's iterations grow with C·max K(xᵢ, xᵢ) = %.3g: a smaller C, or scaled features, take fewer", s.c*c.maxDiag)
	}
	return h
}

// hintScale is the C·max K(x, x), the largest or inverse least feature
// magnitude, and the ratio of feature magnitudes, from which an error of
// SMO gives advice.
const hintScale = 1e3

// run iterates until m − M ≤ eps on all variables or a limit is reached.
func (s *solver[E]) run(maxIter int) (Status, error) {
	for {
		i, j, ci := s.selectPair()
		if j == noStep {
			return NonFinite, stopError(smoName, NonFinite, "no admissible pair after %s, m(α) − M(α) = %.3g, with %v",
				iterations(s.iter), s.violation(), s.cols.k)
		}
		if j < 0 {
			if s.active == s.n {
				return Converged, nil
			}
			// Optimal on the active set: check all variables.
			s.reconstruct()
			if i, j, ci = s.selectPair(); j == -1 {
				return Converged, nil
			} else if j == noStep {
				continue
			}
			s.counter = 1
		}
		if s.iter >= maxIter {
			return IterationLimit, stopError(smoName, IterationLimit, "%s, m(α) − M(α) = %.3g > %.3g%s",
				iterations(s.iter), s.violation(), s.eps, s.hint())
		}
		switch s.update(i, j, ci) {
		case stepNone:
			return NoProgress, stopError(smoName, NoProgress, "no progress after %s, m(α) − M(α) = %.3g > %.3g%s",
				iterations(s.iter), s.violation(), s.eps, s.hint())
		case stepUnbounded:
			return NotSeparable, stopError(smoName, NotSeparable, "hard margin: points %d and %d coincide in feature space "+
				"but have different labels", s.perm[i]+1, s.perm[j]+1)
		}
		s.iter++
		// Shrink after every min(n, 1000) iterations, as LIBSVM (after
		// 1000, not 999: the active sets, and so the pairs selected and
		// the number of iterations, depend on when).
		if s.shrinking {
			if s.counter--; s.counter == 0 {
				s.counter = min(s.n, shrinkEvery)
				s.shrink()
			}
		}
		if s.iter%floorEvery == 0 {
			if f := s.floor(); s.eps < f {
				s.eps, s.atFloor = f, true
				if s.single() {
					// The float32 kernel values cannot resolve eps.
					return NoProgress, nil
				}
			}
		}
		// A hard margin (C = +∞) has no solution when the classes cannot
		// be separated: the dual objective is then unbounded below and α
		// grows without bound. Any feasible α ≠ 0 writes w(α) = Σαᵢyᵢφ(xᵢ)
		// as (Σαᵢ/2)·(u − v) with u and v in the convex hulls of the two
		// classes, whose distance is at least twice the margin γ of any
		// separating hyperplane; so γ ≤ ‖w(α)‖/Σαᵢ at every iterate. When
		// this bound falls below ρ·R (R the radius of the data, see
		// columns), no hyperplane separates the data with a margin of
		// 10⁻⁴·R, and α is still moderate (of the order of ‖w‖/(ρR)).
		if s.hard && s.iter%separableEvery == 0 {
			if bound, sum := s.marginBound(); bound < minMarginRatio*s.cols.r {
				return NotSeparable, stopError(smoName, NotSeparable, "hard margin: after %s Σα = %.3g and "+
					"‖w‖/Σα = %.3g, so no hyperplane separates the classes with a margin of %g·R (R = %.3g)",
					iterations(s.iter), sum, bound, minMarginRatio, s.cols.r)
			}
		}
	}
}

// marginBound returns ‖w(α)‖/Σαᵢ, an upper bound on the margin of any
// separating hyperplane, and Σαᵢ, for a hard margin. The inactive variables
// are at 0 (there is no upper bound), and ‖w‖² = αᵀQα = Σₖαₖ(1 − yₖvₖ).
func (s *solver[E]) marginBound() (bound, sum float64) {
	var w2 float64
	for p, a := range s.alpha[:s.active] {
		if a != 0 {
			w2 += a * (1 - s.y[p]*s.v(p))
			sum += a
		}
	}
	if sum == 0 {
		return math.Inf(1), 0
	}
	return math.Sqrt(max(w2, 0)) / sum, sum
}

// member reports whether variable p is in I_up and in I_low.
func (s *solver[E]) member(p int) (up, low bool) {
	a := s.alpha[p]
	if s.y[p] > 0 {
		return a < s.c, a > 0
	}
	return a > 0, a < s.c
}

// setV stores vₚ = val in vUp and vLow as p's membership requires.
func (s *solver[E]) setV(p int, val float64) {
	up, low := s.member(p)
	s.vUp[p], s.vLow[p] = math.Inf(-1), math.Inf(1)
	if up {
		s.vUp[p] = val
	}
	if low {
		s.vLow[p] = val
	}
}

// v returns vₚ.
func (s *solver[E]) v(p int) float64 {
	if u := s.vUp[p]; !math.IsInf(u, -1) {
		return u
	}
	return s.vLow[p]
}

// column returns K(xᵢ, xₖ) for k < length.
func (s *solver[E]) column(i, length int) []E {
	col, from := s.cache.get(i, length)
	if from < length {
		fillColumn(s.cols, col, i, from, length)
	}
	return col
}

// selectPair returns the working set (i, j) by the second-order rule and the
// column of i over the active set; j = −1 when m − M ≤ Eps on the active
// set, and noStep when no pair gives a step.
func (s *solver[E]) selectPair() (i, j int, ci []E) {
	na := s.active
	up, low := s.vUp[:na], s.vLow[:na]
	i = s.next
	if i < 0 {
		m := math.Inf(-1)
		for k, u := range up {
			if u >= m {
				i, m = k, u
			}
		}
	}
	if i < 0 || math.IsInf(up[i], -1) {
		return -1, -1, nil // I_up has no active member
	}
	m := up[i]
	ci = s.column(i, na)
	ci = ci[:len(low)]
	kd := s.cols.diag[:len(low)]
	kii, tauA := kd[i], s.tau
	j = -1
	bestNum, bestDen := 0.0, 1.0 // the best gain b²/a so far
	mLow := math.Inf(1)
	for k, lo := range low {
		mLow = min(mLow, lo)
		b := max(m-lo, 0) // 0 unless k ∈ I_low and vₖ < m
		a := max(kii+kd[k]-2*float64(ci[k]), tauA)
		if num := b * b; num*bestDen >= bestNum*a && num > 0 {
			bestNum, bestDen, j = num, a, k
		}
	}
	switch {
	case m-mLow <= s.eps:
		return i, -1, ci
	case j < 0:
		// A violating pair exists but no step was admissible: the
		// curvatures are NaN.
		return i, noStep, ci
	}
	return i, j, ci
}

// noStep is the j of selectPair when α violates the KKT conditions but no
// pair gives a step, which only non-finite kernel values cause.
const noStep = -2

// violation returns m(α) − M(α) over the active variables.
func (s *solver[E]) violation() float64 {
	m, mLow := s.extremes()
	return m - mLow
}

// extremes returns m(α) and M(α) over the active variables.
func (s *solver[E]) extremes() (m, mLow float64) {
	m, mLow = math.Inf(-1), math.Inf(1)
	for k, u := range s.vUp[:s.active] {
		m = max(m, u)
		mLow = min(mLow, s.vLow[k])
	}
	return m, mLow
}

// step is the outcome of update.
type step int

const (
	stepDone      step = iota
	stepNone           // α did not change
	stepUnbounded      // hard margin: f is unbounded below along the pair
)

// update moves αᵢ up the direction yᵢ and αⱼ down the direction yⱼ by the
// step t that minimises f on the line, clipped to the box, and updates v.
func (s *solver[E]) update(i, j int, ci []E) step {
	na := s.active
	cj := s.column(j, na)
	kd := s.cols.diag
	curv := kd[i] + kd[j] - 2*float64(ci[j]) // ‖φ(xᵢ) − φ(xⱼ)‖²
	a := max(curv, s.tau)
	vi, vj := s.vUp[i], s.vLow[j]
	t := (vi - vj) / a
	yi, yj := s.y[i], s.y[j]
	ai, aj := s.alpha[i], s.alpha[j]
	ri, rj := ai, s.c-aj // room for αᵢ to move by yᵢt and αⱼ by −yⱼt
	if yi > 0 {
		ri = s.c - ai
	}
	if yj > 0 {
		rj = aj
	}
	if math.IsInf(ri, 1) && math.IsInf(rj, 1) && curv <= tau*(kd[i]+kd[j]) {
		// A hard margin, yᵢ = +1, yⱼ = −1 and φ(xᵢ) = φ(xⱼ): f falls
		// linearly without end along the pair's line.
		return stepUnbounded
	}
	newI, newJ := ai+yi*t, aj-yj*t
	if ri <= t || rj <= t {
		t = min(ri, rj)
		newI, newJ = ai+yi*t, aj-yj*t
		if ri == t {
			newI = s.c
			if yi < 0 {
				newI = 0
			}
		}
		if rj == t {
			newJ = 0
			if yj < 0 {
				newJ = s.c
			}
		}
	}
	if newI == ai && newJ == aj {
		return stepNone
	}
	s.moved += math.Abs(t)
	s.alpha[i], s.alpha[j] = newI, newJ
	// The new memberships of i and j, with the old values of v, which
	// the loop then updates.
	s.setV(i, vi)
	s.setV(j, vj)

	// vₖ −= Δβᵢ K(xᵢ, xₖ) + Δβⱼ K(xⱼ, xₖ) with Δβᵢ = t, Δβⱼ = −t; and the
	// maximiser of vUp for the next selection.
	up, low := s.vUp[:na], s.vLow[:na]
	low = low[:len(up)]
	ci, cj = ci[:len(up)], cj[:len(up)]
	next, m := -1, math.Inf(-1)
	for k, u := range up {
		d := t * (float64(ci[k]) - float64(cj[k]))
		u -= d
		up[k] = u
		low[k] -= d
		if u >= m {
			next, m = k, u
		}
	}
	s.next = next

	if s.gbar != nil {
		s.updateGbar(i, ai >= s.c)
		s.updateGbar(j, aj >= s.c)
	}
	return stepDone
}

// updateGbar keeps gbar = Σ_{αₗ = C} C·yₗK(xₗ, ·) when αₚ reaches or leaves
// C; wasUpper is whether αₚ was at C before the step.
func (s *solver[E]) updateGbar(p int, wasUpper bool) {
	isUpper := s.alpha[p] >= s.c
	if isUpper == wasUpper {
		return
	}
	d := s.c * s.y[p]
	if wasUpper {
		d = -d
	}
	col := s.column(p, s.n)
	g := s.gbar[:len(col)]
	for k, q := range col {
		g[k] += d * float64(q)
	}
}

// shrinkable reports whether variable p is at a bound and cannot be
// selected while m(α) and M(α) stay as they are: p only in I_up with
// vₚ < M, or only in I_low with vₚ > m.
func (s *solver[E]) shrinkable(p int, m, mLow float64) bool {
	u, lo := s.vUp[p], s.vLow[p]
	return (math.IsInf(lo, 1) && u < mLow) || (math.IsInf(u, -1) && lo > m)
}

// shrink moves the variables that cannot be selected behind the active set.
// The first time m − M falls to 10·eps it makes all of them active first
// (see reconstruct) and then shrinks with m and M of the active set before
// that, as LIBSVM's do_shrinking does: those of all variables are further
// apart and would keep more of them active, which changes the pairs that
// follow.
func (s *solver[E]) shrink() {
	m, mLow := s.extremes()
	if !s.unshrunk && m-mLow <= 10*s.eps {
		s.unshrunk = true
		s.reconstruct()
	}
	s.stats.shrinks++
	s.swaps = s.swaps[:0]
	for p := 0; p < s.active; p++ {
		if !s.shrinkable(p, m, mLow) {
			continue
		}
		// Find the last active variable that stays, and swap it in.
		for s.active--; s.active > p; s.active-- {
			if !s.shrinkable(s.active, m, mLow) {
				s.swap(p, s.active)
				break
			}
		}
	}
	s.cache.swapAll(s.swaps)
	s.stats.swaps += len(s.swaps)
	s.next = -1
}

// swap exchanges variables p and q; the cache follows in shrink.
func (s *solver[E]) swap(p, q int) {
	s.y[p], s.y[q] = s.y[q], s.y[p]
	s.alpha[p], s.alpha[q] = s.alpha[q], s.alpha[p]
	s.vUp[p], s.vUp[q] = s.vUp[q], s.vUp[p]
	s.vLow[p], s.vLow[q] = s.vLow[q], s.vLow[p]
	if s.gbar != nil {
		s.gbar[p], s.gbar[q] = s.gbar[q], s.gbar[p]
	}
	s.perm[p], s.perm[q] = s.perm[q], s.perm[p]
	s.cols.swap(p, q)
	s.swaps = append(s.swaps, [2]int32{int32(p), int32(q)})
}

// reconstruct rebuilds v for the inactive variables and makes every
// variable active: vₖ = yₖ − gbarₖ − Σ_{free l} αₗyₗK(xₗ, xₖ) (without
// gbar the sum runs over all support vectors).
func (s *solver[E]) reconstruct() {
	na, n := s.active, s.n
	if na == n {
		return
	}
	v := make([]float64, n-na)
	for k := range v {
		v[k] = s.y[na+k]
		if s.gbar != nil {
			v[k] -= s.gbar[na+k]
		}
	}
	// The free variables are active: only variables at a bound shrink.
	var free []int
	for l := 0; l < na; l++ {
		if a := s.alpha[l]; a > 0 && (s.gbar == nil || a < s.c) {
			free = append(free, l)
		}
	}
	if len(free) <= s.cache.slots() {
		// Column by column, through the cache: the columns are then
		// complete for the next iterations, which use all variables.
		for _, l := range free {
			col := s.column(l, n)[na:n]
			b := s.alpha[l] * s.y[l]
			for k, q := range col {
				v[k] -= b * float64(q)
			}
		}
	} else {
		s.cols.evals += len(v) * len(free)
		for k := range v {
			var f float64
			for _, l := range free {
				f += s.alpha[l] * s.y[l] * s.cols.eval(l, na+k)
			}
			v[k] -= f
		}
	}
	for k, val := range v {
		s.setV(na+k, val)
	}
	s.active = n
	s.next = -1
}
