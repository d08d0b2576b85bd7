package dataset

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// DefaultSeed seeds the generators when they are given a nil rand.Source:
// they then draw from rand.NewPCG(DefaultSeed, DefaultSeed), so a nil source
// gives the same data on every call.
const DefaultSeed = 1

func newRand(src rand.Source) *rand.Rand {
	if src == nil {
		src = rand.NewPCG(DefaultSeed, DefaultSeed)
	}
	return rand.New(src)
}

// balancedLabels returns n labels, ⌈n/2⌉ of them +1 and ⌊n/2⌋ −1, in random
// order.
func balancedLabels(rng *rand.Rand, n int) []float64 {
	y := make([]float64, n)
	for i := range y {
		y[i] = 1
		if i >= (n+1)/2 {
			y[i] = -1
		}
	}
	rng.Shuffle(n, func(i, j int) { y[i], y[j] = y[j], y[i] })
	return y
}

// unitVector returns a direction drawn uniformly from the unit sphere in R^d.
func unitVector(rng *rand.Rand, d int) []float64 {
	for {
		u := make([]float64, d)
		for j := range u {
			u[j] = rng.NormFloat64()
		}
		if nrm := floats.Norm(u, 2); nrm > 1e-8 {
			floats.Scale(1/nrm, u)
			return u
		}
	}
}

// Separable returns n linearly separable examples in R^d, ⌈n/2⌉ positive,
// with the unit vector ŵ_opt = (w, b) ∈ R^{d+1} that separates them, for the
// Novikoff bound (Li Hang, Theorem 2.1; CS229's mistake bound):
//
//	‖x̂ᵢ‖ ≤ radius for the augmented vectors x̂ᵢ = (xᵢ, 1),
//	yᵢ(ŵ_opt·x̂ᵢ) = yᵢ(w·xᵢ + b) ≥ gamma, with equality for the first
//	example of each class,
//
// both up to rounding (relative 1e-12). So gamma is the margin of ŵ_opt on
// the data, and the perceptron makes at most (radius/gamma)² mistakes on it;
// the best margin of the data may be larger. Margins are drawn uniformly
// between gamma and their largest feasible value, and the part of xᵢ
// orthogonal to w uniformly in the ball that keeps ‖x̂ᵢ‖ ≤ radius.
//
// It panics unless n ≥ 2, d ≥ 1, radius > 1 and 0 < gamma < √(radius²−1)
// (the largest margin possible with ‖x̂‖ ≤ radius). A nil src means
// rand.NewPCG(DefaultSeed, DefaultSeed).
func Separable(src rand.Source, n, d int, gamma, radius float64) (*Set, []float64) {
	if n < 2 || d < 1 {
		panic(errGenSize)
	}
	r := math.Sqrt(radius*radius - 1) // bound on ‖x‖
	if !(radius > 1) || !(gamma > 0) || !(gamma < r) {
		panic(errGenMargin)
	}
	rng := newRand(src)
	e := unitVector(rng, d)
	// |b| ≤ β keeps r·√(1−b²) − |b| ≥ γ + (r−γ)/2, so both classes have room.
	beta := (r - gamma) / (2 * (1 + r))
	b := beta * (2*rng.Float64() - 1)
	nw := math.Sqrt(1 - b*b) // ‖w‖
	y := balancedLabels(rng, n)
	x := mat.NewDense(n, d, nil)
	var seen [2]bool // seen[0]: a negative example so far, seen[1]: a positive one
	perp := make([]float64, d)
	for i := range n {
		// The margin m of example i; w·x + b = y·m fixes the coordinate t
		// of x along e, and |t| ≤ r.
		cls := 0
		if y[i] > 0 {
			cls = 1
		}
		m := gamma
		if seen[cls] {
			m += (r*nw + y[i]*b - gamma) * rng.Float64()
		}
		seen[cls] = true
		t := (y[i]*m - b) / nw
		row := x.RawRowView(i)
		floats.AddScaled(row, t, e)
		if d == 1 {
			continue
		}
		// A direction orthogonal to e and a radius uniform in the
		// (d−1)-ball of radius √(r²−t²).
		for {
			for j := range perp {
				perp[j] = rng.NormFloat64()
			}
			floats.AddScaled(perp, -floats.Dot(perp, e), e)
			if nrm := floats.Norm(perp, 2); nrm > 1e-8 {
				rho := math.Sqrt(max(0, r*r-t*t)) * math.Pow(rng.Float64(), 1/float64(d-1))
				floats.AddScaled(row, rho/nrm, perp)
				break
			}
		}
	}
	w := make([]float64, d+1)
	floats.ScaleTo(w[:d], nw, e)
	w[d] = b
	return &Set{X: x, Y: y}, w
}

// gaussianClasses fills an n×d matrix with rows drawn from N(yᵢ·c, I):
// two unit-variance Gaussian clouds centred at ±c, classes balanced.
func gaussianClasses(rng *rand.Rand, n int, c []float64) *Set {
	d := len(c)
	y := balancedLabels(rng, n)
	data := make([]float64, n*d)
	for i := range n {
		row := data[i*d : (i+1)*d]
		for j := range row {
			row[j] = rng.NormFloat64() + y[i]*c[j]
		}
	}
	return &Set{X: mat.NewDense(n, d, data), Y: y}
}

