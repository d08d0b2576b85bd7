package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// boundOutput is the JSON object printed by "bound --json": Novikoff's R
// (over augmented vectors), the best γ with its unit hyperplane ŵ_opt = (w, b),
// the bound (R/γ)² and the mistakes k of Algorithm 2.1 in the book's order.
type boundOutput struct {
	R         float64   `json:"R"`
	Gamma     float64   `json:"gamma"`
	Bound     float64   `json:"bound"`
	Mistakes  int       `json:"mistakes"`
	W         []float64 `json:"w_opt"`
	B         float64   `json:"b_opt"`
	Converged bool      `json:"converged"`
}

func runBound(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("bound", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print one JSON object")
	file, err := parse(fs, args, stdout)
	if err != nil {
		return err
	}
	set, err := readSet(file, stdin)
	if err != nil {
		return err
	}
	bd, err := perceptron.NovikoffBound(set.X, set.Y)
	if err != nil {
		return err
	}
	// On separable data the book-order run stops within the bound, so the
	// epoch limit only guards against round-off.
	res, err := perceptron.Primal{}.Fit(set.X, set.Y)
	if err != nil && !errors.Is(err, perceptron.ErrNotConverged) {
		return err
	}
	out := boundOutput{R: bd.R, Gamma: bd.Gamma, Bound: bd.Bound, Mistakes: res.Updates,
		W: bd.W, B: bd.B, Converged: res.Converged}
	if *asJSON {
		if err := writeJSON(stdout, out, err); err != nil {
			return err
		}
	} else {
		fmt.Fprintf(stdout, "R = max‖x̂ᵢ‖:        %s\n", notation.Number(out.R))
		fmt.Fprintf(stdout, "best γ:             %s   (ŵ_opt = %s, b_opt = %s)\n", notation.Number(out.Gamma), notation.Vector(out.W), notation.Number(out.B))
		fmt.Fprintf(stdout, "bound (R/γ)²:       %s\n", notation.Number(out.Bound))
		fmt.Fprintf(stdout, "mistakes k (book):  %d\n", out.Mistakes)
	}
	return err
}
