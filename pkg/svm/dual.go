package svm

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// DualProblem is the dual problem of the support vector machine as a value,
//
//	min_α  f(α) = ½ αᵀQα − Σᵢ αᵢ,   Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ),
//	s.t.   Σᵢ αᵢyᵢ = 0,  0 ≤ αᵢ ≤ C,
//
// what Example 7.2 writes out by hand: Terms gives the coefficients of the
// double sum, Eliminate substitutes one αₖ through Σαᵢyᵢ = 0. SMO and Exact
// solve it; package report writes it out.
type DualProblem struct {
	// X is the data (n×d, one point per row) and Kernel the kernel K.
	X      mat.Matrix
	Kernel kernel.Kernel
	// Q is the n×n matrix Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ).
	Q *mat.SymDense
	// Y are the labels, in {−1, +1}.
	Y []float64
	// C is the box bound, math.Inf(1) for a hard margin.
	C float64
}

// NewDualProblem builds the dual problem of the data (x, y) with kernel k
// (nil means kernel.Linear{}) and box bound c; c = 0 asks for a hard margin
// and is stored as C = +∞. A negative, NaN or infinite c is a
// *classify.SettingError, and so is a bad kernel (wrapping
// kernel.ErrParameter); bad data give the error of dataset.Validate.
func NewDualProblem(x mat.Matrix, y []float64, k kernel.Kernel, c float64) (*DualProblem, error) {
	const name = "svm.NewDualProblem"
	c, err := checkC(name, c)
	if err != nil {
		return nil, err
	}
	if k, err = checkProblem(name, x, y, k); err != nil {
		return nil, err
	}
	return newDualProblem(x, y, k, c), nil
}

// newDualProblem builds the dual of checked input; c is already +∞ for a
// hard margin.
func newDualProblem(x mat.Matrix, y []float64, k kernel.Kernel, c float64) *DualProblem {
	q := kernel.Gram(k, x)
	n := len(y)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			q.SetSym(i, j, y[i]*y[j]*q.At(i, j))
		}
	}
	return &DualProblem{X: x, Kernel: k, Q: q, Y: append([]float64(nil), y...), C: c}
}

// checkC returns the box bound c of a solver's settings as the solvers use
// it, +∞ for a hard margin (c = 0), or a *classify.SettingError.
func checkC(solver string, c float64) (float64, error) {
	if !(c >= 0) || math.IsInf(c, 0) {
		return 0, &classify.SettingError{Solver: solver, Field: "C", Value: c, Want: "a finite number > 0, or 0 for a hard margin"}
	}
	if c == 0 {
		return math.Inf(1), nil
	}
	return c, nil
}

// checkSoftC checks the C of a solver that has no hard margin (SquaredSlack,
// DCD): a finite number > 0. C = 0, which asks the other solvers for a hard
// margin, is a *classify.SettingError that says so.
func checkSoftC(solver string, c float64) error {
	switch {
	case c == 0:
		return &classify.SettingError{Solver: solver, Field: "C", Value: c,
			Want: "a finite number > 0 (there is no hard margin, C = 0; SMO, PlattSMO, Exact and InteriorPoint solve one)"}
	case !(c > 0) || math.IsInf(c, 0):
		return &classify.SettingError{Solver: solver, Field: "C", Value: c, Want: "a finite number > 0"}
	}
	return nil
}

// checkTol checks a tolerance setting: finite and ≥ 0 (0 means the default).
func checkTol(solver, field string, v float64) error {
	if !(v >= 0) || math.IsInf(v, 0) {
		return &classify.SettingError{Solver: solver, Field: field, Value: v, Want: "a finite number ≥ 0 (0 for the default)"}
	}
	return nil
}

// checkKKTEps checks the Eps of a solver that stops on SMO's KKT violation
// (PlattSMO, SquaredSlack's SMO; SMO checks its own alike): a finite number
// ≥ 0, and 0 for the default or at least MinEps, below which float64
// resolves no KKT violation.
func checkKKTEps(solver string, eps float64) error {
	if err := checkTol(solver, "Eps", eps); err != nil {
		return err
	}
	if eps != 0 && eps < MinEps {
		return &classify.SettingError{Solver: solver, Field: "Eps", Value: eps,
			Want: fmt.Sprintf("0 for the default, or at least MinEps = %.2g, below which float64 resolves no KKT violation", MinEps)}
	}
	return nil
}

// checkCount checks a count setting: ≥ 0 (0 means the default).
func checkCount(solver, field string, v int) error {
	if v < 0 {
		return &classify.SettingError{Solver: solver, Field: field, Value: v, Want: "an integer ≥ 0 (0 for the default)"}
	}
	return nil
}

