package separability

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// MaxMargin computes the best margin over unit vectors u,
//
//	γ* = max_{‖u‖=1} minᵢ yᵢ u·zᵢ,
//
// for the rows zᵢ of a matrix: the hard-margin SVM without bias, whose
// solution is v = u/γ*. Fitted on the augmented points (xᵢ, 1) it gives
// Novikoff's γ of Theorem 2.1 (the bias is the last entry of u and is
// penalised with w); on the xᵢ themselves the CS229 form. It finds the point
// of the convex hull of the yᵢzᵢ nearest to the origin with Wolfe's
// nearest-point algorithm (see "The nearest point of a convex hull" in the
// package documentation); the answer comes with a certified bracket
// Gamma ≤ γ* ≤ Upper. The zero value stops when the bracket is 10⁻¹² wide,
// relative.
//
// The data are separable by a hyperplane through the origin exactly when
// γ* > 0, and (Definition 2.2) by some hyperplane exactly when the
// augmented points have γ* > 0: MaxMargin measures how separable data are,
// where LP decides whether they are.
type MaxMargin struct {
	// Tol is the relative width of the bracket [Gamma, Upper] at which Fit
	// stops; 0 means DefaultMarginTol.
	Tol float64
	// MaxIter limits Wolfe's major cycles; 0 means DefaultMarginIter.
	MaxIter int
}

// Defaults and thresholds of MaxMargin.
const (
	DefaultMarginTol  = 1e-12
	DefaultMarginIter = 100000
	// SeparableTol: below a margin of SeparableTol·maxᵢ‖zᵢ‖ the nearest
	// point is 0 up to rounding; Fit then solves again with the columns
	// scaled alike and keeps a direction only if its margins, computed
	// exactly, are positive (else the data are reported as not separable).
	SeparableTol = 1e-10
	marginName   = "separability.MaxMargin"
)

// MaxMarginResult is the maximum-margin direction found by MaxMargin, as the
// classifier sign(u·z) (classify.Linear with B = 0): Decision(z) = u·z, the
// signed distance of z from the hyperplane u·z = 0, and Predict(z) =
// classify.Sign(u·z) are the methods of the embedded classify.Linear.
type MaxMarginResult struct {
	// Linear holds W = u, the unit normal of the maximum-margin hyperplane
	// through the origin, and B = 0.
	classify.Linear
	// Gamma = minᵢ yᵢu·zᵢ is the margin of u, a lower bound on γ*.
	Gamma float64
	// Upper is an upper bound on γ* (the norm of the nearest point found).
	Upper float64
	// Lambda are the convex weights of the nearest point p = Σλᵢyᵢzᵢ; the
	// points with λᵢ > 0 are the support vectors, and λᵢ/Upper² are the
	// multipliers αᵢ of the SVM min ½‖v‖² s.t. yᵢv·zᵢ ≥ 1.
	Lambda []float64
	// Iterations is the number of major cycles.
	Iterations int
}

