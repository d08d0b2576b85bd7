package figures

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"

	"github.com/marginnotes/marginnotes/pkg/notation"
)

// RoundTicks is the house plot.Ticker of a linear axis: labelled ticks
// every step of 1, 2 or 5 times a power of ten, about five of them over the
// range and never fewer than three, one minor tick between labels, and
// labels with a true minus sign (−2, not -2). Two axes with ranges of equal
// length get the same step, which keeps an equal-aspect figure's grid
// square. A student's own plot takes it as gonum's tickers are taken:
//
//	p.X.Tick.Marker = figures.RoundTicks{}
//	p.Y.Tick.Marker = figures.RoundTicks{MinStep: 1} // counts, such as k
//
// EqualAxes sets it on both axes of a figure of the plane.
type RoundTicks struct {
	// MinStep is the smallest step; 0 means none (1 for counts).
	MinStep float64
}

// niceStep returns the smallest of 1, 2, 5 times a power of ten that
// divides span into at most target intervals.
func niceStep(span float64, target int) float64 {
	raw := span / float64(target)
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw*(1-1e-9) {
			return m * mag
		}
	}
	return 10 * mag
}

// Ticks implements plot.Ticker.
func (t RoundTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(hi > lo) || !finite(lo, hi) {
		return nil
	}
	step := niceStep(hi-lo, 5)
	// Fewer than three steps can leave two labels (0 and 50 on −8…95):
	// take the next smaller round step, three to eight of them. The choice
	// depends on the length of the range only.
	if (hi-lo)/step < 3 {
		step = smallerStep(step)
	}
	if step < t.MinStep {
		step = t.MinStep
	}
	decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	minor := step / 2
	if t.MinStep > 0 && minor < t.MinStep {
		minor = 0
	}
	var ticks []plot.Tick
	first := math.Ceil(lo/step-1e-9) * step
	for v := first; v <= hi+step*1e-9; v += step {
		// Snap to the grid of steps so that 0.30000000000000004 prints as 0.3.
		v = math.Round(v/step) * step
		ticks = append(ticks, plot.Tick{Value: v, Label: tickLabel(v, decimals)})
		if minor > 0 {
			if m := v + minor; m <= hi {
				ticks = append(ticks, plot.Tick{Value: m})
			}
		}
	}
	if minor > 0 {
		if m := first - minor; m >= lo {
			ticks = append(ticks, plot.Tick{Value: m})
		}
	}
	return ticks
}

// smallerStep returns the round step below step: 5 → 2 → 1 → 0.5, times
// the power of ten of step.
func smallerStep(step float64) float64 {
	mag := math.Pow(10, math.Floor(math.Log10(step)+1e-9))
	switch m := math.Round(step / mag); m {
	case 5:
		return 2 * mag
	case 2:
		return mag
	default:
		return mag / 2
	}
}

// tickLabel formats a tick value with a true minus sign.
func tickLabel(v float64, decimals int) string {
	if math.Abs(v) < 1e-12 {
		v = 0 // no "−0.0"
	}
	return strings.Replace(strconv.FormatFloat(v, 'f', decimals, 64), "-", "−", 1)
}

// planeTicks ticks the axes of a figure of the plane (EqualAxes: Plane,
// Contour, a student's own) as RoundTicks does. Size recognises such a
// figure by it and draws it at the height that gives both axes one scale.
type planeTicks struct{ RoundTicks }

// EqualAxes makes p a figure of the plane whose axes share one scale: it
// shows the part of the plane view with the house ticks (RoundTicks) on
// both axes, and Size then gives p the height at which one unit is as long
// on both axes, so that perpendicular lines look perpendicular and circles
// round. A zero view means a square around what p's plotters span (their
// data ranges, 15% of the side added on each side), as Plane chooses it:
//
//	p := plot.New()
//	p.Add(regions, hyperplane, classes, supportVectors)
//	figures.EqualAxes(p, figures.Rect{})
//	err := figures.Save(p, "svm.png") // at figures.Size(p)
//
// Call it after adding the plotters.
func EqualAxes(p *plot.Plot, view Rect) {
	if view.empty() {
		var pts []plotter.XY
		if finite(p.X.Min, p.X.Max, p.Y.Min, p.Y.Max) {
			pts = []plotter.XY{{X: p.X.Min, Y: p.Y.Min}, {X: p.X.Max, Y: p.Y.Max}}
		}
		view = squareView(pts)
	}
	setView(p, view)
	p.X.Tick.Marker = planeTicks{}
	p.Y.Tick.Marker = planeTicks{}
}

// powerOfTen labels the tick at 10^e: gonum's LogTicks computes its values
// by repeated multiplication and would write 10 as "10.000000000000007" and
// 0.1 as "0.10000000000000006". The label is the exact power, as a decimal
// (0.001, 1000) when decimal is set, else as PowerOfTen writes it.
func powerOfTen(e int, decimal bool) string {
	if decimal {
		return strconv.FormatFloat(math.Pow10(e), 'g', -1, 64)
	}
	return PowerOfTen(e)
}

// PowerOfTen writes 10 to the power e with a superscript exponent and a
// true minus, as the log axes label their ticks: 10⁻⁵, 10¹⁶ (never 1e−05).
func PowerOfTen(e int) string {
	return "10" + notation.Superscript(strings.Replace(strconv.Itoa(e), "-", "−", 1))
}

// LogTicks is the house plot.Ticker of a logarithmic axis (with
// plot.LogScale). It ticks as gonum's plot.LogTicks does — labels
// at the powers of ten, unlabelled ticks at 2…9 times them — and keeps the
// labels readable: the powers are written as decimals from 0.001 to 10000
// and as 10⁻⁵, 10⁶ beyond; over more than six decades only every other
// power is labelled, so that they never run into each other, and over a
// range of more than six decades only the powers are ticked, since nine
// ticks a decade would run into a bar; a
// range that holds fewer than two powers of ten has its multiples 2 and 5
// labelled too (25…800 would show only "100").
type LogTicks struct{}

// Ticks implements plot.Ticker.
func (LogTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0 && hi > lo) || !finite(lo, hi) {
		return nil
	}
	e0 := math.Ceil(math.Log10(lo) - 1e-9)
	e1 := math.Floor(math.Log10(hi) + 1e-9)
	decades := e1 - e0
	decimal := e0 >= -3 && e1 <= 4
	var ticks []plot.Tick
	for _, t := range (plot.LogTicks{Prec: -1}).Ticks(lo, hi) {
		if t.Value >= lo*(1-1e-9) && t.Value <= hi*(1+1e-9) && (t.Label != "" || math.Log10(hi/lo) <= 6) {
			ticks = append(ticks, t)
		}
	}
	labelled := 0
	for i, t := range ticks {
		e := math.Log10(t.Value)
		power := t.Label != ""
		if power && decades > 6 && int(math.Round(e-e0))%2 != 0 {
			ticks[i].Label = ""
		}
		if ticks[i].Label != "" {
			ticks[i].Label = powerOfTen(int(math.Round(e)), decimal)
			labelled++
		}
	}
	if labelled >= 2 {
		return ticks
	}
	for i, t := range ticks {
		m := t.Value / math.Pow(10, math.Floor(math.Log10(t.Value)+1e-9))
		if math.Abs(m-2) < 1e-6 || math.Abs(m-5) < 1e-6 {
			ticks[i].Label = strconv.FormatFloat(t.Value, 'g', 4, 64)
		}
	}
	return ticks
}
