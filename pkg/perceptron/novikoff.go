package perceptron

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Augment returns the augmented vectors x̂ᵢ = (xᵢᵀ, 1)ᵀ of Theorem 2.1 as
// the rows of an n×(d+1) matrix, so that ŵ·x̂ = w·x + b for ŵ = (wᵀ, b)ᵀ.
func Augment(x mat.Matrix) *mat.Dense {
	n, d := x.Dims()
	a := mat.NewDense(n, d+1, nil)
	a.Slice(0, n, 0, d).(*mat.Dense).Copy(x)
	for i := 0; i < n; i++ {
		a.Set(i, d, 1)
	}
	return a
}

// Radius returns maxᵢ ‖xᵢ‖ over the rows of x: Novikoff's R when x holds
// augmented vectors (see Augment), CS229's D when it holds the xᵢ.
func Radius(x mat.Matrix) float64 {
	var r float64
	for _, xi := range kernel.Rows(x) {
		r = math.Max(r, floats.Norm(xi, 2))
	}
	return r
}

// Gamma returns the margin γ = minᵢ yᵢ(ŵ·x̂ᵢ) of the hyperplane w·x + b = 0
// normalised as in Theorem 2.1, ‖ŵ‖ = ‖(w, b)‖ = 1: minᵢ yᵢ(w·xᵢ+b)/‖(w, b)‖.
// It is positive exactly when the hyperplane separates the data. (It is
// not the geometric margin, which divides by ‖w‖; see Margins.) Gamma
// returns NaN for w = 0, b = 0 and panics if the dimensions do not match.
func Gamma(x mat.Matrix, y []float64, w []float64, b float64) float64 {
	f, _ := Margins(x, y, w, b)
	return f / math.Hypot(floats.Norm(w, 2), b)
}

// MaxMargin computes the best margin of Theorem 2.1,
//
//	γ* = max_{‖u‖=1} minᵢ yᵢ u·zᵢ,
//
// over the rows zᵢ of a matrix: the hard-margin SVM without bias. Solve it
// on Augment(x) for Novikoff's γ (the bias is then the last entry of u and
// is penalised with w), on x itself for the CS229 form.
//
// By duality γ* is the distance from the origin to the convex hull of the
// points pᵢ = yᵢzᵢ: the nearest point p = Σλᵢpᵢ (λ ≥ 0, Σλᵢ = 1) gives
// u = p/‖p‖ and γ* = ‖p‖, and the SVM's dual variables are αᵢ = λᵢ/‖p‖².
// Solve finds p with Wolfe's nearest-point algorithm (Wolfe 1976), an
// active-set method that ends after finitely many steps. For any iterate
// p in the hull, minᵢ pᵢ·p/‖p‖ ≤ γ* ≤ ‖p‖, so the answer comes with a
// certified bracket. When the origin lies in the hull the data are not
// separable and p reaches 0.
type MaxMargin struct {
	// Tol is the relative width of the bracket [Gamma, Upper] at which Solve
	// stops; 0 means DefaultMarginTol.
	Tol float64
	// MaxIter limits the major cycles; 0 means DefaultMarginIter.
	MaxIter int
}

// Defaults and thresholds of MaxMargin.
const (
	DefaultMarginTol  = 1e-12
	DefaultMarginIter = 100000
	// SeparableTol: data whose best margin is below SeparableTol·maxᵢ‖zᵢ‖
	// are reported as not separable (the nearest point is 0 up to rounding).
	SeparableTol = 1e-10
)

// MarginSolution is the maximum-margin direction found by MaxMargin.
type MarginSolution struct {
	// U is the unit vector of the maximum-margin hyperplane u·z = 0.
	U []float64
	// Gamma = minᵢ yᵢU·zᵢ is the margin of U, a lower bound on γ*.
	Gamma float64
	// Upper is an upper bound on γ* (the norm of the nearest point found).
	Upper float64
	// Lambda are the convex weights of the nearest point, Alpha = Lambda/Upper²
	// the dual variables of the SVM min ½‖v‖² s.t. yᵢv·zᵢ ≥ 1, whose
	// solution is v = U/γ*. The points with Lambda > 0 are the support vectors.
	Lambda []float64
	Alpha  []float64
	// Iterations is the number of major cycles.
	Iterations int
}

