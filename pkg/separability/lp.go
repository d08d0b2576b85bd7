package separability

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
)

// DefaultTol is the relative tolerance of LP when Tol is 0.
const DefaultTol = 1e-9

// LP decides linear separability (Definition 2.2) by linear programming:
// the feasibility problem yᵢ(w·xᵢ + b) ≥ 1 for every i, and when it has no
// solution the Farkas certificate λ ≥ 0, Σλᵢ = 1, Σλᵢyᵢ = 0, Σλᵢyᵢxᵢ = 0
// (see the package documentation). Both linear programs are solved by the
// simplex method (with an anti-cycling rule and a pivot limit) on the data centred
// at their mean x̄ and divided by R = maxᵢ‖xᵢ − x̄‖, and every answer is
// checked on the data as given.
//
// The zero value uses DefaultTol.
type LP struct {
	// Tol is the relative distance below which two points of the convex
	// hulls count as one: a certificate is accepted when the points of the
	// two hulls that it gives lie within Tol·R of each other. 0 means
	// DefaultTol; it must be in [0, 1).
	Tol float64
}

// Result is the verdict of LP.Decide with the evidence for it.
type Result struct {
	// Separable reports whether a hyperplane separates the classes.
	Separable bool
	// W and B, when Separable, define a separating hyperplane with
	// minᵢ yᵢ(w·xᵢ + b) = 1 (up to rounding). On the scaled data it
	// maximises the smallest margin among the w with |wⱼ| ≤ 1, so it is
	// a separating hyperplane, not in general the one of maximum
	// (Euclidean) margin of §7.1.
	W []float64
	B float64
	// Margin is the geometric margin of (W, B), minᵢ yᵢ(w·xᵢ + b)/‖w‖ =
	// 1/‖w‖: a lower bound of the largest margin (+Inf when W = 0, for
	// data of one class).
	Margin float64
	// Lambda, when not Separable, is the certificate: λ ≥ 0 with Σλᵢ = 1,
	// each class weighing ½, so Σλᵢyᵢ = 0 and Σλᵢyᵢxᵢ = (Positive −
	// Negative)/2 ≈ 0.
	Lambda []float64
	// Positive and Negative are the points 2Σ_{yᵢ=+1} λᵢxᵢ and
	// 2Σ_{yᵢ=−1} λᵢxᵢ of the convex hulls of the two classes, and Distance
	// = ‖Positive − Negative‖ ≤ Tol·R: the hulls meet there.
	Positive, Negative []float64
	Distance           float64
}

// Decide reports whether the data x (n×d, one point per row) with labels y
// in {−1, +1} are linearly separable, with a separating hyperplane or a
// certificate as evidence. Data of one class are separable (w = 0, b = y₁).
//
// An invalid Tol gives a *classify.SettingError (which matches
// classify.ErrSetting), as in every solver; unusable data the error of
// dataset.Validate; ErrUndecided says that neither answer could be
// verified.
func (p LP) Decide(x mat.Matrix, y []float64) (*Result, error) {
	s, err := p.prepare(x, y)
	if err != nil {
		return nil, err
	}
	w, b, errP := s.hyperplane()
	if errP == nil {
		m := s.minMargin(w, b)
		return &Result{Separable: true, W: w, B: b, Margin: m / floats.Norm(w, 2)}, nil
	}
	lambda, errD := s.certificate()
	if errD == nil {
		r := &Result{Lambda: lambda}
		r.Positive, r.Negative = s.hullPoints(lambda)
		r.Distance = floats.Distance(r.Positive, r.Negative, 2)
		return r, nil
	}
	return nil, fmt.Errorf("%w: hyperplane: %v; certificate: %v", ErrUndecided, errP, errD)
}

// Hyperplane solves the feasibility problem yᵢ(w·xᵢ + b) ≥ 1 alone and
// returns a solution, checked on the data, scaled so that the smallest
// yᵢ(w·xᵢ + b) is 1. The error wraps ErrInfeasible when the simplex method
// finds none (the data are not separable), ErrUndecided when the solution
// it found does not pass the check, or the errors of Decide.
func (p LP) Hyperplane(x mat.Matrix, y []float64) (w []float64, b float64, err error) {
	s, err := p.prepare(x, y)
	if err != nil {
		return nil, 0, err
	}
	return s.hyperplane()
}

// Certificate solves the linear program of the certificate alone:
// λ ≥ 0, Σλᵢ = 1, Σλᵢyᵢ = 0, Σλᵢyᵢxᵢ = 0, the convex combinations that
// give a point common to the convex hulls of the two classes. The λ
// returned gives each class the weight ½ exactly, and the hull points
// 2Σ_{yᵢ=+1} λᵢxᵢ and 2Σ_{yᵢ=−1} λᵢxᵢ lie within Tol·R of each other. The
// error wraps ErrInfeasible when there is no such λ (the hulls do not meet:
// the data are separable), ErrUndecided when the λ found does not pass the
// check, or the errors of Decide.
func (p LP) Certificate(x mat.Matrix, y []float64) ([]float64, error) {
	s, err := p.prepare(x, y)
	if err != nil {
		return nil, err
	}
	return s.certificate()
}

