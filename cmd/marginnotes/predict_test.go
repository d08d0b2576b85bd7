package main

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// writeSet writes s as CSV, with its labels or (y false) without.
func writeSet(t *testing.T, name string, x mat.Matrix, y []float64) string {
	t.Helper()
	var buf bytes.Buffer
	n, d := x.Dims()
	for i := range n {
		for j := range d {
			if j > 0 {
				buf.WriteByte(',')
			}
			fmt.Fprint(&buf, x.At(i, j)) // the shortest text that reads back exactly
		}
		if y != nil {
			fmt.Fprintf(&buf, ",%g", y[i])
		}
		buf.WriteByte('\n')
	}
	return writeFile(t, name, buf.String())
}

// TestSaveModelPredict: for every kind of model, fit → --save-model →
// predict gives exactly the labels and, bit for bit, the decision values of
// the same model fitted in process, on the training data (with labels, and
// the accuracy) and on random points without labels; the book's data and
// seeded random data with RBF and polynomial kernels.
func TestSaveModelPredict(t *testing.T) {
	x, y := dataset.Example21().XY()
	book := writeSet(t, "book.csv", x, y)
	xor := dataset.XOR(rand.NewPCG(3, 4), 40, 0.2)
	xorFile := writeSet(t, "xor.csv", xor.X, xor.Y)
	small := dataset.XOR(rand.NewPCG(5, 6), 10, 0.2)
	smallFile := writeSet(t, "small.csv", small.X, small.Y)
	noisy := dataset.Noisy(rand.NewPCG(7, 8), 100, 3, 0.05)
	noisyFile := writeSet(t, "noisy.csv", noisy.X, noisy.Y)
	sets := map[string]*dataset.Set{book: {X: x, Y: y}, xorFile: xor, smallFile: small, noisyFile: noisy}
	for _, c := range []struct {
		name, kind string
		args       []string
		file       string
		fit        classify.Fitter
	}{
		{"primal", "perceptron.Primal", []string{"perceptron"}, book, classify.FitterOf(perceptron.Primal{}.Fit)},
		{"dual", "perceptron.Dual", []string{"perceptron", "--form", "dual"}, book, classify.FitterOf(perceptron.Dual{}.Fit)},
		{"kernel rbf", "perceptron.KernelDual", []string{"perceptron", "--form", "kernel", "--kernel", "rbf", "--gamma", "2"}, xorFile,
			classify.FitterOf(perceptron.KernelDual{Kernel: kernel.RBF{Gamma: 2}}.Fit)},
		{"voted", "perceptron.Voted", []string{"perceptron", "--form", "voted", "--seed", "3"}, noisyFile,
			classify.FitterOf(perceptron.Voted{Settings: perceptron.Settings{Order: perceptron.Shuffle, Src: rand.NewPCG(3, 0)}}.Fit)},
		{"smo", "svm.SMO", []string{"svm"}, book, classify.FitterOf(svm.SMO{}.Fit)},
		{"smo rbf", "svm.SMO", []string{"svm", "--c", "1", "--kernel", "rbf", "--gamma", "1"}, xorFile,
			classify.FitterOf(svm.SMO{C: 1, Kernel: kernel.RBF{Gamma: 1}}.Fit)},
		{"exact", "svm.Exact", []string{"svm", "--solver", "exact"}, book, classify.FitterOf(svm.Exact{}.Fit)},
		{"exact poly", "svm.Exact", []string{"svm", "--solver", "exact", "--c", "1", "--kernel", "poly", "--degree", "2", "--gamma", "1", "--coef0", "1"},
			smallFile, classify.FitterOf(svm.Exact{C: 1, Kernel: kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}}.Fit)},
		{"interior point", "svm.InteriorPoint", []string{"svm", "--solver", "interior-point"}, book, classify.FitterOf(svm.InteriorPoint{}.Fit)},
		{"interior point soft", "svm.InteriorPoint", []string{"svm", "--solver", "interior-point", "--c", "0.5"}, noisyFile,
			classify.FitterOf(svm.InteriorPoint{C: 0.5}.Fit)},
		{"dcd", "svm.DCD", []string{"svm", "--solver", "dcd", "--c", "10"}, book, classify.FitterOf(svm.DCD{C: 10, Eps: svm.DefaultDCDEps}.Fit)},
		{"dcd squared hinge", "svm.DCD", []string{"svm", "--solver", "dcd", "--c", "0.5", "--loss", "squared-hinge", "--bias", "2", "--seed", "3"}, noisyFile,
			classify.FitterOf(svm.DCD{C: 0.5, Loss: svm.SquaredHinge, Bias: 2, Eps: svm.DefaultDCDEps, Src: rand.NewPCG(3, 3)}.Fit)},
	} {
		t.Run(c.name, func(t *testing.T) {
			model := filepath.Join(t.TempDir(), "model.json")
			if code, _, errOut := runCmd(t, "", append(c.args, "--save-model", model, c.file)...); code != 0 {
				t.Fatalf("fit: exit %d: %s", code, errOut)
			}
			set := sets[c.file]
			m, err := c.fit(set.X, set.Y)
			if err != nil {
				t.Fatal(err)
			}
			n, d := set.Dims()
			rng := rand.New(rand.NewPCG(9, 9))
			q := mat.NewDense(50, d, nil)
			for i := range 50 {
				for j := range d {
					q.Set(i, j, 3*rng.NormFloat64())
				}
			}
			queries := writeSet(t, "queries.csv", q, nil)
			for _, data := range []struct {
				file string
				x    mat.Matrix
				y    []float64
			}{{c.file, set.X, set.Y}, {queries, q, nil}} {
				code, out, errOut := runCmd(t, "", "predict", "--json", "--model", model, data.file)
				if code != 0 {
					t.Fatalf("predict: exit %d: %s", code, errOut)
				}
				got := decode[predictOutput](t, out)
				want := classify.Decisions(nil, m, data.x)
				if got.Kind != c.kind || len(got.Decisions) != len(want) {
					t.Fatalf("kind %q, %d decisions; want %q, %d", got.Kind, len(got.Decisions), c.kind, len(want))
				}
				for i, f := range want {
					if math.Float64bits(got.Decisions[i]) != math.Float64bits(f) || got.Labels[i] != classify.Sign(f) {
						t.Fatalf("point %d: f = %v, label %v; in process %v, %v", i+1, got.Decisions[i], got.Labels[i], f, m.Predict(kernel.Rows(data.x)[i]))
					}
				}
				if data.y == nil {
					if got.Accuracy != nil || got.Right != nil {
						t.Errorf("points without labels got an accuracy")
					}
					continue
				}
				if acc := classify.Accuracy(m, data.x, data.y); got.Accuracy == nil || *got.Accuracy != acc || *got.Right != int(math.Round(acc*float64(n))) {
					t.Errorf("accuracy %v, want %v", got.Accuracy, acc)
				}
				// The text output: the labels, then the accuracy.
				_, text, _ := runCmd(t, "", "predict", "--model", model, data.file)
				var lines []string
				for _, l := range classify.Predictions(nil, m, data.x) {
					lines = append(lines, fmt.Sprintf("%+g", l))
				}
				acc := classify.Accuracy(m, data.x, data.y)
				lines = append(lines, fmt.Sprintf("accuracy: %s (%d of %d points)", notation.Number(acc), int(math.Round(acc*float64(n))), n))
				if want := strings.Join(lines, "\n") + "\n"; text != want {
					t.Errorf("text output\n%s\nwant\n%s", text, want)
				}
			}
		})
	}
}

