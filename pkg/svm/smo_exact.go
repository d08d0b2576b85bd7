// The float64 recomputation of the reported numbers: from α, SMO computes
// every number of the Result again in float64 (see SMO and exactResult).

package svm

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"

	"github.com/marginnotes/marginnotes/internal/dots"
)

// numbers returns the numbers of the Result of the current α from the
// solver's own gradient, without the Model, all variables active.
func (s *solver[E]) numbers() *Result {
	s.reconstruct()
	alpha := s.dataAlpha()
	grad := make([]float64, s.n)
	for p, i := range s.perm {
		grad[i] = -s.y[p] * s.v(p)
	}
	return newResultNumbers(s.labels, s.c, alpha, grad)
}

// dataAlpha returns α in the data's order.
func (s *solver[E]) dataAlpha() []float64 {
	alpha := make([]float64, s.n)
	for p, i := range s.perm {
		alpha[i] = s.alpha[p]
	}
	return alpha
}

// exactResult returns the Result of the current α with the gradient
// computed from α in float64 (see exactV), all variables active, and the
// largest difference between the solver's vₖ and the exact one.
func (s *solver[E]) exactResult(status Status) (*Result, float64) {
	s.reconstruct()
	alpha := s.dataAlpha()
	v, disc := s.exactV(alpha)
	grad := make([]float64, s.n)
	for p, i := range s.perm {
		grad[i] = -s.y[p] * v[p]
	}
	r := newResult(s.cols.src, s.labels, s.cols.k, s.c, alpha, grad)
	r.Iterations, r.Status = s.iter, status
	r.KernelEvaluations = s.cols.evals + s.n // the columns, exactV's sums and the diagonal
	return r, disc
}

// exactV returns vₖ = yₖ − Σₗαₗyₗ K(xₗ, xₖ) in the solver's order, summed in
// float64 from kernel values computed in float64 wherever it determines the
// Result, and the solver's own vₖ elsewhere; and the largest difference
// between the two where both are known. alpha is α in the data's order.
// All variables must be active.
//
// For the linear kernel it computes w = Σₗαₗyₗxₗ and every vₖ = yₖ − w·xₖ,
// in O(nd). For the RBF and polynomial kernels it computes vₖ at the support
// vectors, from the kernel values of the pairs of support vectors (each
// pair once, without storing them), and at the other points only where the
// solver's value, within β of the exact one (see below), could bear on the
// Result: a point with αₖ = 0 enters the KKT violation, the interval of b
// and the primal objective only through the largest vₖ of such points with
// yₖ = +1 and the least with yₖ = −1, and through its slack when vₖ > b
// (yₖ = +1) or vₖ < b (yₖ = −1). For other kernels, which need not satisfy
// |K(x, z)| ≤ √(K(x, x)K(z, z)), it computes every vₖ.
func (s *solver[E]) exactV(alpha []float64) (v []float64, disc float64) {
	n, c := s.n, s.cols
	v = make([]float64, n)
	approx := make([]float64, n)
	for p := range approx {
		approx[p] = s.v(p)
	}
	var sv []int
	for p, a := range s.alpha {
		if a > 0 {
			sv = append(sv, p)
		}
	}
	coef := make([]float64, len(sv))
	for j, p := range sv {
		coef[j] = s.alpha[p] * s.y[p]
	}
	exact := func(p int, val float64) {
		v[p] = val
		disc = max(disc, math.Abs(val-approx[p]))
	}
	switch c.kind {
	case kindLinear:
		w := make([]float64, c.d)
		for j, p := range sv {
			floats.AddScaled(w, coef[j], c.row(p))
		}
		for p := range v {
			exact(p, s.y[p]-floats.Dot(w, c.row(p)))
		}
		return v, disc
	case kindOther:
		c.evals += len(v) * len(sv)
		for p := range v {
			var f float64
			for j, l := range sv {
				f += coef[j] * c.k.Eval(c.row(l), c.row(p))
			}
			exact(p, s.y[p]-f)
		}
		return v, disc
	}
	copy(v, approx)
	for j, f := range c.symSums(sv, coef) {
		exact(sv[j], s.y[sv[j]]-f)
	}
	if band := s.band(alpha, v); len(band) > 0 {
		for j, f := range c.rowSums(band, sv, coef) {
			exact(band[j], s.y[band[j]]-f)
		}
	}
	return v, disc
}

