package svm

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// InteriorPoint solves the linear SVM in its primal form,
//
//	min_{w,b} ½‖w‖² + C Σᵢ [1 − yᵢ(w·xᵢ + b)]₊
//
// (PrimalProblem), which, divided by C, is the hinge-loss problem of
// Theorem 7.4, Σᵢ [1 − yᵢ(w·xᵢ + b)]₊ + λ‖w‖² with λ = 1/(2C); with C = 0 it
// solves the hard margin of Example 7.1, min ½‖w‖² s.t. yᵢ(w·xᵢ + b) ≥ 1.
// It uses a primal–dual interior-point method (Mehrotra's
// predictor–corrector), independent of the dual solvers. Each iteration
// solves a dense positive definite system of size m = min(n, d+1): of size
// d+1 in w and b, at a cost of n(d+1)² per iteration, or, when there are
// fewer points than dimensions, of size n through the n×n Gram matrix XXᵀ,
// at a cost of n³/3 per iteration after n²d once. It suits any C and any n and d for which that work stays below
// MaxPrimalWork (m of a few thousand at most); larger problems return
// ErrTooLarge at once, before any work: SMO solves them.
//
// The zero value solves a hard margin to a relative accuracy of 1e-9.
type InteriorPoint struct {
	// C weighs the hinge losses; 0 means a hard margin.
	C float64
	// MaxIter limits the interior-point iterations; 0 means 200.
	MaxIter int
	// Eps is the relative accuracy: the iteration stops when the bound on
	// the distance to the optimum (InteriorPointResult.Gap) relative to ½‖w‖², and
	// the residuals of the constraints relative to the size of their terms,
	// are below Eps. 0 means 1e-9; much below, rounding may stop the method
	// first on ill-conditioned data (ErrNotConverged, NoProgress).
	// When a support vector has αᵢ = C and lies exactly on its margin (a
	// degenerate problem), w is accurate to about √Eps only.
	Eps float64
}

// PrimalSeparableTol is the relative margin γ/R below which InteriorPoint
// reports a hard margin as not separable (R = maxᵢ‖xᵢ − x̄‖).
const PrimalSeparableTol = 1e-9

// MaxPrimalWork bounds the floating-point operations that InteriorPoint
// may plan for, reckoned for primalWorkIter iterations (see primalWork):
// about a minute on one core. Beyond it, or when its system of size
// min(n, d+1) would take more than 1 GiB, Fit returns ErrTooLarge.
const MaxPrimalWork = 2e11

// InteriorPointResult is the solution found by InteriorPoint: the hyperplane
// w·x + b = 0 as a classifier (classify.Linear) and its objectives.
// Decision(x) = w·x + b and Predict(x) = classify.Sign(w·x + b) are the
// methods of the embedded classify.Linear.
type InteriorPointResult struct {
	// Linear holds W and B; its Decision is w·x + b.
	classify.Linear
	// PrimalObjective is ½‖w‖² + C·HingeSum at (W, B) (½‖w‖² for a hard margin).
	// It equals −DualObjective of the dual solvers at the optimum.
	PrimalObjective float64
	// HingeSum is Σᵢ [1 − yᵢ(w·xᵢ + b)]₊.
	HingeSum float64
	// Lambda is λ = 1/(2C) (0 for a hard margin) and LambdaObjective is
	// HingeSum + λ‖w‖² = PrimalObjective/C, the scale of Theorem 7.4 (HingeSum,
	// that is 0, for a hard margin).
	Lambda, LambdaObjective float64
	// Gap bounds the distance of PrimalObjective to the optimum: the difference
	// between the primal objective and the dual function at the final
	// iterate, exact up to the small violations of Σαᵢyᵢ = 0 and αᵢ ≤ C
	// that the iterate has.
	Gap float64
	// Iterations counts interior-point iterations.
	Iterations int
	// Status says why the solver stopped.
	Status Status
}

// PrimalResult is InteriorPointResult.
//
// Deprecated: use InteriorPointResult, named after its solver (as
// DCDResult is).
type PrimalResult = InteriorPointResult

const (
	minNormal            = 0x1p-1022 // the smallest normal float64
	primalDefaultMaxIter = 200
	primalDefaultTol     = 1e-9
	primalStepFrac       = 0.995 // fraction of the step to the boundary
	ipmName              = "svm.InteriorPoint"
)

