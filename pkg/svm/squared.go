package svm

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// DefaultSquaredEps is the stopping tolerance of SquaredSlack.Fit when Eps
// is 0, tighter than SMO's 10⁻³ because the notebook compares the dual with
// the primal: on two overlapping clouds of 118 points it leaves a relative
// duality gap of about 10⁻¹¹ for C from 1 to 1000 (10⁻⁷ at Eps = 10⁻³).
// Tighter values cost iterations and gain nothing beyond 10⁻⁷, where the
// rounding of SMO's gradient updates takes over.
const DefaultSquaredEps = 1e-5

// SquaredSlack is the support vector machine of Li Hang's exercise 7.3,
// with squared slacks (the L2-loss SVM):
//
//	min_{w,b,ξ}  ½‖w‖² + C Σᵢ ξᵢ²
//	s.t.         yᵢ(w·xᵢ + b) ≥ 1 − ξᵢ,  ξᵢ ≥ 0.
//
// Its Lagrangian with multipliers αᵢ, μᵢ ≥ 0 is minimised at w = Σαᵢyᵢxᵢ,
// Σαᵢyᵢ = 0 and 2Cξᵢ = αᵢ + μᵢ; since a negative ξᵢ never helps, μᵢ = 0 at
// the optimum, ξᵢ = αᵢ/(2C), and the dual is
//
//	min_α  ½ αᵀ(Q + I/(2C))α − Σᵢ αᵢ,   Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ),
//	s.t.   Σᵢ αᵢyᵢ = 0,  αᵢ ≥ 0,
//
// the hard-margin dual with 1/(2C) added to the diagonal of the kernel and
// no upper bound on α. Every support vector (αⱼ > 0) lies strictly inside
// its margin, yⱼ(w·xⱼ + b) = 1 − αⱼ/(2C), so b is unique.
//
// Fit solves the dual with SMO, as the hard margin of the kernel
// K(x, z) + δ(x, z)/(2C), δ = 1 for a training point with itself; FitPrimal
// solves the primal with Newton's method, for the linear kernel. The two
// are independent: notebook 14-exercises-ch7 checks that they agree.
//
// SquaredSlack has no hard margin (its hard margin, C → ∞, is SMO's): C
// must be set, and C = 0, the zero value, is a *classify.SettingError.
type SquaredSlack struct {
	// C weighs the squared slacks; it must be a finite number > 0 (0 is a
	// *classify.SettingError: there is no hard margin).
	C float64
	// Kernel is the kernel; nil means kernel.Linear{}. FitPrimal accepts
	// only the linear kernel.
	Kernel kernel.Kernel
	// Eps is SMO's stopping tolerance in Fit (see SMO.Eps); 0 means
	// DefaultSquaredEps. Below MinEps it is a *classify.SettingError, as
	// in SMO.
	Eps float64
	// MaxIter limits FitPrimal's Newton iterations; 0 means 100.
	MaxIter int
}

// squaredName is the prefix of SquaredSlack's errors.
const squaredName = "svm.SquaredSlack"

// SquaredSlackResult is the solution of the squared-slack SVM, from either
// side. It classifies points on its own: Decision(x) = Σαᵢyᵢ K(xᵢ, x) + b.
type SquaredSlackResult struct {
	// Alpha are the multipliers α (from FitPrimal: αᵢ = 2Cξᵢ).
	Alpha []float64
	// W = Σ αᵢyᵢxᵢ for the linear kernel, nil otherwise.
	W []float64
	// B is the bias b.
	B float64
	// Xi are the slacks ξᵢ = [1 − yᵢf(xᵢ)]₊, equal to αᵢ/(2C) at the
	// optimum.
	Xi []float64
	// SupportIndices lists the i with αᵢ > 0, 0-based.
	SupportIndices []int
	// FreeIndices and BoundedIndices are those of Result and DCDResult:
	// α has no upper bound here, so every support vector is free
	// (FreeIndices equals SupportIndices) and BoundedIndices is nil.
	FreeIndices, BoundedIndices []int
	// PrimalObjective is ½‖w‖² + CΣξᵢ², with ‖w‖² = αᵀQα for a kernel.
	PrimalObjective float64
	// DualObjective is ½αᵀ(Q + I/(2C))α − Σαᵢ, the quantity the dual
	// minimises (≤ 0); at the optimum it is −PrimalObjective.
	DualObjective float64
	// Gap = PrimalObjective + DualObjective, zero at the optimum.
	Gap float64
	// Iterations counts SMO's pairs (Fit) or Newton steps (FitPrimal).
	Iterations int
	// C is the weight of the squared slacks of the problem solved.
	C float64
	// Status says why the solver stopped: SMO's Status for Fit
	// (Converged or RoundingLimit), Converged or IterationLimit for
	// FitPrimal.
	Status Status

	model *kernel.Expansion
}

