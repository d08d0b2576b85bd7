package svm

import (
	"sync"
	"unsafe"
)

// colCache is a least-recently-used cache of kernel columns for SMO.
//
// Column i holds K(xᵢ, xₖ) for k = 0, 1, …; a column may be valid only on a
// prefix [0, length), because with shrinking SMO needs a column only over
// the active variables, which it keeps at the front (see swap). Memory is
// divided into slots of n elements each; a slot's buffer is allocated (with
// the next slabSlots − 1, or in huge pages, see allocSlab) when it is first
// used and then reused, so a solve allocates at most min(n, budget)
// columns, and nothing once the cache is full. The element type is
// float32, like LIBSVM's cache (twice the columns per byte), or float64.
//
// The memory of the columns outlives the solve: release hands its slabs to
// a sync.Pool, from which the next cache of the same element type takes
// them (see newSlot), in this or another goroutine. Repeated fits then
// neither allocate nor zero nor fault in their columns again (the kernel
// values are not zeroed: a column is read only on its valid prefix, which
// the solver fills first). The pool holds the memory until the garbage
// collector empties it (after two cycles without use), not for ever.
type colCache[E float32 | float64] struct {
	n      int
	slotOf []int32 // column index → slot, or −1
	owner  []int32 // slot → column index
	valid  []int32 // slot → length of the valid prefix
	data   [][]E   // slot → buffer of n elements, allocated on first use
	// LRU list of the used slots: head is the most recently used; prev and
	// next link the slots, −1 ends the list.
	prev, next []int32
	head, tail int32
	used       int // slots in use; they are 0, 1, …, used−1
	slab       []E // memory for the next slots, see newSlot
	// owned are the slabs this cache uses, which release returns to the
	// pool; allocated counts those it allocated from the heap.
	owned     []*[]E
	allocated int

	hits, misses int // requests answered in full, and those that computed
}

// minSlots is the least number of columns a cache holds: SMO uses two at a
// time.
const minSlots = 2

// newColCache returns a cache for columns of length n within budget bytes,
// never fewer than minSlots columns nor more than n.
func newColCache[E float32 | float64](n, budget int) *colCache[E] {
	var zero E
	size := 4
	if any(zero) == any(float64(0)) {
		size = 8
	}
	slots := budget / (n * size)
	slots = max(minSlots, min(slots, n))
	c := &colCache[E]{
		n:      n,
		slotOf: make([]int32, n),
		owner:  make([]int32, slots),
		valid:  make([]int32, slots),
		data:   make([][]E, slots),
		prev:   make([]int32, slots),
		next:   make([]int32, slots),
		head:   -1,
		tail:   -1,
	}
	for i := range c.slotOf {
		c.slotOf[i] = -1
	}
	return c
}

// The pools of column memory, for float32 and float64 caches.
var slabs32, slabs64 sync.Pool

func slabPool[E float32 | float64]() *sync.Pool {
	var zero E
	if any(zero) == any(float64(0)) {
		return &slabs64
	}
	return &slabs32
}

// release hands the cache's memory to the pool, for the next solve; the
// cache must not be used afterwards. A second call does nothing.
func (c *colCache[E]) release() {
	if c.data == nil {
		return
	}
	pool := slabPool[E]()
	for _, p := range c.owned {
		pool.Put(p)
	}
	c.data, c.slab, c.owned = nil, nil, nil
}

// poolTries is the number of slabs newSlot takes from the pool, and drops
// when they are too small for a column, before it allocates one.
const poolTries = 8

// slabSlots is the number of columns allocated at once: one allocation
// instead of 64 small ones, while at most 63 columns are allocated ahead of
// use (the memory of unused columns is not touched).
const slabSlots = 64

// hugeColumnBytes is the longest column that allocSlab puts in huge pages.
// With shrinking SMO fills a column only over its active prefix, and
// small pages that no prefix reaches are never touched, while a huge page
// is resident whole from its first touch: at 5000 × 100 (20 KB columns)
// huge pages took the fit's peak memory from 44 MB to 51 MB, against
// LIBSVM's 42 MB. A column of at most four small pages is touched almost
// whole, and at n = 2000 (8 KB) huge pages save a fresh fit most of its
// page faults.
const hugeColumnBytes = 16 << 10

// newSlot returns the buffer of the next slot, from the current slab of
// slabSlots columns (fewer at the end of the cache); when it is used up, from
// a spare slab of an earlier solve that holds at least one column, or else
// from a new slab.
func (c *colCache[E]) newSlot() []E {
	for try := 0; len(c.slab) < c.n && try < poolTries; try++ {
		p, ok := slabPool[E]().Get().(*[]E)
		if !ok {
			break
		}
		if cap(*p) >= c.n {
			c.slab = (*p)[:cap(*p)]
			c.owned = append(c.owned, p)
		}
	}
	if len(c.slab) < c.n {
		c.slab = c.allocSlab()
	}
	col := c.slab[:c.n:c.n]
	c.slab = c.slab[c.n:]
	return col
}