// checkProblem validates the kernel (nil means Linear; a bad one is a
// *classify.SettingError) and the data shared by the solvers of this
// package, and returns the kernel. The solver's name prefixes the error.
func checkProblem(solver string, x mat.Matrix, y []float64, k kernel.Kernel) (kernel.Kernel, error) {
	k, err := kernel.Setting(solver, k)
	if err != nil {
		return nil, err
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, errtext.Errorf("%s: %w", solver, err)
	}
	if pos, neg := dataset.Counts(y); pos == 0 || neg == 0 {
		return nil, errtext.Errorf("%s: %d positive and %d negative labels: %w", solver, pos, neg, dataset.ErrOneClass)
	}
	return k, nil
}

// Len returns the number of variables n.
func (d *DualProblem) Len() int { return len(d.Y) }

// Objective returns f(α) = ½ αᵀQα − Σᵢ αᵢ. It panics if len(alpha) != n.
func (d *DualProblem) Objective(alpha []float64) float64 {
	d.checkLen(alpha)
	var f float64
	n := len(alpha)
	for i := 0; i < n; i++ {
		var qa float64
		for j := 0; j < n; j++ {
			qa += d.Q.At(i, j) * alpha[j]
		}
		f += alpha[i] * (qa/2 - 1)
	}
	return f
}

// Gradient stores G = Qα − e, the gradient of f, in dst and returns it; dst
// is allocated when nil. It panics if the lengths differ from n.
func (d *DualProblem) Gradient(dst, alpha []float64) []float64 {
	d.checkLen(alpha)
	if dst == nil {
		dst = make([]float64, len(alpha))
	}
	d.checkLen(dst)
	g := mat.NewVecDense(len(dst), dst)
	g.MulVec(d.Q, mat.NewVecDense(len(alpha), alpha))
	for i := range dst {
		dst[i]--
	}
	return dst
}

// Bias returns the b that makes point j lie on its margin boundary,
//
//	b = yⱼ − Σᵢ αᵢyᵢK(xᵢ, xⱼ) = −yⱼGⱼ,
//
// the formula of Algorithm 7.2 step (2), which gives b* for any support
// vector j with 0 < αⱼ < C. It panics if j is out of range.
func (d *DualProblem) Bias(alpha []float64, j int) float64 {
	d.checkLen(alpha)
	var qa float64
	for i, a := range alpha {
		qa += d.Q.At(j, i) * a
	}
	return -d.Y[j] * (qa - 1)
}

// Result returns the Result that α determines: the model, B and its
// interval, the support sets, both objectives, the gap and the KKT
// violation. Iterations and Status are left zero. It panics if
// len(alpha) != n.
func (d *DualProblem) Result(alpha []float64) *Result {
	d.checkLen(alpha)
	return newResult(d.X, d.Y, d.Kernel, d.C, append([]float64(nil), alpha...), d.Gradient(nil, alpha))
}

// Term is the coefficient of αᵢαⱼ (of αᵢ² when I == J) in a quadratic form
// written out as a polynomial. I and J are 0-based indices of α, I ≤ J.
type Term struct {
	I, J int
	Coef float64
}

// Terms returns the coefficients of the double sum ΣᵢΣⱼ αᵢαⱼQᵢⱼ = αᵀQα
// written as a polynomial: Qᵢᵢ for αᵢ², 2Qᵢⱼ for αᵢαⱼ (i < j). The squares
// come first, then the products in the order (1,2), (1,3), …, (2,3), …, as
// Example 7.2 lists them: ½(18α1² + 25α2² + 2α3² + 42α1α2 − 12α1α3 −
// 14α2α3) − α1 − α2 − α3.
func (d *DualProblem) Terms() []Term {
	return polyTerms(d.Q, nil, 1)
}

// polyTerms writes the quadratic form scale·zᵀAz as a polynomial in α, where
// z_i is α_{vars[i]} (vars nil: the identity).
func polyTerms(a mat.Symmetric, vars []int, scale float64) []Term {
	n := a.SymmetricDim()
	idx := func(i int) int {
		if vars == nil {
			return i
		}
		return vars[i]
	}
	t := make([]Term, 0, n*(n+1)/2)
	for i := 0; i < n; i++ {
		t = append(t, Term{I: idx(i), J: idx(i), Coef: scale * a.At(i, i)})
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			t = append(t, Term{I: idx(i), J: idx(j), Coef: 2 * scale * a.At(i, j)})
		}
	}
	return t
}

