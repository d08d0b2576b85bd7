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


// Masks of the last d mod 4 elements of a row, for VMASKMOVPD: entry r
// (r = 1, 2, 3) has its first r lanes set.
DATA tailmask<>+0(SB)/8, $0
DATA tailmask<>+8(SB)/8, $0
DATA tailmask<>+16(SB)/8, $0
DATA tailmask<>+24(SB)/8, $0
DATA tailmask<>+32(SB)/8, $-1
DATA tailmask<>+40(SB)/8, $0
DATA tailmask<>+48(SB)/8, $0
DATA tailmask<>+56(SB)/8, $0
DATA tailmask<>+64(SB)/8, $-1
DATA tailmask<>+72(SB)/8, $-1
DATA tailmask<>+80(SB)/8, $0
DATA tailmask<>+88(SB)/8, $0
DATA tailmask<>+96(SB)/8, $-1
DATA tailmask<>+104(SB)/8, $-1
DATA tailmask<>+112(SB)/8, $-1
DATA tailmask<>+120(SB)/8, $0
GLOBL tailmask<>(SB), RODATA|NOPTR, $128

// GEMV4 adds the products of four elements of the rows at R8, R9, R10,
// R11 (offset AX) with those of v in Y4 to the sums Y0, Y1, Y2, Y3.
#define GEMV4(load) \
	load(R8, Y5)            \
	VFMADD231PD Y4, Y5, Y0  \
	load(R9, Y6)            \
	VFMADD231PD Y4, Y6, Y1  \
	load(R10, Y5)           \
	VFMADD231PD Y4, Y5, Y2  \
	load(R11, Y6)           \
	VFMADD231PD Y4, Y6, Y3

#define LOADU(P, Y) VMOVUPD (P)(AX*8), Y
#define LOADM(P, Y) VMASKMOVPD (P)(AX*8), Y15, Y

// func gemvAVX(x *float64, d, rows int, v *float64, out *float64)
//
// out[r] = x[r·d : r·d+d]·v for r < rows, rows a multiple of 4: four rows
// at a time, four lanes of fused multiply-adds, the last d mod 4 elements
// by masked loads.
TEXT ·gemvAVX(SB), NOSPLIT, $0-40
	MOVQ x+0(FP), R8
	MOVQ d+8(FP), BX
	MOVQ rows+16(FP), DX
	MOVQ v+24(FP), SI
	MOVQ out+32(FP), DI
	MOVQ BX, CX
	ANDQ $-4, CX        // CX: d rounded down to a multiple of 4
	MOVQ BX, R12
	ANDQ $3, R12
	SHLQ $5, R12
	LEAQ tailmask<>(SB), R13
	VMOVUPD (R13)(R12*1), Y15
	SHLQ $3, BX         // BX: the stride in bytes
	SHRQ $2, DX         // DX: blocks of four rows
	JZ   end

block:
	LEAQ (R8)(BX*1), R9
	LEAQ (R9)(BX*1), R10
	LEAQ (R10)(BX*1), R11
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	XORQ AX, AX

inner:
	CMPQ AX, CX
	JGE  tail
	VMOVUPD (SI)(AX*8), Y4
	GEMV4(LOADU)
	ADDQ $4, AX
	JMP  inner

tail:
	TESTQ R12, R12
	JZ    reduce
	VMASKMOVPD (SI)(AX*8), Y15, Y4
	GEMV4(LOADM)

reduce:
	// [a, b, c, d] = the sums of the lanes of Y0, Y1, Y2, Y3.
	VHADDPD    Y1, Y0, Y0      // a01 b01 a23 b23
	VHADDPD    Y3, Y2, Y2      // c01 d01 c23 d23
	VPERM2F128 $0x21, Y2, Y0, Y5 // a23 b23 c01 d01
	VBLENDPD   $12, Y2, Y0, Y6   // a01 b01 c23 d23
	VADDPD     Y5, Y6, Y0
	VMOVUPD    Y0, (DI)
	ADDQ       $32, DI
	LEAQ       (R11)(BX*1), R8
	DECQ       DX
	JNZ        block

end:
	VZEROUPPER
	RET