// allocSlab allocates the memory of the next columns, adds it to owned and
// returns it: slabSlots columns (fewer at the end of the cache) from the
// heap; or, once the cache has allocated such a slab and can still use
// more than a huge page of columns (2 MB on amd64, see hugePageBytes), a
// whole number of huge pages outside the heap (see hugeSlab). The first
// touch of a huge page is one page fault instead of 512: at n = 2000 a
// solve's 5 MB of new columns cost 1300 faults, 3 ms of CPU time a fit in
// a fresh process, most of the difference from a repeated fit. The first
// slab stays small so that a solve that needs few columns does not zero 2 MB.
// Only columns of at most hugeColumnBytes go into huge pages: see there.
func (c *colCache[E]) allocSlab() []E {
	var zero E
	size := int(unsafe.Sizeof(zero))
	left := len(c.owner) - c.used + 1 // the columns the cache can still take
	k := min(slabSlots, left)
	if page := hugePageBytes(); page > 0 && c.allocated > 0 && c.n*size <= hugeColumnBytes && left*c.n*size >= page {
		col := c.n * size
		bytes := max(k*col/page, (col+page-1)/page) * page
		if p := hugeSlab[E](bytes / size); p != nil {
			c.owned = append(c.owned, p)
			return *p
		}
	}
	c.allocated++
	s := make([]E, k*c.n)
	c.owned = append(c.owned, &s)
	return s
}

// slots returns the number of columns the cache can hold.
func (c *colCache[E]) slots() int { return len(c.owner) }

// get returns the buffer of column i, valid on [0, from) and sized to
// length, and marks it most recently used. The caller must fill
// col[from:length] before the next call; from ≥ length means nothing is
// missing. A miss evicts the least recently used column.
func (c *colCache[E]) get(i, length int) (col []E, from int) {
	s := c.slotOf[i]
	if s >= 0 {
		c.unlink(s)
	} else {
		if c.used < len(c.owner) {
			s = int32(c.used)
			c.used++
			c.data[s] = c.newSlot()
		} else {
			s = c.tail
			c.unlink(s)
			c.slotOf[c.owner[s]] = -1
		}
		c.slotOf[i] = s
		c.owner[s] = int32(i)
		c.valid[s] = 0
	}
	c.pushFront(s)
	from = int(c.valid[s])
	if from < length {
		c.valid[s] = int32(length)
		c.misses++
	} else {
		c.hits++
	}
	return c.data[s][:length], from
}

// swap exchanges indices i and j in every cached column and the columns
// themselves, following the solver's swap of variables i and j. A column
// valid on a prefix that holds only one of the two is cut back to the
// shorter prefix.
func (c *colCache[E]) swap(i, j int) {
	c.swapAll([][2]int32{{int32(i), int32(j)}})
}

// swapAll performs the swaps in order. It goes through the cached columns
// once, applying every swap to a column before the next, which keeps each
// column in the processor's cache while it is permuted.
func (c *colCache[E]) swapAll(swaps [][2]int32) {
	if len(swaps) == 0 {
		return
	}
	for _, p := range swaps {
		i, j := p[0], p[1]
		si, sj := c.slotOf[i], c.slotOf[j]
		c.slotOf[i], c.slotOf[j] = sj, si
		if si >= 0 {
			c.owner[si] = j
		}
		if sj >= 0 {
			c.owner[sj] = i
		}
	}
	for s := 0; s < c.used; s++ {
		d, v := c.data[s], c.valid[s]
		for _, p := range swaps {
			i, j := min(p[0], p[1]), max(p[0], p[1])
			switch {
			case i == j || v <= i:
			case v > j:
				d[i], d[j] = d[j], d[i]
			default:
				v = i
			}
		}
		c.valid[s] = v
	}
}

func (c *colCache[E]) unlink(s int32) {
	p, q := c.prev[s], c.next[s]
	if p >= 0 {
		c.next[p] = q
	} else {
		c.head = q
	}
	if q >= 0 {
		c.prev[q] = p
	} else {
		c.tail = p
	}
}

func (c *colCache[E]) pushFront(s int32) {
	c.prev[s] = -1
	c.next[s] = c.head
	if c.head >= 0 {
		c.prev[c.head] = s
	} else {
		c.tail = s
	}
	c.head = s
}
