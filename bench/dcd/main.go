// Command dcd is the benchmark driver of bench/compare.sh for svm.DCD: it
// reads a data set in LIBSVM format as dataset.ReadSparse does (a CSR
// matrix, or a dense one when every row lists every feature), with room for
// the 10⁶ × 20 set (maxCells), fits svm.DCD with liblinear-train's option
// names and meanings (-s 1|3, -c, -e, -B), and prints one JSON object: the primal and dual objectives, the iterations,
// the status, the training accuracy and the wall and CPU times of reading
// and of fitting. -model FILE writes w and b, one number a line (w₁ … w_d,
// then b), for the comparison of predictions. -cpuprofile FILE profiles the
// whole run, reading included.
//
// -check OURS -liblinear MODEL fits nothing: it reads the data, the w and b
// that -model wrote and a model file of liblinear-train, and prints the
// primal objective of both (½‖ŵ‖² + C·Σ loss, ŵ with the bias weight b/B)
// and the fraction of points they predict alike.
//
//	go run ./bench/dcd -s 3 -c 1 -e 0.1 -B 1 FILE
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/bench/internal/rusage"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// maxCells is the reader's limit on the numbers a file holds: 2²⁶, above
// dataset.MaxCells (2²⁴), so that the dense 10⁶ × 20 set (2.1·10⁷ numbers,
// about 270 MB read and fitted) is read; liblinear-train has no limit.
const maxCells = 1 << 26

type output struct {
	File       string  `json:"file"`
	N          int     `json:"n"`
	D          int     `json:"d"`
	Sparse     bool    `json:"sparse"`
	Primal     float64 `json:"primal_objective"`
	Dual       float64 `json:"dual_objective"`
	Violation  float64 `json:"max_violation"`
	Iterations int     `json:"iterations"`
	Status     string  `json:"status"`
	Accuracy   float64 `json:"accuracy"`
	ReadSec    float64 `json:"read_seconds"`
	ReadCPU    float64 `json:"read_cpu_seconds"`
	FitSec     float64 `json:"fit_seconds"`
	FitCPU     float64 `json:"fit_cpu_seconds"`
}

func main() {
	s := flag.Int("s", 3, "solver: 3 hinge (L1-loss), 1 squared hinge (L2-loss), as liblinear-train -s")
	c := flag.Float64("c", 1, "C")
	e := flag.Float64("e", 0.1, "stopping tolerance")
	b := flag.Float64("B", 1, "bias feature (≤ 0: none)")
	seed := flag.Uint64("seed", 1, "seed of the permutations")
	model := flag.String("model", "", "write w and b to this file, one number a line")
	prof := flag.String("cpuprofile", "", "write a CPU profile of the run to this file")
	check := flag.String("check", "", "compare the model written by -model with -liblinear's")
	ll := flag.String("liblinear", "", "a model file of liblinear-train, for -check")
	flag.Parse()
	if flag.NArg() != 1 {
		fail(fmt.Errorf("usage: dcd [flags] FILE"))
	}
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
	start, cpu := time.Now(), rusage.CPUSeconds()
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	x, y, err := dataset.SparseReader{MaxCells: maxCells}.Read(f)
	f.Close()
	if err != nil {
		fail(err)
	}
	read, readCPU := time.Since(start), rusage.CPUSeconds()-cpu
	if *check != "" {
		compare(x, y, *s, *c, *b, readModel(*check), *ll)
		return
	}
	solver := svm.DCD{C: *c, Eps: *e, Bias: *b, NoBias: *b <= 0, Src: newPCG(*seed)}
	if *s == 1 {
		solver.Loss = svm.SquaredHinge
	} else if *s != 3 {
		fail(fmt.Errorf("-s %d: want 1 or 3", *s))
	}
	start, cpu = time.Now(), rusage.CPUSeconds()
	res, err := solver.Fit(x, y)
	fit, fitCPU := time.Since(start), rusage.CPUSeconds()-cpu
	if res == nil {
		fail(err)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "dcd:", err)
	}
	n, d := x.Dims()
	_, sparse := x.(*dataset.CSR)
	out := output{File: flag.Arg(0), N: n, D: d, Sparse: sparse, Primal: res.PrimalObjective, Dual: res.DualObjective,
		Violation: res.MaxViolation, Iterations: res.Iterations, Status: res.Status.String(),
		Accuracy: accuracy(res, x, y), ReadSec: read.Seconds(), ReadCPU: readCPU, FitSec: fit.Seconds(), FitCPU: fitCPU}
	if *model != "" {
		writeModel(*model, res)
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fail(err)
	}
}