// SquaredResult is SquaredSlackResult.
//
// Deprecated: use SquaredSlackResult, named after its solver (as
// DCDResult is).
type SquaredResult = SquaredSlackResult

var (
	_ classify.Classifier  = (*SquaredSlackResult)(nil)
	_ classify.Dimensioned = (*SquaredSlackResult)(nil)
)

// Decision returns f(x) = Σαᵢyᵢ K(xᵢ, x) + b, which is w·x + b for the
// linear kernel. It panics if x does not have the dimension of the data.
func (r *SquaredSlackResult) Decision(x []float64) float64 { return r.model.Decision(x) }

// Predict returns sign f(x), +1 at f(x) = 0 (Definition 2.1).
func (r *SquaredSlackResult) Predict(x []float64) float64 { return r.model.Predict(x) }

// Dim returns the dimension d of the points.
func (r *SquaredSlackResult) Dim() int { return r.model.Dim() }

// Expansion returns the decision function Decision computes, f(x) =
// Σⱼ αⱼyⱼ K(xⱼ, x) + b over the support vectors (copies of them, in the
// order of Support): the model that package modelio saves. It is the
// result's own, not a copy.
func (r *SquaredSlackResult) Expansion() *kernel.Expansion { return r.model }

// Fit solves the dual problem by SMO: the data are given their index as an
// extra coordinate, so that a kernel can add 1/(2C) to K(xᵢ, xᵢ) exactly
// (and not to two distinct points that happen to coincide), and SMO solves
// the hard margin, C = +∞, with that kernel. The augmented problem is always
// separable, but as C grows on data that overlap, the problem approaches
// a hard margin on inseparable data: the smallest curvature of the dual is
// 1/(2C), and SMO's iterations grow in proportion to C (on two overlapping
// clouds of 118 points: about 2·10³ at C = 1, 3·10⁵ at C = 100, 5·10⁶ at
// C = 1000, past which SMO's iteration limit returns ErrNotConverged); and
// beyond about 10⁸·R²/n SMO's separability test reports ErrNotSeparable.
//
// An invalid C, Eps or kernel gives a *classify.SettingError; bad data the
// error of dataset.Validate or dataset.ErrOneClass. Returned with the
// partial result, as by the other solvers: SMO's ErrNotConverged (Status
// IterationLimit or NoProgress) or ErrNotSeparable (Status NotSeparable).
func (s SquaredSlack) Fit(x mat.Matrix, y []float64) (*SquaredSlackResult, error) {
	k, err := s.check(x, y)
	if err != nil {
		return nil, err
	}
	if err := checkKKTEps(squaredName, s.Eps); err != nil {
		return nil, err
	}
	eps := s.Eps
	if eps == 0 {
		eps = DefaultSquaredEps
	}
	n, d := x.Dims()
	aug := mat.NewDense(n, d+1, nil)
	for i := range n {
		row := aug.RawRowView(i)
		mat.Row(row[:d], i, x)
		row[d] = float64(i)
	}
	res, err := SMO{Kernel: ridgeKernel{base: k, d: d, ridge: 1 / (2 * s.C)}, Eps: eps}.Fit(aug, y)
	if err != nil {
		err = withContext(err, smoName, fmt.Sprintf("%s: SMO at C = %g", squaredName, s.C))
		if res == nil || !errors.Is(err, ErrNotConverged) && !errors.Is(err, ErrNotSeparable) {
			return nil, err
		}
	}
	r := s.result(x, y, k, res.Alpha)
	r.Iterations, r.Status = res.Iterations, res.Status
	return r, err
}

// ridgeKernel is K(x, z) + ridge when x and z carry the same index in
// their last coordinate, on points of dimension d+1.
type ridgeKernel struct {
	base  kernel.Kernel
	d     int
	ridge float64
}

func (k ridgeKernel) Eval(x, z []float64) float64 {
	v := k.base.Eval(x[:k.d], z[:k.d])
	if x[k.d] == z[k.d] {
		v += k.ridge
	}
	return v
}

