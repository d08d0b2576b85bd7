// Command svm is the benchmark driver of bench/compare.sh: it reads a data set
// in LIBSVM format, solves the SVM dual with svm.SMO using svm-train's option
// names and meanings (-c, -t 0|1|2, -g, -d, -r, -e, -m in MB, -h 0|1), and
// prints one JSON object with the objective (LIBSVM's obj), rho = −b, the
// support-vector counts, the iterations, the status and the wall and CPU
// times of reading and of solving. -warmup N first solves the problem of the
// first N rows, untimed. -repeat N then solves the whole problem N times more
// and reports the median CPU and wall time of those fits, as a fit repeated in
// one process (scikit-learn's SVC is measured so too). -cpuprofile FILE
// profiles the solves.
//
//	go run ./bench/svm -c 1 -t 2 -g 0.05 -e 0.001 -m 100 FILE
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/marginnotes/marginnotes/bench/internal/rusage"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

type output struct {
	File       string  `json:"file"`
	Kernel     string  `json:"kernel"`
	C          float64 `json:"c"`
	Objective  float64 `json:"obj"`
	Rho        float64 `json:"rho"`
	NSV        int     `json:"nSV"`
	NBSV       int     `json:"nBSV"`
	Iterations int     `json:"iterations"`
	Status     string  `json:"status"`
	Violation  float64 `json:"max_violation"`
	ReadSec    float64 `json:"read_seconds"`
	SolveSec   float64 `json:"solve_seconds"`
	SolveCPU   float64 `json:"solve_cpu_seconds"` // user + system, all threads
	// The medians over -repeat further fits of the same problem.
	RepeatSec float64 `json:"repeat_seconds,omitempty"`
	RepeatCPU float64 `json:"repeat_cpu_seconds,omitempty"`
}

func main() {
	c := flag.Float64("c", 1, "C (0: hard margin)")
	t := flag.Int("t", 2, "kernel: 0 linear, 1 polynomial, 2 RBF (svm-train -t)")
	g := flag.Float64("g", 0, "gamma (0: 1/number of features, as svm-train)")
	d := flag.Int("d", 3, "polynomial degree")
	r := flag.Float64("r", 0, "coef0")
	e := flag.Float64("e", 0.001, "stopping tolerance")
	m := flag.Float64("m", 100, "cache size in MB")
	h := flag.Int("h", 1, "shrinking: 1 on, 0 off")
	prof := flag.String("cpuprofile", "", "write a CPU profile of the solve to this file")
	warmup := flag.Int("warmup", 0, "before the timed solve, solve the problem of the first N rows (untimed)")
	repeat := flag.Int("repeat", 0, "after the timed solve, solve N times more and report the medians")
	flag.Parse()
	if flag.NArg() != 1 {
		fail(fmt.Errorf("usage: svm [flags] FILE"))
	}
	start := time.Now()
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	set, err := dataset.ReadLIBSVM(f)
	f.Close()
	if err != nil {
		fail(err)
	}
	read := time.Since(start)
	_, dim := set.Dims()
	gamma := *g
	if gamma == 0 {
		gamma = 1 / float64(dim)
	}
	var k kernel.Kernel
	switch *t {
	case 0:
		k = kernel.Linear{}
	case 1:
		k = kernel.Polynomial{Degree: *d, Gamma: gamma, Coef0: *r}
	case 2:
		k = kernel.RBF{Gamma: gamma}
	default:
		fail(fmt.Errorf("unknown kernel type %d", *t))
	}
	solver := svm.SMO{C: *c, Kernel: k, Eps: *e, CacheBytes: int(*m * (1 << 20)), NoShrinking: *h == 0}
	if *prof != "" {
		pf, err := os.Create(*prof)
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(pf); err != nil {
			fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	if m := min(*warmup, len(set.Y)); m > 0 {
		// The first call's costs (faulting in code, growing the heap) are
		// not the solver's; SVC's side does the same.
		_, _ = solver.Fit(set.X.Slice(0, m, 0, dim), set.Y[:m])
	}
	start = time.Now()
	cpu := rusage.CPUSeconds()
	res, err := solver.Fit(set.X, set.Y)
	solve := time.Since(start)
	solveCPU := rusage.CPUSeconds() - cpu
	if res == nil {
		fail(err)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "svm:", err)
	}
	var walls, cpus []float64
	for range *repeat {
		start, cpu := time.Now(), rusage.CPUSeconds()
		if _, err := solver.Fit(set.X, set.Y); err != nil && res.Status.String() == "converged" {
			fail(err)
		}
		cpus = append(cpus, rusage.CPUSeconds()-cpu)
		walls = append(walls, time.Since(start).Seconds())
	}
	out := output{File: flag.Arg(0), Kernel: fmt.Sprint(k), C: *c, Objective: res.DualObjective,
		Rho: -res.B, NSV: len(res.SupportIndices), NBSV: len(res.BoundedIndices), Iterations: res.Iterations,
		Status: res.Status.String(), Violation: res.MaxViolation,
		ReadSec: read.Seconds(), SolveSec: solve.Seconds(), SolveCPU: solveCPU,
		RepeatSec: median(walls), RepeatCPU: median(cpus)}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		fail(err)
	}
	if *prof != "" {
		pprof.StopCPUProfile()
	}
}

// median returns the median of xs, or 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	slices.Sort(xs)
	m := len(xs) / 2
	if len(xs)%2 == 1 {
		return xs[m]
	}
	return (xs[m-1] + xs[m]) / 2
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "svm:", err)
	os.Exit(1)
}
