package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/notation"
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
func readSet(name string, stdin io.Reader) (s *dataset.Set, err error) {
	err = readInput(name, stdin, func(r io.Reader) (err error) {
		s, err = dataset.Read(r)
		return err
	})
	return s, err
}

// readInput calls read with the file name open, or with stdin for "-"; an
// error of read is prefixed with the name.
func readInput(name string, stdin io.Reader, read func(io.Reader) error) error {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	if err := read(r); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// kernelFlags are the kernel options shared by perceptron and svm, with
// LIBSVM's meanings and defaults.
type kernelFlags struct {
	name   string
	gamma  float64
	degree int
	coef0  float64
	fs     *flag.FlagSet
}

// kernelParams names the options each kernel takes; an option given for a
// kernel that ignores it is a usage error rather than silently dropped.
var kernelParams = map[string][]string{
	"linear":     nil,
	"poly":       {"gamma", "degree", "coef0"},
	"polynomial": {"gamma", "degree", "coef0"},
	"rbf":        {"gamma"},
}

func (k *kernelFlags) register(fs *flag.FlagSet) {
	k.fs = fs
	fs.StringVar(&k.name, "kernel", "linear", "kernel: linear, poly (gamma·x·z+coef0)^degree or rbf exp(−gamma‖x−z‖²)")
	fs.Var((*finiteFloat)(&k.gamma), "gamma", "kernel gamma (0 or none: 1/number of features, as LIBSVM)")
	fs.IntVar(&k.degree, "degree", 3, "degree of the poly kernel")
	fs.Var((*finiteFloat)(&k.coef0), "coef0", "coef0 of the poly kernel")
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
		return nil, usagef("unknown kernel %q (want linear, poly or rbf)", short(k.name))
	}
	var err error
	k.fs.Visit(func(f *flag.Flag) {
		isParam := slices.Contains(kernelParams["poly"], f.Name)
		if err == nil && isParam && !slices.Contains(kernelParams[k.name], f.Name) {
			err = usagef("%s: --%s does not apply to the %s kernel (gamma, degree and coef0 are for poly, gamma for rbf)",
				k.fs.Name(), f.Name, k.name)
		}
	})
	if err != nil {
		return nil, err
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
			return nil, usagef("--%s: %q is not a point number", flagName, short(f))
		}
		if v < 1 || v > n {
			return nil, usagef("--%s: point %d out of range 1…%d", flagName, v, n)
		}
		idx = append(idx, v-1)
	}
	return idx, nil
}

// permutation parses --name, a comma-separated visiting order of the n
// points, 1-based: each point once.
func permutation(name, s string, n int) ([]int, error) {
	idx, err := pointList(name, s, n)
	if err != nil {
		return nil, err
	}
	seen := make([]bool, n)
	for _, i := range idx {
		if seen[i] {
			return nil, usagef("--%s: point %d appears twice; want each of 1…%d once", name, i+1, n)
		}
		seen[i] = true
	}
	if len(idx) != n {
		missing := slices.Index(seen, false)
		return nil, usagef("--%s: point %d is missing; want each of 1…%d once", name, missing+1, n)
	}
	return idx, nil
}

// seedFlag is an optional seed: a decimal integer ≥ 0, or unset.
type seedFlag struct {
	v   uint64
	set bool
}

func (s *seedFlag) String() string {
	if s == nil || !s.set {
		return ""
	}
	return strconv.FormatUint(s.v, 10)
}

func (s *seedFlag) Set(v string) error {
	u, err := strconv.ParseUint(v, 10, 64)
	if err != nil {
		return errors.New("want an integer ≥ 0")
	}
	s.v, s.set = u, true
	return nil
}

// finiteFloat is a float option that takes finite numbers only: "Inf" or
// "NaN" is a usage error when the flags are parsed.
type finiteFloat float64

func (f *finiteFloat) String() string {
	if f == nil {
		return "0"
	}
	return strconv.FormatFloat(float64(*f), 'g', -1, 64)
}

func (f *finiteFloat) Set(s string) error {
	if strings.ContainsAny(s, "_xX") {
		// strconv reads Go's literals, 1_0 and 0x1p4; the data files,
		// and so the options, take decimal numbers only.
		return errors.New("not a decimal number")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return errors.New("not a number")
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return errors.New("want a finite number")
	}
	*f = finiteFloat(v)
	return nil
}

// floatFlag defines a finite float option of fs.
func floatFlag(fs *flag.FlagSet, name string, value float64, usage string) *float64 {
	p := new(float64)
	*p = value
	fs.Var((*finiteFloat)(p), name, usage)
	return p
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

// distinct writes the numbers vs with package notation, or, where two
// different numbers would look alike (notation keeps four digits), all of
// them with as many significant digits as tell them apart. A nil number is
// infinite, written −∞ in the first place and ∞ elsewhere.
func distinct(vs ...*float64) []string {
	out := make([]string, len(vs))
	for digits := 0; digits <= 17; digits++ {
		for i, v := range vs {
			switch {
			case v == nil && i == 0:
				out[i] = "−∞"
			case v == nil:
				out[i] = "∞"
			case digits == 0:
				out[i] = notation.Number(*v)
			default:
				out[i] = strconv.FormatFloat(*v, 'g', digits, 64)
				if strings.HasPrefix(out[i], "-") {
					out[i] = "−" + out[i][1:] // a true minus, as notation writes
				}
			}
		}
		if !alike(vs, out) {
			break
		}
		digits = max(digits, 4) // from notation's four digits to five
	}
	return out
}

// alike reports whether two different finite numbers of vs have the same
// text in out.
func alike(vs []*float64, out []string) bool {
	for i := range vs {
		for j := range i {
			if vs[i] != nil && vs[j] != nil && *vs[i] != *vs[j] && out[i] == out[j] {
				return true
			}
		}
	}
	return false
}