// Fit returns the minimiser of the primal problem for the data x (n×d, one
// example per row) and labels y in {−1, +1}.
//
// A negative, NaN or infinite C or Eps, or a negative MaxIter, gives a
// *classify.SettingError; a problem beyond MaxPrimalWork an error wrapping
// ErrTooLarge, which names SMO; bad data the error of dataset.Validate or
// dataset.ErrOneClass. Returned with the last iterate: ErrNotSeparable
// (Status NotSeparable) for a hard margin on data that no hyperplane
// separates with a margin above PrimalSeparableTol·R, ErrNotConverged
// (Status IterationLimit, or NoProgress when the Newton system could not be
// solved), or classify.ErrNotFinite (Status NonFinite).
func (p InteriorPoint) Fit(x mat.Matrix, y []float64) (*InteriorPointResult, error) {
	c, err := checkC(ipmName, p.C)
	if err != nil {
		return nil, err
	}
	if err := checkTol(ipmName, "Eps", p.Eps); err != nil {
		return nil, err
	}
	if err := checkCount(ipmName, "MaxIter", p.MaxIter); err != nil {
		return nil, err
	}
	if err := checkPrimalSize(x); err != nil {
		return nil, err
	}
	if _, err := checkProblem(ipmName, x, y, nil); err != nil {
		return nil, err
	}
	maxIter := p.MaxIter
	if maxIter == 0 {
		maxIter = primalDefaultMaxIter
	}
	tol := p.Eps
	if tol == 0 {
		tol = primalDefaultTol
	}
	n, d := x.Dims()
	_, gram := primalWork(n, d)
	return fitPrimal(x, y, c, maxIter, tol, gram)
}

// fitPrimal runs the method on checked input (c = +∞ for a hard margin),
// solving the Newton systems through the Gram matrix when gram is set.
func fitPrimal(x mat.Matrix, y []float64, c float64, maxIter int, tol float64, gram bool) (*InteriorPointResult, error) {
	ip := newPrimalIPM(x, y, c, gram)
	if ip.soft && math.IsInf(ip.c, 1) {
		return nil, errtext.Errorf("%s: C·R² = %v·%v overflows: %w", ipmName, c, ip.scale*ip.scale, classify.ErrNotFinite)
	}
	status, sep := ip.run(maxIter, tol)
	res := ip.result(x, y)
	res.Status = status
	switch {
	case sep:
		return res, stopError(ipmName, res.Status, "after %s, no hyperplane separates with margin above %.3g",
			iterations(res.Iterations), PrimalSeparableTol*ip.radius*ip.scale)
	case res.nonFinite() != "":
		res.Status = NonFinite
		return res, stopError(ipmName, res.Status, "after %s %s", iterations(res.Iterations), res.nonFinite())
	case status != Converged:
		return res, stopError(ipmName, res.Status, "%v after %s, duality gap %.3g",
			status, iterations(res.Iterations), res.Gap)
	}
	return res, nil
}

// primalWorkIter is the number of iterations for which checkPrimalSize
// reckons the work: InteriorPoint takes 10 to 40 on the tests' problems.
const primalWorkIter = 50

// primalWork returns the floating-point operations that InteriorPoint
// plans for on n points in d dimensions, by the cheaper of its two ways to
// solve the Newton system, and whether that way is through the Gram
// matrix: n(d+1)² per iteration in w and b, or n²d once and n³/3 per
// iteration through the n×n Gram matrix.
func primalWork(n, d int) (work float64, gram bool) {
	fn, fd := float64(n), float64(d)
	primal := primalWorkIter * fn * (fd + 1) * (fd + 1)
	dual := fn*fn*fd + primalWorkIter*fn*fn*fn/3
	if dual < primal {
		return dual, true
	}
	return primal, false
}

