package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// maxListed is the number of updates up to which a run lists its mistakes
// without --trace: the book's runs (Table 2.1's 7, Example 2.1's other
// order's 11) and more, but not the hundreds of thousands of a large data
// set, whose list costs more to print than the run itself (issue 24).
const maxListed = 100

// perceptronOutput is the JSON object printed by "perceptron --json".
// Point numbers are 1-based. Mistakes is the list of points used by the
// updates, in update order; a run of more than maxListed updates lists
// them only with --trace (and then the first perceptron.MaxRecorded), and
// its "mistakes" is absent.
type perceptronOutput struct {
	Form      string      `json:"form"`
	W         []float64   `json:"w,omitempty"`
	B         float64     `json:"b"`
	Alpha     []float64   `json:"alpha,omitempty"`
	Mistakes  []int       `json:"mistakes,omitempty"`
	Updates   int         `json:"updates"`
	Epochs    int         `json:"epochs"`
	Converged bool        `json:"converged"`
	Pocket    *pocketJSON `json:"pocket,omitempty"`
	Trace     []stepJSON  `json:"trace,omitempty"`
	// TraceTruncated says that the trace holds only the first
	// perceptron.MaxTraceSteps steps.
	TraceTruncated bool `json:"trace_truncated,omitempty"`
}

type pocketJSON struct {
	W       []float64 `json:"w,omitempty"`
	B       float64   `json:"b"`
	Alpha   []float64 `json:"alpha,omitempty"`
	Errors  int       `json:"errors"`
	Updates int       `json:"updates"`
}

// stepJSON is one row of Tables 2.1 and 2.2; point is 0 at k = 0, when no
// point has been used yet, and alpha is the α of point after update k (the
// other αᵢ are those of the last step that used point i).
type stepJSON struct {
	K     int       `json:"k"`
	Point int       `json:"point"`
	W     []float64 `json:"w,omitempty"`
	B     float64   `json:"b"`
	Alpha float64   `json:"alpha"`
}