// Fit computes the maximum margin over the rows of z (n×m) with labels y in
// {−1, +1}. A negative, NaN or infinite Tol or a negative MaxIter gives a
// *classify.SettingError, bad data the error of dataset.Validate. It
// returns classify.ErrNotSeparable when no u has yᵢu·zᵢ > 0 for all i (up
// to SeparableTol and no exactly checked direction),
// classify.ErrNotConverged with the last iterate when MaxIter cycles do not
// reach Tol or when, far below SeparableTol·R, rounding leaves the bracket
// wider than 10⁻⁶, and classify.ErrNotFinite (with the last iterate) when
// γ* is too large for a float64; the message says which. The computation
// is scaled, so that data of any magnitude that float64 holds give their
// answer.
func (mm MaxMargin) Fit(z mat.Matrix, y []float64) (*MaxMarginResult, error) {
	if !(mm.Tol >= 0) || math.IsInf(mm.Tol, 0) {
		return nil, &classify.SettingError{Solver: marginName, Field: "Tol", Value: mm.Tol, Want: "a finite number ≥ 0 (0 for the default)"}
	}
	if mm.MaxIter < 0 {
		return nil, &classify.SettingError{Solver: marginName, Field: "MaxIter", Value: mm.MaxIter, Want: "an integer ≥ 0 (0 for the default)"}
	}
	tol, maxIter := mm.Tol, mm.MaxIter
	if tol == 0 {
		tol = DefaultMarginTol
	}
	if maxIter == 0 {
		maxIter = DefaultMarginIter
	}
	if err := dataset.Validate(z, y); err != nil {
		return nil, errtext.Errorf("%s: %w", marginName, err)
	}
	n, m := z.Dims()
	rows := kernel.Rows(z)
	// Work on pᵢ = yᵢzᵢ/2^exp with 2^exp the power of two above the largest
	// |zᵢⱼ| (an exact scaling): every product and norm below is then of
	// order 1, the direction u does not change and γ*, Upper scale by 2^exp.
	var maxAbs float64
	for _, r := range rows {
		maxAbs = math.Max(maxAbs, floats.Norm(r, math.Inf(1)))
	}
	_, exp := math.Frexp(maxAbs)
	p := signedScaled(rows, y, func(int) int { return exp })
	w := wolfe{p: p, m: m}
	iter, stalled := w.run(tol, maxIter)
	norm := floats.Norm(w.x, 2)
	if !(norm > SeparableTol*w.r) {
		// Below the resolution of float64 arithmetic relative to R, the
		// data may still be separable: Example 2.1 ×10²⁰⁰, augmented with
		// the bias coordinate 1, has γ* = ½ against R = 5·10²⁰⁰, and the
		// nearest point's coordinates underflow. Solve again with every
		// coordinate scaled to the same magnitude, map the direction back,
		// and keep it if its margins, computed exactly, are all positive.
		if res := equilibrated(rows, y, tol, maxIter); res != nil {
			if res.Upper == 0 {
				res.Upper = math.Ldexp(norm, exp)
			}
			res.Upper = math.Max(res.Gamma, res.Upper)
			switch {
			case math.IsInf(res.Upper, 0):
				return res, stop(classify.ErrNotFinite, "the margin %.6g·2^%d overflows a float64", norm, exp)
			case res.Upper-res.Gamma > math.Max(tol, 1e-6)*res.Upper:
				return res, stop(classify.ErrNotConverged, "the data are separable, but rounding leaves γ* in [%.6g, %.6g] (R = %.3g)",
					res.Gamma, res.Upper, math.Ldexp(w.r, exp))
			}
			return res, nil
		}
		return nil, stop(classify.ErrNotSeparable, "no direction separates the points with a margin above %g·R: "+
			"the convex hull of the yᵢzᵢ comes within %.3g of the origin, R = %.3g", SeparableTol, math.Ldexp(norm, exp), math.Ldexp(w.r, exp))
	}
	res := &MaxMarginResult{
		Linear:     classify.Linear{W: make([]float64, m)},
		Lambda:     make([]float64, n),
		Iterations: iter,
	}
	floats.ScaleTo(res.W, 1/norm, w.x)
	gamma := math.Inf(1)
	for _, pi := range p {
		gamma = math.Min(gamma, floats.Dot(pi, res.W))
	}
	res.Gamma, res.Upper = math.Ldexp(gamma, exp), math.Ldexp(norm, exp)
	for k, i := range w.s {
		res.Lambda[i] = w.lam[k]
	}
	switch {
	case gamma <= 0:
		return res, stop(classify.ErrNotSeparable, "no separating direction found (best margin ≤ %.3g)", res.Upper)
	case math.IsInf(res.Upper, 0):
		return res, stop(classify.ErrNotFinite, "the margin %.6g·2^%d overflows a float64", norm, exp)
	case iter >= maxIter && !stalled && res.Upper-res.Gamma > tol*res.Upper:
		return res, stop(classify.ErrNotConverged, "after %d cycles γ* in [%.6g, %.6g]", iter, res.Gamma, res.Upper)
	}
	return res, nil
}