// accuracy returns the training accuracy of r on x, y.
func accuracy(r *svm.DCDResult, x mat.Matrix, y []float64) float64 {
	right := 0
	for i, yi := range y {
		var f float64
		switch m := x.(type) {
		case *dataset.CSR:
			f = m.Dot(i, r.W) + r.B
		case *mat.Dense:
			f = r.Decision(m.RawRowView(i))
		}
		if svmSign(f) == yi {
			right++
		}
	}
	return float64(right) / float64(len(y))
}

func svmSign(f float64) float64 {
	if f >= 0 {
		return 1
	}
	return -1
}

func writeModel(path string, r *svm.DCDResult) {
	f, err := os.Create(path)
	if err != nil {
		fail(err)
	}
	w := bufio.NewWriter(f)
	for _, v := range append(append([]float64(nil), r.W...), r.B) {
		w.WriteString(strconv.FormatFloat(v, 'g', -1, 64))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		fail(err)
	}
	if err := f.Close(); err != nil {
		fail(err)
	}
}

// readModel reads the w and b that -model wrote.
func readModel(path string) []float64 {
	text, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	var v []float64
	for _, f := range strings.Fields(string(text)) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			fail(err)
		}
		v = append(v, x)
	}
	return v
}

// readLIBLINEAR returns the w (pointing to the label +1) and the bias
// feature of a liblinear-train model file, w as wide as d with the bias
// weight last.
func readLIBLINEAR(path string, d int) (w []float64, bias float64) {
	text, err := os.ReadFile(path)
	if err != nil {
		fail(err)
	}
	sign, inW := 1.0, false
	for _, line := range strings.Split(string(text), "\n") {
		f := strings.Fields(line)
		switch {
		case inW && len(f) == 1:
			v, err := strconv.ParseFloat(f[0], 64)
			if err != nil {
				fail(err)
			}
			w = append(w, sign*v)
		case len(f) > 1 && f[0] == "label" && f[1] == "-1":
			sign = -1
		case len(f) > 1 && f[0] == "bias":
			bias, _ = strconv.ParseFloat(f[1], 64)
		case line == "w":
			inW = true
		}
	}
	if bias <= 0 {
		return append(w, make([]float64, d+1-len(w))...), 0
	}
	wb := w[len(w)-1]
	w = append(w[:len(w)-1], make([]float64, d+1-len(w))...)
	return append(w, wb), bias
}

// decision returns ŵ·x̂ᵢ for w with the bias weight last.
func decision(x mat.Matrix, i int, w []float64, bias float64) float64 {
	d := len(w) - 1
	switch m := x.(type) {
	case *dataset.CSR:
		return m.Dot(i, w[:d]) + bias*w[d]
	case *mat.Dense:
		return floats.Dot(m.RawRowView(i), w[:d]) + bias*w[d]
	}
	panic("dcd: unknown matrix")
}

// compare prints the primal objectives of our model (w, b) and of
// liblinear-train's, and the fraction of points they predict alike.
func compare(x mat.Matrix, y []float64, s int, c, bias float64, ours []float64, llPath string) {
	_, d := x.Dims()
	if bias <= 0 {
		bias = 0
	}
	// Ours as ŵ = (w, b/B).
	our := append([]float64(nil), ours[:d]...)
	if bias > 0 {
		our = append(our, ours[d]/bias)
	} else {
		our = append(our, 0)
	}
	ll, llBias := readLIBLINEAR(llPath, d)
	primal := func(w []float64, bias float64) float64 {
		p := floats.Dot(w, w) / 2
		for i, yi := range y {
			if m := 1 - yi*decision(x, i, w, bias); m > 0 {
				if s == 1 {
					m *= m
				}
				p += c * m
			}
		}
		return p
	}
	same := 0
	for i := range y {
		if (decision(x, i, our, bias) >= 0) == (decision(x, i, ll, llBias) >= 0) {
			same++
		}
	}
	out := map[string]float64{"primal_objective": primal(our, bias), "liblinear_primal_objective": primal(ll, llBias),
		"agreement": float64(same) / float64(len(y))}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "dcd:", err)
	os.Exit(1)
}

func newPCG(seed uint64) *rand.PCG { return rand.NewPCG(seed, seed) }