// FitPrimal solves the primal problem directly, as the smooth
// unconstrained problem
//
//	min_{w,b}  ½‖w‖² + C Σᵢ [1 − yᵢ(w·xᵢ + b)]₊²,
//
// (the slacks at their optimal values ξᵢ = [1 − yᵢ(w·xᵢ + b)]₊): its
// gradient is continuous and piecewise linear, and Newton's method with the
// generalised Hessian I + 2C Σ_{ξᵢ>0} x̂ᵢx̂ᵢᵀ (x̂ = (x, 1), no identity on b)
// and a backtracking line search reaches the minimum in finitely many steps
// (Mangasarian 2002; Keerthi & DeCoste 2005): it stops when a full step
// leaves the set of points with ξᵢ > 0 unchanged. α is read off the
// solution as αᵢ = 2Cξᵢ.
//
// An invalid C, MaxIter or kernel, or a kernel other than linear, gives a
// *classify.SettingError; otherwise the error wraps that of dataset.Validate,
// dataset.ErrOneClass, or ErrNotConverged (with the last iterate) when
// MaxIter steps do not suffice.
func (s SquaredSlack) FitPrimal(x mat.Matrix, y []float64) (*SquaredSlackResult, error) {
	k, err := s.check(x, y)
	if err != nil {
		return nil, err
	}
	if _, ok := k.(kernel.Linear); !ok {
		return nil, &classify.SettingError{Solver: squaredName, Field: "Kernel", Value: k, Want: "kernel.Linear for FitPrimal"}
	}
	if err := checkCount(squaredName, "MaxIter", s.MaxIter); err != nil {
		return nil, err
	}
	maxIter := s.MaxIter
	if maxIter == 0 {
		maxIter = 100
	}
	n, d := x.Dims()
	xs := kernel.Rows(x)
	c2 := 2 * s.C
	v := make([]float64, d+1) // (w, b)
	obj := func(v []float64) float64 {
		p := 0.5 * floats.Dot(v[:d], v[:d])
		for i, xi := range xs {
			if e := 1 - y[i]*(floats.Dot(v[:d], xi)+v[d]); e > 0 {
				p += s.C * e * e
			}
		}
		return p
	}
	active := func(v []float64) []bool {
		a := make([]bool, n)
		for i, xi := range xs {
			a[i] = y[i]*(floats.Dot(v[:d], xi)+v[d]) < 1
		}
		return a
	}
	h := mat.NewSymDense(d+1, nil)
	g := mat.NewVecDense(d+1, nil)
	xh := make([]float64, d+1)
	var step mat.VecDense
	var chol mat.Cholesky
	for it := 1; it <= maxIter; it++ {
		act := active(v)
		h.Zero()
		g.Zero()
		count := 0
		for j := range d {
			h.SetSym(j, j, 1)
			g.SetVec(j, v[j])
		}
		for i, xi := range xs {
			if !act[i] {
				continue
			}
			count++
			copy(xh, xi)
			xh[d] = 1
			e := 1 - y[i]*(floats.Dot(v[:d], xi)+v[d])
			h.SymRankOne(h, c2, mat.NewVecDense(d+1, xh))
			g.AddScaledVec(g, -c2*e*y[i], mat.NewVecDense(d+1, xh))
		}
		if count == 0 { // no point inside its margin: move b freely
			h.SetSym(d, d, 1)
		}
		if !chol.Factorize(h) {
			return nil, errtext.Errorf("%s: FitPrimal: %w: Newton system not positive definite", squaredName, ErrNotConverged)
		}
		if err := chol.SolveVecTo(&step, g); err != nil {
			return nil, errtext.Errorf("%s: FitPrimal: %w: %v", squaredName, ErrNotConverged, err)
		}
		step.ScaleVec(-1, &step)
		// Backtracking (Armijo) from the full Newton step.
		p0, slope := obj(v), mat.Dot(g, &step)
		next := make([]float64, d+1)
		t := 1.0
		for range 60 {
			floats.AddScaledTo(next, v, t, step.RawVector().Data)
			if obj(next) <= p0+1e-4*t*slope {
				break
			}
			t /= 2
		}
		full := t == 1
		v = next
		if full && slices.Equal(act, active(v)) || mat.Norm(&step, 2) <= 1e-15*(1+floats.Norm(v, 2)) {
			r := s.fromPrimal(x, y, v)
			r.Iterations = it
			return r, nil
		}
	}
	r := s.fromPrimal(x, y, v)
	r.Iterations, r.Status = maxIter, IterationLimit
	return r, errtext.Errorf("%s: FitPrimal: %w after %s", squaredName, ErrNotConverged, plural(maxIter, "Newton step", "Newton steps"))
}