// band returns the points with αₖ = 0 whose exact vₖ may bear on the
// Result, given v, exact at the support vectors and the solver's own
// elsewhere (see exactV). The solver's vₖ is within
//
//	βₖ = √K(xₖ, xₖ)·((u + 4nε)·Σₗαₗ√K(xₗ, xₗ) + 8ε·√max K(x, x)·Σ|t|)
//	     + 4ε·(iterations + n)·(1 + max|v|)
//
// of the exact one: the rounding of the kernel values (u = 2⁻²³ for a
// float32 cache, which covers the error of its exponential (see dots.Gauss32), 0 for float64), bounded
// by |K(xₗ, xₖ)| ≤ √(K(xₗ, xₗ)K(xₖ, xₖ)), and the rounding of the sums and
// of the updates of v by the steps t. A point with yₖ = +1 cannot bear on
// the Result when vₖ + βₖ is below both b − δ (δ the largest β, which bounds
// how far b can move) and the largest vⱼ − βⱼ of such points (which only
// the largest can reach); likewise for yₖ = −1 with the signs reversed.
func (s *solver[E]) band(alpha, v []float64) []int {
	n, c := s.n, s.cols
	grad := make([]float64, n)
	var a1, maxV float64
	for p, i := range s.perm {
		grad[i] = -s.y[p] * v[p]
		a1 += s.alpha[p] * math.Sqrt(c.diag[p])
		maxV = max(maxV, math.Abs(v[p]))
	}
	b := newResultNumbers(s.labels, s.c, alpha, grad).B
	var u float64
	if s.single() {
		u = 0x1p-23
	}
	per := (u+4*float64(n)*epsilon)*a1 + 8*epsilon*math.Sqrt(c.maxDiag)*s.moved
	base := 4 * epsilon * float64(s.iter+n) * (1 + maxV)
	beta := make([]float64, n)
	delta, topPos, lowNeg := 0.0, math.Inf(-1), math.Inf(1)
	for p, a := range s.alpha {
		if a > 0 {
			continue
		}
		beta[p] = math.Sqrt(c.diag[p])*per + base
		delta = max(delta, beta[p])
		if s.y[p] > 0 {
			topPos = max(topPos, v[p]-beta[p])
		} else {
			lowNeg = min(lowNeg, v[p]+beta[p])
		}
	}
	pos, neg := min(b-delta, topPos), max(b+delta, lowNeg)
	var band []int
	for p, a := range s.alpha {
		if a == 0 && ((s.y[p] > 0 && v[p]+beta[p] >= pos) || (s.y[p] < 0 && v[p]-beta[p] <= neg)) {
			band = append(band, p)
		}
	}
	return band
}

// expTo stores eˣ for each x of src in dst, to a relative error below
// 10⁻¹⁵ (by math.Exp for x < −700, x > 700 and NaN). It writes eˣ =
// 2ᵐ·2^{j/64}·eʳ with 64m + j = round(64x/ln 2), 2^{j/64} from a table, r
// reduced with ln 2 in two parts so that it is exact, |r| ≤ ln 2/128, and eʳ
// by its Taylor polynomial of degree 5, whose remainder is below
// r⁶/6!·e^{|r|} < 10⁻¹⁶. A loop over a slice rather than a function of one
// x, which Go would not inline, it takes less than half the time of
// math.Exp in symSums.
func expTo(dst, src []float64) {
	const (
		round = 0x1.8p52
		ln2Hi = 0x1.62e42fee00000p-1 / 64 // k·ln2Hi is exact for |k| < 2²¹
		ln2Lo = 0x1.a39ef35793c76p-33 / 64
	)
	dst = dst[:len(src)]
	for i, x := range src {
		if !(x >= -700 && x <= 700) {
			dst[i] = math.Exp(x)
			continue
		}
		kf := (x*(64*math.Log2E) + round) - round
		r := (x - kf*ln2Hi) - kf*ln2Lo
		k := int64(kf)
		r2 := r * r
		p := (1 + r) + r2*((1.0/2+r*(1.0/6))+r2*(1.0/24+r*(1.0/120)))
		dst[i] = p * exp2Table[k&63] * math.Float64frombits(uint64((k>>6)+1023)<<52)
	}
}