// checkPrimalSize returns an error wrapping ErrTooLarge when the data's
// size asks more of InteriorPoint than MaxPrimalWork, or a system of more
// than 1 GiB.
func checkPrimalSize(x mat.Matrix) error {
	// A nil or empty x has no size to weigh: checkProblem says what it is.
	// (Validate without labels stops at the shape, reading no cell.)
	if errors.Is(dataset.Validate(x, nil), dataset.ErrEmpty) {
		return nil
	}
	n, d := x.Dims()
	work, _ := primalWork(n, d)
	m := float64(min(n, d+1))
	if work <= MaxPrimalWork && 8*m*m <= 1<<30 {
		return nil
	}
	return errtext.Errorf("%s: %d points in %d dimensions need a %d×%d system at each iteration, about %.2g floating-point operations in all, more than %.2g; SMO solves such problems: %w",
		ipmName, n, d, int(m), int(m), work, float64(MaxPrimalWork), ErrTooLarge)
}

// nonFinite describes the first value of r that is not finite, or "".
func (r *InteriorPointResult) nonFinite() string {
	for j, v := range r.W {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Sprintf("w⁽%d⁾ = %v", j+1, v)
		}
	}
	if math.IsNaN(r.B) || math.IsInf(r.B, 0) || math.IsNaN(r.PrimalObjective) || math.IsInf(r.PrimalObjective, 0) {
		return fmt.Sprintf("b = %v, objective %v", r.B, r.PrimalObjective)
	}
	if r.PrimalObjective < minNormal && floats.Norm(r.W, math.Inf(1)) > 0 {
		return fmt.Sprintf("the objective ½‖w‖² = %v underflows (‖w‖ = %v)", r.PrimalObjective, floats.Norm(r.W, 2))
	}
	return ""
}

// primalIPM holds the state of the interior-point method. The variables
// are w, b (on centred and scaled data), the slacks s of
// yᵢ(w·xᵢ + b) + ξᵢ − 1 ≥ 0 with multipliers α, and (soft margin) ξ with
// multipliers μ.
//
// The data are centred, which leaves w unchanged, and divided by the power
// of two next above their radius, which multiplies w by it, α by its square
// and divides C by its square: the method then runs on data of radius in
// [½, 1) whatever the units, and its starting point, its tolerances and its
// test of separability are relative to the problem's scale. Each Newton
// step eliminates ξ and the multipliers and solves one dense symmetric
// positive definite system of size d+1, M = E + X̂ᵀD⁻¹X̂ (X̂ = [X 1], E =
// diag(1, …, 1, 0)), or, with fewer points than dimensions (gram), the same
// system through the n×n matrix S = D + XXᵀ (see solve).
type primalIPM struct {
	n, d   int
	soft   bool
	gram   bool    // solve through the Gram matrix XXᵀ (see solve)
	c      float64 // C·scale², the box bound of the scaled problem
	y      []float64
	xh     *mat.Dense // centred and scaled [X 1], n×(d+1)
	absWB  []float64
	mean   []float64
	scale  float64 // the power of two the data are divided by
	radius float64 // maxᵢ‖xᵢ − x̄‖/scale

	wb          []float64 // w and b, length d+1
	s, alpha    []float64
	xi, mu      []float64
	iter        int
	gap         float64   // sᵀα + ξᵀμ
	bound       float64   // P − D(α), see converged
	rw          []float64 // w − Σαᵢyᵢxᵢ and, last, Σαᵢyᵢ
	rp, rxi     []float64
	invD        []float64
	scaled      *mat.Dense    // D^{-½}X̂, for M
	m           *mat.SymDense // M, or S = D + XXᵀ
	xxt         *mat.SymDense // XXᵀ (gram)
	s1          *mat.VecDense // S⁻¹1 (gram, see solve)
	s1Sum       float64       // 1ᵀS⁻¹1 (gram)
	chol        mat.Cholesky
	dwb         *mat.VecDense
	rhs         *mat.VecDense
	tmpN        *mat.VecDense
	v           *mat.VecDense // D⁻¹X̂Δŵ, see direction
	ds, dal     []float64
	dxi, dmu    []float64
	affS, affAl []float64
	affXi       []float64
	affMu       []float64
}

