package svm_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// The kernel trick (Li Hang §7.3.1) on the four XOR points
// of exercise 2.1 with the book's (x·z + 1)²: Algorithm 7.4 with the
// kernel and the linear SVM on the points φ(xᵢ) ∈ R⁶ of its feature map
// give the same α*, b* and decision function (notebook 10-kernels).
func ExampleExact_kernelTrick() {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	y := []float64{-1, 1, 1, -1}
	k := kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}
	withK, err := svm.Exact{Kernel: k}.Fit(x, y)
	if err != nil {
		log.Fatal(err)
	}
	onPhi, err := svm.Exact{}.Fit(kernel.MapRows(k.Features, x), y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("with K:  α* = %.4g, b* = %.4g\n", withK.Alpha, withK.B)
	fmt.Printf("on φ(x): α* = %.4g, b* = %.4g, w* = %.4g\n", onPhi.Alpha, onPhi.B, onPhi.W)
	for _, p := range [][]float64{{0.5, 0.5}, {2, -1}} {
		fmt.Printf("f(%v) = %.4g = %.4g\n", p, withK.Decision(p), onPhi.Decision(k.Features(p)))
	}
	// Output:
	// with K:  α* = [3.333 2.667 2.667 2], b* = -1
	// on φ(x): α* = [3.333 2.667 2.667 2], b* = -1, w* = [0.6667 -2.828 0.9428 0.6667 0.9428 0]
	// f([0.5 0.5]) = -0.3333 = -0.3333
	// f([2 -1]) = 11.67 = 11.67
}
