package svm

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// Loss is the loss of the linear SVM that DCD solves.
type Loss int

const (
	// Hinge is [1 − yf(x)]₊, the soft margin of (7.32) (LIBLINEAR's -s 3,
	// L1-loss): the dual box is 0 ≤ αᵢ ≤ C.
	Hinge Loss = iota
	// SquaredHinge is [1 − yf(x)]₊², the squared slacks of exercise 7.3
	// (LIBLINEAR's -s 1, L2-loss): αᵢ ≥ 0 and 1/(2C) on the diagonal of Q.
	SquaredHinge
)

func (l Loss) String() string {
	switch l {
	case Hinge:
		return "hinge"
	case SquaredHinge:
		return "squared-hinge"
	}
	return fmt.Sprintf("Loss(%d)", int(l))
}

// Defaults of DCD, LIBLINEAR's.
const (
	// DefaultDCDEps is LIBLINEAR's stopping tolerance (-e 0.1 for -s 1 and
	// -s 3) on the projected gradient, in units of the margin.
	DefaultDCDEps = 0.1
	// DefaultDCDMaxIter is LIBLINEAR's limit on the passes over the data.
	DefaultDCDMaxIter = 1000
	// DefaultBias is the constant feature B of DCD.Bias = 0, scikit-learn's
	// intercept_scaling (liblinear-train -B 1).
	DefaultBias = 1.0
	// DefaultDCDSeed seeds the permutations when DCD.Src is nil.
	DefaultDCDSeed = 1
)

// DCD is dual coordinate descent for the linear SVM (Hsieh, Chang, Lin,
// Keerthi & Sundararajan, ICML 2008), the method of LIBLINEAR's -s 3
// (hinge) and -s 1 (squared hinge). The zero value solves the hinge loss
// with C = 1, B = 1 and LIBLINEAR's defaults.
//
// DCD solves a different problem from (7.13)/(7.32): the bias is a weight
// like the others. Each point x becomes x̂ = (x, B) and the hyperplane
// ŵ·x̂ = w·x + b with b = B·w_{d+1}, so b is regularised too:
//
//	min_ŵ  ½‖w‖² + ½b²/B² + C Σᵢ ξ(1 − yᵢ ŵ·x̂ᵢ),
//
// ξ(t) = [t]₊ (Hinge) or [t]₊² (SquaredHinge). Its dual has no equality
// constraint Σαᵢyᵢ = 0 (that came from the unregularised b), only the box:
//
//	min_α  f(α) = ½ αᵀ(Q + D)α − Σᵢ αᵢ,   Qᵢⱼ = yᵢyⱼ x̂ᵢ·x̂ⱼ,
//	s.t.   0 ≤ αᵢ ≤ U,
//
// with U = C and D = 0 for the hinge, U = ∞ and D = I/(2C) for the squared
// hinge. So one αᵢ can move alone (SMO needs pairs to keep Σαᵢyᵢ = 0): with
// ŵ = Σαⱼyⱼx̂ⱼ kept up to date, the partial derivative is Gᵢ = yᵢŵ·x̂ᵢ − 1 +
// Dᵢᵢαᵢ, and the minimum of f along αᵢ, clipped to the box, is
//
//	αᵢ ← min(max(αᵢ − Gᵢ/(Qᵢᵢ + Dᵢᵢ), 0), U),   ŵ ← ŵ + (αᵢ^new − αᵢ^old)yᵢx̂ᵢ,
//
// two passes over the nonzeros of xᵢ. A pass updates every coordinate
// once, in a random order (a new permutation each pass, drawn from Src).
// Shrinking is LIBLINEAR's: a coordinate at 0 whose gradient exceeds the
// largest projected gradient of the previous pass (or at U and below its
// least) leaves the passes until the active ones meet the tolerance, when
// all come back for a last check.
//
// Fit stops when the projected gradients PGᵢ (Gᵢ, or its part that points
// into the box at a bound) satisfy max PG − min PG ≤ Eps over all points,
// LIBLINEAR's rule, checked once more at the final ŵ. PG is in units of the
// margin yf(x) = 1 and does not change with the units of the data (x·s
// with C/s² and B·s is the same problem, see the scale tests), so the rule
// is relative to the problem. The duality gap P(ŵ) + f(α) ≥ 0 that
// DCDResult reports says how close the objective is: at LIBLINEAR's
// Eps = 0.1 it was 10⁻⁴ to 4·10⁻³ of the objective on the test and
// benchmark sets (TestDCDLIBLINEAR, bench/README.md), and it shrinks with
// Eps. A gap over half the primal objective is not convergence, whatever
// PG says: a large C lets a margin error of Eps cost C·Eps (C = 10⁴ on
// separable data, C = 10³⁰⁸ anywhere), and Fit then returns Status
// NoProgress with ErrNotConverged.
//
// Fit reads the data once per pass, keeps α, Qᵢᵢ and a permutation (O(n))
// and ŵ (O(d)), and no kernel values: memory O(nnz + n + d). Data given as
// a *dataset.CSR stay sparse; a *mat.Dense (or a CSR that stores every
// entry) is read row by row as it lies.
type DCD struct {
	// C weighs the losses; 0 means 1 (liblinear-train -c 1). There is no
	// hard margin.
	C float64
	// Loss is Hinge (the default) or SquaredHinge.
	Loss Loss
	// Bias is the constant feature B appended to every point (liblinear-train
	// -B); 0 means DefaultBias. b = B·w_{d+1} is regularised: a larger B
	// makes b cheaper.
	Bias float64
	// NoBias fits a hyperplane through the origin, b = 0 (liblinear-train
	// without -B).
	NoBias bool
	// Eps is the tolerance on max PG − min PG (liblinear-train -e); 0 means
	// DefaultDCDEps.
	Eps float64
	// MaxIter bounds the passes over the data; 0 means DefaultDCDMaxIter.
	// At the limit Fit returns the partial result with Status
	// IterationLimit and ErrNotConverged.
	MaxIter int
	// Src draws the permutation of each pass; nil means
	// rand.NewPCG(DefaultDCDSeed, DefaultDCDSeed), the same on every call.
	Src rand.Source

	// noShrinking turns shrinking off (tests).
	noShrinking bool
}

