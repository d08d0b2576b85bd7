package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

// errHelp is returned after a command printed its help on request.
var errHelp = errors.New("help requested")

// parse parses args with fs, allowing flags after the file name, and
// returns the single positional argument. The help text goes to out.
func parse(fs *flag.FlagSet, args []string, out io.Writer) (string, error) {
	fs.SetOutput(io.Discard)
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fmt.Fprintf(out, "usage: marginnotes %s [options] FILE\n\noptions:\n", fs.Name())
				fs.SetOutput(out)
				fs.PrintDefaults()
				return "", errHelp
			}
			return "", usageError{fs.Name() + ": " + err.Error()}
		}
		if fs.NArg() == 0 {
			break
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(pos) != 1 {
		return "", usagef("%s: want exactly one FILE (or - for standard input), got %d", fs.Name(), len(pos))
	}
	return pos[0], nil
}

// readSet reads a CSV or LIBSVM file, or standard input for "-".
func readSet(name string, stdin io.Reader) (*dataset.Set, error) {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	s, err := dataset.Read(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return s, nil
}

// kernelFlags are the kernel options shared by perceptron and svm, with
// LIBSVM's meanings and defaults.
type kernelFlags struct {
	name   string
	gamma  float64
	degree int
	coef0  float64
}

func (k *kernelFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&k.name, "kernel", "linear", "kernel: linear, poly (gamma·x·z+coef0)^degree or rbf exp(−gamma‖x−z‖²)")
	fs.Float64Var(&k.gamma, "gamma", 0, "kernel gamma (default 1/number of features, as LIBSVM)")
	fs.IntVar(&k.degree, "degree", 3, "degree of the poly kernel")
	fs.Float64Var(&k.coef0, "coef0", 0, "coef0 of the poly kernel")
}

// kernel returns the kernel the flags describe for data with d features.
func (k *kernelFlags) kernel(d int) (kernel.Kernel, error) {
	gamma := k.gamma
	if gamma == 0 {
		gamma = 1 / float64(d)
	}
	var kern kernel.Kernel
	switch k.name {
	case "linear":
		kern = kernel.Linear{}
	case "poly", "polynomial":
		kern = kernel.Polynomial{Degree: k.degree, Gamma: gamma, Coef0: k.coef0}
	case "rbf":
		kern = kernel.RBF{Gamma: gamma}
	default:
		return nil, usagef("unknown kernel %q (want linear, poly or rbf)", k.name)
	}
	if err := kernel.Validate(kern); err != nil {
		return nil, usageError{err.Error()}
	}
	return kern, nil
}

// pointList parses a comma-separated list of 1-based point numbers into
// 0-based indices, checking them against n points.
func pointList(flagName, s string, n int) ([]int, error) {
	var idx []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(f), "x"))
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, usagef("--%s: %q is not a point number", flagName, f)
		}
		if v < 1 || v > n {
			return nil, usagef("--%s: point %d out of range 1…%d", flagName, v, n)
		}
		idx = append(idx, v-1)
	}
	return idx, nil
}

// oneBased returns the 1-based point numbers of 0-based indices.
func oneBased(idx []int) []int {
	out := make([]int, len(idx))
	for i, v := range idx {
		out[i] = v + 1
	}
	return out
}

// finite returns v, or nil for ±Inf and NaN, so that JSON can carry it.
func finite(v float64) *float64 {
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return nil
	}
	return &v
}

// vec formats a vector compactly for the readable summaries.
func vec(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = strconv.FormatFloat(x, 'g', 6, 64)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', 6, 64) }