// Solve computes the maximum margin over the rows of z with labels y. It
// returns ErrNotSeparable when no u has yᵢu·zᵢ > 0 for all i (up to
// SeparableTol), and ErrNotConverged with the last iterate when MaxIter
// cycles do not reach Tol. Invalid data give an error wrapping a dataset
// sentinel, a negative or NaN Tol ErrTolerance, a negative MaxIter
// ErrMaxEpochs.
func (mm MaxMargin) Solve(z mat.Matrix, y []float64) (*MarginSolution, error) {
	tol, maxIter := mm.Tol, mm.MaxIter
	if !(tol >= 0) || math.IsInf(tol, 0) {
		return nil, wrap("max margin", fmt.Errorf("%w: Tol = %v", ErrTolerance, tol))
	}
	if tol == 0 {
		tol = DefaultMarginTol
	}
	if maxIter < 0 {
		return nil, wrap("max margin", fmt.Errorf("%w: MaxIter = %d", ErrMaxEpochs, maxIter))
	}
	if maxIter == 0 {
		maxIter = DefaultMarginIter
	}
	if err := dataset.Validate(z, y); err != nil {
		return nil, wrap("max margin", err)
	}
	n, m := z.Dims()
	zr := kernel.Rows(z)
	p := make([][]float64, n)
	var r float64
	for i := range p {
		p[i] = make([]float64, m)
		floats.ScaleTo(p[i], y[i], zr[i])
		r = math.Max(r, floats.Norm(p[i], 2))
	}
	w := wolfe{p: p, m: m}
	iter, stalled := w.run(tol, maxIter)
	norm := floats.Norm(w.x, 2)
	if norm <= SeparableTol*r {
		return nil, wrap("max margin", fmt.Errorf("%w: the origin is in the convex hull of the points yᵢzᵢ (distance %.3g, radius %.3g)",
			ErrNotSeparable, norm, r))
	}
	sol := &MarginSolution{
		U:          make([]float64, m),
		Upper:      norm,
		Lambda:     make([]float64, n),
		Alpha:      make([]float64, n),
		Iterations: iter,
	}
	floats.ScaleTo(sol.U, 1/norm, w.x)
	sol.Gamma = math.Inf(1)
	for _, pi := range p {
		sol.Gamma = math.Min(sol.Gamma, floats.Dot(pi, sol.U))
	}
	for k, i := range w.s {
		sol.Lambda[i] = w.lam[k]
		sol.Alpha[i] = w.lam[k] / (norm * norm)
	}
	if sol.Gamma <= 0 {
		return sol, wrap("max margin", fmt.Errorf("%w: no separating direction found (best margin ≤ %.3g)", ErrNotSeparable, norm))
	}
	if iter >= maxIter && !stalled && sol.Upper-sol.Gamma > tol*sol.Upper {
		return sol, fmt.Errorf("perceptron: max margin: %w after %d cycles: γ* in [%.6g, %.6g]", ErrNotConverged, iter, sol.Gamma, sol.Upper)
	}
	return sol, nil
}

// wolfe is the state of Wolfe's nearest-point algorithm: the corral s of
// point indices, their convex weights lam, and x = Σ lam·p[s].
type wolfe struct {
	p   [][]float64
	m   int
	s   []int
	lam []float64
	x   []float64
}

