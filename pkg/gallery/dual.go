package gallery

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
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
func FormSweep(repeats int) ([]*experiment.FormTiming, error) {
	base := dataset.Noisy(rand.NewPCG(3, 1), 800, 2, 0.05)
	sizes := []experiment.Size{
		{N: 25, D: FormD}, {N: 50, D: FormD}, {N: 100, D: FormD}, {N: 200, D: FormD}, {N: 400, D: FormD}, {N: 800, D: FormD},
		{N: FormN, D: 10}, {N: FormN, D: 30}, {N: FormN, D: 100}, {N: FormN, D: 300}, {N: FormN, D: 3000},
	}
	return experiment.SweepForms(base, sizes, FormEpochs, repeats, rand.NewPCG(4, 1))
}

// FormTimes draws the measured wall times of a FormSweep against N (d =
// FormD) and d (N = FormN), the words in the language l. The times vary
// from run to run, so the figure is not in the catalogue; FormCosts draws
// the deterministic counts.
func FormTimes(ts []*experiment.FormTiming, l lang.Lang) (*figures.Grid, error) {
	times := make([]figures.FormTime, len(ts))
	for i, t := range ts {
		times[i] = figures.FormTime{N: t.N, D: t.D, Primal: t.Primal, Dual: t.DualTotal(), DualLoop: t.DualLoop}
	}
	return figures.FormTimes(times, FormD, FormN, l)
}

// FormCosts draws the cost model of a FormSweep, in multiply–adds, against
// N (d = FormD) and d (N = FormN): the primal form, the dual form as
// perceptron.Dual runs it (experiment.DualCost) and as the book writes it
// (experiment.BookDualCost), both with the Gram matrix; the words in the
// language l.
func FormCosts(ts []*experiment.FormTiming, l lang.Lang) (*figures.Grid, error) {
	panel := func(title, xLabel string, keep func(*experiment.FormTiming) bool, at func(*experiment.FormTiming) int) (*plot.Plot, error) {
		kept := slices.DeleteFunc(slices.Clone(ts), func(t *experiment.FormTiming) bool { return !keep(t) })
		slices.SortStableFunc(kept, func(a, b *experiment.FormTiming) int { return cmp.Compare(at(a), at(b)) })
		var xs, p, d, book []float64
		for _, t := range kept {
			xs = append(xs, float64(at(t)))
			p = append(p, float64(t.PrimalCost.Total()))
			d = append(d, float64(t.DualCost.Total()))
			book = append(book, float64(experiment.BookDualCost(t.N, t.D, t.Examined, t.Updates).Total()))
		}
		return figures.Lines{Title: title, XLabel: xLabel, YLabel: l.Pick("multiply–adds", "乘加次数"), LogX: true, LogY: true,
			Series: []figures.Series{{Name: l.Pick("primal form", "原始形式"), X: xs, Y: p},
				{Name: l.Pick("dual form, scores kept", "对偶形式，保存各点得分"), X: xs, Y: d},
				{Name: l.Pick("dual form, the book's check", "对偶形式，按书中的判断条件"), X: xs, Y: book}},
			Lang: l}.Plot()
	}
	left, err := panel(fmt.Sprintf("d = %d", FormD), l.Pick("N (points)", "N（样本数）"),
		func(t *experiment.FormTiming) bool { return t.D == FormD }, func(t *experiment.FormTiming) int { return t.N })
	if err != nil {
		return nil, err
	}
	right, err := panel(fmt.Sprintf("N = %d", FormN), l.Pick("d (dimension)", "d（维数）"),
		func(t *experiment.FormTiming) bool { return t.N == FormN }, func(t *experiment.FormTiming) int { return t.D })
	if err != nil {
		return nil, err
	}
	return figures.NewGrid(l.Pick(fmt.Sprintf("Perceptron, %d epochs: primal and dual form, cost model", FormEpochs),
		fmt.Sprintf("感知机，%d 轮：原始形式与对偶形式的计算量", FormEpochs)), 2, left, right), nil
}

// RingsData returns the two concentric rings of notebook 03-dual-form-gram:
// dataset.Rings with its default source, 60 points, radii 1 and 2, noise
// 0.1.
func RingsData() *dataset.Set { return dataset.Rings(nil, 60, 1, 2, 0.1) }

// XORKernel is the kernel with which notebook 03-dual-form-gram separates
// XOR: (x·z + 1)², whose features include x(1)x(2).
func XORKernel() kernel.Kernel { return kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1} }

// RingsKernel is the kernel with which notebook 03-dual-form-gram separates
// the rings: exp(−‖x − z‖²).
func RingsKernel() kernel.Kernel { return kernel.RBF{Gamma: 1} }

// KernelRegions fits the kernel perceptron (perceptron.KernelDual, defaults) to
// xor with XORKernel and to rings with RingsKernel, and draws the decision
// regions of both side by side, the words in the language l.
func KernelRegions(xor, rings *dataset.Set, l lang.Lang) (*figures.Grid, error) {
	panel := func(title string, set *dataset.Set, k kernel.Kernel) (figures.Plane, error) {
		r, err := perceptron.KernelDual{K: k}.Fit(set.X, set.Y)
		if err != nil {
			return figures.Plane{}, fmt.Errorf("%s: %w", title, err)
		}
		return figures.Plane{Title: title, X: set.X, Y: set.Y, Classifier: r, Lang: l}, nil
	}
	// The kernels as formulas: XORKernel and RingsKernel.
	left, err := panel(l.Pick("XOR, polynomial kernel (x·z + 1)²", "XOR，多项式核 (x·z + 1)²"), xor, XORKernel())
	if err != nil {
		return nil, err
	}
	right, err := panel(l.Pick("rings, Gaussian kernel exp(−‖x − z‖²)", "两个圆环，高斯核 exp(−‖x − z‖²)"), rings, RingsKernel())
	if err != nil {
		return nil, err
	}
	return figures.NewPlaneGrid(l.Pick("Kernel perceptron: decision regions of f(x) = Σᵢ αᵢyᵢK(xᵢ, x) + b",
		"核感知机的决策区域：f(x) = Σᵢ αᵢyᵢK(xᵢ, x) + b"), 2, left, right)
}
