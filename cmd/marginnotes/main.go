// Command marginnotes runs the algorithms of the Margin Notes library on a
// data file: the perceptron (primal, dual, kernel and voted forms), the
// support vector machine (SMO, the exact face-enumeration solver, the
// primal interior-point solver, or dual coordinate descent for large and
// sparse linear problems), the Novikoff bound; it saves the fitted
// models, classifies new points with them, and writes the notebooks'
// figures.
//
// Usage:
//
//	marginnotes perceptron [--form primal|dual|kernel|voted] [--eta 1] [--order 1,2,3 | --seed S]
//	                       [--choices 1,3,3] [--max-epochs 1000] [--epochs 10] [--cs229]
//	                       [--kernel linear|poly|rbf --gamma g --degree d --coef0 r]
//	                       [--trace] [--json] [--save-model MODEL] FILE
//	marginnotes svm [--c C] [--kernel linear|poly|rbf] [--gamma g] [--degree d] [--coef0 r]
//	                [--solver smo|exact|interior-point] [--eps 1e-3] [--json] [--save-model MODEL] FILE
//	marginnotes svm --solver dcd --c C [--loss hinge|squared-hinge] [--bias 1] [--eps 0.1]
//	                [--max-iter 1000] [--seed S] [--json] [--save-model MODEL] FILE
//	marginnotes predict --model MODEL [--json] DATA
//	marginnotes bound [--json] FILE
//	marginnotes figures --out DIR [--format svg,png,pdf] [--only PATTERN] [--lang en|zh]
//
// FILE is CSV (label in the last column, optional header) or LIBSVM sparse
// format, detected from the content; "-" reads standard input. Point numbers
// in options and output are 1-based, like the book's x1…xN. Without --c the
// SVM has a hard margin. --solver dcd solves the linear SVM as LIBLINEAR's
// liblinear-train -s 3 (hinge) or -s 1 (squared hinge) does, with the bias
// as a constant feature B (b is then regularised: another problem than the
// book's); it keeps a sparse LIBSVM file sparse. Numbers in the text output are written as the book
// writes them (package notation: 1/4, −2, ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0); --json
// gives them in full.
//
// --save-model MODEL writes the fitted model, when the run succeeds, as the
// JSON file of package modelio: the solver and its settings, the weights or
// the support vectors with αᵢyᵢ and the kernel, the dimension. A MODEL that
// is the data file (after links, or given as standard input) is refused
// before the fit. predict reads
// it and prints the label of every point of DATA, one per line, +1 or -1
// (Definition 2.1: +1 where f(x) ≥ 0; the voted perceptron predicts by its
// vote), and when DATA has labels a last line with the accuracy; --json
// prints the labels, the decision values f(x) and the accuracy. A decision
// value that is not finite (the model's numbers and the point's overflow a
// float64 together) is an error naming the point, and nothing is printed.
// DATA may
// have labels or not: a CSV line with as many fields as the model has
// features is a point without a label, one with a field more has the label
// last; a LIBSVM line without a label starts with its first index:value
// pair.
//
// Errors are reported in one line on standard error with a non-zero exit
// status: 2 for bad usage (an unknown option, a value out of range, Inf or
// NaN for a number), 1 for bad data, a model file that cannot be read (not
// a model, another format version, an unknown kind or kernel, another
// dimension than DATA), a run that did not reach its goal (a perceptron that
// did not converge prints its partial result and pocket weights first, and
// saves no model) or output that could not be written. JSON has no NaN or
// infinity: a result holding one is not printed with --json, and the error
// says why.
//
// figures runs the program marginnotes-figures (cmd/marginnotes-figures),
// found beside marginnotes or on PATH, with the options given: it is a
// program apart so that the other commands, which draw nothing, start
// without initialising gonum/plot and its fonts.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// notice is what a run that succeeded has to say on standard error; it
// exits with status 0.
type notice struct{ msg string }

func (n notice) Error() string { return n.msg }

// usageError marks errors in the command line, which exit with status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

const usage = `usage: marginnotes COMMAND [options] FILE

commands:
  perceptron   train a perceptron (book Algorithms 2.1, 2.2; kernel; voted)
  svm          solve the SVM (SMO or exact face enumeration on the dual; interior point on the primal;
               dual coordinate descent, as LIBLINEAR, for large or sparse linear problems)
  predict      classify points with a model saved by perceptron or svm --save-model
  bound        Novikoff's bound (R/γ)² and the mistakes of a book-order run
  figures      write every notebook figure to a directory (runs marginnotes-figures)

Run "marginnotes COMMAND -h" for the options of a command.
`

// run executes the command line args and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	out := newOutput(stdout)
	var err error
	switch cmd, rest := args[0], args[1:]; cmd {
	case "perceptron":
		err = runPerceptron(rest, stdin, out)
	case "svm":
		err = runSVM(rest, stdin, out)
	case "bound":
		err = runBound(rest, stdin, out)
	case "predict":
		err = runPredict(rest, stdin, out)
	case "figures":
		err = runFigures(rest, stdin, out, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(out, usage)
	default:
		err = usagef("unknown command %q (want perceptron, svm, predict, bound or figures)", short(cmd))
	}
	if errors.Is(err, errHelp) {
		err = nil
	}
	// An error of the run comes first; a failed write is an error too.
	var n notice
	if cerr := out.Close(); err == nil || errors.As(err, &n) && cerr != nil {
		err = cerr
	}
	if err == nil {
		return 0
	}
	if errors.As(err, &n) {
		fmt.Fprintf(stderr, "marginnotes: %s\n", n.msg)
		return 0
	}
	var status exitStatus
	if errors.As(err, &status) {
		return int(status) // the program run has said why
	}
	fmt.Fprintf(stderr, "marginnotes: %s\n", bounded(err.Error()))
	var u usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}
