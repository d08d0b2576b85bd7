package gallery

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/report"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Notebook 10-kernels (§7.3): Algorithm 7.4, the nonlinear support vector
// machine, on data that no line separates, for the book's polynomial and
// Gaussian kernels of several degrees and widths.

func kernelsEntries() []Entry {
	const nb = "10-kernels"
	build := func(ks []kernel.Kernel) func(lang.Lang) (*figures.Grid, error) {
		return func(l lang.Lang) (*figures.Grid, error) {
			fits, err := KernelFits(KernelSets(), ks)
			if err != nil {
				return nil, err
			}
			return KernelSVMRegions(fits, l)
		}
	}
	return []Entry{
		entry("10-kernels-polynomial-regions", nb,
			"Algorithm 7.4 with the polynomial kernel (x·z + 1)^p, p = 1, 2, 3, C = 1, on XOR and rings: decision regions and support vectors",
			build(PolynomialKernels())),
		entry("10-kernels-gaussian-regions", nb,
			"Algorithm 7.4 with the Gaussian kernel, σ = 0.1, 1, 3, C = 1, on XOR and rings: decision regions and support vectors",
			build(GaussianKernels())),
	}
}

// KernelC is the penalty parameter C of notebook 10-kernels' runs of
// Algorithm 7.4: LIBSVM's default, 1.
const KernelC = 1.0

// KernelDegrees are the degrees p of notebook 10's polynomial kernels
// (x·z + 1)^p (7.88): p = 1 is a linear model in disguise, which no more
// separates XOR or the rings than a line does.
func KernelDegrees() []int { return []int{1, 2, 3} }

// KernelSigmas are the widths σ of notebook 10's Gaussian kernels (7.90):
// σ = 0.1, a bump around each point; σ = 1; σ = 3, wider than the data.
func KernelSigmas() []float64 { return []float64{0.1, 1, 3} }

// PolynomialKernels returns the book's polynomial kernels (x·z + 1)^p for p
// in KernelDegrees.
func PolynomialKernels() []kernel.Kernel {
	var ks []kernel.Kernel
	for _, p := range KernelDegrees() {
		ks = append(ks, kernel.Polynomial{Degree: p, Gamma: 1, Coef0: 1})
	}
	return ks
}

// GaussianKernels returns the book's Gaussian kernels
// exp(−‖x − z‖²/(2σ²)) for σ in KernelSigmas.
func GaussianKernels() []kernel.Kernel {
	var ks []kernel.Kernel
	for _, s := range KernelSigmas() {
		ks = append(ks, kernel.Gaussian(s))
	}
	return ks
}

// NamedSet is a data set with the name a table or figure gives it, in
// English (Name) and Chinese (ZhName).
type NamedSet struct {
	Name, ZhName string
	Set          *dataset.Set
}

// KernelSets returns the data of notebook 10-kernels, which notebooks 02
// and 03 use too: the 40 noisy XOR points (XORData) and the two rings
// (RingsData). No line separates either.
func KernelSets() []NamedSet {
	return []NamedSet{{"XOR", "异或", XORData()}, {"rings", "圆环", RingsData()}}
}

// KernelFit is one run of Algorithm 7.4: svm.SMO with C = KernelC and a
// kernel on a data set, and the model's accuracy on its training data.
type KernelFit struct {
	Data   NamedSet
	Kernel kernel.Kernel
	// Result is svm.SMO's solution: the model, α, and the support vectors
	// with 0 < αᵢ < C (FreeIndices) and αᵢ = C (BoundedIndices).
	Result *svm.Result
	// Correct is the number of training points the model classifies
	// correctly (Definition 2.1, sign(0) = +1), and Accuracy its fraction
	// of all of them.
	Correct  int
	Accuracy float64
}

// KernelFits runs Algorithm 7.4 on every set with every kernel: svm.SMO
// with C = KernelC; fits[i][j] is set i with kernel j. An error of the
// solver is returned with the set and kernel that caused it.
func KernelFits(sets []NamedSet, ks []kernel.Kernel) (_ [][]KernelFit, err error) {
	defer wrapErr("KernelFits", &err)
	fits := make([][]KernelFit, len(sets))
	for i, s := range sets {
		for _, k := range ks {
			r, err := svm.SMO{C: KernelC, Kernel: k}.Fit(s.Set.X, s.Set.Y)
			if err != nil {
				return nil, errtext.Errorf("%s, %s: %w", s.Name, report.KernelName(k, lang.English), err)
			}
			acc := classify.Accuracy(r, s.Set.X, s.Set.Y)
			fits[i] = append(fits[i], KernelFit{Data: s, Kernel: k, Result: r,
				Correct: int(math.Round(acc * float64(len(s.Set.Y)))), Accuracy: acc})
		}
	}
	return fits, nil
}

