package main

import (
	"flag"
	"fmt"
	"io"
	"math"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// svmOutput is the JSON object printed by "svm --json". Point numbers are
// 1-based; an infinite end of b_interval is null.
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

func runSVM(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("svm", flag.ContinueOnError)
	c := fs.Float64("c", 0, "soft-margin penalty C > 0 (default: hard margin)")
	solver := fs.String("solver", "smo", "smo (second-order SMO, as LIBSVM) or exact (face enumeration, small problems)")
	eps := fs.Float64("eps", svm.DefaultEps, "SMO stopping tolerance, as svm-train -e")
	asJSON := fs.Bool("json", false, "print one JSON object")
	var kf kernelFlags
	kf.register(fs)
	file, err := parse(fs, args, stdout)
	if err != nil {
		return err
	}
	cSet := false
	fs.Visit(func(f *flag.Flag) { cSet = cSet || f.Name == "c" })
	if cSet && !(*c > 0 && !math.IsInf(*c, 1)) {
		return usagef("svm: --c %v, want a finite C > 0 (omit --c for a hard margin)", *c)
	}
	if !(*eps > 0) {
		return usagef("svm: --eps %v, want > 0", *eps)
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
	var res *svm.Result
	var fitErr error
	switch *solver {
	case "smo":
		res, fitErr = svm.SMO{C: *c, Kernel: kern, Eps: *eps}.Fit(set.X, set.Y)
	case "exact":
		res, fitErr = svm.Exact{C: *c, Kernel: kern}.Fit(set.X, set.Y)
	default:
		return usagef("svm: unknown --solver %q (want smo or exact)", *solver)
	}
	if res == nil {
		return fitErr
	}
	out := svmOutput{
		Solver: *solver, Kernel: fmt.Sprint(kern), Alpha: res.Alpha, W: res.W, B: res.B,
		BInterval: [2]*float64{finite(res.BLow), finite(res.BHigh)},
		Support:   oneBased(res.Support), DualObjective: res.DualObjective,
		PrimalObjective: res.PrimalObjective, Gap: res.Gap, MaxViolation: res.MaxViolation,
		Iterations: res.Iterations, Status: res.Status.String(),
	}
	if cSet {
		out.C = c
	}
	if *asJSON {
		if err := writeJSON(stdout, out, fitErr); err != nil {
			return err
		}
	} else {
		printSVM(stdout, out, kern)
	}
	return fitErr
}

func printSVM(w io.Writer, out svmOutput, k kernel.Kernel) {
	margin := "hard margin"
	if out.C != nil {
		margin = "C = " + num(*out.C)
	}
	fmt.Fprintf(w, "solver:           %s, %s kernel, %s\n", out.Solver, k, margin)
	if out.W != nil {
		fmt.Fprintf(w, "w:                %s\n", vec(out.W))
	}
	fmt.Fprintf(w, "b:                %s", num(out.B))
	if lo, hi := out.BInterval[0], out.BInterval[1]; lo == nil || hi == nil || *lo != *hi {
		fmt.Fprintf(w, "  (not unique: every b in [%s, %s] is optimal)", end(lo, "-inf"), end(hi, "+inf"))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "support vectors:  %d:", len(out.Support))
	for i, s := range out.Support {
		if i == 20 {
			fmt.Fprintf(w, " …")
			break
		}
		fmt.Fprintf(w, " x%d (α=%s)", s, num(out.Alpha[s-1]))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "dual objective:   %s   (½αᵀQα − Σα, LIBSVM's obj)\n", num(out.DualObjective))
	fmt.Fprintf(w, "primal objective: %s   (gap %s)\n", num(out.PrimalObjective), num(out.Gap))
	fmt.Fprintf(w, "KKT violation:    %s\niterations:       %d\nstatus:           %s\n", num(out.MaxViolation), out.Iterations, out.Status)
}

func end(v *float64, inf string) string {
	if v == nil {
		return inf
	}
	return num(*v)
}
