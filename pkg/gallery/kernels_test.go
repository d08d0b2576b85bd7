package gallery

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/kernel"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Algorithm 7.4 on notebook 10's data: a degree-1 polynomial kernel is a
// linear model, which separates neither XOR nor the rings; degrees 2 and 3
// separate both. Every fit is a converged solution of the dual problem of
// its step (1), and its model is f(x) = Σᵢ αᵢyᵢK(xᵢ, x) + b evaluated from
// α alone.
func TestKernelFitsPolynomial(t *testing.T) {
	fits, err := KernelFits(KernelSets(), PolynomialKernels())
	if err != nil {
		t.Fatal(err)
	}
	if len(fits) != 2 || len(fits[0]) != len(KernelDegrees()) {
		t.Fatalf("%d×%d fits, want 2×%d", len(fits), len(fits[0]), len(KernelDegrees()))
	}
	for _, row := range fits {
		for j, f := range row {
			checkKernelFit(t, f)
			n := len(f.Data.Set.Y)
			if p := KernelDegrees()[j]; (p == 1) == (f.Correct == n) {
				t.Errorf("%s, p = %d: %d/%d correct, want all exactly when p > 1", f.Data.Name, p, f.Correct, n)
			}
		}
	}
	// The numbers notebook 10 prints: XOR with (x·z + 1)² needs 4 support
	// vectors, the rings 6; with (x·z + 1) XOR has 30/40 right.
	for _, c := range []struct {
		f       KernelFit
		correct int
		sv      int
	}{{fits[0][1], 40, 4}, {fits[1][1], 60, 6}, {fits[0][0], 30, 39}, {fits[1][0], 41, 55}} {
		if c.f.Correct != c.correct || len(c.f.Result.SupportIndices) != c.sv {
			t.Errorf("%s, %v: %d correct, %d support vectors, want %d and %d", c.f.Data.Name, c.f.Kernel,
				c.f.Correct, len(c.f.Result.SupportIndices), c.correct, c.sv)
		}
	}
}

// The width σ of the Gaussian kernel: σ = 0.1 makes nearly every point a
// support vector (a bump around each), σ = 1 needs the fewest, σ = 3 is too
// wide for C = 1 and no longer fits the training data.
func TestKernelFitsGaussian(t *testing.T) {
	fits, err := KernelFits(KernelSets(), GaussianKernels())
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range fits {
		narrow, mid, wide := row[0], row[1], row[2]
		n := len(narrow.Data.Set.Y)
		for _, f := range row {
			checkKernelFit(t, f)
		}
		if narrow.Correct != n || mid.Correct != n || wide.Correct == n {
			t.Errorf("%s: %d, %d, %d of %d correct, want all for σ = 0.1 and 1, fewer for σ = 3",
				narrow.Data.Name, narrow.Correct, mid.Correct, wide.Correct, n)
		}
		sv := func(f KernelFit) int { return len(f.Result.SupportIndices) }
		if 10*sv(narrow) < 9*n || sv(mid) >= sv(narrow) || sv(mid) >= sv(wide) {
			t.Errorf("%s: %d, %d, %d support vectors of %d, want ≥ 90%% at σ = 0.1 and the fewest at σ = 1",
				narrow.Data.Name, sv(narrow), sv(mid), sv(wide), n)
		}
	}
}

// checkKernelFit checks one run of Algorithm 7.4: converged, 0 ≤ α ≤ C,
// Σαᵢyᵢ = 0, the support sets as α says, and Decision equal to the
// expansion computed here from α, the data and the kernel.
func checkKernelFit(t *testing.T, f KernelFit) {
	t.Helper()
	r := f.Result
	x, y := f.Data.Set.XY()
	if r.Status != svm.Converged {
		t.Errorf("%s, %v: status %v", f.Data.Name, f.Kernel, r.Status)
	}
	var sum, scale float64
	for i, a := range r.Alpha {
		if a < 0 || a > KernelC {
			t.Errorf("%s, %v: α%d = %g outside [0, C]", f.Data.Name, f.Kernel, i+1, a)
		}
		sum += a * y[i]
		scale += a
	}
	if math.Abs(sum) > 1e-9*scale {
		t.Errorf("%s, %v: Σαᵢyᵢ = %g", f.Data.Name, f.Kernel, sum)
	}
	if len(r.FreeIndices)+len(r.BoundedIndices) != len(r.SupportIndices) {
		t.Errorf("%s, %v: %d free + %d bounded ≠ %d support vectors", f.Data.Name, f.Kernel,
			len(r.FreeIndices), len(r.BoundedIndices), len(r.SupportIndices))
	}
	for i := range y {
		want := r.B
		for j, a := range r.Alpha {
			want += a * y[j] * f.Kernel.Eval(x.RawRowView(j), x.RawRowView(i))
		}
		if got := r.Decision(x.RawRowView(i)); math.Abs(got-want) > 1e-9*(1+math.Abs(want)) {
			t.Errorf("%s, %v: f(x%d) = %g, Σαⱼyⱼ K(xⱼ, x%d) + b = %g", f.Data.Name, f.Kernel, i+1, got, i+1, want)
		}
	}
	if acc := float64(f.Correct) / float64(len(y)); acc != f.Accuracy {
		t.Errorf("%s, %v: %d correct of %d but accuracy %g", f.Data.Name, f.Kernel, f.Correct, len(y), f.Accuracy)
	}
}