// KernelSVMRegions draws fits (from KernelFits) as small multiples, a row
// per data set and a column per kernel: the decision regions of
// f(x) = Σᵢ αᵢ*yᵢK(xᵢ, x) + b*, the boundary f(x) = 0, and the support
// vectors ringed (0 < αᵢ < C) or boxed (αᵢ = C). A panel's title names the
// data and the kernel's parameter and gives the number of training points
// classified correctly and the number of support vectors; the figure's title names the kernel as the
// book writes it, (7.88) or (7.90), when every fit has one of that kind.
// The words are in the language l. It returns an error for fits that are
// empty or ragged.
func KernelSVMRegions(fits [][]KernelFit, l lang.Lang) (_ *figures.Grid, err error) {
	defer wrapErr("KernelSVMRegions", &err)
	if len(fits) == 0 || len(fits[0]) == 0 {
		return nil, errtext.Errorf("gallery: KernelSVMRegions: no fits")
	}
	cols := len(fits[0])
	var panels []figures.Plane
	for _, row := range fits {
		if len(row) != cols {
			return nil, errtext.Errorf("gallery: KernelSVMRegions: rows of %d and %d fits", cols, len(row))
		}
		for _, f := range row {
			r := f.Result
			panels = append(panels, figures.Plane{
				Title: l.Pick(f.Data.Name, f.Data.ZhName) + l.Pick(", ", "，") + kernelParameter(f.Kernel, l) + "\n" +
					fmt.Sprintf(l.Pick("%d/%d correct, %d support vectors", "正确分类 %d/%d，支持向量 %d 个"),
						f.Correct, len(f.Data.Set.Y), len(r.SupportIndices)),
				X: f.Data.Set.X, Y: f.Data.Set.Y, Classifier: r,
				FreeIndices: r.FreeIndices, BoundedIndices: r.BoundedIndices, SoftMargin: true,
				Lang: l,
			})
		}
	}
	return figures.NewPlaneGrid(kernelFamily(fits, l), cols, panels...)
}

// kernelParameter writes what tells a kernel of notebook 10 from the others
// of its kind: the formula (x·z + 1)ᵖ of a polynomial kernel, σ of a
// Gaussian one, or its whole name.
func kernelParameter(k kernel.Kernel, l lang.Lang) string {
	switch k := k.(type) {
	case kernel.Polynomial:
		return strings.TrimPrefix(report.KernelName(k, l), l.Pick("polynomial kernel ", "多项式核 "))
	case kernel.RBF:
		return "σ = " + report.Sigma(k)
	}
	return report.KernelName(k, l)
}

// kernelFamily titles a grid of fits: Algorithm 7.4 and the book's name
// and formula of the kernel when every fit has a polynomial, or every fit a
// Gaussian, kernel.
func kernelFamily(fits [][]KernelFit, l lang.Lang) string {
	poly, rbf := true, true
	for _, row := range fits {
		for _, f := range row {
			_, p := f.Kernel.(kernel.Polynomial)
			_, g := f.Kernel.(kernel.RBF)
			poly, rbf = poly && p, rbf && g
		}
	}
	c := notation.Number(KernelC)
	switch {
	case poly:
		return l.Pick("Algorithm 7.4, polynomial kernel (x·z + 1)ᵖ (7.88), C = ", "算法 7.4，多项式核函数 (x·z + 1)ᵖ (7.88)，C = ") + c
	case rbf:
		return l.Pick("Algorithm 7.4, Gaussian kernel exp(−‖x − z‖²/(2σ²)) (7.90), C = ", "算法 7.4，高斯核函数 exp(−‖x − z‖²/(2σ²)) (7.90)，C = ") + c
	}
	return l.Pick("Algorithm 7.4, C = ", "算法 7.4，C = ") + c
}

// KernelFitTable returns the table of fits (from KernelFits), a row per
// fit in the order of the figure's panels: the data, the kernel (with
// LIBSVM's γ beside σ, for a reader who runs svm-train or scikit-learn),
// the training points classified correctly, and the support vectors, in
// all and by KKT class: 0 < αᵢ < C, on the margin, and αᵢ = C, on it,
// inside it or misclassified. The words are in the language l.
func KernelFitTable(fits [][]KernelFit, l lang.Lang) (header []string, rows [][]string) {
	header = []string{l.Pick("data", "数据"), l.Pick("kernel", "核函数"), l.Pick("correct", "正确分类"),
		l.Pick("support vectors", "支持向量"), "0 < αᵢ < C", "αᵢ = C"}
	for _, row := range fits {
		for _, f := range row {
			r := f.Result
			rows = append(rows, []string{l.Pick(f.Data.Name, f.Data.ZhName), report.KernelNameLIBSVM(f.Kernel, l),
				fmt.Sprintf("%d/%d", f.Correct, len(f.Data.Set.Y)), strconv.Itoa(len(r.SupportIndices)),
				strconv.Itoa(len(r.FreeIndices)), strconv.Itoa(len(r.BoundedIndices))})
		}
	}
	return header, rows
}