// DCDResult is the solution of DCD: the hyperplane f(x) = w·x + b, which
// classifies on its own (Decision, Predict: sign(0) = +1), and the
// certificates of its optimality.
type DCDResult struct {
	// Linear holds w (d entries) and b = B·w_{d+1} (0 without a bias).
	classify.Linear
	// Alpha are the dual variables αᵢ, in the order of the data; w =
	// Σαᵢyᵢxᵢ and b = B²Σαᵢyᵢ.
	Alpha []float64
	// DualObjective is f(α) = ½‖ŵ‖² + ½ΣDᵢᵢαᵢ² − Σαᵢ, the quantity minimised
	// (≤ 0; liblinear-train prints it as "Objective value").
	DualObjective float64
	// PrimalObjective is P(ŵ) = ½‖w‖² + ½b²/B² + C Σᵢ ξ(1 − yᵢf(xᵢ)).
	PrimalObjective float64
	// Gap = PrimalObjective + DualObjective ≥ 0 bounds P(ŵ) − P* and
	// f(α) − f*; it is 0 at the optimum.
	Gap float64
	// MaxViolation is max PG − min PG at the final ŵ (or 0 when negative),
	// the KKT measure of the stopping rule, in units of the margin.
	MaxViolation float64
	// Iterations counts passes over the data (liblinear-train's #iter).
	Iterations int
	// Status says why DCD stopped.
	Status Status
	// NumSupport counts the support vectors, the points with αᵢ > 0.
	NumSupport int
}

var (
	_ classify.Classifier  = (*DCDResult)(nil)
	_ classify.Dimensioned = (*DCDResult)(nil)
)

const dcdName = "svm.DCD"

// dcdPGTiny is LIBLINEAR's threshold below which a projected gradient
// leaves αᵢ as it is (in units of the margin).
const dcdPGTiny = 1e-12

// maxDCDBias is the largest B whose B² is finite.
var maxDCDBias = math.Sqrt(math.MaxFloat64)

// dcdMaxRelGap is the largest duality gap, relative to the primal
// objective, that DCD reports as converged: below it −f(α) > P(ŵ)/2, so
// P(ŵ) < 2P*. LIBLINEAR's rule alone (in units of the margin) lets the gap
// be the whole objective when C is large (C·Eps per margin error).
const dcdMaxRelGap = 0.5