// Noisy returns n examples in R^d that are, in general, not linearly
// separable: two unit-variance Gaussian clouds centred at ±u for a random
// unit vector u (centres 2 apart, so the clouds overlap), balanced, after
// which each label is flipped with probability flip. Because the clouds
// overlap, a set with n well above d is almost surely not separable, even
// with flip = 0; this is not guaranteed, and n ≤ d+1 points in general
// position are always separable, whatever their labels.
//
// It panics unless n ≥ 2, d ≥ 1 and 0 ≤ flip ≤ 1. A nil src means
// rand.NewPCG(DefaultSeed, DefaultSeed).
func Noisy(src rand.Source, n, d int, flip float64) *Set {
	if n < 2 || d < 1 {
		panic(errGenSize)
	}
	if !(flip >= 0 && flip <= 1) {
		panic(errGenFlip)
	}
	rng := newRand(src)
	s := gaussianClasses(rng, n, unitVector(rng, d))
	for i := range s.Y {
		if rng.Float64() < flip {
			s.Y[i] = -s.Y[i]
		}
	}
	return s
}

// Gaussian returns n examples in R^d from two unit-variance Gaussian clouds
// whose centres ±(sep/2)·(1, …, 1)/√d are sep apart, classes balanced and
// in random order; the classes overlap less as sep grows (the best linear
// rule errs with probability Φ(−sep/2)). It is meant for benchmarks: one
// allocation for the data, about 10 ns per value.
//
// It panics unless n ≥ 2, d ≥ 1 and sep ≥ 0. A nil src means
// rand.NewPCG(DefaultSeed, DefaultSeed).
func Gaussian(src rand.Source, n, d int, sep float64) *Set {
	if n < 2 || d < 1 {
		panic(errGenSize)
	}
	if !(sep >= 0) {
		panic(errGenNoise)
	}
	c := make([]float64, d)
	for j := range c {
		c[j] = sep / 2 / math.Sqrt(float64(d))
	}
	return gaussianClasses(newRand(src), n, c)
}

// Blobs returns n examples in the plane from two unit-variance Gaussian
// clouds centred at (±sep/2, 0), positive on the right: the soft-margin
// picture, whose overlap shrinks as sep grows (for sep ≳ 6 the set is
// usually separable). It panics unless n ≥ 2 and sep ≥ 0. A nil src means
// rand.NewPCG(DefaultSeed, DefaultSeed).
func Blobs(src rand.Source, n int, sep float64) *Set {
	if n < 2 {
		panic(errGenSize)
	}
	if !(sep >= 0) {
		panic(errGenNoise)
	}
	return gaussianClasses(newRand(src), n, []float64{sep / 2, 0})
}

// XOR returns n examples in the plane around the four corners (±1, ±1), a
// quarter at each, with Gaussian noise of standard deviation noise in each
// coordinate: +1 around (1, 1) and (−1, −1), −1 around (1, −1) and (−1, 1).
// No line separates the classes; a degree-2 polynomial or an RBF kernel
// does. It panics unless n ≥ 2 and noise ≥ 0. A nil src means
// rand.NewPCG(DefaultSeed, DefaultSeed).
func XOR(src rand.Source, n int, noise float64) *Set {
	if n < 2 {
		panic(errGenSize)
	}
	if !(noise >= 0) {
		panic(errGenNoise)
	}
	rng := newRand(src)
	corner := rng.Perm(n) // corner[i] mod 4 picks the corner of example i
	x := mat.NewDense(n, 2, nil)
	y := make([]float64, n)
	for i := range n {
		c1, c2 := 1.0, 1.0
		if corner[i]&1 != 0 {
			c1 = -1
		}
		if corner[i]&2 != 0 {
			c2 = -1
		}
		y[i] = c1 * c2
		x.Set(i, 0, c1+noise*rng.NormFloat64())
		x.Set(i, 1, c2+noise*rng.NormFloat64())
	}
	return &Set{X: x, Y: y}
}

// Rings returns n examples in the plane on two concentric circles, the
// positive class (⌈n/2⌉ examples) at radius inner and the negative at
// radius outer, at uniformly random angles, the radius perturbed by Gaussian
// noise of standard deviation noise. An RBF kernel separates them, a line
// does not. It panics unless n ≥ 2, 0 ≤ inner < outer and noise ≥ 0. A nil
// src means rand.NewPCG(DefaultSeed, DefaultSeed).
func Rings(src rand.Source, n int, inner, outer, noise float64) *Set {
	if n < 2 {
		panic(errGenSize)
	}
	if !(inner >= 0 && inner < outer) {
		panic(errGenRadii)
	}
	if !(noise >= 0) {
		panic(errGenNoise)
	}
	rng := newRand(src)
	y := balancedLabels(rng, n)
	x := mat.NewDense(n, 2, nil)
	for i := range n {
		rad := outer
		if y[i] > 0 {
			rad = inner
		}
		rad += noise * rng.NormFloat64()
		sin, cos := math.Sincos(2 * math.Pi * rng.Float64())
		x.Set(i, 0, rad*cos)
		x.Set(i, 1, rad*sin)
	}
	return &Set{X: x, Y: y}
}
