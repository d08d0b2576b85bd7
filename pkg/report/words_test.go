package report

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestYesNo(t *testing.T) {
	for _, c := range []struct {
		v    bool
		l    lang.Lang
		want string
	}{{true, lang.English, "yes"}, {false, lang.English, "no"}, {true, lang.Chinese, "是"}, {false, lang.Chinese, "否"}} {
		if got := YesNo(c.v, c.l); got != c.want {
			t.Errorf("YesNo(%v, %v) = %q, want %q", c.v, c.l, got, c.want)
		}
	}
}

// The kernels of the notebooks, as the book writes them: (7.88) with
// p = 2, (7.90) with σ, never LIBSVM's γ but where asked for.
func TestKernelName(t *testing.T) {
	for _, c := range []struct {
		k      kernel.Kernel
		en, zh string
	}{
		{kernel.Linear{}, "linear kernel", "线性核"},
		{kernel.Polynomial{Degree: 2, Gamma: 1, Coef0: 1}, "polynomial kernel (x·z + 1)²", "多项式核 (x·z + 1)²"}, // notebook 03's XOR kernel
		{kernel.Polynomial{Degree: 1, Gamma: 1, Coef0: 1}, "polynomial kernel (x·z + 1)", "多项式核 (x·z + 1)"},   // notebook 03, exercise 4
		{kernel.Polynomial{Degree: 1, Gamma: 2}, "polynomial kernel 2x·z", "多项式核 2x·z"},                       // notebook 09: K = 2x·z
		{kernel.Polynomial{Degree: 3, Gamma: 0.5, Coef0: -1}, "polynomial kernel (½x·z − 1)³", "多项式核 (½x·z − 1)³"},
		{kernel.Polynomial{Degree: 10, Gamma: 1}, "polynomial kernel (x·z)¹⁰", "多项式核 (x·z)¹⁰"},
		{kernel.RBF{Gamma: 1}, "Gaussian kernel (σ = 1/√2)", "高斯核（σ = 1/√2）"},      // notebook 03's rings
		{kernel.RBF{Gamma: 1.0 / 30}, "Gaussian kernel (σ = √15)", "高斯核（σ = √15）"}, // notebook 12: LIBSVM's default 1/d, d = 30
		{kernel.RBF{Gamma: 0.5}, "Gaussian kernel (σ = 1)", "高斯核（σ = 1）"},
		{kernel.Gaussian(0.3), "Gaussian kernel (σ = 0.3)", "高斯核（σ = 0.3）"},
		{kernel.Gaussian(2.5), "Gaussian kernel (σ = 2.5)", "高斯核（σ = 2.5）"},
		{kernel.String{N: 2, Lambda: 0.5}, "string kernel k₂ (λ = 0.5)", "字符串核 k₂（λ = 0.5）"}, // notebook 10, §7.3.3
		{kernel.String{N: 3, Lambda: 1, Normalize: true}, "normalised string kernel k₃ (λ = 1)", "规范化的字符串核 k₃（λ = 1）"},
	} {
		if got := KernelName(c.k, lang.English); got != c.en {
			t.Errorf("KernelName(%v, English) = %q, want %q", c.k, got, c.en)
		}
		if got := KernelName(c.k, lang.Chinese); got != c.zh {
			t.Errorf("KernelName(%v, Chinese) = %q, want %q", c.k, got, c.zh)
		}
	}
	for l, want := range map[lang.Lang]string{
		lang.English: "Gaussian kernel (σ = √15; LIBSVM's γ = 1/30)",
		lang.Chinese: "高斯核（σ = √15，LIBSVM 的 γ = 1/30）",
	} {
		if got := KernelNameLIBSVM(kernel.RBF{Gamma: 1.0 / 30}, l); got != want {
			t.Errorf("KernelNameLIBSVM(γ = 1/30, %v) = %q, want %q", l, got, want)
		}
	}
	if got := KernelNameLIBSVM(kernel.Linear{}, lang.Chinese); got != "线性核" {
		t.Errorf("KernelNameLIBSVM(linear) = %q", got)
	}
}

// Whatever form Sigma chooses, it is the width: read back, σ written is
// 1/√(2γ) to the digits shown, and 2σ² = 1/γ.
func TestSigma(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	gammas := []float64{1, 1.0 / 30, 0.5, 2, 1.0 / 8, 1.0 / 18, 50}
	for range 200 {
		gammas = append(gammas, math.Pow(10, 4*rng.Float64()-2))
	}
	for _, g := range gammas {
		s := Sigma(kernel.RBF{Gamma: g})
		got := readSigma(t, s)
		want := 1 / math.Sqrt(2*g)
		if math.Abs(got-want) > 5e-4*want {
			t.Errorf("γ = %v: σ written %q = %v, want %v", g, s, got, want)
		}
		if math.Abs(2*got*got*g-1) > 1e-3 {
			t.Errorf("γ = %v: σ written %q: 2σ²γ = %v, want 1", g, s, 2*got*got*g)
		}
	}
}

