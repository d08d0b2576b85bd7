package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/width"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
)

// The words and conventions of the two editions that every notebook cell
// and figure uses for what it prints: booleans, kernels, the features of the
// real data sets, lists, percentages and columns. The Chinese edition
// prints Chinese only (是, 高斯核, 萼片长度, 5%), the English edition
// reads as English (yes, Gaussian kernel, sepal length, 5 %).

// YesNo writes a boolean in the language l: yes or no, 是 or 否. It is the
// one way the notebooks print a boolean — a check (与 svm.Exact 的结果相同：是),
// a verdict in a table, errors.Is — never %v or %t, which print true and
// false in both editions.
func YesNo(v bool, l lang.Lang) string {
	if v {
		return l.Pick("yes", "是")
	}
	return l.Pick("no", "否")
}

// KernelName names a kernel as the book writes it, in the language l: the
// linear kernel; the polynomial kernel by its formula, (x·z + 1)² for
// kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1} (the book's (7.88) with
// p = 2); the Gaussian kernel (7.90) by its width σ, where
// kernel.RBF{Gamma: γ} has γ = 1/(2σ²): σ = 1/√2 for γ = 1, σ = √15 for
// γ = 1/30; the string kernel of §7.3.3 by its n and decay λ, k₂ (λ = 0.5).
// In these notes γ is the margin, σ the kernel's width, in
// tables and legends of both editions; KernelNameLIBSVM adds LIBSVM's γ
// where a reader needs it. Other kernels are written by fmt.
func KernelName(k kernel.Kernel, l lang.Lang) string {
	switch k := k.(type) {
	case kernel.Linear:
		return l.Pick("linear kernel", "线性核")
	case kernel.Polynomial:
		return l.Pick("polynomial kernel ", "多项式核 ") + polynomial(k)
	case kernel.RBF:
		return l.Pick("Gaussian kernel (σ = ", "高斯核（σ = ") + Sigma(k) + l.Pick(")", "）")
	case kernel.String:
		name := l.Pick("string kernel k", "字符串核 k")
		if k.Normalize {
			name = l.Pick("normalised string kernel k", "规范化的字符串核 k")
		}
		return name + notation.Subscript(strconv.Itoa(k.N)) + l.Pick(" (λ = ", "（λ = ") + notation.Decimal(k.Lambda) + l.Pick(")", "）")
	}
	return fmt.Sprint(k)
}

// KernelNameLIBSVM is KernelName with, for the Gaussian kernel, LIBSVM's
// parameter γ = 1/(2σ²) (svm-train -g, kernel.RBF's Gamma) beside σ:
// 高斯核（σ = √15，LIBSVM 的 γ = 1/30）.
func KernelNameLIBSVM(k kernel.Kernel, l lang.Lang) string {
	r, ok := k.(kernel.RBF)
	if !ok {
		return KernelName(k, l)
	}
	return l.Pick("Gaussian kernel (σ = ", "高斯核（σ = ") + Sigma(r) +
		l.Pick("; LIBSVM's γ = ", "，LIBSVM 的 γ = ") + notation.Number(r.Gamma) + l.Pick(")", "）")
}

// Sigma writes the width σ = 1/√(2γ) of the Gaussian kernel k: exactly as
// a decimal where four digits hold it (σ = 1 for γ = 1/2, 0.3 for
// kernel.Gaussian(0.3)), else as a square root where σ² or 1/σ² is an
// integer (√15 for γ = 1/30, 1/√2 for γ = 1), else with four digits.
func Sigma(k kernel.RBF) string {
	s2 := 1 / (2 * k.Gamma)
	s := math.Sqrt(s2)
	d := notation.Decimal(s)
	if v, err := strconv.ParseFloat(d, 64); err == nil && math.Abs(v-s) <= 1e-12*s {
		return d
	}
	if integer(s2) {
		return "√" + notation.Number(math.Round(s2))
	}
	if integer(1 / s2) {
		return "1/√" + notation.Number(math.Round(1/s2))
	}
	return d
}

// integer reports whether v is within rounding of a positive integer below
// 10⁴.
func integer(v float64) bool {
	r := math.Round(v)
	return r >= 1 && r < 1e4 && math.Abs(v-r) <= 1e-9*r
}

