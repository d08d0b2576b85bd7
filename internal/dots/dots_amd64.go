//go:build amd64 && !purego

package dots

import "golang.org/x/sys/cpu"

// hasAVX: the processor has AVX2 and FMA, which the assembly uses.
var hasAVX = cpu.X86.HasAVX2 && cpu.X86.HasFMA

// dot4x2AVX stores in out the inner products of a0, a1, a2, a3 with b0 and
// b1 over their first n elements, n a multiple of 4, in the order a0·b0,
// a0·b1, a1·b0, …, a3·b1: four lanes of fused multiply-adds per row pair.
//
//go:noescape
func dot4x2AVX(a0, a1, a2, a3, b0, b1 *float64, n int, out *[8]float64)

// gemvAVX stores x[r·d : r·d+d]·v in out[r] for r < rows, rows a multiple
// of 4 and d ≥ 1.
//
//go:noescape
func gemvAVX(x *float64, d, rows int, v *float64, out *float64)

// rbf32AVX stores float32(e^{scale·max(0, sqi + sq[k] − 2·dot[k])}) in out[k]
// for k < n, n a multiple of 4.
//
//go:noescape
func rbf32AVX(dot, sq *float64, n int, sqi, scale float64, out *float32)