// newPrimalIPM returns the method's state for the data; gram chooses how
// it solves the Newton system (see primalIPM).
func newPrimalIPM(x mat.Matrix, y []float64, c float64, gram bool) *primalIPM {
	n, d := x.Dims()
	ip := &primalIPM{n: n, d: d, soft: !math.IsInf(c, 1), gram: gram, y: y}
	rows := kernel.Rows(x)
	ip.mean = make([]float64, d)
	for _, r := range rows {
		floats.AddScaled(ip.mean, 1/float64(n), r)
	}
	ip.xh = mat.NewDense(n, d+1, nil)
	ip.absWB = make([]float64, d+1)
	var radius float64
	for i, r := range rows {
		row := ip.xh.RawRowView(i)
		floats.SubTo(row[:d], r, ip.mean)
		radius = math.Max(radius, floats.Norm(row[:d], 2))
	}
	ip.scale = 1
	if radius > 0 && !math.IsInf(radius, 0) {
		_, exp := math.Frexp(radius)
		ip.scale = math.Ldexp(1, min(exp, 1023))
	}
	ip.radius = radius / ip.scale
	ip.c = c * ip.scale * ip.scale
	for i := range rows {
		row := ip.xh.RawRowView(i)
		for j := 0; j < d; j++ {
			row[j] /= ip.scale
		}
		row[d] = 1
	}
	vec := func() []float64 { return make([]float64, n) }
	ip.wb = make([]float64, d+1)
	ip.s, ip.alpha, ip.rp, ip.invD = vec(), vec(), vec(), vec()
	ip.ds, ip.dal, ip.affS, ip.affAl = vec(), vec(), vec(), vec()
	ip.rw = make([]float64, d+1)
	for i := range ip.s {
		ip.s[i] = 1
		ip.alpha[i] = 1
	}
	if ip.soft {
		ip.xi, ip.mu, ip.rxi = vec(), vec(), vec()
		ip.dxi, ip.dmu, ip.affXi, ip.affMu = vec(), vec(), vec(), vec()
		for i := range ip.xi {
			ip.xi[i] = 1
			ip.alpha[i] = ip.c / 2
			ip.mu[i] = ip.c / 2
		}
	}
	if gram {
		ip.xxt = mat.NewSymDense(n, nil)
		ip.xxt.SymOuterK(1, ip.xh.Slice(0, n, 0, d))
		ip.m = mat.NewSymDense(n, nil)
		ip.s1 = mat.NewVecDense(n, nil)
	} else {
		ip.scaled = mat.NewDense(n, d+1, nil)
		ip.m = mat.NewSymDense(d+1, nil)
	}
	ip.dwb = mat.NewVecDense(d+1, nil)
	ip.rhs = mat.NewVecDense(d+1, nil)
	ip.tmpN = mat.NewVecDense(n, nil)
	ip.v = mat.NewVecDense(n, nil)
	return ip
}

// run iterates until convergence. It returns the status and whether a
// hard margin was proved not separable.
func (ip *primalIPM) run(maxIter int, tol float64) (Status, bool) {
	n := ip.n
	ncomp := float64(n)
	if ip.soft {
		ncomp *= 2
	}
	for ip.iter = 0; ; ip.iter++ {
		ip.residuals()
		if ip.converged(tol) {
			return Converged, false
		}
		if !ip.soft && ip.certified() {
			return NotSeparable, true
		}
		if ip.iter >= maxIter {
			return IterationLimit, false
		}
		tau := ip.gap / ncomp

		// D = s/α + ξ/μ and the factors of the Newton system.
		for i := 0; i < n; i++ {
			dd := ip.s[i] / ip.alpha[i]
			if ip.soft {
				dd += ip.xi[i] / ip.mu[i]
			}
			ip.invD[i] = 1 / dd
		}
		if !ip.factorize() {
			return NoProgress, false
		}

		// Predictor (affine scaling): complementarity targets 0.
		ip.direction(ip.affS, ip.affAl, ip.affXi, ip.affMu, 0, 0, nil, nil, nil, nil)
		t := ip.maxStep(ip.affS, ip.affAl, ip.affXi, ip.affMu)
		var gapAff float64
		for i := 0; i < n; i++ {
			gapAff += (ip.s[i] + t*ip.affS[i]) * (ip.alpha[i] + t*ip.affAl[i])
			if ip.soft {
				gapAff += (ip.xi[i] + t*ip.affXi[i]) * (ip.mu[i] + t*ip.affMu[i])
			}
		}
		sigma := math.Pow(gapAff/ip.gap, 3)

		// Corrector: centring σ·τ and the second-order term of the predictor.
		ip.direction(ip.ds, ip.dal, ip.dxi, ip.dmu, sigma*tau, 1, ip.affS, ip.affAl, ip.affXi, ip.affMu)
		t = math.Min(1, primalStepFrac*ip.maxStep(ip.ds, ip.dal, ip.dxi, ip.dmu))
		if t < 1e-12 {
			return NoProgress, false
		}
		floats.AddScaled(ip.wb, t, ip.dwb.RawVector().Data)
		floats.AddScaled(ip.s, t, ip.ds)
		floats.AddScaled(ip.alpha, t, ip.dal)
		if ip.soft {
			floats.AddScaled(ip.xi, t, ip.dxi)
			floats.AddScaled(ip.mu, t, ip.dmu)
		}
	}
}

