// The kernel columns of SMO: the data in the solver's order and the
// kernel values computed from it (see columns).

package svm

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/dots"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// Kernel kinds that columns evaluates without the interface.
const (
	kindOther = iota
	kindLinear
	kindPoly
	kindRBF
)

// columns evaluates kernel columns over the data in the solver's order,
// row-major, so that a column segment is one matrix–vector product
// (dots.Gemv: with AVX2 and FMA four rows at a time) followed by the
// kernel's transform (for RBF from ‖x‖² + ‖z‖² − 2x·z, clamped at 0, exactly
// 1 on the diagonal, and into a float32 cache through dots.Gauss32, four
// exponentials at a time). Long columns (length·d ≥ parallelWork) are split
// between two goroutines when GOMAXPROCS > 1. The data are read in place
// from a dense matrix with contiguous rows until the first swap (many
// solves end before they shrink), copied otherwise.
type columns struct {
	kind  int
	k     kernel.Kernel
	src   mat.Matrix        // the data, in its own order
	gamma float64           // of the RBF kernel
	poly  kernel.Polynomial // the polynomial kernel
	n, d  int
	x     []float64 // n×d, row p is the point of variable p
	// own is the memory of the copy of x; until the first swap x may be
	// the caller's data instead (shared).
	own    []float64
	shared bool
	sq     []float64 // ‖xₚ‖²
	diag   []float64 // K(xₚ, xₚ)
	buf    []float64 // scratch for the products xᵢ·xₖ
	evals  int       // kernel evaluations: columns, reconstruct, exactV
	// parallelWork: columns of at least this many multiply-adds
	// (length·d) are computed in two goroutines; 0 means never.
	parallelWork int
	// mem holds x, sq, diag and buf, from floatsPool (see release).
	mem *[]float64

	// The scales of the problem: r is the radius R of the hard-margin
	// test, the largest distance of a point from the mean for the linear
	// kernel (a margin does not change when the data move) and the largest
	// √K(x, x) otherwise, set for a hard margin only (see setRadius);
	// maxDiag the largest K(x, x); bound a bound on |K(x, z)|.
	r, maxDiag, bound float64
}

// parallelWork is the number of multiply-adds (length·d) from which SMO
// computes a column in two halves concurrently. Handing half a column to a
// second goroutine costs CPU time (waking it, and the scheduler spinning
// while one half waits for the other): at n·d = 5·10⁵ (BenchmarkSMOVariants,
// n = 5000, d = 100) the split columns took a third to a half more CPU time
// than serial ones, for no gain in wall time on a busy machine. From 2²⁰
// multiply-adds, about a millisecond of work, the cost is a few percent.
const parallelWork = 1 << 20

func newColumns(k kernel.Kernel, x mat.Matrix, parallelWork int) *columns {
	n, d := x.Dims()
	mem := floatsPool.Get()
	buf, _ := mem.(*[]float64)
	if buf == nil || cap(*buf) < n*(d+3) {
		b := make([]float64, n*(d+3))
		buf = &b
	}
	all := (*buf)[:n*(d+3)] // not zeroed: every element is written before it is read
	c := &columns{kind: kindOther, k: k, src: x, n: n, d: d, x: all[: n*d : n*d], own: all[: n*d : n*d],
		sq: all[n*d : n*d+n : n*d+n], diag: all[n*d+n : n*d+2*n : n*d+2*n], buf: all[n*d+2*n:],
		parallelWork: parallelWork, mem: buf}
	if raw, ok := x.(mat.RawMatrixer); ok && raw.RawMatrix().Stride == d {
		c.x, c.shared = raw.RawMatrix().Data[:n*d:n*d], true
	} else {
		for i := range n {
			mat.Row(c.x[i*d:(i+1)*d], i, x)
		}
	}
	switch k := k.(type) {
	case kernel.Linear:
		c.kind = kindLinear
	case kernel.Polynomial:
		c.kind, c.poly = kindPoly, k
	case kernel.RBF:
		c.kind, c.gamma = kindRBF, k.Gamma
	}
	var maxSq float64
	for i := range n {
		r := c.row(i)
		c.sq[i] = floats.Dot(r, r)
		maxSq = math.Max(maxSq, c.sq[i])
	}
	if c.kind == kindRBF && math.IsInf(maxSq, 1) {
		// ‖x‖² overflows: evaluate the kernel from the differences.
		c.kind = kindOther
	}
	for i := range n {
		c.diag[i] = c.eval(i, i)
	}
	c.maxDiag = floats.Max(c.diag)
	c.bound = c.maxDiag // |K(x, z)| ≤ √(K(x, x)K(z, z)) for a kernel
	if c.kind == kindPoly {
		c.bound = math.Pow(c.poly.Gamma*maxSq+math.Abs(c.poly.Coef0), float64(c.poly.Degree))
	}
	return c
}