// fromPrimal returns the result for the primal solution v = (w, b), with
// αᵢ = 2Cξᵢ.
func (s SquaredSlack) fromPrimal(x mat.Matrix, y, v []float64) *SquaredSlackResult {
	n, d := x.Dims()
	alpha := make([]float64, n)
	for i, xi := range kernel.Rows(x) {
		if e := 1 - y[i]*(floats.Dot(v[:d], xi)+v[d]); e > 0 {
			alpha[i] = 2 * s.C * e
		}
	}
	r := s.result(x, y, kernel.Linear{}, alpha)
	// The primal's own b, not the one recomputed from α.
	r.B = v[d]
	r.model.B = v[d]
	r.finish(x, y)
	return r
}

// check validates the settings and the data and returns the kernel.
func (s SquaredSlack) check(x mat.Matrix, y []float64) (kernel.Kernel, error) {
	if err := checkSoftC(squaredName, s.C); err != nil {
		return nil, err
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, errtext.Errorf("%s: %w", squaredName, err)
	}
	if pos, neg := dataset.Counts(y); pos == 0 || neg == 0 {
		return nil, errtext.Errorf("%s: %d positive and %d negative labels: %w", squaredName, pos, neg, dataset.ErrOneClass)
	}
	return kernel.Setting(squaredName, s.Kernel)
}

// result builds the result of the multipliers α: the support set, w for
// the linear kernel, b as the mean over the support vectors of
// yⱼ(1 − αⱼ/(2C)) − Σᵢαᵢyᵢ K(xᵢ, xⱼ), the slacks and both objectives.
func (s SquaredSlack) result(x mat.Matrix, y []float64, k kernel.Kernel, alpha []float64) *SquaredSlackResult {
	_, d := x.Dims()
	xs := kernel.Rows(x)
	r := &SquaredSlackResult{Alpha: alpha, C: s.C}
	top := floats.Max(alpha)
	e := &kernel.Expansion{Kernel: k, D: d}
	for i, a := range alpha {
		if a > 1e-12*top {
			r.SupportIndices = append(r.SupportIndices, i)
			e.Support = append(e.Support, append([]float64(nil), xs[i]...))
			e.Coef = append(e.Coef, a*y[i])
		}
	}
	r.FreeIndices = slices.Clone(r.SupportIndices) // BoundedIndices: none, nil as in Result
	if _, ok := k.(kernel.Linear); ok {
		r.W = make([]float64, d)
		for _, i := range r.SupportIndices {
			floats.AddScaled(r.W, alpha[i]*y[i], xs[i])
		}
	}
	var bsum float64
	for _, j := range r.SupportIndices {
		bsum += y[j]*(1-alpha[j]/(2*s.C)) - e.Decision(xs[j])
	}
	if len(r.SupportIndices) > 0 {
		r.B = bsum / float64(len(r.SupportIndices))
	}
	e.B = r.B
	r.model = e
	r.finish(x, y)
	return r
}

// finish computes the slacks and the objectives from α and the model.
func (r *SquaredSlackResult) finish(x mat.Matrix, y []float64) {
	xs := kernel.Rows(x)
	n, c := len(y), r.C
	r.Xi = make([]float64, n)
	var wq, sum, xi2, a2 float64 // αᵀQα, Σα, Σξ², Σα²
	e := r.model
	for _, i := range r.SupportIndices {
		// Σⱼ αⱼyⱼ K(xⱼ, xᵢ) = f(xᵢ) − b; αᵀQα = Σᵢ αᵢyᵢ(f(xᵢ) − b).
		wq += r.Alpha[i] * y[i] * (e.Decision(xs[i]) - e.B)
	}
	for i := range n {
		f := e.Decision(xs[i])
		r.Xi[i] = math.Max(0, 1-y[i]*f)
		xi2 += r.Xi[i] * r.Xi[i]
		sum += r.Alpha[i]
		a2 += r.Alpha[i] * r.Alpha[i]
	}
	r.PrimalObjective = 0.5*wq + c*xi2
	r.DualObjective = 0.5*wq + a2/(4*c) - sum
	r.Gap = r.PrimalObjective + r.DualObjective
}