// Fit solves the linear SVM for the data x (n×d, one example per row: a
// *dataset.CSR, kept sparse, or any mat.Matrix, read densely) and labels y
// in {−1, +1}. On success the result has Status Converged.
//
// Invalid settings (a negative, NaN or infinite C, Bias or Eps, a negative
// MaxIter, an unknown Loss) give a *classify.SettingError; so does a Bias
// that makes the problem meaningless in float64: B² overflows, Qᵢᵢ =
// ‖xᵢ‖² + B² overflows for some point (the error also matches
// classify.ErrNonFinite), or every ‖xᵢ‖² rounds away beside B² (so no step
// moves w). Bad data give the error of dataset.Validate (CSR.Validate) or
// dataset.ErrOneClass; a point whose ‖x‖² overflows, or data so small that
// every ‖x‖² underflows, classify.ErrNonFinite. Returned with the partial
// result: ErrNotConverged (Status IterationLimit; or Status NoProgress when
// the rule on PG is met but the duality gap exceeds half the primal
// objective, as a large C allows) or classify.ErrNonFinite (Status
// NonFinite).
func (s DCD) Fit(x mat.Matrix, y []float64) (*DCDResult, error) {
	cfg, err := s.config()
	if err != nil {
		return nil, err
	}
	data, err := dcdData(x, y, cfg.bias)
	if err != nil {
		return nil, err
	}
	if pos, neg := dataset.Counts(y); pos == 0 || neg == 0 {
		return nil, fmt.Errorf("%s: %d positive and %d negative labels: %w", dcdName, pos, neg, dataset.ErrOneClass)
	}
	return cfg.solve(data, y)
}

// dcdConfig is a checked copy of DCD's settings with the defaults applied.
type dcdConfig struct {
	c, bias, eps float64
	diag, upper  float64 // Dᵢᵢ and U
	maxIter      int
	loss         Loss
	rng          *rand.Rand
	shrinking    bool
}

func (s DCD) config() (dcdConfig, error) {
	setting := func(field string, v any, want string) error {
		return &classify.SettingError{Solver: dcdName, Field: field, Value: v, Want: want}
	}
	if !(s.C >= 0) || math.IsInf(s.C, 0) {
		return dcdConfig{}, setting("C", s.C, "a finite number > 0 (0 for 1)")
	}
	if !(s.Bias >= 0) || math.IsInf(s.Bias, 0) {
		return dcdConfig{}, setting("Bias", s.Bias, "a finite number > 0 (0 for 1; NoBias for none)")
	}
	if !s.NoBias && math.IsInf(s.Bias*s.Bias, 0) {
		return dcdConfig{}, setting("Bias", s.Bias, fmt.Sprintf("a smaller Bias: B² overflows float64 (Qᵢᵢ = ‖xᵢ‖² + B²), so no step moves α; B ≤ %.3g, best near the scale of ‖x‖", maxDCDBias))
	}
	if err := checkTol(dcdName, "Eps", s.Eps); err != nil {
		return dcdConfig{}, err
	}
	if err := checkCount(dcdName, "MaxIter", s.MaxIter); err != nil {
		return dcdConfig{}, err
	}
	cfg := dcdConfig{c: s.C, bias: s.Bias, eps: s.Eps, maxIter: s.MaxIter, loss: s.Loss, shrinking: !s.noShrinking}
	if cfg.c == 0 {
		cfg.c = 1
	}
	switch {
	case s.NoBias:
		cfg.bias = 0
	case cfg.bias == 0:
		cfg.bias = DefaultBias
	}
	if cfg.eps == 0 {
		cfg.eps = DefaultDCDEps
	}
	if cfg.maxIter == 0 {
		cfg.maxIter = DefaultDCDMaxIter
	}
	switch s.Loss {
	case Hinge:
		cfg.upper = cfg.c
	case SquaredHinge:
		cfg.upper, cfg.diag = math.Inf(1), 0.5/cfg.c
		if math.IsInf(cfg.diag, 0) {
			return dcdConfig{}, setting("C", s.C, "a number whose 1/(2C) is finite for the squared hinge")
		}
	default:
		return dcdConfig{}, setting("Loss", s.Loss, "Hinge or SquaredHinge")
	}
	src := s.Src
	if src == nil {
		src = rand.NewPCG(DefaultDCDSeed, DefaultDCDSeed)
	}
	cfg.rng = rand.New(src)
	return cfg, nil
}