func runPerceptron(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("perceptron", flag.ContinueOnError)
	form := fs.String("form", "primal", "primal (Algorithm 2.1), dual (Algorithm 2.2, Gram matrix), kernel or voted")
	eta := floatFlag(fs, "eta", 1, "learning rate η > 0")
	order := fs.String("order", "", "explicit cyclic visiting order of the points, e.g. 3,1,2 (default: the book's 1,2,…,N)")
	choices := fs.String("choices", "", "the misclassified points to update with, in order, e.g. 1,3,3,3,2,3,3,3,1,3,3")
	var seed seedFlag
	fs.Var(&seed, "seed", "shuffle the points each epoch with this seed ≥ 0 (default: no shuffling)")
	maxEpochs := fs.Int("max-epochs", perceptron.DefaultMaxEpochs, "stop after this many epochs (primal, dual, kernel)")
	epochs := fs.Int("epochs", perceptron.DefaultVotedEpochs, "number of epochs of --form voted")
	cs229 := fs.Bool("cs229", false, "CS229's mistake rule: sign(w·x+b) ≠ y with sign(0) = +1, instead of y(w·x+b) ≤ 0")
	trace := fs.Bool("trace", false, fmt.Sprintf("print every update (Tables 2.1 and 2.2), the first %d of them, and the list of mistakes, "+
		"which without --trace is printed for runs of at most %d updates", perceptron.MaxTraceSteps, maxListed))
	asJSON := fs.Bool("json", false, "print one JSON object")
	save := fs.String("save-model", "", "write the fitted model to this file (JSON, package modelio) when the run succeeds")
	var kf kernelFlags
	kf.register(fs)
	file, err := parse(fs, args, stdout)
	if err != nil {
		return err
	}
	if err := checkSaveTarget(*save, file, stdin); err != nil {
		return err
	}
	if !(*eta > 0) {
		return usagef("perceptron: --eta %v, want a finite η > 0", *eta)
	}
	if *maxEpochs < 1 {
		return usagef("perceptron: --max-epochs %d, want ≥ 1", *maxEpochs)
	}
	if *epochs < 1 {
		return usagef("perceptron: --epochs %d, want ≥ 1", *epochs)
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	if *form == "voted" && given["max-epochs"] {
		return usagef("perceptron: --form voted runs a fixed number of --epochs, not --max-epochs")
	}
	if *form != "voted" && given["epochs"] {
		return usagef("perceptron: --epochs is for --form voted; the other forms stop at --max-epochs")
	}
	set, err := readSet(file, stdin)
	if err != nil {
		return err
	}
	n, d := set.Dims()

	var ord perceptron.Order
	var seq []int
	var src rand.Source
	exclusive := 0
	if *order != "" {
		exclusive++
		if seq, err = permutation("order", *order, n); err != nil {
			return err
		}
	}
	if *choices != "" {
		exclusive++
		if seq, err = pointList("choices", *choices, n); err != nil {
			return err
		}
		ord = perceptron.Choices
	}
	if seed.set {
		exclusive++
		ord, src = perceptron.Shuffle, rand.NewPCG(seed.v, 0)
	}
	if exclusive > 1 {
		return usagef("perceptron: --order, --choices and --seed exclude each other")
	}
	kern, err := kf.kernel(d)
	if err != nil {
		return err
	}
	if *form != "kernel" && kf.name != "linear" {
		return usagef("perceptron: --kernel %s needs --form kernel", kf.name)
	}

	out := perceptronOutput{Form: *form}
	settings := perceptron.Settings{Eta: *eta, Order: ord, Sequence: seq, MaxEpochs: *maxEpochs,
		CS229: *cs229, Src: src, Record: *trace}
	var run *perceptron.Run
	var fitErr error
	var solver any
	var model classify.Classifier
	switch *form {
	case "primal":
		p := perceptron.Primal{Settings: settings}
		res, err := p.Fit(set.X, set.Y)
		if solver, fitErr = p, err; res != nil {
			run, model, out.W, out.B = &res.Run, res, res.W, res.B
		}
	case "dual":
		dl := perceptron.Dual{Settings: settings}
		res, err := dl.Fit(set.X, set.Y)
		if solver, fitErr = dl, err; res != nil {
			run, model, out.W, out.B = &res.Run, res, res.W, res.B
		}
	case "kernel":
		kd := perceptron.KernelDual{Settings: settings, Kernel: kern}
		res, err := kd.Fit(set.X, set.Y)
		if solver, fitErr = kd, err; res != nil {
			run, model, out.B = &res.Run, res, res.B
		}
	case "voted":
		if ord != perceptron.Cyclic && ord != perceptron.Shuffle || seq != nil {
			return usagef("perceptron: --form voted takes --seed but not --order or --choices")
		}
		if *trace || *cs229 || *eta != 1 {
			return usagef("perceptron: --form voted runs η = 1 with the book's rule and has no trace")
		}
		v := perceptron.Voted{Settings: perceptron.Settings{MaxEpochs: *epochs, Order: ord, Src: src}}
		vr, err := v.Fit(set.X, set.Y)
		if err != nil {
			return err
		}
		if err := printVoted(stdout, vr, kernel.Rows(set.X), set.Y, *asJSON); err != nil {
			return err
		}
		return saveModel(*save, v, vr)
	default:
		return usagef("perceptron: unknown --form %q (want primal, dual, kernel or voted)", short(*form))
	}
	if run == nil {
		return fitErr
	}
	if fitErr != nil && !errors.Is(fitErr, perceptron.ErrNotConverged) {
		return fitErr
	}
	out.Updates, out.Epochs, out.Converged = run.Updates, run.Epochs, run.Converged
	if *form != "primal" {
		out.Alpha = run.Alpha
	}
	if *trace || run.Updates <= maxListed {
		out.Mistakes = oneBased(run.Mistakes)
	}
	if !run.Converged {
		p := run.Pocket
		out.Pocket = &pocketJSON{W: p.W, B: p.B, Alpha: p.Alpha, Errors: p.Errors, Updates: p.Updates}
	}
	for _, s := range run.Trace {
		out.Trace = append(out.Trace, stepJSON{K: s.K, Point: s.Point + 1, W: s.W, B: s.B, Alpha: s.Alpha})
	}
	out.TraceTruncated = *trace && len(run.Trace) < run.Updates+1
	if *asJSON {
		if err := writeJSON(stdout, out, fitErr); err != nil {
			return err
		}
	} else {
		printPerceptron(stdout, out)
	}
	if fitErr != nil {
		return fitErr
	}
	return saveModel(*save, solver, model)
}

func printPerceptron(w io.Writer, out perceptronOutput) {
	if len(out.Trace) > 0 {
		fmt.Fprintln(w, "k\tpoint\tw\tb\talpha(point)")
		for _, s := range out.Trace {
			pt, a := "-", "-"
			if s.Point > 0 {
				pt, a = fmt.Sprintf("x%d", s.Point), notation.Number(s.Alpha)
			}
			wv := "-"
			if s.W != nil {
				wv = notation.Vector(s.W)
			}
			fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\n", s.K, pt, wv, notation.Number(s.B), a)
		}
		if out.TraceTruncated {
			fmt.Fprintf(w, "(the first %d steps of %d)\n", len(out.Trace), out.Updates+1)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "form:       %s\n", out.Form)
	if out.W != nil {
		fmt.Fprintf(w, "hyperplane: %s\n", notation.Equation(out.W, out.B))
		fmt.Fprintf(w, "w:          %s\n", notation.Vector(out.W))
	}
	fmt.Fprintf(w, "b:          %s\n", notation.Number(out.B))
	if out.Alpha != nil {
		fmt.Fprintf(w, "alpha:      %s\n", notation.Vector(out.Alpha))
	}
	switch {
	case out.Mistakes == nil && out.Updates > 0:
		fmt.Fprintf(w, "mistakes:   (%d; --trace lists them)\n", out.Updates)
	default:
		fmt.Fprintf(w, "mistakes:   %s\n", pointNames(out.Mistakes))
	}
	converged := fmt.Sprint(out.Converged)
	if p := out.Pocket; p != nil && p.Errors == 0 {
		// The pocket holds the final weights, which classify every point.
		converged += " (the final weights separate the training data: the limit came before a pass without mistakes)"
	}
	fmt.Fprintf(w, "updates:    %d\nepochs:     %d\nconverged:  %s\n", out.Updates, out.Epochs, converged)
	if p := out.Pocket; p != nil {
		weights := "α = " + notation.Vector(p.Alpha) + ", b = " + notation.Number(p.B)
		if p.W != nil {
			weights = notation.Equation(p.W, p.B)
		}
		errors := "training errors"
		if p.Errors == 1 {
			errors = "training error"
		}
		fmt.Fprintf(w, "pocket:     %s, %d %s (after %d updates)\n", weights, p.Errors, errors, p.Updates)
	}
}

// pointNames writes the 1-based point numbers p as "x1, x3, x3".
func pointNames(p []int) string {
	b := make([]byte, 0, 8*len(p))
	for i, v := range p {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(append(b, 'x'), int64(v), 10)
	}
	return string(b)
}

// votedOutput is the JSON object of "perceptron --form voted --json": the
// averaged weights w, b, the number of votes and the consecutive weight
// vectors merged into each (group; 1 unless the run made more than
// perceptron.DefaultMaxVotes). Mistakes lists the points of the updates
// when there are at most maxListed of them (voted has no --trace).
type votedOutput struct {
	Form     string    `json:"form"`
	W        []float64 `json:"w"`
	B        float64   `json:"b"`
	Vectors  int       `json:"vectors"`
	Group    int       `json:"group"`
	Mistakes []int     `json:"mistakes,omitempty"`
	Updates  int       `json:"updates"`
	Epochs   int       `json:"epochs"`
	// TrainingErrors counts training points the vote misclassifies.
	TrainingErrors int `json:"training_errors"`
}

func printVoted(w io.Writer, vr *perceptron.VotedResult, rows [][]float64, y []float64, asJSON bool) error {
	out := votedOutput{Form: "voted", W: vr.Averaged.W, B: vr.Averaged.B, Vectors: len(vr.Votes), Group: vr.Group,
		Updates: vr.Updates, Epochs: vr.Epochs}
	if vr.Updates <= maxListed {
		out.Mistakes = oneBased(vr.Mistakes)
	}
	for i, x := range rows {
		if vr.Predict(x) != y[i] {
			out.TrainingErrors++
		}
	}
	if asJSON {
		return writeJSON(w, out, nil)
	}
	fmt.Fprintf(w, "form:            voted (the vote predicts; the averaged perceptron below)\n")
	fmt.Fprintf(w, "averaged:        %s\n", notation.Equation(out.W, out.B))
	fmt.Fprintf(w, "votes:           %d (of %d vectors each)\nupdates:         %d\nepochs:          %d\ntraining errors: %d of %d (vote)\n",
		out.Vectors, out.Group, out.Updates, out.Epochs, out.TrainingErrors, len(rows))
	return nil
}