// TestPredictBoundary: points on the perceptron's hyperplane x⁽¹⁾ + x⁽²⁾ −
// 3 = 0 (book Table 2.1) are predicted +1 (Definition 2.1), so the −1 point
// on it is the one error; data without labels, in CSV or LIBSVM, get the
// same labels and no accuracy.
func TestPredictBoundary(t *testing.T) {
	model := filepath.Join(t.TempDir(), "model.json")
	if code, _, errOut := runCmd(t, example21, "perceptron", "--save-model", model, "-"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, c := range []struct{ name, in, want string }{
		{"labelled", "1,2,-1\n2,1,1\n3,3,1\n0,0,-1\n", "+1\n+1\n+1\n-1\naccuracy: 3/4 (3 of 4 points)\n"},
		{"csv", "x1,x2\n1,2\n2,1\n3,3\n0,0\n", "+1\n+1\n+1\n-1\n"},
		{"libsvm", "1:1 2:2\n1:2 2:1\n1:3 2:3\n\n# the origin\n2:0\n", "+1\n+1\n+1\n-1\n"},
		{"libsvm labelled", "-1 1:1 2:2\n+1 1:2 2:1\n", "+1\n+1\naccuracy: 1/2 (1 of 2 points)\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, c.in, "predict", "--model", model, "-")
			if code != 0 || out != c.want {
				t.Errorf("exit %d, output\n%s(stderr %q)\nwant\n%s", code, out, errOut, c.want)
			}
		})
	}
}