// exp2Table holds 2^{j/64} for j = 0, …, 63, for expTo.
var exp2Table = func() (t [64]float64) {
	for j := range t {
		t[j] = math.Exp2(float64(j) / 64)
	}
	return t
}()

// symSums returns Σⱼ coef[j]·K(x_idx[i], x_idx[j]) for every i, the
// points idx of c, summed in float64 from kernel values computed in float64
// (see tile), each pair i < j once, without storing the kernel values: a
// tile of tileRows×tileCols pairs at a time. The rows of tiles alternate
// between two goroutines when the work is large (see parallelWork).
func (c *columns) symSums(idx []int, coef []float64) []float64 {
	m := len(idx)
	sums := make([]float64, m)
	for i, p := range idx {
		sums[i] = coef[i] * c.diag[p]
	}
	if c.parallelWork == 0 || m*m/2*c.d < 2*c.parallelWork {
		c.evals += c.symRows(sums, idx, coef, 0, 1)
		return sums
	}
	other := make([]float64, m)
	var wg sync.WaitGroup
	var otherEvals int
	wg.Add(1)
	go func() {
		otherEvals = c.symRows(other, idx, coef, 1, 2)
		wg.Done()
	}()
	evals := c.symRows(sums, idx, coef, 0, 2)
	wg.Wait()
	c.evals += evals + otherEvals
	floats.Add(sums, other)
	return sums
}

// symRows adds to sums the terms of symSums from the rows of tiles first,
// first + step, first + 2·step, …, and returns the number of kernel values
// its tiles computed (it runs in a goroutine of symSums, which adds them to
// c.evals).
func (c *columns) symRows(sums []float64, idx []int, coef []float64, first, step int) (evals int) {
	m := len(idx)
	t := getTile(c.d)
	defer tilePool.Put(t)
	for i0 := first * tileRows; i0 < m; i0 += step * tileRows {
		i1 := min(m, i0+tileRows)
		for j0 := i0; j0 < m; j0 += tileCols {
			j1 := min(m, j0+tileCols)
			k := t.eval(c, idx[i0:i1], idx[j0:j1])
			w := j1 - j0
			evals += (i1 - i0) * w
			cj, out := coef[j0:j1], sums[j0:j1]
			for i := i0; i < i1; i++ {
				row := k[(i-i0)*w : (i-i0+1)*w]
				ci := coef[i]
				var f float64
				for j := max(0, i+1-j0); j < w; j++ {
					kv := row[j]
					f += cj[j] * kv
					out[j] += ci * kv
				}
				sums[i] += f
			}
		}
	}
	return evals
}

// rowSums returns Σⱼ coef[j]·K(x_rows[i], x_cols[j]) for every i, in
// float64 as symSums.
func (c *columns) rowSums(rows, cols []int, coef []float64) []float64 {
	sums := make([]float64, len(rows))
	t := getTile(c.d)
	defer tilePool.Put(t)
	for i0 := 0; i0 < len(rows); i0 += tileRows {
		i1 := min(len(rows), i0+tileRows)
		for j0 := 0; j0 < len(cols); j0 += tileCols {
			j1 := min(len(cols), j0+tileCols)
			k := t.eval(c, rows[i0:i1], cols[j0:j1])
			w := j1 - j0
			c.evals += (i1 - i0) * w
			for i := i0; i < i1; i++ {
				sums[i] += floats.Dot(coef[j0:j1], k[(i-i0)*w:(i-i0+1)*w])
			}
		}
	}
	return sums
}

