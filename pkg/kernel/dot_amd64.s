//go:build amd64 && !purego

#include "textflag.h"

// REDUCE stores the sum of the four lanes of Y at off(DI), with X12 as
// scratch (X is the lower half of Y).
#define REDUCE(Y, X, off) \
	VEXTRACTF128 $1, Y, X12 \
	VADDPD       X12, X, X  \
	VPERMILPD    $1, X, X12 \
	VADDSD       X12, X, X  \
	VMOVSD       X, off(DI)

// ROW loads four elements of the row at P into Y and adds their products
// with b0's (Y8) and b1's (Y9) to the sums S0 and S1.
#define ROW(P, Y, S0, S1) \
	VMOVUPD     (P)(AX*8), Y \
	VFMADD231PD Y8, Y, S0    \
	VFMADD231PD Y9, Y, S1

// func dot4x2AVX(a0, a1, a2, a3, b0, b1 *float64, n int, out *[8]float64)
TEXT ·dot4x2AVX(SB), NOSPLIT, $0-64
	MOVQ a0+0(FP), R8
	MOVQ a1+8(FP), R9
	MOVQ a2+16(FP), R10
	MOVQ a3+24(FP), R11
	MOVQ b0+32(FP), R12
	MOVQ b1+40(FP), R13
	MOVQ n+48(FP), CX
	MOVQ out+56(FP), DI
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	VXORPD Y5, Y5, Y5
	VXORPD Y6, Y6, Y6
	VXORPD Y7, Y7, Y7
	XORQ   AX, AX

loop:
	CMPQ        AX, CX
	JGE         done
	VMOVUPD     (R12)(AX*8), Y8
	VMOVUPD     (R13)(AX*8), Y9
	ROW(R8, Y10, Y0, Y1)
	ROW(R9, Y11, Y2, Y3)
	ROW(R10, Y10, Y4, Y5)
	ROW(R11, Y11, Y6, Y7)
	ADDQ        $4, AX
	JMP         loop

done:
	REDUCE(Y0, X0, 0)
	REDUCE(Y1, X1, 8)
	REDUCE(Y2, X2, 16)
	REDUCE(Y3, X3, 24)
	REDUCE(Y4, X4, 32)
	REDUCE(Y5, X5, 40)
	REDUCE(Y6, X6, 48)
	REDUCE(Y7, X7, 56)
	VZEROUPPER
	RET