// TestPredictErrors: a model file that cannot be used, or data of another
// dimension, gets one line on stderr and exit status 1; a missing --model
// is a usage error.
func TestPredictErrors(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "model.json")
	if code, _, errOut := runCmd(t, example21, "svm", "--save-model", model, "-"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	good, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	edited := func(name, old, new string) string {
		if !bytes.Contains(good, []byte(old)) {
			t.Fatalf("%q is not in the model file:\n%s", old, good)
		}
		return writeFile(t, name, strings.Replace(string(good), old, new, 1))
	}
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"no model", example21, []string{"predict", "-"}, 2, "predict: --model FILE is required"},
		{"no data", "", []string{"predict", "--model", model}, 2, "want exactly one FILE"},
		{"missing model", example21, []string{"predict", "--model", filepath.Join(dir, "none.json"), "-"}, 1, "no such file"},
		{"not a model", example21, []string{"predict", "--model", writeFile(t, "data.csv", example21), "-"}, 1, "malformed model file: line 1"},
		{"version", example21, []string{"predict", "--model", edited("v2.json", `"version": 1`, `"version": 2`), "-"}, 1, "unsupported model file version: version 2"},
		{"kind", example21, []string{"predict", "--model", edited("kind.json", `"svm.SMO"`, `"svm.LinearSVC"`), "-"}, 1, `wrong model kind: "svm.LinearSVC"`},
		{"kernel", example21, []string{"predict", "--model", edited("kernel.json", `{"name": "linear"}`, `{"name": "rbf", "gamma": 0}`), "-"}, 1, "bad kernel"},
		{"model dim", example21, []string{"predict", "--model", edited("dim.json", `"dim": 2`, `"dim": 3`), "-"}, 1, "want dim = 3"},
		{"data dim", "1,2,3,4\n", []string{"predict", "--model", model, "-"}, 1, "-: dataset: wrong number of features at line 1"},
		{"libsvm index", "+1 3:1\n", []string{"predict", "--model", model, "-"}, 1, "index 3; want 2 features"},
		{"bad label", "1,2,0\n3,3,1\n", []string{"predict", "--model", model, "-"}, 1, "map 0 to -1"},
		{"save to no directory", example21, []string{"svm", "--save-model", filepath.Join(dir, "no", "m.json"), "-"}, 1, "--save-model: open"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCmd(t, c.stdin, c.args...)
			if code != c.code || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stderr %q; want %d and one line containing %q", code, errOut, c.code, c.want)
			}
			if strings.Count(errOut, "marginnotes:") != 1 || strings.Contains(errOut, " json:") {
				t.Errorf("stderr %q: want a single prefix", errOut)
			}
		})
	}
	// A run that fails saves nothing.
	failed := filepath.Join(dir, "failed.json")
	if code, _, _ := runCmd(t, xor, "perceptron", "--max-epochs", "5", "--save-model", failed, "-"); code != 1 {
		t.Errorf("perceptron on XOR: exit %d, want 1", code)
	}
	if _, err := os.Stat(failed); !os.IsNotExist(err) {
		t.Errorf("a run that did not converge saved a model (%v)", err)
	}
}

// TestPredictNotFinite: a decision value that is not finite is an error
// naming the point, as in training, not a label (issue 18 §1.4: predict
// printed +NaN and exited 0): a cubic kernel at (10²⁰⁰, 10²⁰⁰), a linear SVM
// fitted at scale 10⁻¹⁰⁰ (w ≈ 10¹⁰⁰) asked about a point at 10²⁵⁰, and a
// model file with weights near the largest float64.
func TestPredictNotFinite(t *testing.T) {
	dir := t.TempDir()
	poly := filepath.Join(dir, "poly.json")
	if code, _, errOut := runCmd(t, example21, "svm", "--kernel", "poly", "--degree", "3", "--save-model", poly, "-"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	tiny := filepath.Join(dir, "tiny.json")
	if code, _, errOut := runCmd(t, "3e-100,3e-100,1\n4e-100,3e-100,1\n1e-100,1e-100,-1\n", "svm", "--save-model", tiny, "-"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	huge := writeFile(t, "huge.json", `{"format": "marginnotes-model", "version": 1, "kind": "perceptron.Primal", "dim": 2,
		"settings": {}, "linear": {"w": [1e308, 1e308], "b": 0}}`)
	for _, c := range []struct {
		name, model, points, want string
	}{
		{"poly", poly, "3,3\n1e200,1e200\n", "point 2: f(x) = NaN"},
		{"small scale", tiny, "3e-100,3e-100\n0,0\n1e250,1e250\n", "point 3: f(x) = +Inf"},
		{"huge weights", huge, "1,-1\n3,3\n", "point 2: f(x) = +Inf"},
		{"huge weights nan", huge, "1e308,-1e308\n", "point 1: f(x) = NaN"},
	} {
		for _, json := range []bool{false, true} {
			args := []string{"predict", "--model", c.model, "-"}
			if json {
				args = append(args, "--json")
			}
			code, out, errOut := runCmd(t, c.points, args...)
			if code != 1 || !strings.Contains(errOut, c.want) || !strings.Contains(errOut, "not finite") || out != "" {
				t.Errorf("%s (json %v): exit %d, output %q, stderr %q; want 1, nothing, and %q", c.name, json, code, out, errOut, c.want)
			}
		}
	}
}
