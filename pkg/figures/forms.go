package figures

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/marginnotes/marginnotes/pkg/lang"
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
// The words are in the language l. It returns ErrEmpty when a panel has
// no problem, ErrNotPositive for a time that is not positive and ErrFont
// for Chinese without a Chinese font.
func FormTimes(ts []FormTime, d, n int, l lang.Lang) (*Grid, error) {
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
			Title: title, XLabel: xLabel, YLabel: l.Pick("milliseconds", "毫秒"), LogX: true, LogY: true,
			Series: []Series{
				{Name: l.Pick("primal form", "原始形式"), X: xs, Y: p},
				{Name: l.Pick("dual form, with the Gram matrix", "对偶形式，含 Gram 矩阵"), X: xs, Y: dl},
				{Name: l.Pick("dual form, Gram matrix given", "对偶形式，Gram 矩阵已知"), X: xs, Y: loop},
			},
			Lang: l,
		}, nil
	}
	left, err := panel(fmt.Sprintf("d = %d", d), l.Pick("N (points)", "N（样本数）"), func(t FormTime) bool { return t.D == d }, func(t FormTime) int { return t.N })
	if err != nil {
		return nil, fmt.Errorf("figures: form times: %w", err)
	}
	right, err := panel(fmt.Sprintf("N = %d", n), l.Pick("d (dimension)", "d（维数）"), func(t FormTime) bool { return t.N == n }, func(t FormTime) int { return t.D })
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
	return NewGrid(l.Pick("Perceptron: primal and dual form, wall time", "感知机：原始形式与对偶形式的运行时间"), 2, lp, rp), nil
}

func ms(d time.Duration) float64 { return d.Seconds() * 1e3 }