// Tiles of symSums and rowSums: the points of a tile stay in the
// processor's cache (and gonum's Dgemm computes a tile of 64×128 products
// in the calling goroutine; it uses several from four blocks of 64×64 on).
const tileRows, tileCols = 64, 128

// tile holds the buffers of one tile of kernel values.
type tile struct {
	xs, bt, k []float64
}

// tilePool holds the tiles of finished sums (about 100 KB each at d = 30),
// for the next ones, in this solve or a later one.
var tilePool sync.Pool

// getTile returns a tile for points of dimension d, from tilePool when it
// holds one.
func getTile(d int) *tile {
	t, _ := tilePool.Get().(*tile)
	if t == nil {
		t = new(tile)
	}
	if cap(t.xs) < (tileRows+tileCols)*d {
		t.xs, t.bt = make([]float64, (tileRows+tileCols)*d), make([]float64, d*tileCols)
	}
	if t.k == nil {
		t.k = make([]float64, tileRows*tileCols+tileRows)
	}
	t.xs, t.bt = t.xs[:(tileRows+tileCols)*d], t.bt[:d*tileCols]
	return t
}

// eval returns K(x_p, x_q) in float64 for p in rows and q in cols (at most
// tileRows and tileCols points of c), row by row, for the polynomial and
// RBF kernels: the products x_p·x_q, then the kernel's transform (for RBF
// from ‖x_p‖² + ‖x_q‖² − 2x_p·x_q, as the columns, with expTo). With the
// assembly of internal/dots the products come from dots.Tile4 (four rows by
// two columns in registers, AVX2 and FMA) over the points packed one after
// the other, the rows padded to a multiple of four; otherwise
// from one matrix product (Dgemm) of the rows, packed, with the columns
// packed transposed (along whose rows Dgemm runs AxpyUnitary, rather than a
// call of DotUnitary for each product), faster than Tile4's Go loop.
func (t *tile) eval(c *columns, rows, cols []int) []float64 {
	d, m, w := c.d, len(rows), len(cols)
	for i, p := range rows {
		copy(t.xs[i*d:(i+1)*d], c.row(p))
	}
	var k []float64
	if dots.Assembly() {
		mp := (m + 3) &^ 3
		for j, q := range cols {
			copy(t.xs[(mp+j)*d:(mp+j+1)*d], c.row(q))
		}
		// Tile4 stores x_r·x_j, r < mp ≤ j, at r·w + j: row r of the
		// tile starts at mp + r·w, and the products of the padding rows
		// (whatever the buffer holds there) land beyond the last.
		for i := 0; i < mp; i += 4 {
			dots.Tile4(t.xs, d, i, mp, mp+w, t.k, w)
		}
		k = t.k[mp : mp+m*w]
	} else {
		for j, q := range cols {
			for l, v := range c.row(q) {
				t.bt[l*w+j] = v
			}
		}
		k = t.k[:m*w]
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1,
			blas64.General{Rows: m, Cols: d, Stride: d, Data: t.xs[:m*d]},
			blas64.General{Rows: d, Cols: w, Stride: w, Data: t.bt[:d*w]},
			0, blas64.General{Rows: m, Cols: w, Stride: w, Data: k})
	}
	switch c.kind {
	case kindRBF:
		g := -c.gamma
		for i, p := range rows {
			row, sqp := k[i*w:(i+1)*w], c.sq[p]
			for j, q := range cols[:len(row)] {
				row[j] = g * max(0, sqp+c.sq[q]-2*row[j])
			}
			expTo(row, row)
		}
	case kindPoly:
		for j, dot := range k {
			k[j] = c.poly.FromDot(dot)
		}
	}
	return k
}
