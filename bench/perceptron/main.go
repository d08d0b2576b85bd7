//go:build linux

// Command perceptron-bench times the primal perceptron of package
// perceptron on a data set stored as .npy files, for bench/perceptron/compare.sh.
//
//	perceptron-bench -dir DIR -e1 2 -e2 12 -repeat 3
//
// reads DIR/X.npy (n×d float64, C order) and DIR/y.npy, fits
// perceptron.Primal with MaxEpochs e1 and e2, repeat times each, and prints
// (min time(e2) − min time(e1))/(e2 − e1) as seconds per epoch, so that
// validation and setup cancel out: both the CPU time of the fitting thread
// (steady on a shared machine) and the wall time. If DIR/coef_E1.npy exists (scikit-learn's
// weights after e1 epochs) it also prints the largest relative difference
// between those weights and ours.
//
// -form dual fits perceptron.Dual instead (Algorithm 2.2; beyond its Gram
// budget it scores by w = Σ αᵢyᵢxᵢ), and -rows N uses the first N rows
// only; the output then also gives the CPU time per update,
// (min time(e2) − min time(e1))/(updates(e2) − updates(e1)), for the
// comparison of the two forms at the same updates (issue 24, goal 6).
//
// -csv FILE writes the data set as CSV (label last) to FILE and exits.
// -cli MARGINNOTES -file FILE also times the command line on that file:
// whole processes "marginnotes perceptron --max-epochs E FILE" for E = e1
// and cli-e2, repeat times each, interleaved with the fits, and prints
// (min CPU(cli-e2) − min CPU(e1))/(cli-e2 − e1), user + system time of the
// process, as cli_cpu_seconds_per_epoch: reading the file cancels out, and
// the epochs through the command line cost what they cost there, printing
// included (issue 24, goal 5).
package main

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"os/exec"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

func main() {
	dir := flag.String("dir", ".", "directory with X.npy and y.npy")
	e1 := flag.Int("e1", 2, "epochs of the short fit")
	e2 := flag.Int("e2", 12, "epochs of the long fit")
	repeat := flag.Int("repeat", 3, "fits of each length; the fastest counts")
	csvOut := flag.String("csv", "", "write the data set as CSV to this file and exit")
	cli := flag.String("cli", "", "the marginnotes command, to time its perceptron on -file too")
	file := flag.String("file", "", "the data set as a file marginnotes reads (for -cli)")
	cliE2 := flag.Int("cli-e2", 0, "epochs of the long command-line run (default 4·e2)")
	form := flag.String("form", "primal", "primal or dual")
	rows := flag.Int("rows", 0, "use the first rows of the data only (0: all)")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("perceptron-bench: ")
	if *e2 <= *e1 || *e1 < 1 {
		log.Fatal("need 1 ≤ e1 < e2")
	}

	xs, shape, err := readNpy(*dir + "/X.npy")
	if err != nil {
		log.Fatal(err)
	}
	y, _, err := readNpy(*dir + "/y.npy")
	if err != nil {
		log.Fatal(err)
	}
	if len(shape) != 2 || shape[0] != len(y) {
		log.Fatalf("X has shape %v, y has %d entries", shape, len(y))
	}
	n := shape[0]
	if *rows > 0 && *rows < n {
		n, y = *rows, y[:*rows]
		xs = xs[:n*shape[1]]
	}
	x := mat.NewDense(n, shape[1], xs)
	if *csvOut != "" {
		writeCSV(*csvOut, x, y)
		return
	}
	if *cliE2 == 0 {
		*cliE2 = 4 * *e2
	}
	if *cli != "" && (*file == "" || *cliE2 <= *e1) {
		log.Fatal("-cli needs -file and cli-e2 > e1")
	}

	// Fit runs on this goroutine, locked to its thread, whose CPU time
	// getrusage(RUSAGE_THREAD) reports.
	runtime.LockOSThread()
	fit := func(epochs int) (cpu, wall time.Duration, res *perceptron.Result) {
		c0, w0 := threadCPU(), time.Now()
		var err error
		switch st := (perceptron.Settings{MaxEpochs: epochs}); *form {
		case "primal":
			res, err = perceptron.Primal{Settings: st}.Fit(x, y)
		case "dual":
			res, err = perceptron.Dual{Settings: st}.Fit(x, y)
		default:
			log.Fatalf("unknown -form %q", *form)
		}
		wall, cpu = time.Since(w0), threadCPU()-c0
		if err != nil && !errors.Is(err, perceptron.ErrNotConverged) {
			log.Fatal(err)
		}
		if res.Epochs != epochs {
			log.Fatalf("run stopped after %d of %d epochs: the data must not be separable", res.Epochs, epochs)
		}
		return cpu, wall, res
	}
	const never = time.Duration(math.MaxInt64)
	c1, c2, w1, w2 := never, never, never, never
	cc1, cc2 := never, never
	var short *perceptron.Result
	updates := 0
	for range *repeat {
		c, w, res := fit(*e1)
		c1, w1, short = min(c1, c), min(w1, w), res
		var long *perceptron.Result
		c, w, long = fit(*e2)
		updates = long.Updates - res.Updates
		c2, w2 = min(c2, c), min(w2, w)
		if *cli != "" {
			cc1, cc2 = min(cc1, processCPU(*cli, *e1, *file)), min(cc2, processCPU(*cli, *cliE2, *file))
		}
	}
	epochs := float64(*e2 - *e1)
	cpu := (c2 - c1).Seconds() / epochs
	wall := (w2 - w1).Seconds() / epochs
	out := map[string]any{"cpu_seconds_per_epoch": cpu, "wall_seconds_per_epoch": wall, "n": n,
		"updates_per_epoch": float64(updates) / epochs, "cpu_seconds_per_update": (c2 - c1).Seconds() / float64(updates)}
	if *cli != "" {
		out["cli_cpu_seconds_per_epoch"] = (cc2 - cc1).Seconds() / float64(*cliE2-*e1)
		out["cli_epochs"] = fmt.Sprintf("%d–%d", *e1, *cliE2)
	}
	if coef, _, err := readNpy(fmt.Sprintf("%s/coef_%d.npy", *dir, *e1)); err == nil && len(coef) == len(short.W)+1 && n == shape[0] {
		ours := append(append([]float64(nil), short.W...), short.B)
		floats.Sub(coef, ours)
		out["max_rel_diff_vs_sklearn"] = floats.Norm(coef, math.Inf(1)) / floats.Norm(ours, math.Inf(1))
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		log.Fatal(err)
	}
}

