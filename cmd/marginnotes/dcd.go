package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// dcdOutput is the JSON object printed by "svm --solver dcd --json": the
// hyperplane, both objectives of DCD's problem (the bias as a feature B,
// b regularised), the gap and the KKT measure, under the keys the other
// solvers use.
type dcdOutput struct {
	Solver          string    `json:"solver"`
	Loss            string    `json:"loss"`
	C               float64   `json:"c"`
	Bias            float64   `json:"bias"` // the constant feature B; 0 without a bias
	Eps             float64   `json:"eps"`
	W               []float64 `json:"w"`
	B               float64   `json:"b"`
	DualObjective   float64   `json:"dual_objective"`
	PrimalObjective float64   `json:"primal_objective"`
	Gap             float64   `json:"gap"`
	MaxViolation    float64   `json:"max_violation"`
	NumSupport      int       `json:"support_vectors"`
	Iterations      int       `json:"iterations"`
	Status          string    `json:"status"`
}

// dcdFlags are the options of --solver dcd alone.
type dcdFlags struct {
	loss    string
	bias    *float64
	maxIter int
	seed    seedFlag
}

// dcdOnly names the options that apply to --solver dcd alone.
var dcdOnly = []string{"loss", "bias", "max-iter", "seed"}

func (f *dcdFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.loss, "loss", "hinge", "dcd: hinge (liblinear-train -s 3) or squared-hinge (-s 1)")
	f.bias = floatFlag(fs, "bias", svm.DefaultBias, "dcd: the constant feature B appended to every point, b = B·w_{d+1} regularised (liblinear-train -B); 0 for no bias")
	fs.IntVar(&f.maxIter, "max-iter", svm.DefaultDCDMaxIter, "dcd: the most passes over the data")
	fs.Var(&f.seed, "seed", "dcd: seed of the permutation of each pass, an integer ≥ 0 (default 1)")
}

// solver returns the DCD of the flags, or a usage error.
func (f *dcdFlags) solver(given map[string]bool, c, eps float64) (svm.DCD, error) {
	s := svm.DCD{C: c, Bias: *f.bias, NoBias: *f.bias == 0, Eps: svm.DefaultDCDEps, MaxIter: f.maxIter}
	switch f.loss {
	case "hinge":
	case "squared-hinge":
		s.Loss = svm.SquaredHinge
	default:
		return s, usagef("svm: unknown --loss %q (want hinge or squared-hinge)", f.loss)
	}
	switch {
	case !given["c"]:
		return s, usagef("svm: --solver dcd needs --c C > 0 (it has no hard margin; liblinear-train's default is 1)")
	case *f.bias < 0:
		return s, usagef("svm: --bias %v, want B ≥ 0 (0 for no bias)", *f.bias)
	case f.maxIter < 1:
		return s, usagef("svm: --max-iter %d, want ≥ 1", f.maxIter)
	}
	if given["eps"] {
		s.Eps = eps
	}
	if f.seed.set {
		s.Src = rand.NewPCG(f.seed.v, f.seed.v)
	}
	return s, nil
}

// checkDCD refuses the options that do not apply to the solver: those of
// dcd alone with another solver, and a kernel with dcd, which is linear.
func checkDCD(solver, kernel string, given map[string]bool) error {
	if solver != "dcd" {
		for _, name := range dcdOnly {
			if given[name] {
				return usagef("svm: --%s is an option of --solver dcd, not %s", name, solver)
			}
		}
		return nil
	}
	if kernel != "linear" {
		return usagef("svm: --solver dcd solves the linear SVM; use smo or exact for --kernel %s", kernel)
	}
	for _, name := range []string{"gamma", "degree", "coef0"} {
		if given[name] {
			return usagef("svm: --%s does not apply to --solver dcd (a linear SVM)", name)
		}
	}
	return nil
}

