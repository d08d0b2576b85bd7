//go:build !amd64 || purego

package dots

const hasAVX = false

func dot4x2AVX(a0, a1, a2, a3, b0, b1 *float64, n int, out *[8]float64) {
	panic("dots: dot4x2AVX without AVX")
}

func gemvAVX(x *float64, d, rows int, v *float64, out *float64) {
	panic("dots: gemvAVX without AVX")
}

func rbf32AVX(dot, sq *float64, n int, sqi, scale float64, out *float32) {
	panic("dots: rbf32AVX without AVX")
}
