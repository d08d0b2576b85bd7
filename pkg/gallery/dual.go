package gallery

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// Notebook 03-dual-form-gram: the cost of the two forms, the kernel
// perceptron.

func dualEntries() []Entry {
	const nb = "03-dual-form-gram"
	return []Entry{
		entry("03-dual-form-costs", nb, "Primal vs dual form: multiply–adds of the cost model against N and d",
			func(l lang.Lang) (*figures.Grid, error) {
				ts, err := FormSweep(1)
				if err != nil {
					return nil, err
				}
				return FormCosts(ts, l)
			}),
		entry("03-dual-kernel-regions", nb, "Kernel perceptron: decision regions on XOR (quadratic kernel) and rings (Gaussian kernel)",
			func(l lang.Lang) (*figures.Grid, error) { return KernelRegions(XORData(), RingsData(), l) }),
	}
}

// The problems of notebook 03's comparison of the primal and dual forms:
// FormN points in R^FormD, and FormN points in R^d, every run FormEpochs
// epochs long.
const (
	FormN      = 100
	FormD      = 1000
	FormEpochs = 100
)

// FormSweep times the primal and dual forms (experiment.SweepForms, each
// time the minimum of repeats runs) on the problems of notebook
// 03-dual-form-gram: the first N of 800 noisy points in the plane
// (dataset.Noisy, seed (3, 1), not separable, so every run lasts FormEpochs
// epochs) mapped into R^d by a random isometry (seed (4, 1)), for N from 25
// to 800 at d = FormD and d from 10 to 3000 at N = FormN. The runs, and so
// the costs, are the same on every machine; the times are not.
func FormSweep(repeats int) (_ []*experiment.FormTiming, err error) {
	defer wrapErr("FormSweep", &err)
	base := dataset.Noisy(rand.NewPCG(3, 1), 800, 2, 0.05)
	sizes := []experiment.Size{
		{N: 25, D: FormD}, {N: 50, D: FormD}, {N: 100, D: FormD}, {N: 200, D: FormD}, {N: 400, D: FormD}, {N: 800, D: FormD},
		{N: FormN, D: 10}, {N: FormN, D: 30}, {N: FormN, D: 100}, {N: FormN, D: 300}, {N: FormN, D: 3000},
	}
	return experiment.SweepForms(base, sizes, FormEpochs, repeats, rand.NewPCG(4, 1))
}

// FormTimes draws the measured wall times of a FormSweep against N (d =
// FormD) and d (N = FormN), the words in the language l: the primal form,
// the dual form with its Gram matrix computed and given, named and
// coloured as in FormCosts. The times vary from run to run, so the figure
// is not in the catalogue; FormCosts draws the deterministic counts.
func FormTimes(ts []*experiment.FormTiming, l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("FormTimes", &err)
	ms := func(d time.Duration) float64 { return d.Seconds() * 1e3 }
	return formFigure(ts, l.Pick("Perceptron, %d epochs: primal and dual form, wall time", "感知机，%d 遍：原始形式与对偶形式的运行时间"),
		l.Pick("milliseconds", "毫秒"), l, func(t *experiment.FormTiming) []float64 {
			return []float64{ms(t.Primal), ms(t.DualTotal()), ms(t.DualLoop)}
		})
}

// FormCosts draws the cost model of a FormSweep, in multiply–adds, against
// N (d = FormD) and d (N = FormN): the five ways of report.FormCosts, the
// primal form and the dual form with running scores (as perceptron.Dual
// runs it) or with the book's check, each with its Gram matrix computed
// and given; the words in the language l.
func FormCosts(ts []*experiment.FormTiming, l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("FormCosts", &err)
	return formFigure(ts, l.Pick("Perceptron, %d epochs: primal and dual form, cost model", "感知机，%d 遍：原始形式与对偶形式的计算量"),
		l.Pick("multiply–adds", "乘加次数"), l, func(t *experiment.FormTiming) []float64 {
			var v []float64
			for _, c := range report.FormCosts(t) {
				v = append(v, float64(c))
			}
			return v
		})
}

// formNames names the ways of running the perceptron that FormCosts and
// FormTimes draw, in the order (and so with the colours) both use:
// report.FormNames.
func formNames(l lang.Lang) []string { return report.FormNames(l) }

