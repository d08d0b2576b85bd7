package separability_test

import (
	"fmt"
	"log"

	"gonum.org/v1/gonum/mat"

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
