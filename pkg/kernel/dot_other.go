//go:build !amd64 || purego

package kernel

const hasAVX = false

func dot4x2AVX(a0, a1, a2, a3, b0, b1 *float64, n int, out *[8]float64) {
	panic("kernel: dot4x2AVX without AVX")
}
