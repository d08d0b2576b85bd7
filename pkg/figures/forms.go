package figures

import (
	"cmp"
	"fmt"
	"slices"
	"time"
)

// FormTime is the wall time of the perceptron's primal and dual forms on
// one problem of N points in R^D (see experiment.SweepForms).
type FormTime struct {
	N, D int
	// Primal is the time of the primal form, Dual that of the dual form
	// including the Gram matrix, DualLoop that of the dual form given the
	// Gram matrix.
	Primal, Dual, DualLoop time.Duration
}

// FormTimes builds two log–log panels of the times ts, in milliseconds:
// against N for the problems with D = d, and against D for those with
// N = n, each with the primal form, the dual form and the dual form given
// its Gram matrix, in increasing order of N or D.
//
// It returns ErrEmpty when a panel has no problem and ErrNotPositive for a
// time that is not positive.
func FormTimes(ts []FormTime, d, n int) (*Grid, error) {
	panel := func(title, xLabel string, keep func(FormTime) bool, at func(FormTime) int) (*Lines, error) {
		var kept []FormTime
		for _, t := range ts {
			if keep(t) {
				kept = append(kept, t)
			}
		}
		slices.SortStableFunc(kept, func(a, b FormTime) int { return cmp.Compare(at(a), at(b)) })
		var xs, p, dl, loop []float64
		for _, t := range kept {
			xs = append(xs, float64(at(t)))
			p = append(p, ms(t.Primal))
			dl = append(dl, ms(t.Dual))
			loop = append(loop, ms(t.DualLoop))
		}
		if len(xs) == 0 {
			return nil, fmt.Errorf("%w: no timings for %q", ErrEmpty, title)
		}
		return &Lines{
			Title: title, XLabel: xLabel, YLabel: "milliseconds", LogX: true, LogY: true,
			Series: []Series{
				{Name: "primal", X: xs, Y: p},
				{Name: "dual (with G)", X: xs, Y: dl},
				{Name: "dual, G given", X: xs, Y: loop},
			},
		}, nil
	}
	left, err := panel(fmt.Sprintf("d = %d", d), "N (points)", func(t FormTime) bool { return t.D == d }, func(t FormTime) int { return t.N })
	if err != nil {
		return nil, fmt.Errorf("figures: form times: %w", err)
	}
	right, err := panel(fmt.Sprintf("N = %d", n), "d (dimension)", func(t FormTime) bool { return t.N == n }, func(t FormTime) int { return t.D })
	if err != nil {
		return nil, fmt.Errorf("figures: form times: %w", err)
	}
	lp, err := left.Plot()
	if err != nil {
		return nil, fmt.Errorf("figures: form times: %w", err)
	}
	rp, err := right.Plot()
	if err != nil {
		return nil, fmt.Errorf("figures: form times: %w", err)
	}
	return NewGrid("Perceptron: primal vs dual form, wall time", 2, lp, rp), nil
}

func ms(d time.Duration) float64 { return d.Seconds() * 1e3 }