// problem is a data set prepared for the two linear programs.
type problem struct {
	x    [][]float64 // the data as given
	y    []float64
	z    [][]float64 // (xᵢ − x̄)/R
	mean []float64
	r    float64 // R = maxᵢ‖xᵢ − x̄‖
	pos  int     // number of positive points
	tol  float64
}

func (p LP) prepare(x mat.Matrix, y []float64) (*problem, error) {
	tol := p.Tol
	if !(tol >= 0 && tol < 1) {
		return nil, &classify.SettingError{Solver: "separability.LP", Field: "Tol", Value: p.Tol, Want: "a number in [0, 1)"}
	}
	if tol == 0 {
		tol = DefaultTol
	}
	if err := dataset.Validate(x, y); err != nil {
		return nil, fmt.Errorf("separability: %w", err)
	}
	n, d := x.Dims()
	s := &problem{y: y, mean: make([]float64, d), tol: tol}
	for i := range n {
		s.x = append(s.x, mat.Row(nil, i, x))
		floats.Add(s.mean, s.x[i])
		if y[i] > 0 {
			s.pos++
		}
	}
	floats.Scale(1/float64(n), s.mean)
	for _, xi := range s.x {
		s.r = math.Max(s.r, floats.Distance(xi, s.mean, 2))
	}
	if math.IsInf(s.r, 0) || math.IsNaN(s.r) {
		return nil, fmt.Errorf("separability: %w: the spread of the data overflows", classify.ErrNotFinite)
	}
	for _, xi := range s.x {
		zi := make([]float64, d)
		if s.r > 0 {
			floats.SubTo(zi, xi, s.mean)
			floats.Scale(1/s.r, zi)
		}
		s.z = append(s.z, zi)
	}
	return s, nil
}

// features returns the columns of z that are not all (nearly) zero: a
// feature that is constant on the data carries nothing for separability
// (b absorbs it) and would only add empty columns to the programs.
func (s *problem) features() []int {
	var keep []int
	for j := range s.mean {
		for _, zi := range s.z {
			if math.Abs(zi[j]) > 1e-12 {
				keep = append(keep, j)
				break
			}
		}
	}
	return keep
}

// hyperplane solves (P) in the normalised form
//
//	maximise t  s.t.  yᵢ(w·zᵢ + b) ≥ t,  −1 ≤ wⱼ ≤ 1,  t ≥ 0,
//
// whose solution values stay of order 1 however small the gap between the
// classes (t* is half the ℓ₁ distance between the convex hulls of the
// scaled classes); (w, b)/t* then solves (P). In standard form w = p − 1
// with p + q = 2, b = b⁺ − b⁻ and surplus variables sᵢ:
// yᵢzᵢ·p + yᵢb⁺ − yᵢb⁻ − t − sᵢ = yᵢΣⱼzᵢⱼ, everything ≥ 0.
func (s *problem) hyperplane() ([]float64, float64, error) {
	n, d := len(s.z), len(s.mean)
	if s.pos == 0 || s.pos == n {
		return make([]float64, d), s.y[0], nil
	}
	keep := s.features()
	k := len(keep)
	// Columns: p (k), q (k), b⁺, b⁻, t, s (n).
	cols := 2*k + 3 + n
	it := 2*k + 2
	a := make([][]float64, 0, n+k)
	rhs := make([]float64, 0, n+k)
	for i, zi := range s.z {
		yi := s.y[i]
		row := make([]float64, cols)
		var sum float64
		for r, j := range keep {
			row[r] = yi * zi[j]
			sum += zi[j]
		}
		row[2*k], row[2*k+1], row[it] = yi, -yi, -1
		row[it+1+i] = -1
		a, rhs = append(a, row), append(rhs, yi*sum)
	}
	for r := range k {
		row := make([]float64, cols)
		row[r], row[k+r] = 1, 1
		a, rhs = append(a, row), append(rhs, 2)
	}
	c := make([]float64, cols)
	c[it] = -1
	u, err := simplex(a, rhs, c)
	if err != nil {
		return nil, 0, fmt.Errorf("%w: simplex: %v", ErrUndecided, err)
	}
	t := u[it]
	if t <= 1e-13 {
		return nil, 0, fmt.Errorf("%w: no hyperplane has yᵢ(w·xᵢ + b) ≥ 1 for every i", ErrInfeasible)
	}
	// Back to the data as given: w·z + b̃ = (w/R)·x − (w/R)·x̄ + b̃,
	// divided by t*.
	w := make([]float64, d)
	for r, j := range keep {
		w[j] = (u[r] - 1) / (t * s.r)
	}
	b := (u[2*k]-u[2*k+1])/t - floats.Dot(w, s.mean)
	m := s.minMargin(w, b)
	if !(m > 0) || math.IsInf(m, 0) {
		return nil, 0, fmt.Errorf("%w: the simplex solution has minᵢ yᵢ(w·xᵢ + b) = %g", ErrUndecided, m)
	}
	// Each yᵢ(w·xᵢ + b) must exceed its rounding error for the sign to be
	// certain.
	eps := 4 * float64(d+2) * 0x1p-52
	for i, xi := range s.x {
		var size float64
		for j, v := range xi {
			size += math.Abs(w[j] * v)
		}
		if s.y[i]*(floats.Dot(w, xi)+b) <= eps*(size+math.Abs(b)) {
			return nil, 0, fmt.Errorf("%w: point %d is within rounding of the hyperplane", ErrUndecided, i+1)
		}
	}
	floats.Scale(1/m, w)
	return w, b / m, nil
}