// stop returns the error of MaxMargin that stopped without an answer: the
// solver's name, the message, and the sentinel err.
func stop(err error, format string, args ...any) error {
	return errtext.Errorf("%s: %s: %w", marginName, fmt.Sprintf(format, args...), err)
}

// epsilon is the unit roundoff of float64, 2⁻⁵³.
const epsilon = 0x1p-53

// equilibrated solves the nearest-point problem on the points yᵢzᵢ with
// column j scaled by a power of two cⱼ that brings maxᵢ|zᵢⱼ| near 1, maps
// the direction back (vⱼ = cⱼxⱼ: then yᵢv·zᵢ = yᵢx·(cz)ᵢ) and returns it
// with its exact margin when that margin is positive; nil otherwise.
func equilibrated(rows [][]float64, y []float64, tol float64, maxIter int) *MaxMarginResult {
	if len(rows) == 0 {
		return nil
	}
	m := len(rows[0])
	exps := make([]int, m)
	for j := range m {
		var maxAbs float64
		for _, r := range rows {
			maxAbs = math.Max(maxAbs, math.Abs(r[j]))
		}
		_, exps[j] = math.Frexp(maxAbs)
	}
	w := wolfe{p: signedScaled(rows, y, func(j int) int { return exps[j] }), m: m}
	iter, _ := w.run(tol, maxIter)
	v := make([]float64, m)
	for j, xj := range w.x {
		v[j] = math.Ldexp(xj, -exps[j])
	}
	res := exactMargin(v, rows, y)
	if res == nil {
		return nil
	}
	res.Iterations = iter
	for k, i := range w.s {
		res.Lambda[i] = w.lam[k]
	}
	// The corral's nearest point, solved in exact arithmetic on the
	// original points, is in their hull (an upper bound on γ*) and gives
	// the direction whose margin is the lower bound.
	if x, lam, upper, ok := nearestAffine(rows, y, w.s); ok {
		if r := exactMargin(x, rows, y); r != nil && r.Gamma >= res.Gamma {
			r.Iterations, r.Lambda = iter, lam
			res = r
		}
		res.Upper = upper
	}
	return res
}

// nearestAffine returns the point of the affine hull of the yᵢzᵢ, i ∈ s, nearest
// to the origin, computed in extended precision, with its weights and its
// norm rounded up, when all weights are non-negative (the point is then in
// the convex hull).
func nearestAffine(rows [][]float64, y []float64, s []int) (x, lam []float64, upper float64, ok bool) {
	const prec = 4096
	k, m := len(s), len(rows[0])
	num := func() *big.Float { return new(big.Float).SetPrec(prec) }
	p := make([][]*big.Float, k)
	for a, i := range s {
		p[a] = make([]*big.Float, m)
		for j, v := range rows[i] {
			p[a][j] = num().SetFloat64(y[i] * v)
		}
	}
	// [G 1; 1ᵀ 0][λ; μ] = [0; 1] with G = PPᵀ, by Gaussian elimination
	// with partial pivoting.
	a := make([][]*big.Float, k+1)
	for r := range a {
		a[r] = make([]*big.Float, k+2)
		for c := range a[r] {
			a[r][c] = num()
		}
	}
	t := num()
	for r := range k {
		for c := range k {
			for j := range m {
				a[r][c].Add(a[r][c], t.Mul(p[r][j], p[c][j]))
			}
		}
		a[r][k].SetInt64(1)
		a[k][r].SetInt64(1)
	}
	a[k][k+1].SetInt64(1)
	for c := range k + 1 {
		piv := c
		for r := c + 1; r <= k; r++ {
			if num().Abs(a[r][c]).Cmp(num().Abs(a[piv][c])) > 0 {
				piv = r
			}
		}
		if a[piv][c].Sign() == 0 {
			return nil, nil, 0, false
		}
		a[c], a[piv] = a[piv], a[c]
		for r := c + 1; r <= k; r++ {
			f := num().Quo(a[r][c], a[c][c])
			for cc := c; cc <= k+1; cc++ {
				a[r][cc].Sub(a[r][cc], t.Mul(f, a[c][cc]))
			}
		}
	}
	sol := make([]*big.Float, k+1)
	for r := k; r >= 0; r-- {
		v := num().Set(a[r][k+1])
		for c := r + 1; c <= k; c++ {
			v.Sub(v, t.Mul(a[r][c], sol[c]))
		}
		sol[r] = v.Quo(v, a[r][r])
	}
	lam = make([]float64, len(rows))
	for a, i := range s {
		if sol[a].Sign() < 0 {
			return nil, nil, 0, false
		}
		lam[i], _ = sol[a].Float64()
	}
	x = make([]float64, m)
	sq := num()
	for j := range m {
		v := num()
		for a := range k {
			v.Add(v, t.Mul(sol[a], p[a][j]))
		}
		x[j], _ = v.Float64()
		sq.Add(sq, t.Mul(v, v))
	}
	upper, _ = sq.Sqrt(sq).Float64()
	return x, lam, upper * (1 + 4*epsilon), upper > 0 && !math.IsInf(upper, 0)
}

