//go:build amd64 && !purego

#include "textflag.h"

// func dotAVX2(x, y []float64) float64
// Requires len(y) ≥ len(x).
TEXT ·dotAVX2(SB), NOSPLIT, $0-56
	MOVQ   x_base+0(FP), SI
	MOVQ   x_len+8(FP), CX
	MOVQ   y_base+24(FP), DI
	VXORPD Y0, Y0, Y0
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	XORQ   AX, AX
	MOVQ   CX, DX
	ANDQ   $-16, DX        // end of the 16-wide part

dot16:
	CMPQ        AX, DX
	JGE         dot4start
	VMOVUPD     0(SI)(AX*8), Y4
	VMOVUPD     32(SI)(AX*8), Y5
	VMOVUPD     64(SI)(AX*8), Y6
	VMOVUPD     96(SI)(AX*8), Y7
	VFMADD231PD 0(DI)(AX*8), Y4, Y0
	VFMADD231PD 32(DI)(AX*8), Y5, Y1
	VFMADD231PD 64(DI)(AX*8), Y6, Y2
	VFMADD231PD 96(DI)(AX*8), Y7, Y3
	ADDQ        $16, AX
	JMP         dot16

dot4start:
	MOVQ CX, DX
	ANDQ $-4, DX           // end of the 4-wide part

dot4:
	CMPQ        AX, DX
	JGE         dotreduce
	VMOVUPD     0(SI)(AX*8), Y4
	VFMADD231PD 0(DI)(AX*8), Y4, Y0
	ADDQ        $4, AX
	JMP         dot4

dotreduce:
	VADDPD       Y1, Y0, Y0
	VADDPD       Y3, Y2, Y2
	VADDPD       Y2, Y0, Y0
	VEXTRACTF128 $1, Y0, X1
	VADDPD       X1, X0, X0
	VHADDPD      X0, X0, X0

dot1:
	CMPQ        AX, CX
	JGE         dotdone
	VMOVSD      0(SI)(AX*8), X4
	VFMADD231SD 0(DI)(AX*8), X4, X0
	INCQ        AX
	JMP         dot1

dotdone:
	VZEROUPPER
	MOVSD X0, ret+48(FP)
	RET

// func axpyAVX2(a float64, x, y []float64)
// y[i] += a*x[i] for i < len(x); requires len(y) ≥ len(x).
TEXT ·axpyAVX2(SB), NOSPLIT, $0-56
	VBROADCASTSD a+0(FP), Y0
	MOVQ         x_base+8(FP), SI
	MOVQ         x_len+16(FP), CX
	MOVQ         y_base+32(FP), DI
	XORQ         AX, AX
	MOVQ         CX, DX
	ANDQ         $-16, DX

axpy16:
	CMPQ        AX, DX
	JGE         axpy4start
	VMOVUPD     0(DI)(AX*8), Y1
	VMOVUPD     32(DI)(AX*8), Y2
	VMOVUPD     64(DI)(AX*8), Y3
	VMOVUPD     96(DI)(AX*8), Y4
	VFMADD231PD 0(SI)(AX*8), Y0, Y1
	VFMADD231PD 32(SI)(AX*8), Y0, Y2
	VFMADD231PD 64(SI)(AX*8), Y0, Y3
	VFMADD231PD 96(SI)(AX*8), Y0, Y4
	VMOVUPD     Y1, 0(DI)(AX*8)
	VMOVUPD     Y2, 32(DI)(AX*8)
	VMOVUPD     Y3, 64(DI)(AX*8)
	VMOVUPD     Y4, 96(DI)(AX*8)
	ADDQ        $16, AX
	JMP         axpy16

axpy4start:
	MOVQ CX, DX
	ANDQ $-4, DX

axpy4:
	CMPQ        AX, DX
	JGE         axpy1
	VMOVUPD     0(DI)(AX*8), Y1
	VFMADD231PD 0(SI)(AX*8), Y0, Y1
	VMOVUPD     Y1, 0(DI)(AX*8)
	ADDQ        $4, AX
	JMP         axpy4

axpy1:
	CMPQ        AX, CX
	JGE         axpydone
	VMOVSD      0(DI)(AX*8), X1
	VFMADD231SD 0(SI)(AX*8), X0, X1
	VMOVSD      X1, 0(DI)(AX*8)
	INCQ        AX
	JMP         axpy1

axpydone:
	VZEROUPPER
	RET

// func prefetch(x []float64)
// Hints that x will soon be read: PREFETCHT1 (into L2, where it does not
// crowd L1) for each 64-byte line.
TEXT ·prefetch(SB), NOSPLIT, $0-24
	MOVQ x_base+0(FP), SI
	MOVQ x_len+8(FP), CX
	LEAQ (SI)(CX*8), CX

pfloop:
	CMPQ       SI, CX
	JGE        pfdone
	PREFETCHT1 (SI)
	ADDQ       $64, SI
	JMP        pfloop

pfdone:
	RET
