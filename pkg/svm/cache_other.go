//go:build !linux

package svm

import "sync/atomic"

// hugePageBytes returns 0: huge pages are asked for on Linux only.
func hugePageBytes() int { return 0 }

// mappedBytes and mappedTotal stay 0 (see the Linux version).
var mappedBytes, mappedTotal atomic.Int64

// hugeSlab returns nil: the caller allocates from the heap.
func hugeSlab[E float32 | float64](elems int) *[]E { return nil }