// signedScaled returns the points yᵢzᵢ with coordinate j divided by
// 2^exp(j), an exact scaling.
func signedScaled(rows [][]float64, y []float64, exp func(j int) int) [][]float64 {
	p := make([][]float64, len(rows))
	for i, r := range rows {
		p[i] = make([]float64, len(r))
		for j, v := range r {
			p[i][j] = y[i] * math.Ldexp(v, -exp(j))
		}
	}
	return p
}

// exactMargin returns the margin of the direction of x on the rows zᵢ with
// labels yᵢ when every yᵢ x·zᵢ, computed exactly in binary floating point
// of sufficient precision, is positive; nil otherwise. Gamma is the least of
// them divided by ‖x‖, rounded down, so it stays a lower bound on γ*.
func exactMargin(x []float64, rows [][]float64, y []float64) *MaxMarginResult {
	norm := floats.Norm(x, 2)
	if !(norm > 0) || math.IsInf(norm, 0) {
		return nil
	}
	// A sum of products of float64s is exact with 2·53 bits for each
	// product and the exponent range of the sum: 2200 bits suffice.
	const prec = 2200
	least := new(big.Float).SetPrec(prec)
	sum, prod, f := new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec), new(big.Float).SetPrec(prec)
	for i, r := range rows {
		sum.SetFloat64(0)
		for j, v := range r {
			prod.SetFloat64(v)
			prod.Mul(prod, f.SetFloat64(x[j]))
			sum.Add(sum, prod)
		}
		if y[i] < 0 {
			sum.Neg(sum)
		}
		if sum.Sign() <= 0 {
			return nil
		}
		if i == 0 || sum.Cmp(least) < 0 {
			least.Set(sum)
		}
	}
	// least/‖x‖, with ‖x‖ rounded up and the quotient rounded down.
	nx := new(big.Float).SetPrec(prec).SetFloat64(norm * (1 + 4*epsilon))
	g, _ := least.Quo(least, nx).Float64()
	g *= 1 - 2*epsilon
	if !(g > 0) {
		return nil // positive, but below the smallest float64
	}
	res := &MaxMarginResult{Linear: classify.Linear{W: make([]float64, len(x))}, Lambda: make([]float64, len(rows)), Gamma: g}
	floats.ScaleTo(res.W, 1/norm, x)
	return res
}

// MarginResult is MaxMarginResult.
//
// Deprecated: use MaxMarginResult, named after its solver (as
// svm.InteriorPointResult and svm.DCDResult are).
type MarginResult = MaxMarginResult

var (
	_ classify.Classifier  = (*MaxMarginResult)(nil)
	_ classify.Dimensioned = (*MaxMarginResult)(nil)
)

// wolfe is the state of Wolfe's nearest-point algorithm: the corral s of
// point indices, their convex weights lam, and x = Σ lam·p[s]. r is the
// largest ‖pᵢ‖.
type wolfe struct {
	p   [][]float64
	m   int
	r   float64
	s   []int
	lam []float64
	x   []float64
}