// setRadius sets r, which only the hard-margin test reads.
func (c *columns) setRadius() {
	c.r = 0
	if c.kind == kindLinear {
		mean := make([]float64, c.d)
		for i := range c.n {
			floats.AddScaled(mean, 1/float64(c.n), c.row(i))
		}
		for i := range c.n {
			c.r = math.Max(c.r, floats.Distance(c.row(i), mean, 2))
		}
	} else {
		c.r = math.Sqrt(c.maxDiag)
	}
	if !(c.r > 0) {
		c.r = 1
	}
}

// floatsPool holds the memory of the columns of finished solves, for the
// next ones (as colCache's pools hold the cached columns).
var floatsPool sync.Pool

// release hands the columns' memory to floatsPool; c must not be used
// afterwards.
func (c *columns) release() {
	if c.mem != nil {
		floatsPool.Put(c.mem)
		c.mem, c.x, c.own, c.sq, c.diag, c.buf = nil, nil, nil, nil, nil, nil
	}
}

func (c *columns) row(p int) []float64 { return c.x[p*c.d : (p+1)*c.d : (p+1)*c.d] }

// eval returns K(xₚ, x_q).
func (c *columns) eval(p, q int) float64 {
	xp, xq := c.row(p), c.row(q)
	switch c.kind {
	case kindLinear:
		return floats.Dot(xp, xq)
	case kindRBF:
		if p == q {
			return 1
		}
		return math.Exp(-c.gamma * math.Max(0, c.sq[p]+c.sq[q]-2*floats.Dot(xp, xq)))
	case kindPoly:
		return c.poly.FromDot(floats.Dot(xp, xq))
	}
	return c.k.Eval(xp, xq)
}

func (c *columns) swap(p, q int) {
	if c.shared {
		copy(c.own, c.x)
		c.x, c.shared = c.own, false
	}
	xp, xq := c.row(p), c.row(q)
	for k, v := range xp {
		xp[k], xq[k] = xq[k], v
	}
	c.sq[p], c.sq[q] = c.sq[q], c.sq[p]
	c.diag[p], c.diag[q] = c.diag[q], c.diag[p]
}

// fillColumn stores K(xᵢ, xₖ) in col[k] for from ≤ k < to, in two
// goroutines when the work is large.
func fillColumn[E float32 | float64](c *columns, col []E, i, from, to int) {
	c.evals += to - from
	if c.parallelWork > 0 && (to-from)*c.d >= c.parallelWork {
		mid := from + (to-from)/2
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			fillRange(c, col, i, mid, to)
			wg.Done()
		}()
		fillRange(c, col, i, from, mid)
		wg.Wait()
		return
	}
	fillRange(c, col, i, from, to)
}

func fillRange[E float32 | float64](c *columns, col []E, i, from, to int) {
	col = col[from:to]
	xi := c.row(i)
	if c.kind == kindOther {
		for k := range col {
			col[k] = E(c.k.Eval(xi, c.row(from+k)))
		}
		return
	}
	dot := c.buf[from:to]
	dots.Gemv(c.x[from*c.d:to*c.d], c.d, xi, dot)
	dot = dot[:len(col)]
	switch c.kind {
	case kindLinear:
		for k, v := range dot {
			col[k] = E(v)
		}
	case kindRBF:
		sqi, g := c.sq[i], -c.gamma
		if single, ok := any(col).([]float32); ok {
			// The value is rounded to float32: an exponential to a
			// quarter of its rounding is enough (dots.Gauss32), and
			// several times faster than math.Exp.
			dots.Gauss32(single, dot, c.sq[from:to], sqi, g)
		} else {
			sq := c.sq[from:to]
			sq = sq[:len(col)]
			for k, v := range dot {
				col[k] = E(math.Exp(g * max(0, sqi+sq[k]-2*v)))
			}
		}
		if from <= i && i < to {
			col[i-from] = 1 // K(x, x) = e⁰, whatever the rounding of the sum
		}
	case kindPoly:
		for k, v := range dot {
			col[k] = E(c.poly.FromDot(v))
		}
	}
}