// Eliminate substitutes αₖ = −yₖ Σ_{i≠k} yᵢαᵢ, which the constraint
// Σαᵢyᵢ = 0 gives, into f and returns the reduced quadratic in the other
// n−1 variables, without the bounds. For Example 7.2, eliminating α3
// (k = 2) gives s(α1, α2) = 4α1² + 13/2 α2² + 10α1α2 − 2α1 − 2α2.
// It panics if k is out of range or n < 2.
func (d *DualProblem) Eliminate(k int) *Quadratic {
	n := d.Len()
	if k < 0 || k >= n || n < 2 {
		panic(errEliminate)
	}
	vars := make([]int, 0, n-1)
	for i := 0; i < n; i++ {
		if i != k {
			vars = append(vars, i)
		}
	}
	m := n - 1
	coef := make([]float64, m)
	for r, i := range vars {
		coef[r] = -d.Y[k] * d.Y[i]
	}
	// f(α) with α_vars = z and α_k = coefᵀz:
	// A = PᵀQP with P = [I; coefᵀ], B = −Pᵀe.
	a := mat.NewSymDense(m, nil)
	b := make([]float64, m)
	qkk := d.Q.At(k, k)
	for r, i := range vars {
		b[r] = -1 - coef[r]
		for s := r; s < m; s++ {
			j := vars[s]
			v := d.Q.At(i, j) + coef[r]*d.Q.At(k, j) + coef[s]*d.Q.At(i, k) + coef[r]*coef[s]*qkk
			a.SetSym(r, s, v)
		}
	}
	return &Quadratic{A: a, B: b, Vars: vars, Elim: k, coef: coef, n: n}
}

// Quadratic is q(z) = ½ zᵀAz + Bᵀz, the dual objective after one
// variable has been eliminated through the equality constraint (see
// DualProblem.Eliminate). Variable z_r is α_{Vars[r]}; α_Elim is a linear function of
// z that Expand evaluates.
type Quadratic struct {
	A *mat.SymDense
	B []float64
	// Vars are the indices in α of the variables z; Elim is the index of
	// the eliminated variable.
	Vars []int
	Elim int

	coef []float64 // α_Elim = coefᵀz
	n    int       // number of α
}

// Value returns q(z). It panics if len(z) != len(Vars).
func (q *Quadratic) Value(z []float64) float64 {
	q.checkLen(z)
	var v float64
	for r := range z {
		var az float64
		for s := range z {
			az += q.A.At(r, s) * z[s]
		}
		v += z[r] * (az/2 + q.B[r])
	}
	return v
}

// Gradient returns ∇q(z) = Az + B. It panics if len(z) != len(Vars).
func (q *Quadratic) Gradient(z []float64) []float64 {
	q.checkLen(z)
	g := make([]float64, len(z))
	for r := range z {
		g[r] = q.B[r]
		for s := range z {
			g[r] += q.A.At(r, s) * z[s]
		}
	}
	return g
}

// Stationary returns the point where ∇q = 0, the solution of Az = −B, which
// Example 7.2 finds by setting both partial derivatives of s to zero:
// (3/2, −1). The error wraps ErrSingular when A is singular.
func (q *Quadratic) Stationary() ([]float64, error) {
	m := len(q.B)
	var lu mat.LU
	lu.Factorize(q.A)
	z := mat.NewVecDense(m, nil)
	neg := make([]float64, m)
	for i, v := range q.B {
		neg[i] = -v
	}
	if err := lu.SolveVecTo(z, false, mat.NewVecDense(m, neg)); err != nil {
		return nil, errtext.Errorf("svm: %w: %v", ErrSingular, err)
	}
	return z.RawVector().Data, nil
}

// Terms returns the quadratic part ½zᵀAz written as a polynomial in α: ½Aᵣᵣ
// for α²_{Vars[r]}, Aᵣₛ for the products, ordered as DualProblem.Terms. The linear
// coefficients are B. For s(α1, α2) of Example 7.2: 4, 13/2 and 10.
func (q *Quadratic) Terms() []Term {
	return polyTerms(q.A, q.Vars, 0.5)
}

// Expand returns the full α (length n) for the reduced variables z: α_Vars = z
// and α_Elim from the equality constraint. For (3/2, −1) in Example 7.2 it is
// (3/2, −1, 1/2). It panics if len(z) != len(Vars).
func (q *Quadratic) Expand(z []float64) []float64 {
	q.checkLen(z)
	alpha := make([]float64, q.n)
	for r, i := range q.Vars {
		alpha[i] = z[r]
		alpha[q.Elim] += q.coef[r] * z[r]
	}
	return alpha
}

func (q *Quadratic) checkLen(z []float64) {
	if len(z) != len(q.Vars) {
		panic(errQuadLength)
	}
}

func (d *DualProblem) checkLen(v []float64) {
	if len(v) != len(d.Y) {
		panic(errDualLength)
	}
}

// Panic messages of the dual, exact and primal solvers.
const (
	errDualLength = "svm: vector length differs from the number of points"
	errQuadLength = "svm: vector length differs from the number of reduced variables"
	errEliminate  = "svm: eliminated index out of range"
)
