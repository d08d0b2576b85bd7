package svm

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// fillTest stores a recognisable value, 1000·column + row, in col[from:to].
func fillTest(col []float32, i, from, to int) {
	for k := from; k < to; k++ {
		col[k] = float32(1000*i + k)
	}
}

// getTest fetches column i to length, fills what is missing and reports
// whether the request missed.
func getTest(c *colCache[float32], i, length int) (col []float32, missed bool) {
	col, from := c.get(i, length)
	if from < length {
		fillTest(col, i, from, length)
		return col, true
	}
	return col, false
}

func checkColumn(t *testing.T, name string, col []float32, i int) {
	t.Helper()
	for k, v := range col {
		if v != float32(1000*i+k) {
			t.Errorf("%s: column %d[%d] = %v, want %v", name, i, k, v, 1000*i+k)
			return
		}
	}
}

func TestColCacheSlots(t *testing.T) {
	for _, tc := range []struct {
		n, budget, want int
	}{
		{10, 0, minSlots},            // below two columns
		{10, 3 * 10 * 4, 3},          // three float32 columns
		{10, 1 << 20, 10},            // never more than n
		{1000, 100 << 20, 1000},      // 4 MB fit
		{10000, 100 << 20, 2621},     // 100 MiB / 40 kB
		{10000, 1<<20 - 1, 26},       // rounds down
		{3, 3*3*4 - 1, minSlots},     // rounds down to the minimum
		{100000, 100 << 20, 262},     // LIBSVM's default at n = 10⁵
		{5000, 100 << 20, 5000},      // the benchmark sets fit
		{2, 1, minSlots},             // tiny problems
		{1, 1 << 20, minSlots},       // n = 1 still gets two slots
		{7, 7 * 4 * 5, minSlots + 3}, // five columns
	} {
		if got := newColCache[float32](tc.n, tc.budget).slots(); got != tc.want {
			t.Errorf("n=%d budget=%d: %d slots, want %d", tc.n, tc.budget, got, tc.want)
		}
	}
	if got := newColCache[float64](10000, 100<<20).slots(); got != 1310 {
		t.Errorf("float64: %d slots, want 1310", got)
	}
}

func TestColCacheLRU(t *testing.T) {
	const n = 8
	c := newColCache[float32](n, 3*n*4) // three columns
	for _, step := range []struct {
		col    int
		miss   bool
		cached string // the cached columns afterwards, most recent first
	}{
		{0, true, "[0]"},
		{1, true, "[1 0]"},
		{0, false, "[0 1]"},
		{2, true, "[2 0 1]"},
		{3, true, "[3 2 0]"}, // evicts 1, the least recently used
		{1, true, "[1 3 2]"}, // evicts 0
		{2, false, "[2 1 3]"},
		{0, true, "[0 2 1]"}, // evicts 3
	} {
		col, missed := getTest(c, step.col, n)
		if missed != step.miss {
			t.Errorf("column %d: missed = %v, want %v", step.col, missed, step.miss)
		}
		checkColumn(t, fmt.Sprint("column ", step.col), col, step.col)
		if got := lruOrder(c); got != step.cached {
			t.Errorf("after column %d: cached %s, want %s", step.col, got, step.cached)
		}
	}
	if c.hits != 2 || c.misses != 6 {
		t.Errorf("%d hits, %d misses; want 2, 6", c.hits, c.misses)
	}
}

// lruOrder lists the cached column indices, most recently used first.
func lruOrder(c *colCache[float32]) string {
	var idx []int32
	for s := c.head; s >= 0; s = c.next[s] {
		idx = append(idx, c.owner[s])
	}
	return fmt.Sprint(idx)
}

func TestColCachePrefix(t *testing.T) {
	const n = 10
	c := newColCache[float32](n, 1<<20)
	col, from := c.get(4, 3)
	if from != 0 || len(col) != 3 {
		t.Fatalf("new column: from %d, length %d", from, len(col))
	}
	fillTest(col, 4, 0, 3)
	// A longer request computes only the missing part.
	col, from = c.get(4, 7)
	if from != 3 || len(col) != 7 {
		t.Fatalf("longer: from %d, length %d; want 3, 7", from, len(col))
	}
	fillTest(col, 4, 3, 7)
	// A shorter one is a hit.
	if col, from = c.get(4, 5); from < 5 || len(col) != 5 {
		t.Fatalf("shorter: from %d, length %d", from, len(col))
	}
	checkColumn(t, "prefix", col, 4)
	if c.hits != 1 || c.misses != 2 {
		t.Errorf("%d hits, %d misses; want 1, 2", c.hits, c.misses)
	}
}

func TestColCacheSwap(t *testing.T) {
	const n = 6
	c := newColCache[float32](n, 1<<20)
	getTest(c, 0, n) // full
	getTest(c, 1, 4) // valid on [0, 4)
	getTest(c, 5, 2) // valid on [0, 2)
	c.swap(1, 5)
	// Column 0 (full): entries 1 and 5 exchanged.
	col, from := c.get(0, n)
	if from != n {
		t.Fatalf("column 0 lost its entries: from %d", from)
	}
	want := []float32{0, 5, 2, 3, 4, 1}
	if fmt.Sprint(col) != fmt.Sprint(want) {
		t.Errorf("column 0 after swap(1, 5): %v, want %v", col, want)
	}
	// The old column 1, valid on [0, 4), is now column 5, cut back to [0, 1)
	// because its entry 5 was never computed.
	col, from = c.get(5, 4)
	if from != 1 || col[0] != 1000 {
		t.Errorf("old column 1 as column 5: from %d, col[0] = %v; want 1, 1000", from, col[0])
	}
	// The old column 5, valid on [0, 2), is now column 1, cut back to [0, 1).
	col, from = c.get(1, 2)
	if from != 1 || col[0] != 5000 {
		t.Errorf("old column 5 as column 1: from %d, col[0] = %v; want 1, 5000", from, col[0])
	}
	// swapAll applies a sequence in order: after (0 1) and then (1 2),
	// positions 0, 1, 2 hold the variables first at 1, 2, 0.
	d := newColCache[float32](3, 1<<20)
	getTest(d, 2, 3)
	d.swapAll([][2]int32{{0, 1}, {1, 2}})
	col, from = d.get(1, 3) // the old column 2, now at index 1
	if from != 3 || fmt.Sprint(col) != "[2001 2002 2000]" {
		t.Errorf("after (0 1)(1 2): column %v (from %d), want [2001 2002 2000]", col, from)
	}
}

