// Command classify is a program of one's own against the Margin Notes
// library, in a module of its own: it fits every solver of perceptron and
// svm on a small data set and classifies new points with what Fit returned alone —
// the data are not passed again — then saves one model to a file and
// classifies with the model read back.
//
//	cd examples/classify && go run .
//
// Its go.mod points at this checkout (replace … => ../..); outside the
// repository, drop the replace line and require a version of
// github.com/marginnotes/marginnotes instead.
package main

import (
	"fmt"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// model is a fitted model with the name of its solver.
type model struct {
	name string
	classify.Classifier
}

// fit returns what the solver's Fit returned as a classifier, or stops the
// program; classify.FitterOf gives every solver's Fit that one shape.
func fit(name string, f classify.Fitter, x mat.Matrix, y []float64) model {
	m, err := f(x, y)
	if err != nil {
		log.Fatalf("%s: %v", name, err)
	}
	return model{name, m}
}

// show prints the decision value f(p) and the label of each point.
func show(m classify.Classifier, name string, points [][]float64) {
	fmt.Printf("%-34s", name)
	for _, p := range points {
		fmt.Printf("  f=%-7.4g %+.0f", m.Decision(p), m.Predict(p))
	}
	fmt.Println()
}

func main() {
	// Li Hang, Example 2.1: x1 = (3, 3), x2 = (4, 3) positive, x3 = (1, 1)
	// negative, and four new points.
	x, y := dataset.Example21().XY()
	points := [][]float64{{4, 4}, {3, 0.5}, {1, 1.5}, {0, 0}}
	fmt.Println("Example 2.1; new points (4, 4), (3, 0.5), (1, 1.5), (0, 0):")
	book := []model{
		fit("perceptron.Primal", classify.FitterOf(perceptron.Primal{}.Fit), x, y),
		fit("perceptron.Dual", classify.FitterOf(perceptron.Dual{}.Fit), x, y),
		fit("perceptron.KernelDual (linear)", classify.FitterOf(perceptron.KernelDual{}.Fit), x, y),
		fit("perceptron.Voted", classify.FitterOf(perceptron.Voted{}.Fit), x, y),
		fit("svm.SMO", classify.FitterOf(svm.SMO{}.Fit), x, y),
		fit("svm.PlattSMO", classify.FitterOf(svm.PlattSMO{}.Fit), x, y),
		fit("svm.Exact", classify.FitterOf(svm.Exact{}.Fit), x, y),
		fit("svm.InteriorPoint", classify.FitterOf(svm.InteriorPoint{}.Fit), x, y),
		// Squared slacks (exercise 7.3) have no hard margin: C is set.
		fit("svm.SquaredSlack (C = 1)", classify.FitterOf(svm.SquaredSlack{C: 1}.Fit), x, y),
		// Dual coordinate descent with b as the weight of a constant
		// feature: here the same hyperplane.
		fit("svm.DCD (C = 10)", classify.FitterOf(svm.DCD{C: 10, Eps: 1e-9}.Fit), x, y),
	}
	for _, m := range book {
		show(m, m.name, points)
	}

	// Points around the corners of a square, labelled as XOR: no line
	// separates them, an RBF kernel does. The kernel models hold their
	// support vectors and kernel.
	xor := dataset.XOR(rand.NewPCG(1, 2), 40, 0.2)
	corners := [][]float64{{1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	fmt.Println("XOR, 40 points; new points (1, 1), (−1, −1), (1, −1), (−1, 1):")
	rbf := kernel.RBF{Gamma: 1}
	smo := svm.SMO{C: 10, Kernel: rbf}
	kernelModels := []model{
		fit("perceptron.KernelDual (rbf)", classify.FitterOf(perceptron.KernelDual{Kernel: rbf}.Fit), xor.X, xor.Y),
		fit("svm.SMO (rbf)", classify.FitterOf(smo.Fit), xor.X, xor.Y),
		fit("svm.Exact (poly, 8 points)", classify.FitterOf(svm.Exact{C: 10, Kernel: kernel.Polynomial{Degree: 2, Gamma: 1}}.Fit),
			xor.X.Slice(0, 8, 0, 2), xor.Y[:8]),
	}
	for _, m := range kernelModels {
		show(m, m.name, corners)
	}

	// Save the RBF SVM, read it back, and classify with the copy.
	dir, err := os.MkdirTemp("", "classify-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "model.json")
	if err := modelio.Save(path, modelio.Model{Solver: smo, Classifier: kernelModels[1].Classifier}); err != nil {
		log.Fatal(err)
	}
	loaded, err := modelio.Load(path)
	if err != nil {
		log.Fatal(err)
	}
	show(loaded, "svm.SMO (rbf), saved and loaded", corners)
	same := true
	for _, p := range corners {
		same = same && loaded.Decision(p) == kernelModels[1].Decision(p)
	}
	fmt.Println("the same decision values after saving:", same)
}