// The two figures: 2×3 panels, each titled with the data, the kernel's
// parameter, the points classified correctly and the support vectors; the
// figure titled with the kernel as the book writes it.
func TestKernelSVMRegions(t *testing.T) {
	for _, c := range []struct {
		ks   []kernel.Kernel
		l    lang.Lang
		want []string
	}{
		{PolynomialKernels(), lang.English, []string{"Algorithm 7.4, polynomial kernel (x·z + 1)ᵖ (7.88), C = 1",
			"XOR, (x·z + 1)²", "40/40 correct, 4 support vectors", "rings, (x·z + 1)", "41/60 correct, 55 support vectors"}},
		{PolynomialKernels(), lang.Chinese, []string{"算法 7.4，多项式核函数 (x·z + 1)ᵖ (7.88)，C = 1",
			"异或，(x·z + 1)³", "圆环，(x·z + 1)²", "正确分类 60/60，支持向量 6 个"}},
		{GaussianKernels(), lang.English, []string{"Algorithm 7.4, Gaussian kernel exp(−‖x − z‖²/(2σ²)) (7.90), C = 1",
			"XOR, σ = 0.1", "XOR, σ = 3", "rings, σ = 1"}},
		{GaussianKernels(), lang.Chinese, []string{"算法 7.4，高斯核函数 exp(−‖x − z‖²/(2σ²)) (7.90)，C = 1", "异或，σ = 0.1", "圆环，σ = 3"}},
	} {
		fits, err := KernelFits(KernelSets(), c.ks)
		if err != nil {
			t.Fatal(err)
		}
		g, err := KernelSVMRegions(fits, c.l)
		if err != nil {
			t.Fatal(err)
		}
		if r, k := g.Dims(); r != 2 || k != 3 {
			t.Errorf("%d×%d panels, want 2×3", r, k)
		}
		got := drawn(g)
		for _, s := range c.want {
			if !slices.Contains(got, s) {
				t.Errorf("%v: %q not drawn", c.l, s)
			}
		}
	}
	if _, err := KernelSVMRegions(nil, lang.English); err == nil {
		t.Error("no fits: no error")
	}
	fits, err := KernelFits(KernelSets(), PolynomialKernels())
	if err != nil {
		t.Fatal(err)
	}
	fits[1] = fits[1][:2]
	if _, err := KernelSVMRegions(fits, lang.English); err == nil {
		t.Error("ragged fits: no error")
	}
}

// The table has the figure's numbers, a row per panel.
func TestKernelFitTable(t *testing.T) {
	fits, err := KernelFits(KernelSets(), GaussianKernels())
	if err != nil {
		t.Fatal(err)
	}
	header, rows := KernelFitTable(fits, lang.Chinese)
	if len(header) != 6 || len(rows) != 6 {
		t.Fatalf("%d columns, %d rows; want 6 and 6", len(header), len(rows))
	}
	for i, row := range rows {
		f := fits[i/3][i%3]
		r := f.Result
		want := []string{f.Data.ZhName, "", fmt.Sprintf("%d/%d", f.Correct, len(f.Data.Set.Y)),
			strconv.Itoa(len(r.SupportIndices)), strconv.Itoa(len(r.FreeIndices)), strconv.Itoa(len(r.BoundedIndices))}
		for j, w := range want {
			if w != "" && row[j] != w {
				t.Errorf("row %d, column %q: %q, want %q", i+1, header[j], row[j], w)
			}
		}
	}
	// σ = 0.1 is LIBSVM's γ = 1/(2σ²) = 50.
	if got, want := rows[0][1], "高斯核（σ = 0.1，LIBSVM 的 γ = 50）"; got != want {
		t.Errorf("kernel %q, want %q", got, want)
	}
}
