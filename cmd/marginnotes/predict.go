package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/internal/safefile"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// predictOutput is the JSON object printed by "predict --json": the label
// of each point (Definition 2.1: +1 where f(x) ≥ 0), its decision value
// f(x), and, when the data have labels, how many points the model gets
// right.
type predictOutput struct {
	Kind      string    `json:"kind"`
	Labels    []float64 `json:"labels"`
	Decisions []float64 `json:"decisions"`
	Right     *int      `json:"right,omitempty"`
	Accuracy  *float64  `json:"accuracy,omitempty"`
}

func runPredict(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("predict", flag.ContinueOnError)
	modelFile := fs.String("model", "", "the model file written by perceptron or svm --save-model (required)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	file, err := parse(fs, args, stdout)
	if err != nil {
		return err
	}
	if *modelFile == "" {
		return usagef("predict: --model FILE is required")
	}
	m, err := modelio.Load(*modelFile)
	if err != nil {
		return err
	}
	lin, linear := linearWeights(m.Classifier)
	x, y, err := readPoints(file, stdin, m.Dim(), linear)
	if err != nil {
		return err
	}
	out := predictOutput{Kind: kind(m)}
	if c, ok := x.(*dataset.CSR); ok {
		// w·x + b over the entries a row stores.
		out.Decisions, out.Labels = make([]float64, c.N), make([]float64, c.N)
		for i := range c.N {
			f := c.Dot(i, lin.W) + lin.B
			out.Decisions[i], out.Labels[i] = f, classify.Sign(f)
		}
	} else {
		out.Labels, out.Decisions = classify.Predictions(nil, m, x), classify.Decisions(nil, m, x)
	}
	// A decision value that overflowed has no sign: an error, as in
	// training, rather than a label.
	for i, f := range out.Decisions {
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return fmt.Errorf("predict: %s, point %d: f(x) = %v: %w (the model's numbers and the point's overflow a float64 together)",
				file, i+1, f, classify.ErrNonFinite)
		}
	}
	if y != nil {
		right := 0
		for i, p := range out.Labels {
			if p == y[i] {
				right++
			}
		}
		acc := float64(right) / float64(len(y))
		out.Right, out.Accuracy = &right, &acc
	}
	if *asJSON {
		return writeJSON(stdout, out, nil)
	}
	for _, p := range out.Labels {
		fmt.Fprintf(stdout, "%+g\n", p)
	}
	if y != nil {
		fmt.Fprintf(stdout, "accuracy: %s (%d of %d points)\n", notation.Number(*out.Accuracy), *out.Right, len(y))
	}
	return nil
}

// kind returns the kind a model file names, the type of its solver.
func kind(m *modelio.Model) string { return fmt.Sprintf("%T", m.Solver) }

// linearWeights returns w and b of a model whose decision function is
// w·x + b computed from w: a classify.Linear (perceptron.Primal and Dual,
// svm.InteriorPoint and DCD, separability.MaxMargin) or an svm.Model of
// the linear kernel (SMO, Exact).
func linearWeights(c classify.Classifier) (classify.Linear, bool) {
	switch c := c.(type) {
	case classify.Linear:
		return c, true
	case *svm.Model:
		if c.W != nil {
			return classify.Linear{W: c.W, B: c.B}, true
		}
	}
	return classify.Linear{}, false
}

// readPoints reads points of d features, with or without labels, from a
// file or standard input for "-". For a linear model (sparse) a LIBSVM file
// that leaves features out stays sparse, a *dataset.CSR: a model of 10⁵
// features classifies 10⁵ documents of 50 words each in the memory of their
// entries, where the dense points would pass the readers' limit.
func readPoints(name string, stdin io.Reader, d int, sparse bool) (x mat.Matrix, y []float64, err error) {
	err = readInput(name, stdin, func(r io.Reader) (err error) {
		if sparse {
			x, y, err = dataset.SparseReader{}.ReadPoints(r, d)
			return err
		}
		x, y, err = dataset.ReadPoints(r, d)
		return err
	})
	return x, y, err
}

// checkSaveTarget refuses a --save-model path that is the data file read
// (the name data, or standard input for "-"), the same file after links
// hard or symbolic: the model would replace the data. A target that does
// not exist yet, or data that are not a regular file, pass.
func checkSaveTarget(path, data string, stdin io.Reader) error {
	if path == "" {
		return nil
	}
	target, err := os.Stat(path)
	if err != nil {
		return nil // a new file, or an error that Save reports
	}
	var in os.FileInfo
	if data == "-" {
		if f, ok := stdin.(*os.File); ok {
			in, err = f.Stat()
		}
	} else {
		in, err = os.Stat(data)
	}
	if err != nil || in == nil || !in.Mode().IsRegular() || !os.SameFile(target, in) {
		return nil
	}
	if data == "-" {
		data = "standard input"
	}
	return usagef("--save-model %s is the data file (%s): the model would replace the data; name another file", path, data)
}

// saveModel writes the model fitted by solver to path, unless path is "".
func saveModel(path string, solver any, c classify.Classifier) error {
	if path == "" {
		return nil
	}
	others := safefile.OtherLinks(path)
	if err := modelio.Save(path, modelio.Model{Solver: solver, Classifier: c}); err != nil {
		return fmt.Errorf("--save-model: %w", err)
	}
	if others > 0 {
		// modelio.Save replaced the file under path alone.
		return notice{fmt.Sprintf("--save-model %s: saved; the file's %d other hard link(s) keep the old content", path, others)}
	}
	return nil
}