// dcdRows are the points x̂ᵢ = (xᵢ, B) as DCD reads them: a dense row-major
// n×d array or CSR rows, and the constant B.
type dcdRows struct {
	n, d  int
	dense []float64 // n×d, or nil
	ptr   []int
	ind   []int32
	val   []float64
	bias  float64
}

// dcdData checks x and y and returns the rows of x without copying a
// *mat.Dense with contiguous rows or a CSR.
func dcdData(x mat.Matrix, y []float64, bias float64) (*dcdRows, error) {
	switch m := x.(type) {
	case *dataset.CSR:
		if err := m.Validate(y); err != nil {
			return nil, fmt.Errorf("%s: %w", dcdName, err)
		}
		r := &dcdRows{n: m.N, d: m.D, bias: bias}
		if m.Full() {
			r.dense = m.Val
		} else {
			r.ptr, r.ind, r.val = m.Ptr, m.Ind, m.Val
		}
		return r, nil
	case nil:
		return nil, fmt.Errorf("%s: %w", dcdName, dataset.Validate(x, y))
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, fmt.Errorf("%s: %w", dcdName, err)
	}
	n, d := x.Dims()
	r := &dcdRows{n: n, d: d, bias: bias}
	if rm, ok := x.(mat.RawMatrixer); ok && rm.RawMatrix().Stride == d {
		r.dense = rm.RawMatrix().Data[:n*d]
	} else {
		r.dense = mat.DenseCopyOf(x).RawMatrix().Data
	}
	return r, nil
}

// dot returns ŵ·x̂ᵢ; w has d+1 entries, the last for B.
func (r *dcdRows) dot(w []float64, i int) float64 {
	wd := w[r.d] * r.bias
	if r.dense != nil {
		return dotUnrolled(w[:r.d], r.dense[i*r.d:(i+1)*r.d]) + wd
	}
	lo, hi := r.ptr[i], r.ptr[i+1]
	return sparseDot(w[:r.d], r.ind[lo:hi], r.val[lo:hi]) + wd
}

// axpy adds a·x̂ᵢ to w.
func (r *dcdRows) axpy(a float64, i int, w []float64) {
	w[r.d] += a * r.bias
	if r.dense != nil {
		x := r.dense[i*r.d : (i+1)*r.d]
		w = w[:len(x)]
		for k, v := range x {
			w[k] += a * v
		}
		return
	}
	lo, hi := r.ptr[i], r.ptr[i+1]
	sparseAxpy(a, r.ind[lo:hi], r.val[lo:hi], w[:r.d])
}

// sparseDot returns Σₖ w[ind[k]]·val[k].
func sparseDot(w []float64, ind []int32, val []float64) float64 {
	val = val[:len(ind)]
	var s0, s1 float64
	k := 0
	for ; k+1 < len(ind); k += 2 {
		s0 += w[ind[k]] * val[k]
		s1 += w[ind[k+1]] * val[k+1]
	}
	if k < len(ind) {
		s0 += w[ind[k]] * val[k]
	}
	return s0 + s1
}

// sparseAxpy adds a·val[k] to w[ind[k]].
func sparseAxpy(a float64, ind []int32, val []float64, w []float64) {
	val = val[:len(ind)]
	for k, j := range ind {
		w[j] += a * val[k]
	}
}

// sq returns ‖xᵢ‖² (without B).
func (r *dcdRows) sq(i int) float64 {
	var x []float64
	if r.dense != nil {
		x = r.dense[i*r.d : (i+1)*r.d]
	} else {
		x = r.val[r.ptr[i]:r.ptr[i+1]]
	}
	return dotUnrolled(x, x)
}

// dotUnrolled returns x·z for len(z) ≥ len(x), with four partial sums.
func dotUnrolled(x, z []float64) float64 {
	z = z[:len(x)]
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+3 < len(x); k += 4 {
		s0 += x[k] * z[k]
		s1 += x[k+1] * z[k+1]
		s2 += x[k+2] * z[k+2]
		s3 += x[k+3] * z[k+3]
	}
	for ; k < len(x); k++ {
		s0 += x[k] * z[k]
	}
	return (s0 + s1) + (s2 + s3)
}

