package svm

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// ErrSingular is returned by Quadratic.Stationary when the quadratic has no
// unique stationary point (its Hessian is singular).
var ErrSingular = errors.New("svm: quadratic has a singular Hessian, no unique stationary point")

// Dual is the dual problem of the support vector machine as a value:
//
//	min_α  f(α) = ½ αᵀQα − Σᵢ αᵢ,   Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ),
//	s.t.   Σᵢ αᵢyᵢ = 0,  0 ≤ αᵢ ≤ C.
//
// It is what Example 7.2 writes out by hand: Terms gives the coefficients of
// the double sum, Eliminate substitutes one αₖ through Σαᵢyᵢ = 0.
type Dual struct {
	// Q is the n×n matrix Qᵢⱼ = yᵢyⱼK(xᵢ, xⱼ).
	Q *mat.SymDense
	// Y are the labels, in {−1, +1}.
	Y []float64
	// C is the box bound, math.Inf(1) for a hard margin.
	C float64
}

// NewDual builds the dual problem of the data (x, y) with kernel k (nil means
// kernel.Linear{}) and box bound c; c = 0 asks for a hard margin and is
// stored as C = +∞. The error wraps ErrC when c is negative or NaN, the
// error of dataset.Validate for bad data, or the error of kernel.Validate.
func NewDual(x mat.Matrix, y []float64, k kernel.Kernel, c float64) (*Dual, error) {
	k, c, err := checkProblem("dual", x, y, k, c)
	if err != nil {
		return nil, err
	}
	return newDual(x, y, k, c), nil
}

// newDual builds the dual of checked input; c is already +∞ for a hard margin.
func newDual(x mat.Matrix, y []float64, k kernel.Kernel, c float64) *Dual {
	q := kernel.Gram(k, x)
	n := len(y)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			q.SetSym(i, j, y[i]*y[j]*q.At(i, j))
		}
	}
	return &Dual{Q: q, Y: append([]float64(nil), y...), C: c}
}

// checkProblem validates the input shared by the solvers of this package and
// returns the kernel (Linear for nil) and C (+∞ for a hard margin). The
// solver's name prefixes the error.
func checkProblem(solver string, x mat.Matrix, y []float64, k kernel.Kernel, c float64) (kernel.Kernel, float64, error) {
	if math.IsNaN(c) || c < 0 {
		return nil, 0, fmt.Errorf("svm: %s: C = %v: %w", solver, c, ErrC)
	}
	if c == 0 {
		c = math.Inf(1)
	}
	if k == nil {
		k = kernel.Linear{}
	}
	if err := kernel.Validate(k); err != nil {
		return nil, 0, fmt.Errorf("svm: %s: %w", solver, err)
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, 0, fmt.Errorf("svm: %s: %w", solver, err)
	}
	if pos, neg := dataset.Counts(y); pos == 0 || neg == 0 {
		return nil, 0, fmt.Errorf("svm: %s: %d positive and %d negative labels: %w", solver, pos, neg, dataset.ErrOneClass)
	}
	return k, c, nil
}

// String writes f out as Example 7.2 does, with 1-based indices and
// coefficients printed with %.4g:
// "½(18α1² + 25α2² + 2α3² + 42α1α2 − 12α1α3 − 14α2α3) − α1 − α2 − α3".
func (d *Dual) String() string {
	var sb strings.Builder
	sb.WriteString("½(")
	writePoly(&sb, d.Terms(), true)
	sb.WriteString(")")
	for i := range d.Y {
		fmt.Fprintf(&sb, " − α%d", i+1)
	}
	return sb.String()
}

// Len returns the number of variables n.
func (d *Dual) Len() int { return len(d.Y) }

// Objective returns f(α) = ½ αᵀQα − Σᵢ αᵢ. It panics if len(alpha) != n.
func (d *Dual) Objective(alpha []float64) float64 {
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
func (d *Dual) Gradient(dst, alpha []float64) []float64 {
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
func (d *Dual) Bias(alpha []float64, j int) float64 {
	d.checkLen(alpha)
	var qa float64
	for i, a := range alpha {
		qa += d.Q.At(j, i) * a
	}
	return -d.Y[j] * (qa - 1)
}

// Result returns the Result that α determines: B and its interval, the
// support sets, both objectives, the gap and the KKT violation. W,
// Iterations and Status are left zero. It panics if len(alpha) != n.
func (d *Dual) Result(alpha []float64) *Result {
	d.checkLen(alpha)
	r := &Result{}
	r.fill(append([]float64(nil), alpha...), d.Gradient(nil, alpha), d.Y, d.C)
	return r
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
func (d *Dual) Terms() []Term {
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
func (d *Dual) Eliminate(k int) *Quadratic {
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
// Dual.Eliminate). Variable z_r is α_{Vars[r]}; α_Elim is a linear function of
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
		return nil, fmt.Errorf("%w: %v", ErrSingular, err)
	}
	return z.RawVector().Data, nil
}

// Terms returns the quadratic part ½zᵀAz written as a polynomial in α: ½Aᵣᵣ
// for α²_{Vars[r]}, Aᵣₛ for the products, ordered as Dual.Terms. The linear
// coefficients are B. For s(α1, α2) of Example 7.2: 4, 13/2 and 10.
func (q *Quadratic) Terms() []Term {
	return polyTerms(q.A, q.Vars, 0.5)
}

// String writes q out as Example 7.2 writes s(α1, α2), with 1-based
// indices and coefficients printed with %.4g:
// "4α1² + 6.5α2² + 10α1α2 − 2α1 − 2α2".
func (q *Quadratic) String() string {
	var sb strings.Builder
	first := writePoly(&sb, q.Terms(), true)
	lin := make([]Term, len(q.B))
	for r, i := range q.Vars {
		lin[r] = Term{I: i, J: -1, Coef: q.B[r]}
	}
	if writePoly(&sb, lin, first) {
		sb.WriteString("0")
	}
	return sb.String()
}

// writePoly appends the terms with a non-zero coefficient to sb, joined
// by " + " and " − ", and reports whether nothing has been written yet
// (first is that state on entry). J = −1 marks a linear term.
func writePoly(sb *strings.Builder, terms []Term, first bool) bool {
	for _, t := range terms {
		c := t.Coef
		if c == 0 {
			continue
		}
		switch {
		case first && c < 0:
			sb.WriteString("−")
		case !first && c < 0:
			sb.WriteString(" − ")
		case !first:
			sb.WriteString(" + ")
		}
		first = false
		c = math.Abs(c)
		if c != 1 {
			fmt.Fprintf(sb, "%.4g", c)
		}
		switch {
		case t.J < 0:
			fmt.Fprintf(sb, "α%d", t.I+1)
		case t.I == t.J:
			fmt.Fprintf(sb, "α%d²", t.I+1)
		default:
			fmt.Fprintf(sb, "α%dα%d", t.I+1, t.J+1)
		}
	}
	return first
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

func (d *Dual) checkLen(v []float64) {
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
