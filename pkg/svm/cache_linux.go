//go:build linux

package svm

import (
	"bytes"
	"os"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hugePageBytes returns the size of the transparent huge pages that
// madvise(MADV_HUGEPAGE) obtains, or 0 when the kernel has them off.
var hugePageBytes = sync.OnceValue(func() int {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || bytes.Contains(b, []byte("[never]")) {
		return 0
	}
	b, err = os.ReadFile("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size")
	if err != nil {
		return 0
	}
	size, err := strconv.Atoi(string(bytes.TrimSpace(b)))
	if err != nil || size <= 0 || size&(size-1) != 0 || size%os.Getpagesize() != 0 {
		return 0
	}
	return size
})

// mappedBytes counts the bytes that hugeSlab has mapped and not yet
// unmapped, mappedTotal all it has mapped, for tests.
var mappedBytes, mappedTotal atomic.Int64

// mapping is a region of memory mapped by hugeSlab.
type mapping struct {
	addr unsafe.Pointer
	len  uintptr
}

// hugeSlab returns elems elements of memory outside the Go heap, aligned to
// a huge page and advised to be backed by huge pages (elems times the size
// of E must be a multiple of hugePageBytes()), or nil when the system
// refuses, for the caller to allocate from the heap. The memory is zero;
// it is unmapped once the returned pointer is unreachable, so the pointer
// must stay reachable while any slice of the memory is in use (colCache
// keeps it in owned, then the pool holds it).
func hugeSlab[E float32 | float64](elems int) *[]E {
	page := uintptr(hugePageBytes())
	var zero E
	size := uintptr(elems) * unsafe.Sizeof(zero)
	if page == 0 || size == 0 || size%page != 0 {
		return nil
	}
	// Map a page more than needed and unmap what lies outside the aligned
	// range.
	p, err := unix.MmapPtr(-1, 0, nil, size+page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		return nil
	}
	head := (page - uintptr(p)%page) % page
	start := unsafe.Add(p, head)
	if head > 0 {
		_ = unix.MunmapPtr(p, head)
	}
	if tail := page - head; tail > 0 {
		_ = unix.MunmapPtr(unsafe.Add(start, size), tail)
	}
	// Without huge pages (the advice refused) the memory still serves.
	_ = unix.Madvise(unsafe.Slice((*byte)(start), size), unix.MADV_HUGEPAGE)
	mappedBytes.Add(int64(size))
	mappedTotal.Add(int64(size))
	s := unsafe.Slice((*E)(start), elems)
	ptr := &s
	runtime.AddCleanup(ptr, func(m mapping) {
		_ = unix.MunmapPtr(m.addr, m.len)
		mappedBytes.Add(-int64(m.len))
	}, mapping{start, size})
	return ptr
}