// residuals computes rw = (w − Σαᵢyᵢxᵢ, Σαᵢyᵢ), rp = yᵢ(w·xᵢ+b) + ξᵢ − 1 − sᵢ,
// rxi = C − α − μ and the gap sᵀα + ξᵀμ.
func (ip *primalIPM) residuals() {
	n, d := ip.n, ip.d
	// Σαᵢyᵢx̂ᵢ.
	for i := 0; i < n; i++ {
		ip.tmpN.SetVec(i, ip.alpha[i]*ip.y[i])
	}
	rw := mat.NewVecDense(d+1, ip.rw)
	rw.MulVec(ip.xh.T(), ip.tmpN)
	for j := 0; j < d; j++ {
		ip.rw[j] = ip.wb[j] - ip.rw[j]
	}
	// Margins.
	ip.tmpN.MulVec(ip.xh, mat.NewVecDense(d+1, ip.wb))
	ip.gap = 0
	for i := 0; i < n; i++ {
		r := ip.y[i]*ip.tmpN.AtVec(i) - 1 - ip.s[i]
		ip.gap += ip.s[i] * ip.alpha[i]
		if ip.soft {
			r += ip.xi[i]
			ip.rxi[i] = ip.c - ip.alpha[i] - ip.mu[i]
			ip.gap += ip.xi[i] * ip.mu[i]
		}
		ip.rp[i] = r
	}
}

// converged applies the stopping test of InteriorPoint.Eps. With the residuals
// rp, rb = Σαᵢyᵢ, rξ and rw = w − Σαᵢyᵢxᵢ, the primal objective P and the
// dual function D(α) = Σαᵢ − ½‖Σαᵢyᵢxᵢ‖² differ by
//
//	P − D = sᵀα + ξᵀμ + ½‖rw‖² − b·rb + αᵀrp + ξᵀrξ,
//
// which must be below Eps·½‖w‖² (as for the dual solvers, see
// Result.gapTarget: it bounds ½‖w − w*‖², so w is then within √Eps·‖w‖ of
// w* whatever C) plus the rounding error of its terms; each feasibility
// residual must be below Eps relative to the size of the terms it sums (C
// for rξ, Σαᵢ for rb, 1 and |X̂||ŵ| for the margins), so that rounding in
// long sums cannot stall the test. rw needs no test of its own: it enters
// the bound squared.
func (ip *primalIPM) converged(tol float64) bool {
	d := ip.d
	w := ip.wb[:d]
	quad := floats.Dot(w, w) / 2
	pobj := quad
	bound := ip.gap + floats.Dot(ip.rw[:d], ip.rw[:d])/2 - ip.wb[d]*ip.rw[d] + floats.Dot(ip.alpha, ip.rp)
	if ip.soft {
		pobj += ip.c * floats.Sum(ip.xi)
		bound += floats.Dot(ip.xi, ip.rxi)
	}
	ip.bound = bound
	if !(math.Abs(bound) <= tol*quad+64*epsilon*(pobj+floats.Sum(ip.alpha))) {
		return false
	}
	if ip.soft && floats.Norm(ip.rxi, math.Inf(1)) > tol*ip.c {
		return false
	}
	// |X̂||ŵ|: the size of the terms of the margins.
	for j, v := range ip.wb {
		ip.absWB[j] = math.Abs(v)
	}
	var size float64
	for i := range ip.n {
		var t float64
		for j, v := range ip.xh.RawRowView(i) {
			t += math.Abs(v) * ip.absWB[j]
		}
		size = max(size, t)
	}
	if floats.Norm(ip.rp, math.Inf(1)) > tol*(1+size) {
		return false
	}
	return math.Abs(ip.rw[d]) <= tol*floats.Sum(ip.alpha)
}

