//go:build amd64 && !purego

package perceptron

import (
	"golang.org/x/sys/cpu"
	"gonum.org/v1/gonum/floats"
)

// The hot loops of Primal and Voted use dot and axpy. On amd64 processors
// with AVX2 and FMA they run four-wide fused multiply-adds with four
// accumulators (dot_amd64.s); elsewhere they are gonum's floats.Dot and
// floats.AddScaled. The sums are the same up to rounding.

// hasAVX2FMA reports whether the processor and the operating system support
// AVX2 and FMA.
var hasAVX2FMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// dot returns x·y. It panics if the lengths differ.
func dot(x, y []float64) float64 {
	if len(x) != len(y) {
		panic(errLength)
	}
	if hasAVX2FMA {
		return dotAVX2(x, y)
	}
	return floats.Dot(x, y)
}

// axpy sets y ← y + a·x. It panics if the lengths differ.
func axpy(a float64, x, y []float64) {
	if len(x) != len(y) {
		panic(errLength)
	}
	if hasAVX2FMA {
		axpyAVX2(a, x, y)
		return
	}
	floats.AddScaled(y, a, x)
}

// Implemented in dot_amd64.s.

//go:noescape
func dotAVX2(x, y []float64) float64

//go:noescape
func axpyAVX2(a float64, x, y []float64)

// prefetch hints to the processor that x will be read soon.
//
//go:noescape
func prefetch(x []float64)
