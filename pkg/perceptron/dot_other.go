//go:build !amd64 || purego

package perceptron

import "gonum.org/v1/gonum/floats"

// hasAVX2FMA is false: dot and axpy are gonum's.
const hasAVX2FMA = false

// dot returns x·y. It panics if the lengths differ.
func dot(x, y []float64) float64 {
	if len(x) != len(y) {
		panic(errLength)
	}
	return floats.Dot(x, y)
}

// axpy sets y ← y + a·x. It panics if the lengths differ.
func axpy(a float64, x, y []float64) {
	if len(x) != len(y) {
		panic(errLength)
	}
	floats.AddScaled(y, a, x)
}

// prefetch does nothing on this platform.
func prefetch(x []float64) {}