// processCPU runs "marginnotes perceptron --max-epochs epochs file" and
// returns its user + system time. The run does not converge (the data are
// not separable): exit status 1 is its success.
func processCPU(marginnotes string, epochs int, file string) time.Duration {
	cmd := exec.Command(marginnotes, "perceptron", "--max-epochs", strconv.Itoa(epochs), file)
	cmd.Stdout = io.Discard
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1 && strings.Contains(stderr.String(), "not converged after "+strconv.Itoa(epochs)+" epochs")) {
		log.Fatalf("%s: %v: %s", cmd, err, stderr.String())
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// writeCSV writes x and y as the CSV file path.
func writeCSV(path string, x *mat.Dense, y []float64) {
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	if err := dataset.WriteCSV(f, &dataset.Set{X: x, Y: y}); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// threadCPU returns the CPU time used by the calling thread.
func threadCPU() time.Duration {
	const rusageThread = 1 // RUSAGE_THREAD on Linux
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		log.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

var shapeRE = regexp.MustCompile(`'shape':\s*\(([^)]*)\)`)

// readNpy reads a little-endian float64 .npy file in C order.
func readNpy(path string) ([]float64, []int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	if len(b) < 10 || string(b[1:6]) != "NUMPY" {
		return nil, nil, fmt.Errorf("%s: not a .npy file", path)
	}
	var hlen, off int
	switch b[6] {
	case 1:
		hlen, off = int(binary.LittleEndian.Uint16(b[8:10])), 10
	default:
		hlen, off = int(binary.LittleEndian.Uint32(b[8:12])), 12
	}
	header := string(b[off : off+hlen])
	if !strings.Contains(header, "'descr': '<f8'") || !strings.Contains(header, "'fortran_order': False") {
		return nil, nil, fmt.Errorf("%s: want little-endian float64 in C order, header %s", path, header)
	}
	m := shapeRE.FindStringSubmatch(header)
	if m == nil {
		return nil, nil, fmt.Errorf("%s: no shape in header %s", path, header)
	}
	var shape []int
	size := 1
	for _, f := range strings.Split(m[1], ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: bad shape %q", path, m[1])
		}
		shape = append(shape, v)
		size *= v
	}
	data := b[off+hlen:]
	if len(data) != 8*size {
		return nil, nil, fmt.Errorf("%s: %d data bytes for shape %v", path, len(data), shape)
	}
	out := make([]float64, size)
	for i := range out {
		out[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[8*i:]))
	}
	return out, shape, nil
}
