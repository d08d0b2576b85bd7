package modelio_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// The SVM of Example 7.2, saved and read back: the model read classifies
// new points on its own, with the decision values of the model that was
// fitted, f(x) = ½x⁽¹⁾ + ½x⁽²⁾ − 2.
func Example() {
	x, y := dataset.Example21().XY()
	solver := svm.Exact{}
	res, err := solver.Fit(x, y)
	if err != nil {
		log.Fatal(err)
	}
	var file bytes.Buffer // or modelio.Save("model.json", …)
	if err := modelio.Write(&file, modelio.Model{Solver: solver, Classifier: res}); err != nil {
		log.Fatal(err)
	}
	m, err := modelio.Read(&file) // or modelio.Load("model.json")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%T, dimension %d\n", m.Solver, m.Dim())
	for _, p := range [][]float64{{4, 4}, {3, 2}, {0, 1}} {
		fmt.Printf("f(%v) = %.4g, predicted %+.0f, same as fitted: %v\n", p, m.Decision(p), m.Predict(p), m.Decision(p) == res.Decision(p))
	}
	// Output:
	// svm.Exact, dimension 2
	// f([4 4]) = 2, predicted +1, same as fitted: true
	// f([3 2]) = 0.5, predicted +1, same as fitted: true
	// f([0 1]) = -1.5, predicted -1, same as fitted: true
}