// solve runs dual coordinate descent on checked data, as LIBLINEAR's
// solve_l2r_l1l2_svc does, and checks the result at the final ŵ.
func (cfg dcdConfig) solve(x *dcdRows, y []float64) (*DCDResult, error) {
	n := x.n
	w := make([]float64, x.d+1)
	alpha := make([]float64, n)
	qd := make([]float64, n) // Qᵢᵢ + Dᵢᵢ
	index := make([]int32, n)
	b2 := x.bias * x.bias
	var maxSq, maxAbs float64
	for i := range n {
		sq := x.sq(i)
		if math.IsInf(sq, 0) || math.IsNaN(sq) {
			return nil, fmt.Errorf("%s: ‖x%d‖² = %v: %w", dcdName, i+1, sq, classify.ErrNonFinite)
		}
		maxSq = math.Max(maxSq, sq)
		qd[i] = sq + b2 + cfg.diag
		if math.IsInf(qd[i], 0) {
			return nil, &classify.SettingError{Solver: dcdName, Field: "Bias", Value: x.bias,
				Want: fmt.Sprintf("a smaller Bias or rescaled data: Qᵢᵢ = ‖xᵢ‖² + B² + Dᵢᵢ of point %d, %v + %v + %v, overflows", i+1, sq, b2, cfg.diag),
				Err:  classify.ErrNonFinite}
		}
		index[i] = int32(i)
	}
	if maxSq < underflowDiag {
		// Every ‖x‖² underflows (or the data are all zero).
		if x.dense != nil {
			for _, v := range x.dense {
				maxAbs = math.Max(maxAbs, math.Abs(v))
			}
		} else {
			for _, v := range x.val {
				maxAbs = math.Max(maxAbs, math.Abs(v))
			}
		}
		if maxAbs > 0 {
			return nil, fmt.Errorf("%s: the data underflow (largest ‖x‖² = %v for data of magnitude %v); rescale the data: %w",
				dcdName, maxSq, maxAbs, classify.ErrNonFinite)
		}
	}
	if maxSq > 0 && maxSq+b2 == b2 {
		// Every ‖xᵢ‖² rounds away beside B²: Qᵢᵢ is B² alone, and each
		// step moves w by α/B² of a point, nothing in float64.
		return nil, &classify.SettingError{Solver: dcdName, Field: "Bias", Value: x.bias,
			Want: fmt.Sprintf("a smaller Bias: B² = %.3g hides the largest ‖xᵢ‖² = %.3g (‖xᵢ‖² + B² rounds to B², so w cannot move); B near the scale of ‖x‖, below %.3g",
				b2, maxSq, math.Sqrt(maxSq)*0x1p26)}
	}

	diag, upper, eps := cfg.diag, cfg.upper, cfg.eps
	active := n
	pgMaxOld, pgMinOld := math.Inf(1), math.Inf(-1)
	iter := 0
	status := IterationLimit
	var r *DCDResult
	for iter < cfg.maxIter {
		pgMax, pgMin := math.Inf(-1), math.Inf(1)
		for s := 0; s < active; s++ {
			j := s + cfg.rng.IntN(active-s)
			index[s], index[j] = index[j], index[s]
		}
		for s := 0; s < active; s++ {
			i := int(index[s])
			yi := y[i]
			ai := alpha[i]
			g := yi*x.dot(w, i) - 1 + ai*diag
			pg := 0.0
			switch {
			case ai == 0:
				if g > pgMaxOld && cfg.shrinking {
					active--
					index[s], index[active] = index[active], index[s]
					s--
					continue
				}
				pg = math.Min(g, 0)
			case ai == upper:
				if g < pgMinOld && cfg.shrinking {
					active--
					index[s], index[active] = index[active], index[s]
					s--
					continue
				}
				pg = math.Max(g, 0)
			default:
				pg = g
			}
			pgMax = math.Max(pgMax, pg)
			pgMin = math.Min(pgMin, pg)
			if math.Abs(pg) > dcdPGTiny {
				a := math.Min(math.Max(ai-g/qd[i], 0), upper)
				alpha[i] = a
				x.axpy((a-ai)*yi, i, w)
			}
		}
		iter++
		viol := pgMax - pgMin // −∞ when every point was shrunk
		if math.IsNaN(viol) {
			break // the result's check reports it
		}
		if viol <= eps {
			if active == n {
				// LIBLINEAR stops here. Check the rule once more at the
				// final ŵ, with the gradients of all points.
				r = cfg.result(x, y, w, alpha)
				if !(r.MaxViolation > eps) {
					status = Converged
					break
				}
			}
			active = n
			pgMaxOld, pgMinOld = math.Inf(1), math.Inf(-1)
			continue
		}
		pgMaxOld, pgMinOld = pgMax, pgMin
		if pgMaxOld <= 0 {
			pgMaxOld = math.Inf(1)
		}
		if pgMinOld >= 0 {
			pgMinOld = math.Inf(-1)
		}
	}
	if status != Converged {
		r = cfg.result(x, y, w, alpha)
	}
	r.Iterations, r.Status = iter, status
	if what := r.nonFinite(); what != "" {
		r.Status = NonFinite
		return r, stopError(dcdName, r.Status, "after %d passes %s", iter, what)
	}
	if r.Status == IterationLimit {
		return r, stopError(dcdName, r.Status, "%d passes, max PG − min PG = %.3g > %g", iter, r.MaxViolation, eps)
	}
	if r.Gap > dcdMaxRelGap*r.PrimalObjective {
		r.Status = NoProgress
		passes := "passes"
		if iter == 1 {
			passes = "pass"
		}
		return r, stopError(dcdName, r.Status, "%d %s: max PG − min PG = %.3g ≤ Eps = %g, but the gap %.3g is %.0f%% of the primal objective %.3g (a margin error of Eps costs C·Eps = %.3g); use a smaller Eps or C",
			iter, passes, r.MaxViolation, eps, r.Gap, 100*(r.Gap/r.PrimalObjective), r.PrimalObjective, cfg.c*eps)
	}
	return r, nil
}