// certified reports whether α/Σα proves that no hyperplane separates the
// data with a margin above PrimalSeparableTol·R: for any (w, b) with
// yᵢ(w·xᵢ + b) ≥ 1 on centred data, |b| ≤ R‖w‖ and
// 1 ≤ Σα̂ᵢyᵢ(w·xᵢ + b) ≤ ‖w‖(‖u‖ + |β|R), u = Σα̂ᵢyᵢxᵢ, β = Σα̂ᵢyᵢ,
// so the margin 1/‖w‖ is at most ‖u‖ + |β|R.
func (ip *primalIPM) certified() bool {
	sum := floats.Sum(ip.alpha)
	if !(sum > 0) {
		return false
	}
	// rw holds w − Σαᵢyᵢxᵢ and Σαᵢyᵢ.
	var u2 float64
	for j := 0; j < ip.d; j++ {
		v := (ip.wb[j] - ip.rw[j]) / sum
		u2 += v * v
	}
	beta := math.Abs(ip.rw[ip.d]) / sum
	bound := math.Sqrt(u2) + beta*ip.radius
	return bound <= PrimalSeparableTol*ip.radius
}

// factorize factors the Newton system for the current D⁻¹ (invD): M = E +
// X̂ᵀD⁻¹X̂ by Cholesky, or for gram S = D + XXᵀ, and S⁻¹1 and 1ᵀS⁻¹1 for
// solve. It reports false when the factorisation fails.
func (ip *primalIPM) factorize() bool {
	n, d := ip.n, ip.d
	if !ip.gram {
		for i := 0; i < n; i++ {
			sq := math.Sqrt(ip.invD[i])
			dst := ip.scaled.RawRowView(i)
			for j, v := range ip.xh.RawRowView(i) {
				dst[j] = v * sq
			}
		}
		ip.m.Zero()
		for j := 0; j < d; j++ {
			ip.m.SetSym(j, j, 1)
		}
		ip.m.SymRankK(ip.m, 1, ip.scaled.T())
		return ip.chol.Factorize(ip.m)
	}
	ip.m.CopySym(ip.xxt)
	for i := 0; i < n; i++ {
		ip.m.SetSym(i, i, ip.m.At(i, i)+1/ip.invD[i])
	}
	if !ip.chol.Factorize(ip.m) {
		return false
	}
	for i := range ip.s1.Len() {
		ip.s1.SetVec(i, 1)
	}
	_ = ip.chol.SolveVecTo(ip.s1, ip.s1)
	ip.s1Sum = floats.Sum(ip.s1.RawVector().Data)
	return ip.s1Sum > 0
}

// solve stores in dst the solution z = (z_w, z_b) of the Newton system Mz =
// rhs, and for gram v = D⁻¹X̂z in ip.v. With gram it writes v = D⁻¹(Xz_w + 1z_b), so that the first d rows of
// Mz = rhs read z_w = rhs_w − Xᵀv and the last 1ᵀv = rhs_b; then Sv = X·rhs_w
// + 1·z_b with S = D + XXᵀ, and z_b = (rhs_b − 1ᵀS⁻¹X·rhs_w)/1ᵀS⁻¹1: O(nd +
// n²) per solve, and no matrix of size d.
func (ip *primalIPM) solve(dst, rhs *mat.VecDense) {
	// A mat.Condition error still comes with a usable direction; the step
	// length control and the stopping test judge it.
	if !ip.gram {
		_ = ip.chol.SolveVecTo(dst, rhs)
		return
	}
	n, d := ip.n, ip.d
	x := ip.xh.Slice(0, n, 0, d)
	r := rhs.RawVector().Data
	v := ip.v
	v.MulVec(x, mat.NewVecDense(d, r[:d]))
	_ = ip.chol.SolveVecTo(v, v)
	zb := (r[d] - floats.Sum(v.RawVector().Data)) / ip.s1Sum
	v.AddScaledVec(v, zb, ip.s1)
	z := mat.NewVecDense(d, dst.RawVector().Data[:d])
	z.MulVec(x.T(), v)
	floats.SubTo(z.RawVector().Data, r[:d], z.RawVector().Data)
	dst.SetVec(d, zb)
}