// formFigure draws the values of a FormSweep, one series per way of running
// the perceptron (value returns them in the order of formNames), in two
// log–log panels against N (d = FormD) and d (N = FormN), every N and d of
// the sweep labelled, one legend right of both; title has a %d for the
// epochs.
func formFigure(ts []*experiment.FormTiming, title, yLabel string, l lang.Lang, value func(*experiment.FormTiming) []float64) (*figures.Grid, error) {
	names := formNames(l)
	panel := func(legend bool, caption, xLabel string, keep func(*experiment.FormTiming) bool, at func(*experiment.FormTiming) int) (*plot.Plot, error) {
		kept := slices.DeleteFunc(slices.Clone(ts), func(t *experiment.FormTiming) bool { return !keep(t) })
		slices.SortStableFunc(kept, func(a, b *experiment.FormTiming) int { return cmp.Compare(at(a), at(b)) })
		var xs []float64
		var series []figures.Series
		for _, t := range kept {
			xs = append(xs, float64(at(t)))
			for j, v := range value(t) {
				if j == len(series) {
					series = append(series, figures.Series{X: xs[:0:0]})
					if legend {
						series[j].Name = names[j]
					}
				}
				series[j].X, series[j].Y = append(series[j].X, float64(at(t))), append(series[j].Y, v)
			}
		}
		p, err := figures.Lines{Title: caption, XLabel: xLabel, YLabel: yLabel, LogX: true, LogY: true, Series: series, Lang: l}.Plot()
		if err != nil {
			return nil, err
		}
		p.X.Tick.Marker = valueTicks(xs)
		p.Y.Tick.Marker = decadeTicks{}
		return p, nil
	}
	left, err := panel(false, fmt.Sprintf("d = %d", FormD), l.Pick("N (points)", "N（样本数）"),
		func(t *experiment.FormTiming) bool { return t.D == FormD }, func(t *experiment.FormTiming) int { return t.N })
	if err != nil {
		return nil, err
	}
	right, err := panel(true, fmt.Sprintf("N = %d", FormN), l.Pick("d (dimension)", "d（维数）"),
		func(t *experiment.FormTiming) bool { return t.N == FormN }, func(t *experiment.FormTiming) int { return t.D })
	if err != nil {
		return nil, err
	}
	return figures.NewGrid(fmt.Sprintf(title, FormEpochs), 2, left, right), nil
}

// valueTicks labels exactly the values xs on an axis: the sizes of a
// sweep, every one of which a reader looks up.
func valueTicks(xs []float64) plot.ConstantTicks {
	ticks := make(plot.ConstantTicks, len(xs))
	for i, x := range xs {
		ticks[i] = plot.Tick{Value: x, Label: strconv.FormatFloat(x, 'f', -1, 64)}
	}
	return ticks
}

// decadeTicks labels the powers of ten of a logarithmic axis, 0.1 to 1000
// in full and the others as 10ⁿ, with unlabelled ticks at 2…9 times each.
type decadeTicks struct{}

// Ticks implements plot.Ticker.
func (decadeTicks) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		for m := 1.0; m < 10; m++ {
			v := m * math.Pow(10, e)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 {
				t.Label = decadeLabel(int(e))
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// decadeLabel writes 10ᵉ: in full from 0.1 to 1000, with a superscript
// exponent otherwise.
func decadeLabel(e int) string {
	if e >= -1 && e <= 3 {
		return strconv.FormatFloat(math.Pow(10, float64(e)), 'f', -1, 64)
	}
	const sup = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	digits := []rune(sup)
	var b strings.Builder
	b.WriteString("10")
	if e < 0 {
		b.WriteRune('⁻')
		e = -e
	}
	for _, c := range strconv.Itoa(e) {
		b.WriteRune(digits[c-'0'])
	}
	return b.String()
}

// RingsData returns the two concentric rings of notebook 03-dual-form-gram:
// dataset.Rings with its default source, 60 points, radii 1 and 2, noise
// 0.1.
func RingsData() *dataset.Set { return dataset.Rings(nil, 60, 1, 2, 0.1) }

// XORKernel is the kernel with which notebook 03-dual-form-gram separates
// XOR: (x·z + 1)², whose features include x⁽¹⁾x⁽²⁾.
func XORKernel() kernel.Kernel { return kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1} }

// RingsKernel is the kernel with which notebook 03-dual-form-gram separates
// the rings: exp(−‖x − z‖²), the Gaussian kernel with σ = 1/√2.
func RingsKernel() kernel.Kernel { return kernel.RBF{Gamma: 1} }

// KernelRegions fits the kernel perceptron (perceptron.KernelDual, defaults) to
// xor with XORKernel and to rings with RingsKernel, and draws the decision
// regions of both side by side, the words in the language l.
func KernelRegions(xor, rings *dataset.Set, l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("KernelRegions", &err)
	panel := func(title string, set *dataset.Set, k kernel.Kernel) (figures.Plane, error) {
		r, err := perceptron.KernelDual{Kernel: k}.Fit(set.X, set.Y)
		if err != nil {
			return figures.Plane{}, errtext.Errorf("%s: %w", title, err)
		}
		return figures.Plane{Title: title, X: set.X, Y: set.Y, Classifier: r, Lang: l}, nil
	}
	// The kernels as the book writes them: XORKernel (x·z + 1)², RingsKernel with σ = 1/√2.
	left, err := panel(l.Pick("XOR, ", "异或，")+report.KernelName(XORKernel(), l), xor, XORKernel())
	if err != nil {
		return nil, err
	}
	right, err := panel(l.Pick("rings, ", "两个圆环，")+report.KernelName(RingsKernel(), l), rings, RingsKernel())
	if err != nil {
		return nil, err
	}
	return figures.NewPlaneGrid(l.Pick("Kernel perceptron: decision regions of f(x) = Σᵢ αᵢyᵢK(xᵢ, x) + b",
		"核感知机的决策区域：f(x) = Σᵢ αᵢyᵢK(xᵢ, x) + b"), 2, left, right)
}
