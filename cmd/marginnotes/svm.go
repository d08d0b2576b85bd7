package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// svmOutput is the JSON object printed by "svm --json" for the dual
// solvers (smo, exact). Point numbers are 1-based; an infinite end of
// b_interval is null.
type svmOutput struct {
	Solver          string      `json:"solver"`
	Kernel          string      `json:"kernel"`
	C               *float64    `json:"c"` // null for a hard margin
	Alpha           []float64   `json:"alpha"`
	W               []float64   `json:"w,omitempty"`
	B               float64     `json:"b"`
	BInterval       [2]*float64 `json:"b_interval"`
	Support         []int       `json:"support"`
	DualObjective   float64     `json:"dual_objective"`
	PrimalObjective float64     `json:"primal_objective"`
	Gap             float64     `json:"gap"`
	MaxViolation    float64     `json:"max_violation"`
	Iterations      int         `json:"iterations"`
	Status          string      `json:"status"`
}

// primalOutput is the JSON object printed by "svm --solver interior-point
// --json": the hyperplane and the primal objective ½‖w‖² + C·Σ hinge.
type primalOutput struct {
	Solver     string    `json:"solver"`
	Kernel     string    `json:"kernel"`
	C          *float64  `json:"c"` // null for a hard margin
	W          []float64 `json:"w"`
	B          float64   `json:"b"`
	Objective  float64   `json:"primal_objective"`
	HingeSum   float64   `json:"hinge_sum"`
	Gap        float64   `json:"gap"`
	Iterations int       `json:"iterations"`
	Status     string    `json:"status"`
}

func runSVM(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("svm", flag.ContinueOnError)
	c := floatFlag(fs, "c", 0, "soft-margin penalty C > 0 (default: hard margin)")
	solver := fs.String("solver", "smo", "smo (second-order SMO, as LIBSVM), exact (face enumeration, small problems), interior-point (the primal problem, linear kernel) or dcd (dual coordinate descent, as LIBLINEAR: linear, large or sparse data)")
	eps := floatFlag(fs, "eps", svm.DefaultEps, "stopping tolerance of smo, as svm-train -e; of dcd, as liblinear-train -e (default 0.1 with dcd)")
	asJSON := fs.Bool("json", false, "print one JSON object")
	save := fs.String("save-model", "", "write the fitted model to this file (JSON, package modelio) when the run succeeds")
	var kf kernelFlags
	kf.register(fs)
	var df dcdFlags
	df.register(fs)
	file, err := parse(fs, args, stdout)
	if err != nil {
		return err
	}
	if err := checkSaveTarget(*save, file, stdin); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if given["c"] && !(*c > 0) {
		return usagef("svm: --c %v, want a finite C > 0 (omit --c for a hard margin)", *c)
	}
	if !(*eps >= svm.MinEps) {
		return usagef("svm: --eps %v, want at least %.2g, below which float64 resolves no KKT violation", *eps, svm.MinEps)
	}
	switch *solver {
	case "smo", "exact", "interior-point", "dcd":
	default:
		return usagef("svm: unknown --solver %q (want smo, exact, interior-point or dcd)", *solver)
	}
	if err := checkDCD(*solver, kf.name, given); err != nil {
		return err
	}
	if *solver == "dcd" {
		s, err := df.solver(given, *c, *eps)
		if err != nil {
			return err
		}
		return runDCD(stdout, s, file, stdin, *asJSON, *save)
	}
	if given["eps"] && *solver != "smo" {
		return usagef("svm: --eps is the tolerance of --solver smo, not %s", *solver)
	}
	if *solver == "interior-point" && kf.name != "linear" {
		return usagef("svm: --solver interior-point solves the linear SVM; use smo or exact for --kernel %s", kf.name)
	}
	set, err := readSet(file, stdin)
	if err != nil {
		return err
	}
	_, d := set.Dims()
	kern, err := kf.kernel(d)
	if err != nil {
		return err
	}
	var cOut *float64
	if given["c"] {
		cOut = c
	}
	var res *svm.Result
	var fitErr error
	var fitted any
	switch *solver {
	case "smo":
		s := svm.SMO{C: *c, Kernel: kern, Eps: *eps}
		res, fitErr = s.Fit(set.X, set.Y)
		fitted = s
	case "exact":
		s := svm.Exact{C: *c, Kernel: kern}
		res, fitErr = s.Fit(set.X, set.Y)
		fitted = s
	case "interior-point":
		return runInteriorPoint(stdout, svm.InteriorPoint{C: *c}, set.X, set.Y, cOut, *asJSON, *save)
	}
	if res == nil {
		return fitErr
	}
	out := svmOutput{
		Solver: *solver, Kernel: fmt.Sprint(kern), C: cOut, Alpha: res.Alpha, W: res.W, B: res.B,
		BInterval: [2]*float64{finite(res.BLow), finite(res.BHigh)},
		Support:   oneBased(res.SupportIndices), DualObjective: res.DualObjective,
		PrimalObjective: res.PrimalObjective, Gap: res.Gap, MaxViolation: res.MaxViolation,
		Iterations: res.Iterations, Status: res.Status.String(),
	}
	if *asJSON {
		if err := writeJSON(stdout, out, fitErr); err != nil {
			return err
		}
	} else {
		printSVM(stdout, out, kern)
	}
	if fitErr != nil {
		return fitErr
	}
	return saveModel(*save, fitted, res)
}