// Constants of rbf32AVX.
DATA rbfconst<>+0(SB)/8, $2.0
DATA rbfconst<>+8(SB)/8, $-104.0
DATA rbfconst<>+16(SB)/8, $1.4426950408889634
DATA rbfconst<>+24(SB)/8, $0.6931471805599453
DATA rbfconst<>+32(SB)/8, $0.5
DATA rbfconst<>+40(SB)/8, $0.16666666666666666
DATA rbfconst<>+48(SB)/8, $0.041666666666666664
DATA rbfconst<>+56(SB)/8, $0.008333333333333333
DATA rbfconst<>+64(SB)/8, $0.001388888888888889
DATA rbfconst<>+72(SB)/8, $0.0001984126984126984
DATA rbfconst<>+80(SB)/8, $1.0
DATA rbfconst<>+88(SB)/8, $1023
GLOBL rbfconst<>(SB), RODATA|NOPTR, $96

// func rbf32AVX(dot, sq *float64, n int, sqi, scale float64, out *float32)
//
// out[k] = float32(e^{scale·max(0, sqi + sq[k] − 2·dot[k])}) for k < n, n a
// multiple of 4, with eˣ computed as expFloat32 in pkg/svm does: 2ᵏ·eʳ,
// k = round(x·log₂e), r = x − k·ln 2 and eʳ by its Taylor polynomial of
// degree 7 (Estrin's scheme), with fused multiply-adds; 0 for x < −104,
// NaN for NaN.
TEXT ·rbf32AVX(SB), NOSPLIT, $0-48
	MOVQ         dot+0(FP), R8
	MOVQ         sq+8(FP), R9
	MOVQ         n+16(FP), CX
	VBROADCASTSD sqi+24(FP), Y8
	VBROADCASTSD scale+32(FP), Y9
	MOVQ         out+40(FP), DI
	LEAQ         rbfconst<>(SB), R10
	VBROADCASTSD 0(R10), Y10  // 2
	VBROADCASTSD 8(R10), Y11  // −104
	VBROADCASTSD 16(R10), Y12 // log₂e
	VBROADCASTSD 24(R10), Y13 // ln 2
	VPBROADCASTQ 88(R10), Y14 // 1023
	VXORPD       Y15, Y15, Y15
	XORQ         AX, AX

rbfloop:
	CMPQ         AX, CX
	JGE          rbfdone
	VMOVUPD      (R9)(AX*8), Y0
	VADDPD       Y8, Y0, Y0          // sqi + sq
	VMOVUPD      (R8)(AX*8), Y1
	VFNMADD231PD Y10, Y1, Y0         // − 2·dot
	VMAXPD       Y0, Y15, Y0         // max(0, ·), NaN stays NaN
	VMULPD       Y9, Y0, Y0          // x
	VMULPD       Y12, Y0, Y1
	VROUNDPD     $0, Y1, Y1          // kf = round(x·log₂e), to even
	VMOVAPD      Y0, Y2
	VFNMADD231PD Y13, Y1, Y2         // r = x − kf·ln 2
	VMULPD       Y2, Y2, Y3          // r²
	VBROADCASTSD 40(R10), Y4
	VBROADCASTSD 32(R10), Y5
	VFMADD231PD  Y4, Y2, Y5          // b = ½ + r/6
	VBROADCASTSD 56(R10), Y4
	VBROADCASTSD 48(R10), Y6
	VFMADD231PD  Y4, Y2, Y6          // c = 1/24 + r/120
	VBROADCASTSD 72(R10), Y4
	VBROADCASTSD 64(R10), Y7
	VFMADD231PD  Y4, Y2, Y7          // e = 1/720 + r/5040
	VFMADD231PD  Y7, Y3, Y6          // c + r²e
	VMULPD       Y3, Y3, Y7          // r⁴
	VBROADCASTSD 80(R10), Y4
	VADDPD       Y2, Y4, Y4          // 1 + r
	VFMADD231PD  Y5, Y3, Y4          // + r²b
	VFMADD231PD  Y6, Y7, Y4          // + r⁴(c + r²e)
	VCVTPD2DQY   Y1, X5
	VPMOVSXDQ    X5, Y5
	VPADDQ       Y14, Y5, Y5
	VPSLLQ       $52, Y5, Y5         // 2^kf
	VMULPD       Y5, Y4, Y4
	VCMPPD       $0x1d, Y11, Y0, Y6  // x ≥ −104
	VANDPD       Y6, Y4, Y4
	VCMPPD       $3, Y0, Y0, Y7      // x is NaN
	VANDPD       Y7, Y0, Y7
	VORPD        Y7, Y4, Y4
	VCVTPD2PSY   Y4, X4
	VMOVUPS      X4, (DI)(AX*4)
	ADDQ         $4, AX
	JMP          rbfloop

rbfdone:
	VZEROUPPER
	RET