// readSigma reads what Sigma writes: √n, 1/√n, p/q or a decimal.
func readSigma(t *testing.T, s string) float64 {
	t.Helper()
	num := func(s string) float64 {
		if p, q, ok := strings.Cut(s, "/"); ok {
			return num1(t, p) / num1(t, q)
		}
		return num1(t, s)
	}
	switch {
	case strings.HasPrefix(s, "1/√"):
		return 1 / math.Sqrt(num1(t, strings.TrimPrefix(s, "1/√")))
	case strings.HasPrefix(s, "√"):
		return math.Sqrt(num1(t, strings.TrimPrefix(s, "√")))
	}
	return num(s)
}

func num1(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Fatalf("σ written as %q: %v", s, err)
	}
	return v
}

// Every feature of the real data sets has a name in both editions: the
// Chinese one all Chinese, the English one words; no two alike.
func TestFeatureNames(t *testing.T) {
	for _, set := range []*dataset.Set{dataset.Iris(), dataset.BreastCancer()} {
		for _, l := range []lang.Lang{lang.English, lang.Chinese} {
			seen := map[string]string{}
			for _, n := range set.Names {
				f := FeatureName(n, l)
				if f == n || strings.Contains(f, "_") {
					t.Errorf("%v: feature %q has no name", l, n)
				}
				if l == lang.Chinese && strings.IndexFunc(f, func(r rune) bool { return r < unicode.MaxASCII }) >= 0 {
					t.Errorf("Chinese name %q of %q is not all Chinese", f, n)
				}
				if other, ok := seen[f]; ok {
					t.Errorf("%v: %q and %q are both %q", l, other, n, f)
				}
				seen[f] = n
			}
		}
	}
	for _, c := range []struct{ name, en, zh string }{
		{"sepal_length", "sepal length", "萼片长度"},
		{"petal_width", "petal width", "花瓣宽度"},
		{"area_mean", "mean area", "面积均值"},
		{"concave_points_se", "concave points (standard error)", "凹点数标准误"},
		{"radius_worst", "worst radius", "半径最差值"},
		{"x1", "x1", "x1"},
	} {
		if en, zh := FeatureName(c.name, lang.English), FeatureName(c.name, lang.Chinese); en != c.en || zh != c.zh {
			t.Errorf("FeatureName(%q) = %q, %q, want %q, %q", c.name, en, zh, c.en, c.zh)
		}
	}
	if got, want := FeatureNames(dataset.Iris().Names, lang.Chinese), "萼片长度、萼片宽度、花瓣长度、花瓣宽度"; got != want {
		t.Errorf("FeatureNames(iris, Chinese) = %q, want %q", got, want)
	}
	if got, want := FeatureNames(dataset.Iris().Names[:2], lang.English), "sepal length, sepal width"; got != want {
		t.Errorf("FeatureNames(iris, English) = %q, want %q", got, want)
	}
}

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		v      float64
		en, zh string
	}{
		{0.3211, "32 %", "32%"}, // notebook 04's slider: k = 8 of the bound 24.83
		{0.034, "3.4 %", "3.4%"},
		{0.00614, "0.61 %", "0.61%"},
		{1, "100 %", "100%"},
		{-0.05, "−5 %", "−5%"},
		{0, "0 %", "0%"},
		{123.4, "12340 %", "12340%"},
	} {
		if en, zh := Percent(c.v, lang.English), Percent(c.v, lang.Chinese); en != c.en || zh != c.zh {
			t.Errorf("Percent(%v) = %q, %q, want %q, %q", c.v, en, zh, c.en, c.zh)
		}
	}
}

// Columns padded by Pad line up on the screen in both editions: the
// lines of notebook 03's cost count.
func TestPad(t *testing.T) {
	for s, w := range map[string]int{"原始形式（算法 2.1）": 20, "对偶形式，Dual 的做法": 21, "primal form": 11, "x̂1 = (3, 3, 1)": 14, "‖ŵ‖² − 2": 8, "": 0} {
		if got := Width(s); got != w {
			t.Errorf("Width(%q) = %d, want %d", s, got, w)
		}
	}
	names := []string{"原始形式（算法 2.1）", "对偶形式，书中的写法", "对偶形式，Dual 的做法", "dual form as the book writes it"}
	for _, n := range names {
		line := Pad(n, 32) + "G 12"
		if got := Width(line[:strings.Index(line, "G 12")]); got != 32 {
			t.Errorf("Pad(%q, 32) is %d wide", n, got)
		}
	}
	if got := Pad("对偶形式", 4); got != "对偶形式" {
		t.Errorf("Pad of a longer string = %q", got)
	}
}
