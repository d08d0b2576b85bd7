package gallery

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"gonum.org/v1/plot"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/loss"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 12-real-data: iris and breast cancer.

func realDataEntries() []Entry {
	const nb = "12-real-data"
	return []Entry{
		entry("12-real-data-iris-petals", nb, "Iris, petal length and width: the perceptron's and the maximum-margin hyperplane",
			IrisPetals),
		entry("12-real-data-cancer-pocket", nb, "Breast cancer: training errors of the final and pocket weights against the epoch limit",
			func(l lang.Lang) (*plot.Plot, error) { return PocketErrors(CancerSplit().Train, EpochLimits(), l) }),
		entry("12-real-data-cancer-svm-accuracy", nb, "Breast cancer: test accuracy of linear and RBF SVMs against C",
			func(l lang.Lang) (*plot.Plot, error) {
				return CancerAccuracy(CancerSplit(), CancerC(), CancerKernels(), l)
			}),
	}
}

// IrisPetals fits the perceptron (cyclic order) and the hard-margin SVM
// (SMO) to the petal length and width of the 100 iris flowers
// (dataset.Iris, columns 3 and 4) and draws both hyperplanes, the SVM's
// margins and its support vectors; the words in the language l.
func IrisPetals(l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("IrisPetals", &err)
	iris := dataset.Iris()
	petals := iris.X.Slice(0, len(iris.Y), 2, 4)
	p, err := perceptron.Primal{}.Fit(petals, iris.Y)
	if err != nil {
		return nil, err
	}
	s, err := svm.SMO{}.Fit(petals, iris.Y)
	if err != nil {
		return nil, err
	}
	return figures.Plane{
		Title: l.Pick("Iris, petal measurements: perceptron and maximum margin", "鸢尾花的花瓣尺寸：感知机与最大间隔"), X: petals, Y: iris.Y,
		XLabel: report.FeatureName(iris.Names[2], l) + l.Pick(" (cm)", "（cm）"), YLabel: report.FeatureName(iris.Names[3], l) + l.Pick(" (cm)", "（cm）"),
		PositiveName: l.Pick("setosa (y = +1)", "山鸢尾（y = +1）"), NegativeName: l.Pick("versicolor (y = −1)", "变色鸢尾（y = −1）"),
		Boundaries: []figures.Boundary{{Line: figures.Line{W: p.W, B: p.B}, Label: l.Pick("perceptron (cyclic order)", "感知机（按顺序遍历）")},
			{Line: figures.Line{W: s.W, B: s.B}, Label: l.Pick("hard-margin SVM", "硬间隔支持向量机"), Margins: true}},
		FreeIndices: s.FreeIndices, BoundedIndices: s.BoundedIndices,
		Lang: l,
	}.Plot()
}

// Split is the breast-cancer data of notebook 12-real-data, split into a
// training and a test set.
type Split struct {
	// Train holds the training examples with every feature scaled onto
	// [−1, 1], Test the test examples scaled by the same map, Scaling.
	Train, Test *dataset.Set
	Scaling     *dataset.Scaling
}

// CancerSplit splits dataset.BreastCancer 70/30, stratified, with the
// source rand.NewPCG(8, 8) (398 training and 171 test examples) and scales
// both parts with the training set's minima and maxima, as LIBSVM's
// svm-scale does.
func CancerSplit() *Split {
	train, test := dataset.BreastCancer().Split(rand.NewPCG(8, 8), 0.3)
	scaled, sc := train.ScaleToUnit()
	return &Split{Train: scaled, Test: &dataset.Set{X: sc.Apply(test.X), Y: test.Y, Names: test.Names}, Scaling: sc}
}

// EpochLimits returns the epoch limits at which notebook 12-real-data stops
// the perceptron on the breast-cancer training set, as float64 for a
// logarithmic axis.
func EpochLimits() []float64 { return []float64{10, 30, 100, 300, 1000, 3000, 10000} }

// PocketErrors runs the perceptron (Primal, cyclic order) on train with each
// epoch limit of limits and plots the training points its final weights and
// its pocket weights misclassify, the words in the language l.
func PocketErrors(train *dataset.Set, limits []float64, l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("PocketErrors", &err)
	var final, pocket []float64
	for _, e := range limits {
		r, err := perceptron.Primal{Settings: perceptron.Settings{MaxEpochs: int(e)}}.Fit(train.X, train.Y)
		if err != nil && !errors.Is(err, perceptron.ErrNotConverged) {
			return nil, err
		}
		final = append(final, loss.Sum(loss.Mistake, r, train.X, train.Y))
		pocket = append(pocket, float64(r.Pocket.Errors))
	}
	return figures.Lines{
		Title: l.Pick(fmt.Sprintf("Perceptron on breast cancer (training set, %d points)", len(train.Y)),
			fmt.Sprintf("乳腺癌数据上的感知机（训练集，%d 个样本）", len(train.Y))),
		XLabel: l.Pick("epoch limit", "遍数上限"), YLabel: l.Pick("training points misclassified", "训练集误分类点数"), LogX: true,
		Series: []figures.Series{{Name: l.Pick("final weights", "最终权值"), X: limits, Y: final},
			{Name: l.Pick("pocket weights", "口袋权值"), X: limits, Y: pocket}},
		Lang: l,
	}.Plot()
}

// NamedKernel is a kernel with the name a table or legend gives it, in
// English (Name) and Chinese (ZhName).
type NamedKernel struct {
	Name, ZhName string
	Kernel       kernel.Kernel
}

// CancerC returns the values of C of notebook 12-real-data's SVM sweep.
func CancerC() []float64 { return []float64{0.01, 0.1, 1, 10, 100} }

// CancerKernels returns the kernels of notebook 12-real-data's SVM sweep:
// linear, and Gaussian with LIBSVM's default γ = 1/d for the 30 features,
// σ = √15; named by report.KernelName.
func CancerKernels() []NamedKernel {
	var ks []NamedKernel
	for _, k := range []kernel.Kernel{kernel.Linear{}, kernel.RBF{Gamma: 1.0 / 30}} {
		ks = append(ks, NamedKernel{report.KernelName(k, lang.English), report.KernelName(k, lang.Chinese), k})
	}
	return ks
}

// CancerAccuracy solves the soft-margin SVM (SMO, defaults) on the training
// set of s for every C of cs and every kernel of ks, and plots the accuracy
// on the test set against C, one line per kernel; the words in the
// language l.
func CancerAccuracy(s *Split, cs []float64, ks []NamedKernel, l lang.Lang) (_ *plot.Plot, err error) {
	defer wrapErr("CancerAccuracy", &err)
	var series []figures.Series
	for _, k := range ks {
		res, err := svm.SMO{Kernel: k.Kernel}.Sweep(s.Train.X, s.Train.Y, cs)
		if err != nil {
			return nil, err
		}
		acc := make([]float64, len(res))
		for i, r := range res {
			acc[i] = classify.Accuracy(r, s.Test.X, s.Test.Y)
		}
		series = append(series, figures.Series{Name: l.Pick(k.Name, k.ZhName), X: cs, Y: acc})
	}
	return figures.Lines{
		Title:  l.Pick("Breast cancer: SVM test accuracy against C", "乳腺癌数据：支持向量机的测试准确率与 C"),
		XLabel: l.Pick("C (penalty parameter)", "惩罚参数 C"),
		YLabel: l.Pick(fmt.Sprintf("test accuracy (%d points)", len(s.Test.Y)), fmt.Sprintf("测试准确率（%d 个样本）", len(s.Test.Y))),
		LogX:   true, Series: series, Lang: l,
	}.Plot()
}