// margin writes C, or "hard margin" for nil.
func margin(c *float64) string {
	if c == nil {
		return "hard margin"
	}
	return "C = " + notation.Number(*c)
}

func printSVM(w io.Writer, out svmOutput, k kernel.Kernel) {
	fmt.Fprintf(w, "solver:           %s, %s kernel, %s\n", out.Solver, k, margin(out.C))
	if out.W != nil {
		fmt.Fprintf(w, "hyperplane:       %s\n", notation.Equation(out.W, out.B))
		fmt.Fprintf(w, "w:                %s\n", notation.Vector(out.W))
	}
	if lo, hi := out.BInterval[0], out.BInterval[1]; lo == nil || hi == nil || *lo != *hi {
		s := distinct(lo, &out.B, hi)
		fmt.Fprintf(w, "b:                %s  (not unique: every b in [%s, %s] is optimal)\n", s[1], s[0], s[2])
	} else {
		fmt.Fprintf(w, "b:                %s\n", notation.Number(out.B))
	}
	fmt.Fprintf(w, "support vectors:  %d:", len(out.Support))
	for i, s := range out.Support {
		if i == 20 {
			fmt.Fprintf(w, " …")
			break
		}
		fmt.Fprintf(w, " x%d (α=%s)", s, notation.Number(out.Alpha[s-1]))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "dual objective:   %s   (½αᵀQα − Σα, LIBSVM's obj)\n", notation.Number(out.DualObjective))
	if best := out.Gap - out.DualObjective; best < out.PrimalObjective-1e-9*math.Abs(out.PrimalObjective) {
		// The gap is that of (w, b)/ρ (svm.Result.Gap): at (w, b) some
		// margins are a little below 1 (within Eps), and their hinge terms
		// count in the primal objective at (w, b).
		fmt.Fprintf(w, "primal objective: %s at (w, b); %s at (w, b)/ρ, scaled so that every yᵢf(xᵢ) ≥ 1 (gap %s)\n",
			notation.Number(out.PrimalObjective), notation.Number(best), notation.Number(out.Gap))
	} else {
		fmt.Fprintf(w, "primal objective: %s   (gap %s)\n", notation.Number(out.PrimalObjective), notation.Number(out.Gap))
	}
	fmt.Fprintf(w, "KKT violation:    %s\niterations:       %d\nstatus:           %s\n", notation.Number(out.MaxViolation), out.Iterations, out.Status)
}

// runInteriorPoint solves the primal problem with ip and prints the
// hyperplane and the objective.
func runInteriorPoint(w io.Writer, ip svm.InteriorPoint, x mat.Matrix, y []float64, c *float64, asJSON bool, save string) error {
	res, fitErr := ip.Fit(x, y)
	if errors.Is(fitErr, svm.ErrTooLarge) {
		return fmt.Errorf("svm: --solver interior-point: %w; use --solver smo", fitErr)
	}
	if res == nil {
		return fitErr
	}
	out := primalOutput{Solver: "interior-point", Kernel: "linear", C: c, W: res.W, B: res.B,
		Objective: res.PrimalObjective, HingeSum: res.HingeSum, Gap: res.Gap, Iterations: res.Iterations, Status: res.Status.String()}
	if asJSON {
		if err := writeJSON(w, out, fitErr); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(w, "solver:           interior-point, linear kernel, %s\n", margin(c))
		fmt.Fprintf(w, "hyperplane:       %s\n", notation.Equation(out.W, out.B))
		fmt.Fprintf(w, "w:                %s\nb:                %s\n", notation.Vector(out.W), notation.Number(out.B))
		fmt.Fprintf(w, "primal objective: %s   (½‖w‖² + C·Σ hinge; gap %s)\n", notation.Number(out.Objective), notation.Number(out.Gap))
		fmt.Fprintf(w, "hinge sum:        %s\niterations:       %d\nstatus:           %s\n", notation.Number(out.HingeSum), out.Iterations, out.Status)
	}
	if fitErr != nil {
		return fitErr
	}
	return saveModel(save, ip, res)
}