// runDCD reads the data as they are (a sparse LIBSVM file stays sparse),
// within a limit that follows the memory available (dataset.MemoryCells:
// a dense 10⁶ × 20 file is read, one that cannot fit is refused), fits s
// and prints the result.
func runDCD(w io.Writer, s svm.DCD, file string, stdin io.Reader, asJSON bool, save string) error {
	var x mat.Matrix
	var y []float64
	avail, limit := dataset.AvailableMemory(), dataset.MemoryCells()
	err := readInput(file, stdin, func(r io.Reader) (err error) {
		x, y, err = dataset.SparseReader{MaxCells: limit}.Read(r)
		if errors.Is(err, dataset.ErrTooLarge) && strings.Contains(err.Error(), "numbers") {
			err = fmt.Errorf("%w; the limit follows the memory available (%d MB): half of it at %d bytes a number, at least %d numbers",
				err, avail>>20, dataset.BytesPerCell, dataset.MaxCells)
		}
		return err
	})
	if err != nil {
		return err
	}
	res, fitErr := s.Fit(x, y)
	if res == nil {
		return fitErr
	}
	bias := s.Bias
	if s.NoBias {
		bias = 0
	}
	out := dcdOutput{Solver: "dcd", Loss: s.Loss.String(), C: s.C, Bias: bias, Eps: s.Eps, W: res.W, B: res.B,
		DualObjective: res.DualObjective, PrimalObjective: res.PrimalObjective, Gap: res.Gap,
		MaxViolation: res.MaxViolation, NumSupport: res.NumSupport, Iterations: res.Iterations, Status: res.Status.String()}
	if asJSON {
		if err := writeJSON(w, out, fitErr); err != nil {
			return err
		}
	} else {
		printDCD(w, out, x)
	}
	if fitErr != nil {
		return fitErr
	}
	return saveModel(save, s, res)
}

// dcdShownWeights is the most weights the text output lists.
const dcdShownWeights = 20

func printDCD(w io.Writer, out dcdOutput, x mat.Matrix) {
	n, d := x.Dims()
	kind := "dense"
	if c, ok := x.(*dataset.CSR); ok {
		kind = fmt.Sprintf("sparse, %d nonzeros", c.NNZ())
	}
	bias := "no bias"
	if out.Bias != 0 {
		bias = "bias feature B = " + notation.Number(out.Bias)
	}
	fmt.Fprintf(w, "solver:           dcd (dual coordinate descent, as LIBLINEAR), %s loss, C = %s, %s\n", out.Loss, notation.Number(out.C), bias)
	fmt.Fprintf(w, "data:             %d points, %d features (%s)\n", n, d, kind)
	if d <= dcdShownWeights {
		fmt.Fprintf(w, "hyperplane:       %s\n", notation.Equation(out.W, out.B))
		fmt.Fprintf(w, "w:                %s\n", notation.Vector(out.W))
	} else {
		fmt.Fprintf(w, "w:                %d weights, ‖w‖ = %s (--json lists them)\n", d, notation.Number(floats.Norm(out.W, 2)))
	}
	fmt.Fprintf(w, "b:                %s\n", notation.Number(out.B))
	fmt.Fprintf(w, "support vectors:  %d\n", out.NumSupport)
	fmt.Fprintf(w, "dual objective:   %s   (½αᵀ(Q + D)α − Σα, liblinear-train's objective value)\n", notation.Number(out.DualObjective))
	fmt.Fprintf(w, "primal objective: %s   (½‖w‖² + ½b²/B² + C·Σ loss; gap %s)\n", notation.Number(out.PrimalObjective), notation.Number(out.Gap))
	fmt.Fprintf(w, "KKT violation:    %s   (max PG − min PG, stop at --eps %s)\n", notation.Number(out.MaxViolation), notation.Number(out.Eps))
	fmt.Fprintf(w, "iterations:       %d passes\nstatus:           %s\n", out.Iterations, out.Status)
}