// result returns the result of α with ŵ = w: one pass over the data for
// the margins, which give the primal objective and the projected gradients.
func (cfg dcdConfig) result(x *dcdRows, y, w, alpha []float64) *DCDResult {
	d := x.d
	r := &DCDResult{Alpha: alpha}
	r.W = w[:d:d]
	r.B = w[d] * x.bias
	var loss, sumAlpha, sumA2 float64
	pgMax, pgMin := math.Inf(-1), math.Inf(1)
	for i := range x.n {
		m := y[i] * x.dot(w, i)
		if t := 1 - m; t > 0 {
			if cfg.loss == SquaredHinge {
				t *= t
			}
			loss += t
		}
		a := alpha[i]
		g := m - 1 + a*cfg.diag
		switch {
		case a == 0:
			g = math.Min(g, 0)
		case a == cfg.upper:
			g = math.Max(g, 0)
		}
		pgMax = math.Max(pgMax, g)
		pgMin = math.Min(pgMin, g)
		if a > 0 {
			r.NumSupport++
		}
		sumAlpha += a
		sumA2 += a * a
	}
	quad := dotUnrolled(w, w) / 2 // ½‖ŵ‖² = ½‖w‖² + ½b²/B²
	r.DualObjective = quad + cfg.diag*sumA2/2 - sumAlpha
	r.PrimalObjective = quad + cfg.c*loss
	r.Gap = r.PrimalObjective + r.DualObjective
	r.MaxViolation = math.Max(0, pgMax-pgMin)
	if math.IsNaN(pgMax - pgMin) {
		r.MaxViolation = math.NaN()
	}
	return r
}

// nonFinite describes the first value of r that is not finite, or "".
func (r *DCDResult) nonFinite() string {
	for j, v := range r.W {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Sprintf("w⁽%d⁾ = %v", j+1, v)
		}
	}
	for _, q := range []struct {
		name string
		v    float64
	}{{"b", r.B}, {"the dual objective", r.DualObjective}, {"the primal objective", r.PrimalObjective},
		{"the KKT violation", r.MaxViolation}} {
		if math.IsNaN(q.v) || math.IsInf(q.v, 0) {
			return fmt.Sprintf("%s = %v", q.name, q.v)
		}
	}
	return ""
}
