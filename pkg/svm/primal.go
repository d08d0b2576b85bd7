package svm

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// PrimalProblem is the primal problem of the linear support vector machine,
//
//	min_{w,b} ½‖w‖² + C Σᵢ [1 − yᵢ(w·xᵢ + b)]₊,
//
// the soft margin of Li Hang (7.32) with the slacks at their least value
// (Theorem 7.4), and for C = 0 the hard margin (7.13), min ½‖w‖² subject to
// yᵢ(w·xᵢ + b) ≥ 1. InteriorPoint solves it.
type PrimalProblem struct {
	// X is the data, n×d with one point per row, and Y the labels in
	// {−1, +1}.
	X mat.Matrix
	Y []float64
	// C weighs the hinge losses; 0 (or +Inf) means a hard margin.
	C float64
}

// Objective returns the objective at (w, b): ½‖w‖² + C Σᵢ [1 − yᵢ(w·xᵢ + b)]₊,
// or for a hard margin ½‖w‖² when every yᵢ(w·xᵢ + b) ≥ 1 − 1e-9 and +Inf
// otherwise. It panics if the shapes of X, Y and w do not match.
func (p PrimalProblem) Objective(w []float64, b float64) float64 {
	n, d := p.X.Dims()
	if len(p.Y) != n || len(w) != d {
		panic(errPrimalShape)
	}
	obj := floats.Dot(w, w) / 2
	if p.C == 0 || math.IsInf(p.C, 1) {
		if p.minMargin(w, b) < 1-1e-9 {
			return math.Inf(1)
		}
		return obj
	}
	return obj + p.C*p.hingeSum(w, b)
}

// hingeSum returns Σᵢ [1 − yᵢ(w·xᵢ + b)]₊.
func (p PrimalProblem) hingeSum(w []float64, b float64) float64 {
	var sum float64
	for i, r := range kernel.Rows(p.X) {
		sum += math.Max(0, 1-p.Y[i]*(floats.Dot(w, r)+b))
	}
	return sum
}

// minMargin returns minᵢ yᵢ(w·xᵢ + b).
func (p PrimalProblem) minMargin(w []float64, b float64) float64 {
	m := math.Inf(1)
	for i, r := range kernel.Rows(p.X) {
		m = math.Min(m, p.Y[i]*(floats.Dot(w, r)+b))
	}
	return m
}

const errPrimalShape = "svm: PrimalProblem: shapes of X, Y and w do not match"
