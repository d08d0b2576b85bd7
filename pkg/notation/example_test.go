package notation_test

import (
	"fmt"
	"math"

	"github.com/marginnotes/marginnotes/pkg/notation"
)

// The numbers of Example 7.2 as the book prints them.
func Example() {
	fmt.Println(notation.Vector([]float64{0.25, 0, 0.25}))
	fmt.Println(notation.Number(-2.0 / 13))
	fmt.Println(notation.Equation([]float64{0.5, 0.5}, -2))
	fmt.Println(notation.Plain.Equation([]float64{0.5, 0.5}, -2))
	// Output:
	// (1/4, 0, 1/4)
	// −2/13
	// ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0
	// ½x(1) + ½x(2) − 2 = 0
}

// Geometric margins are ratios to ‖w‖ and often irrational: Surd writes
// them exactly when their square is a fraction.
func ExampleSurd() {
	w := 1 / math.Sqrt2 // ‖(1/2, 1/2)‖
	fmt.Println(notation.Surd(w), notation.Surd(2/w), notation.Surd(2/math.Sqrt(5)))
	// Output:
	// √2/2 2√2 2√5/5
}