// minMargin returns minᵢ yᵢ(w·xᵢ + b) on the data as given.
func (s *problem) minMargin(w []float64, b float64) float64 {
	m := math.Inf(1)
	for i, xi := range s.x {
		m = math.Min(m, s.y[i]*(floats.Dot(w, xi)+b))
	}
	return m
}

// certificate solves λ ≥ 0, Σλᵢyᵢzᵢ = 0, Σλᵢyᵢ = 0, Σλᵢ = 1.
func (s *problem) certificate() ([]float64, error) {
	n := len(s.z)
	if s.pos == 0 || s.pos == n {
		return nil, fmt.Errorf("%w: one class only, no hull to meet", ErrInfeasible)
	}
	keep := s.features()
	m := len(keep) + 2
	a := make([][]float64, m)
	for r := range a {
		a[r] = make([]float64, n)
	}
	for i, zi := range s.z {
		for r, j := range keep {
			a[r][i] = s.y[i] * zi[j]
		}
		a[m-2][i] = s.y[i]
		a[m-1][i] = 1
	}
	rhs := make([]float64, m)
	rhs[m-1] = 1
	lambda, err := simplex(a, rhs, make([]float64, n))
	if errors.Is(err, ErrInfeasible) {
		return nil, fmt.Errorf("%w: the convex hulls of the classes do not meet", ErrInfeasible)
	}
	if err != nil {
		return nil, fmt.Errorf("%w: simplex: %v", ErrUndecided, err)
	}
	return s.check(lambda)
}

// check sets the entries of λ within rounding of zero to zero, rescales it so that each class
// weighs ½, and accepts it when the two hull points it gives are within
// tol·R of each other.
func (s *problem) check(lambda []float64) ([]float64, error) {
	big := floats.Max(lambda)
	if !(big > 0) || math.IsInf(big, 0) {
		return nil, fmt.Errorf("%w: certificate λ without a positive entry", ErrUndecided)
	}
	var sum [2]float64 // weights of the negative and the positive class
	for i, v := range lambda {
		if v < -1e-9*big {
			return nil, fmt.Errorf("%w: certificate has λ%d = %g < 0", ErrInfeasible, i+1, v)
		}
		if v <= 1e-12*big { // rounding around 0
			v = 0
		}
		lambda[i] = v
		sum[cls(s.y[i])] += lambda[i]
	}
	if sum[0] == 0 || sum[1] == 0 {
		return nil, fmt.Errorf("%w: certificate gives no weight to one class", ErrUndecided)
	}
	for i := range lambda {
		lambda[i] /= 2 * sum[cls(s.y[i])]
	}
	pos, neg := s.hullPoints(lambda)
	if d := floats.Distance(pos, neg, 2); d > s.tol*s.r {
		return nil, fmt.Errorf("%w: the hull points of the certificate are %g apart, more than %g·R", ErrUndecided, d, s.tol)
	}
	return lambda, nil
}

// hullPoints returns 2Σ_{yᵢ=+1} λᵢxᵢ and 2Σ_{yᵢ=−1} λᵢxᵢ for a λ in which
// each class weighs ½, computed from the centred data for accuracy.
func (s *problem) hullPoints(lambda []float64) (pos, neg []float64) {
	d := len(s.mean)
	pz, nz := make([]float64, d), make([]float64, d)
	for i, zi := range s.z {
		if s.y[i] > 0 {
			floats.AddScaled(pz, 2*lambda[i], zi)
		} else {
			floats.AddScaled(nz, 2*lambda[i], zi)
		}
	}
	pos, neg = make([]float64, d), make([]float64, d)
	floats.AddScaledTo(pos, s.mean, s.r, pz)
	floats.AddScaledTo(neg, s.mean, s.r, nz)
	return pos, neg
}

// cls is 1 for the positive class and 0 for the negative.
func cls(y float64) int {
	if y > 0 {
		return 1
	}
	return 0
}
