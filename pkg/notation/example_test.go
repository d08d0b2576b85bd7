package notation_test

import (
	"fmt"

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