// polynomial writes (γx·z + c)^p as the book writes (7.88): (x·z + 1)²,
// leaving out γ = 1, c = 0 and p = 1.
func polynomial(k kernel.Polynomial) string {
	f := "x·z"
	if k.Gamma != 1 {
		f = notation.Text.Coefficient(k.Gamma) + f
	}
	switch {
	case k.Coef0 > 0:
		f += " + " + notation.Number(k.Coef0)
	case k.Coef0 < 0:
		f += " − " + notation.Number(-k.Coef0)
	}
	if k.Degree == 1 {
		if k.Coef0 != 0 {
			return "(" + f + ")"
		}
		return f
	}
	return "(" + f + ")" + notation.Superscript(strconv.Itoa(k.Degree))
}

// features names the features of the real data sets (dataset.Iris,
// dataset.BreastCancer) by their column names: English, Chinese.
var features = map[string][2]string{
	"sepal_length": {"sepal length", "萼片长度"},
	"sepal_width":  {"sepal width", "萼片宽度"},
	"petal_length": {"petal length", "花瓣长度"},
	"petal_width":  {"petal width", "花瓣宽度"},
}

// cellFeatures are the ten measurements of a cell nucleus in the breast
// cancer data (WDBC), each given as a mean, a standard error and a worst
// (largest) value over the nuclei of an image.
var cellFeatures = map[string][2]string{
	"radius":            {"radius", "半径"},
	"texture":           {"texture", "纹理"},
	"perimeter":         {"perimeter", "周长"},
	"area":              {"area", "面积"},
	"smoothness":        {"smoothness", "平滑度"},
	"compactness":       {"compactness", "紧密度"},
	"concavity":         {"concavity", "凹度"},
	"concave_points":    {"concave points", "凹点数"},
	"symmetry":          {"symmetry", "对称性"},
	"fractal_dimension": {"fractal dimension", "分形维数"},
}

// FeatureName names a feature of a real data set by its column name
// (dataset.Set.Names) in the language l: sepal_length is sepal length,
// 萼片长度; area_mean is mean area, 面积均值; area_se area (standard error),
// 面积标准误; area_worst worst area, 面积最差值. Another name is returned as
// it is.
func FeatureName(name string, l lang.Lang) string {
	if f, ok := features[name]; ok {
		return l.Pick(f[0], f[1])
	}
	for _, s := range []struct{ suffix, en, zh string }{
		{"_mean", "mean %s", "%s均值"}, {"_se", "%s (standard error)", "%s标准误"}, {"_worst", "worst %s", "%s最差值"},
	} {
		if base, ok := strings.CutSuffix(name, s.suffix); ok {
			if f, ok := cellFeatures[base]; ok {
				return fmt.Sprintf(l.Pick(s.en, s.zh), l.Pick(f[0], f[1]))
			}
		}
	}
	return name
}

// FeatureNames names the features of a data set (see FeatureName) as a
// list in the language l (see List).
func FeatureNames(names []string, l lang.Lang) string {
	words := make([]string, len(names))
	for i, n := range names {
		words[i] = FeatureName(n, l)
	}
	return List(words, l)
}

// List joins words as a sentence lists them: with commas in English,
// with the enumeration comma 、 in Chinese (萼片长度、萼片宽度). Points
// and numbers, which both editions write alike (x1, x3), are joined by
// Points and notation.Vector instead.
func List(words []string, l lang.Lang) string {
	return strings.Join(words, l.Pick(", ", "、"))
}

// Percent writes the fraction v (0.32) as a percentage in the language l,
// with two significant digits and the whole part: 32 % in English (a space
// before %, as SI writes it), 32% in Chinese; 3.4 %, 0.61 %, −5 %.
func Percent(v float64, l lang.Lang) string {
	p := 100 * v
	s := strconv.FormatFloat(math.Abs(p), 'g', 2, 64)
	if math.Abs(p) >= 10 {
		s = strconv.FormatFloat(math.Round(math.Abs(p)), 'f', 0, 64)
	}
	if p < 0 && s != "0" {
		s = "−" + s
	}
	return s + l.Pick(" %", "%")
}

// Width is the width of s in a monospace text output (a notebook's printed
// output, a terminal): two columns for wide and full-width characters
// (汉字, the punctuation ，（）), none for combining marks (the hat of x̂),
// one for every other character, as East Asian Width says for a
// non-East-Asian context.
func Width(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// Pad pads s with spaces on the right to the display width w (Width), for
// columns of printed text that line up in both editions; fmt's %-20s pads
// to 20 characters, which a Chinese column overruns. A longer s is
// returned as it is.
func Pad(s string, w int) string {
	if n := Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}