// direction solves the Newton system for the complementarity residuals
// rsα = s∘α + k·Δs'∘Δα' − target and rξμ = ξ∘μ + k·Δξ'∘Δμ' − target, where
// the primed vectors are a previous (predictor) direction, and stores the
// step in ds, dal, dxi, dmu and ip.dwb.
func (ip *primalIPM) direction(ds, dal, dxi, dmu []float64, target, k float64, ps, pal, pxi, pmu []float64) {
	n, d := ip.n, ip.d
	rsa := func(i int) float64 {
		r := ip.s[i]*ip.alpha[i] - target
		if k != 0 {
			r += k * ps[i] * pal[i]
		}
		return r
	}
	rxm := func(i int) float64 {
		r := ip.xi[i]*ip.mu[i] - target
		if k != 0 {
			r += k * pxi[i] * pmu[i]
		}
		return r
	}
	// r̃ = −rp − rsα/α + (rξμ + ξ∘rξ)/μ; u = y∘r̃∘D⁻¹, kept in dal for now.
	for i := 0; i < n; i++ {
		rt := -ip.rp[i] - rsa(i)/ip.alpha[i]
		if ip.soft {
			rt += (rxm(i) + ip.xi[i]*ip.rxi[i]) / ip.mu[i]
		}
		dal[i] = rt
		ip.tmpN.SetVec(i, ip.y[i]*rt*ip.invD[i])
	}
	ip.rhs.MulVec(ip.xh.T(), ip.tmpN)
	for j := 0; j < d; j++ {
		ip.rhs.SetVec(j, ip.rhs.AtVec(j)-ip.rw[j])
	}
	ip.rhs.SetVec(d, ip.rhs.AtVec(d)+ip.rw[d])
	ip.solve(ip.dwb, ip.rhs)
	// Δα = D⁻¹(r̃ − y∘X̂Δŵ) = y∘(u − v), v = D⁻¹X̂Δŵ; solve has v for gram,
	// where D⁻¹ can be huge and D⁻¹X̂Δŵ would amplify the rounding of Δŵ.
	if !ip.gram {
		ip.v.MulVec(ip.xh, ip.dwb)
		for i := 0; i < n; i++ {
			ip.v.SetVec(i, ip.v.AtVec(i)*ip.invD[i])
		}
	}
	for i := 0; i < n; i++ {
		a := ip.y[i] * (ip.tmpN.AtVec(i) - ip.v.AtVec(i))
		dal[i] = a
		ds[i] = (-rsa(i) - ip.s[i]*a) / ip.alpha[i]
		if ip.soft {
			dxi[i] = (ip.xi[i]*a - rxm(i) - ip.xi[i]*ip.rxi[i]) / ip.mu[i]
			dmu[i] = ip.rxi[i] - a
		}
	}
}

// maxStep returns the largest t ≤ 1 such that s, α, ξ and μ stay
// non-negative along the direction.
func (ip *primalIPM) maxStep(ds, dal, dxi, dmu []float64) float64 {
	t := 1.0
	limit := func(v, dv []float64) {
		for i, x := range dv {
			if x < 0 {
				t = math.Min(t, -v[i]/x)
			}
		}
	}
	limit(ip.s, ds)
	limit(ip.alpha, dal)
	if ip.soft {
		limit(ip.xi, dxi)
		limit(ip.mu, dmu)
	}
	return t
}

// result builds the InteriorPointResult from the current iterate, in the units of
// the data.
func (ip *primalIPM) result(x mat.Matrix, y []float64) *InteriorPointResult {
	d := ip.d
	w := make([]float64, d)
	floats.ScaleTo(w, 1/ip.scale, ip.wb[:d])
	b := ip.wb[d] - floats.Dot(w, ip.mean)
	r := &InteriorPointResult{Linear: classify.Linear{W: w, B: b}, Gap: ip.bound / (ip.scale * ip.scale), Iterations: ip.iter}
	r.HingeSum = PrimalProblem{X: x, Y: y}.hingeSum(w, b)
	ww := floats.Dot(w, w)
	r.PrimalObjective = ww / 2
	r.LambdaObjective = r.HingeSum
	if ip.soft {
		c := ip.c / (ip.scale * ip.scale)
		r.PrimalObjective += c * r.HingeSum
		r.Lambda = 1 / (2 * c)
		r.LambdaObjective = r.HingeSum + r.Lambda*ww
	}
	return r
}
