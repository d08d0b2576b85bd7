package separability_test

import (
	"errors"
	"fmt"
	"log"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/separability"
)

// Book exercise 2.1: XOR is not linearly separable. The certificate λ
// weighs every corner ¼: the centre (½, ½) lies in both convex hulls.
func ExampleLP_Decide_xor() {
	x := mat.NewDense(4, 2, []float64{0, 0, 0, 1, 1, 0, 1, 1})
	y := []float64{-1, 1, 1, -1} // x⁽¹⁾ XOR x⁽²⁾
	res, err := separability.LP{}.Decide(x, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("separable:", res.Separable)
	fmt.Printf("λ = %.4g\n", res.Lambda)
	fmt.Printf("common point %.4g = %.4g\n", res.Positive, res.Negative)
	// Output:
	// separable: false
	// λ = [0.25 0.25 0.25 0.25]
	// common point [0.5 0.5] = [0.5 0.5]
}

// Example 2.1 is separable; the linear program finds a hyperplane with
// every yᵢ(w·xᵢ + b) ≥ 1.
func ExampleLP_Decide() {
	x, y := dataset.Example21().XY()
	res, err := separability.LP{}.Decide(x, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("separable:", res.Separable)
	for i := range y {
		fmt.Printf("x%d: y(w·x+b) = %.4g\n", i+1, y[i]*(res.W[0]*x.At(i, 0)+res.W[1]*x.At(i, 1)+res.B))
	}
	// Output:
	// separable: true
	// x1: y(w·x+b) = 1
	// x2: y(w·x+b) = 1.5
	// x3: y(w·x+b) = 1
}

// Book exercise 2.3 on Example 2.1: the hulls are the segment x1x2 and the
// point x3, 2√2 apart, twice the margin √2 of Example 7.1.
func ExampleHullDistance() {
	x, y := dataset.Example21().XY()
	pos, neg := separability.ClassHulls(x, y)
	d, p, q := separability.HullDistance(pos, neg)
	fmt.Printf("hulls %v and %v, distance %.4g between %v and %v\n", pos, neg, d, p, q)
	// Output:
	// hulls [[3 3] [4 3]] and [[1 1]], distance 2.828 between [3 3] and [1 1]
}

// Novikoff's γ of Theorem 2.1 for Example 2.1: the maximum margin over
// unit ŵ = (w, b) on the augmented points (xᵢ, 1) is γ* = √2/3, reached by
// ŵ = (1, 1, −4)/(3√2), with x1 and x3 the support vectors. Without the
// bias coordinate no hyperplane through the origin separates the points
// (x3 = x1/3).
func ExampleMaxMargin() {
	x, y := dataset.Example21().XY()
	n, d := x.Dims()
	z := mat.NewDense(n, d+1, nil)
	for i := range n {
		z.Set(i, 0, x.At(i, 0))
		z.Set(i, 1, x.At(i, 1))
		z.Set(i, d, 1)
	}
	res, err := separability.MaxMargin{}.Fit(z, y)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("γ* in [%.6f, %.6f], √2/3 = %.6f\n", res.Gamma, res.Upper, math.Sqrt2/3)
	fmt.Printf("ŵ = %.4f, λ = %.4f\n", res.W, res.Lambda)
	_, err = separability.MaxMargin{}.Fit(x, y)
	fmt.Println(errors.Is(err, classify.ErrNotSeparable))
	// Output:
	// γ* in [0.471405, 0.471405], √2/3 = 0.471405
	// ŵ = [0.2357 0.2357 -0.9428], λ = [0.2778 0.0000 0.7222]
	// true
}