// run iterates until the optimality gap ‖x‖² − minᵢ x·pᵢ is at most
// tol·‖x‖², x is (numerically) 0, rounding stops progress (stalled), or
// maxIter major cycles have run.
func (w *wolfe) run(tol float64, maxIter int) (iter int, stalled bool) {
	// Start at the point of least norm.
	best := 0
	for i, pi := range w.p {
		if floats.Dot(pi, pi) < floats.Dot(w.p[best], w.p[best]) {
			best = i
		}
	}
	w.s, w.lam = []int{best}, []float64{1}
	w.x = slices.Clone(w.p[best])
	var r float64
	for _, pi := range w.p {
		r = math.Max(r, floats.Norm(pi, 2))
	}
	for iter = 0; iter < maxIter; iter++ {
		xx := floats.Dot(w.x, w.x)
		if math.Sqrt(xx) <= SeparableTol*r {
			return iter, false
		}
		j, xpj := -1, math.Inf(1)
		for i, pi := range w.p {
			if v := floats.Dot(w.x, pi); v < xpj {
				j, xpj = i, v
			}
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

// Bound holds the quantities of Novikoff's theorem (Theorem 2.1) or of the
// CS229 mistake bound for a data set and a separating hyperplane.
type Bound struct {
	// Augmented is true for Novikoff's form (vectors x̂ = (x, 1), the bias
	// is part of ŵ) and false for the CS229 form (no bias).
	Augmented bool
	// R is maxᵢ‖x̂ᵢ‖ (CS229: D = maxᵢ‖xᵢ‖).
	R float64
	// W and B form the unit vector ŵ_opt = (W, B), ‖ŵ_opt‖ = 1 (B = 0 in the
	// CS229 form), and Gamma = minᵢ yᵢ ŵ_opt·x̂ᵢ > 0 is its margin.
	W     []float64
	B     float64
	Gamma float64
	// Bound is (R/γ)², the largest possible number of mistakes.
	Bound float64
}

// NovikoffBound returns R = maxᵢ‖x̂ᵢ‖, the best γ (the maximum margin over
// unit ŵ, see MaxMargin) and the bound (R/γ)² on the number of mistakes of
// Algorithm 2.1 (η arbitrary, ŵ₀ = 0). Non-separable data give
// ErrNotSeparable.
func NovikoffBound(x mat.Matrix, y []float64) (*Bound, error) {
	return bestBound(x, y, true)
}

// CS229Bound is NovikoffBound for the CS229 form: no bias, D = maxᵢ‖xᵢ‖ and
// the best γ over unit u with yᵢu·xᵢ ≥ γ, a hyperplane through the origin.
// Data not separable through the origin give ErrNotSeparable.
func CS229Bound(x mat.Matrix, y []float64) (*Bound, error) {
	return bestBound(x, y, false)
}

func bestBound(x mat.Matrix, y []float64, augmented bool) (*Bound, error) {
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap("bound", err)
	}
	z := x
	if augmented {
		z = Augment(x)
	}
	sol, err := MaxMargin{}.Solve(z, y)
	if err != nil {
		return nil, wrap("bound", err)
	}
	bd := &Bound{Augmented: augmented, R: Radius(z), Gamma: sol.Gamma}
	bd.W = sol.U
	if augmented {
		_, d := x.Dims()
		bd.W, bd.B = sol.U[:d:d], sol.U[d]
	}
	bd.Bound = (bd.R / bd.Gamma) * (bd.R / bd.Gamma)
	return bd, nil
}

// HyperplaneBound returns the quantities of Theorem 2.1 for a given
// separating hyperplane w·x + b = 0 instead of the best one: ŵ_opt = (w, b)
// scaled to unit norm, its γ (see Gamma), R and (R/γ)². A hyperplane that
// does not separate the data gives ErrNotSeparable; w = 0, b = 0 or a w of
// the wrong length gives ErrInit.
func HyperplaneBound(x mat.Matrix, y []float64, w []float64, b float64) (*Bound, error) {
	if err := dataset.Validate(x, y); err != nil {
		return nil, wrap("bound", err)
	}
	_, d := x.Dims()
	if err := checkInit(w, b, d); err != nil || len(w) != d {
		return nil, wrap("bound", fmt.Errorf("%w: need w with %d finite entries, got %d", ErrInit, d, len(w)))
	}
	norm := math.Hypot(floats.Norm(w, 2), b)
	if norm == 0 {
		return nil, wrap("bound", fmt.Errorf("%w: w = 0 and b = 0", ErrInit))
	}
	g := Gamma(x, y, w, b)
	if !(g > 0) {
		return nil, wrap("bound", fmt.Errorf("%w: the hyperplane has margin γ = %.3g ≤ 0", ErrNotSeparable, g))
	}
	bd := &Bound{Augmented: true, R: Radius(Augment(x)), W: make([]float64, d), B: b / norm, Gamma: g}
	floats.ScaleTo(bd.W, 1/norm, w)
	bd.Bound = (bd.R / g) * (bd.R / g)
	return bd, nil
}

// ProofStep holds both inequalities of the proof of Theorem 2.1 at step k,
// in the form that holds for any start ŵ₀ (ŵ₀ = 0 in the book):
//
//	ŵₖ·ŵ_opt ≥ ŵ₀·ŵ_opt + kηγ   (Dot ≥ DotMin)
//	‖ŵₖ‖²    ≤ ‖ŵ₀‖² + kη²R²    (NormSq ≤ NormSqMax)
//
// Joined by Cauchy–Schwarz, ŵₖ·ŵ_opt ≤ ‖ŵₖ‖, they give k ≤ (R/γ)² when
// ŵ₀ = 0. For the CS229 form read θₖ for ŵₖ, D for R and η = 1.
type ProofStep struct {
	K                 int
	Dot, DotMin       float64
	NormSq, NormSqMax float64
}

// ProofTol is the relative slack CheckProof allows for rounding.
const ProofTol = 1e-9

// CheckProof evaluates both inequalities of the proof of Novikoff's
// theorem at every step of trace, a perceptron run with learning rate eta
// (0 means 1) whose first step is k = 0. bd supplies ŵ_opt, γ and R; with
// a CS229 bound (Augmented false) the bias of the steps is ignored, as in a
// run with NoBias. It returns the values of every step (for plotting) and
// an error wrapping ErrProof if an inequality fails beyond ProofTol, ErrTrace
// if the trace is empty or does not start at k = 0, a *classify.SettingError
// for a bad eta.
// It panics if the steps' weights do not match bd.W in length.
func CheckProof(trace []Step, bd *Bound, eta float64) ([]ProofStep, error) {
	if eta == 0 {
		eta = 1
	}
	if !(eta > 0) || math.IsInf(eta, 0) {
		return nil, &classify.SettingError{Solver: "perceptron.CheckProof", Field: "eta", Value: eta, Want: "a finite number > 0"}
	}
	if len(trace) == 0 || trace[0].K != 0 {
		return nil, wrap("proof", ErrTrace)
	}
	hat := func(s Step) (dot, normSq float64) {
		if len(s.W) != len(bd.W) {
			panic(errLength)
		}
		dot, normSq = floats.Dot(s.W, bd.W), floats.Dot(s.W, s.W)
		if bd.Augmented {
			dot += s.B * bd.B
			normSq += s.B * s.B
		}
		return dot, normSq
	}
	dot0, norm0 := hat(trace[0])
	out := make([]ProofStep, len(trace))
	var bad error
	for i, s := range trace {
		dot, normSq := hat(s)
		k := float64(s.K)
		ps := ProofStep{
			K:         s.K,
			Dot:       dot,
			DotMin:    dot0 + k*eta*bd.Gamma,
			NormSq:    normSq,
			NormSqMax: norm0 + k*eta*eta*bd.R*bd.R,
		}
		out[i] = ps
		if bad != nil {
			continue
		}
		if ps.Dot < ps.DotMin-ProofTol*math.Max(1, math.Abs(ps.DotMin)) {
			bad = wrap("proof", fmt.Errorf("%w at k = %d: ŵ·ŵ_opt = %.6g < %.6g", ErrProof, s.K, ps.Dot, ps.DotMin))
		} else if ps.NormSq > ps.NormSqMax+ProofTol*math.Max(1, ps.NormSqMax) {
			bad = wrap("proof", fmt.Errorf("%w at k = %d: ‖ŵ‖² = %.6g > %.6g", ErrProof, s.K, ps.NormSq, ps.NormSqMax))
		}
	}
	return out, bad
}