// run iterates until the optimality gap ‖x‖² − minᵢ x·pᵢ is at most
// tol·‖x‖², x is (numerically) 0, rounding stops progress (stalled), or
// maxIter major cycles have run.
func (w *wolfe) run(tol float64, maxIter int) (iter int, stalled bool) {
	// Start at the point of least norm.
	best, bestNorm := 0, math.Inf(1)
	for i, pi := range w.p {
		nrm := floats.Norm(pi, 2)
		w.r = math.Max(w.r, nrm)
		if nrm < bestNorm {
			best, bestNorm = i, nrm
		}
	}
	w.s, w.lam = []int{best}, []float64{1}
	w.x = slices.Clone(w.p[best])
	for iter = 0; iter < maxIter; iter++ {
		xx := floats.Dot(w.x, w.x)
		if math.Sqrt(xx) <= SeparableTol*w.r {
			return iter, false
		}
		j, xpj := -1, math.Inf(1)
		for i, pi := range w.p {
			if v := floats.Dot(w.x, pi); v < xpj {
				j, xpj = i, v
			}
		}
		if j < 0 {
			return iter, true // NaN products: nothing to add
		}
		if xx-xpj <= tol*xx || slices.Contains(w.s, j) {
			return iter, false
		}
		w.s = append(w.s, j)
		w.lam = append(w.lam, 0)
		if !w.minor() {
			return iter + 1, true
		}
		if floats.Dot(w.x, w.x) >= xx {
			return iter + 1, true
		}
	}
	return iter, false
}

// minor runs Wolfe's minor cycles: move x to the affine minimiser of the
// corral, or as far as the convex weights allow and drop the points whose
// weight reaches 0. It returns false if the affine problem is degenerate.
func (w *wolfe) minor() bool {
	for {
		mu, ok := w.affine()
		if !ok {
			return false
		}
		if slices.IndexFunc(mu, func(v float64) bool { return v <= 0 }) < 0 {
			w.lam = mu
			w.setX()
			return true
		}
		theta, out := 1.0, -1
		for k, v := range mu {
			if v <= 0 {
				if t := w.lam[k] / (w.lam[k] - v); t < theta {
					theta, out = t, k
				}
			}
		}
		s, lam := w.s[:0], w.lam[:0]
		for k := range mu {
			l := (1-theta)*w.lam[k] + theta*mu[k]
			if k == out || l <= 0 {
				continue
			}
			s, lam = append(s, w.s[k]), append(lam, l)
		}
		if len(s) == 0 {
			return false
		}
		w.s, w.lam = s, lam
		floats.Scale(1/floats.Sum(w.lam), w.lam)
		w.setX()
	}
}

// affine returns the weights μ (Σμ = 1) of the point of least norm in the
// affine hull of the corral, solving min ‖p₀ + Σₖ μₖ(pₖ − p₀)‖ by least
// squares.
func (w *wolfe) affine() ([]float64, bool) {
	k := len(w.s)
	if k == 1 {
		return []float64{1}, true
	}
	if k-1 > w.m {
		return nil, false
	}
	p0 := w.p[w.s[0]]
	d := mat.NewDense(w.m, k-1, nil)
	for c, i := range w.s[1:] {
		for r := 0; r < w.m; r++ {
			d.Set(r, c, w.p[i][r]-p0[r])
		}
	}
	rhs := mat.NewVecDense(w.m, nil)
	for r := range p0 {
		rhs.SetVec(r, -p0[r])
	}
	var sol mat.VecDense
	if err := sol.SolveVec(d, rhs); err != nil {
		var c mat.Condition
		if !errors.As(err, &c) || math.IsInf(float64(c), 1) {
			return nil, false
		}
	}
	mu := make([]float64, k)
	mu[0] = 1
	for c := 1; c < k; c++ {
		mu[c] = sol.AtVec(c - 1)
		mu[0] -= mu[c]
	}
	for _, v := range mu {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, false
		}
	}
	return mu, true
}

func (w *wolfe) setX() {
	for j := range w.x {
		w.x[j] = 0
	}
	for k, i := range w.s {
		floats.AddScaled(w.x, w.lam[k], w.p[i])
	}
}