// TestColCacheReuse checks that a cache built after another's release takes
// its slabs instead of allocating (while no garbage collection empties the
// pool): the second cache of a solve's size
// allocates less than a tenth of its columns' memory, and its columns are
// right although the slabs hold the first cache's values.
func TestColCacheReuse(t *testing.T) {
	if raceEnabled {
		t.Skip("with -race sync.Pool drops a random quarter of what it holds")
	}
	const n = 3000
	fill := func() *colCache[float32] {
		c := newColCache[float32](n, 1<<30)
		for i := range n {
			col, _ := getTest(c, i, n)
			checkColumn(t, "reused", col, i)
		}
		return c
	}
	// The garbage collector empties the pool (after two cycles): off for
	// the test.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	// One P: what a P puts in its private slot of the pool, another P
	// does not see.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var before, mid, after runtime.MemStats
	runtime.ReadMemStats(&before)
	mapped0 := mappedTotal.Load()
	c := fill()
	c.release()
	runtime.ReadMemStats(&mid)
	mapped1 := mappedTotal.Load()
	c = fill()
	runtime.ReadMemStats(&after)
	mapped2 := mappedTotal.Load()
	c.release()
	c.release() // a second release does nothing
	// The first may take slabs that earlier tests left in the pool. The
	// huge pages outside the heap (Linux) count as allocated bytes too.
	first := mid.TotalAlloc - before.TotalAlloc + uint64(mapped1-mapped0)
	second := after.TotalAlloc - mid.TotalAlloc + uint64(mapped2-mapped1)
	if second > 4*n*n/10 {
		t.Errorf("bytes allocated: first cache %d, second %d, want ≤ a tenth of its %d bytes of columns", first, second, 4*n*n)
	}
}

// TestColCacheHugePages checks, where the system has transparent huge
// pages, that a cache of 36 MB of columns takes all but its first slab in
// huge pages outside the heap, that its columns are right, and that the
// memory is unmapped once the pool drops it (after two garbage
// collections).
func TestColCacheHugePages(t *testing.T) {
	page := hugePageBytes()
	if page == 0 {
		t.Skip("no transparent huge pages")
	}
	const n = 3000
	// Empty the pool of what earlier tests left in it.
	runtime.GC()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	live, total := mappedBytes.Load(), mappedTotal.Load()
	c := newColCache[float32](n, 1<<30)
	for i := range n {
		col, _ := getTest(c, i, n)
		checkColumn(t, "huge", col, i)
	}
	for i := range n {
		col, _ := c.get(i, n)
		checkColumn(t, "huge, again", col, i)
	}
	runtime.ReadMemStats(&after)
	heap := after.TotalAlloc - before.TotalAlloc
	huge := mappedTotal.Load() - total
	// From the heap: the first slab, the last columns, less than a huge
	// page of them, and the cache's own slices.
	slack := slabSlots*n*4 + page + 64*n
	if heap > uint64(slack) || huge < int64(4*n*n-slack) || huge%int64(page) != 0 {
		t.Errorf("%d bytes from the heap, %d in huge pages, want ≤ %d and ≥ %d in whole pages of %d",
			heap, huge, slack, 4*n*n-slack, page)
	}
	c.release()
	for range 100 {
		runtime.GC()
		if mappedBytes.Load() <= live {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Errorf("%d bytes still mapped after the pool was emptied, want ≤ %d", mappedBytes.Load(), live)
}

// TestSMOConcurrentFits fits problems of several sizes and kernels in eight
// goroutines at once, so that their caches pass memory to each other
// through the pool: every fit must give the α of the same fit alone, to
// the bit. Run with -race.
func TestSMOConcurrentFits(t *testing.T) {
	type problem struct {
		s *dataset.Set
		k kernel.Kernel
	}
	var problems []problem
	for _, n := range []int{60, 150, 300} {
		s := benchSet(n, 5)
		problems = append(problems, problem{s, kernel.Linear{}}, problem{s, kernel.RBF{Gamma: 0.2}})
	}
	want := make([][]float64, len(problems))
	for p, pr := range problems {
		r, err := SMO{C: 1, Kernel: pr.k}.Fit(pr.s.X, pr.s.Y)
		if err != nil {
			t.Fatal(err)
		}
		want[p] = r.Alpha
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8*3*len(problems))
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for rep := range 3 {
				for q := range problems {
					p := (q + g + rep) % len(problems)
					r, err := SMO{C: 1, Kernel: problems[p].k}.Fit(problems[p].s.X, problems[p].s.Y)
					if err != nil {
						errs <- err.Error()
					} else if !slices.Equal(r.Alpha, want[p]) {
						errs <- fmt.Sprintf("goroutine %d, problem %d: α differs from the fit alone", g, p)
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}
