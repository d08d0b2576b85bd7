package perceptron

import (
	"container/list"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// DefaultGramBudget is the memory, in bytes, that Dual and KernelDual give
// the Gram matrix when their GramBudget is 0: 256 MiB, the full matrix up to
// n = 5792 points.
const DefaultGramBudget = 256 << 20

// gramRows gives the dual learner the rows of the Gram matrix.
type gramRows interface {
	// addRow adds c·G[i][j] to dst[j] for every j.
	addRow(dst []float64, i int, c float64)
}

// newGramRows returns the rows of the Gram matrix of k on x: given when it
// is not nil, the full matrix when its 8n² bytes fit budget, and otherwise
// rows computed when needed, the most recently used of them cached within
// budget (at least two rows). It panics if given is not n×n.
func newGramRows(k kernel.Kernel, given *mat.SymDense, x mat.Matrix, budget int) gramRows {
	n, d := x.Dims()
	if given != nil {
		if given.SymmetricDim() != n {
			panic(errGramSize)
		}
		return newFullGram(given)
	}
	if n <= budget/8/n {
		return newFullGram(kernel.Gram(k, x))
	}
	data, stride := rawRows(x)
	m := blas64.General{Rows: n, Cols: d, Stride: stride, Data: data}
	rows := make([][]float64, n)
	for i := range rows {
		rows[i] = data[i*stride : i*stride+d : i*stride+d]
	}
	// dots sets dst to the inner products X·xᵢ.
	dots := func(i int, dst []float64) {
		blas64.Gemv(blas.NoTrans, 1, m, blas64.Vector{N: d, Inc: 1, Data: rows[i]}, 0, blas64.Vector{N: n, Inc: 1, Data: dst})
	}
	compute := func(i int, dst []float64) {
		switch k := k.(type) {
		case kernel.Linear:
			dots(i, dst)
		case kernel.Polynomial:
			dots(i, dst)
			for j, v := range dst {
				dst[j] = k.FromDot(v)
			}
		default:
			for j, xj := range rows {
				dst[j] = k.Eval(rows[i], xj)
			}
		}
	}
	return newRowCache(n, max(2, budget/8/n), compute)
}

// fullGram gives fast access to the rows of a mat.SymDense, which stores
// the upper triangle of its matrix.
type fullGram struct {
	data   []float64
	stride int
	n      int
}

func newFullGram(m *mat.SymDense) fullGram {
	raw := m.RawSymmetric()
	return fullGram{data: raw.Data, stride: raw.Stride, n: raw.N}
}

func (g fullGram) addRow(dst []float64, i int, c float64) {
	// G[i][j] for j < i is stored at (j, i); for j ≥ i at (i, j).
	for j := 0; j < i; j++ {
		dst[j] += c * g.data[j*g.stride+i]
	}
	floats.AddScaled(dst[i:g.n], c, g.data[i*g.stride+i:i*g.stride+g.n])
}

// rowCache is a least-recently-used cache of Gram rows of length n, for
// data whose Gram matrix does not fit the budget. A row is computed on a
// miss, into the buffer of the least recently used row once slots buffers
// are in use. (svm's column cache does more: float32 storage, columns valid
// on a prefix and the swaps of shrinking, none of which the perceptron
// needs.)
type rowCache struct {
	n, slots int
	compute  func(i int, dst []float64)
	elem     []*list.Element // row → its element in lru, or nil
	lru      list.List       // of *cachedRow, most recently used first
}

type cachedRow struct {
	i   int
	row []float64
}

func newRowCache(n, slots int, compute func(i int, dst []float64)) *rowCache {
	return &rowCache{n: n, slots: min(slots, n), compute: compute, elem: make([]*list.Element, n)}
}

func (c *rowCache) addRow(dst []float64, i int, a float64) {
	floats.AddScaled(dst, a, c.row(i))
}

// row returns row i, computing it on a miss.
func (c *rowCache) row(i int) []float64 {
	if e := c.elem[i]; e != nil {
		c.lru.MoveToFront(e)
		return e.Value.(*cachedRow).row
	}
	var e *list.Element
	if c.lru.Len() < c.slots {
		e = c.lru.PushFront(&cachedRow{row: make([]float64, c.n)})
	} else {
		e = c.lru.Back()
		c.elem[e.Value.(*cachedRow).i] = nil
		c.lru.MoveToFront(e)
	}
	r := e.Value.(*cachedRow)
	r.i = i
	c.elem[i] = e
	c.compute(i, r.row)
	return r.row
}
