package notebooks

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// The Chinese edition must read as Chinese: its Markdown is mostly Chinese
// outside formulas and code, no Markdown cell is an English paragraph left
// untranslated, and what its cells print to a reader carries none of the
// English words of the library's tables and messages.
const (
	// minNotebookShare is the least share of CJK characters among the
	// letters of a Chinese notebook's Markdown (CJK characters and Latin
	// letters, outside LaTeX, code and link targets).
	minNotebookShare = 0.6
	// A Markdown cell with at least englishCellLetters Latin letters and a
	// CJK share below minCellShare is taken for untranslated English.
	englishCellLetters = 40
	minCellShare       = 0.25
)

// englishWords are words of the English edition's printed output that the
// Chinese edition must print in Chinese (case-insensitive, whole words).
var englishWords = regexp.MustCompile(`(?i)\b(converged|not converged|misclassified|mistakes?|support vectors?|iterations?|accuracy|separable|epochs?|updates?|interval|optimal|feasible|rejected|bound)\b`)

// englishNames are further English words that the Chinese edition printed
// before it printed only Chinese: booleans (是/否, report.YesNo), kernels as
// Go prints them (多项式核 (x·z + 1)², 高斯核 with σ: report.KernelName),
// data sets and their features (异或, 萼片长度, 面积均值:
// report.FeatureName), min/max as words (最小, 最大), LP (线性规划) and a
// few words of single cells. Words are runs of Latin letters, so the
// underscores of sepal_length and area_mean separate words too.
var englishNames = map[string]bool{
	"true": true, "false": true, "yes": true, "no": true,
	"xor": true, "poly": true, "rbf": true, "gamma": true, "degree": true, "coef": true,
	"linear": true, "gaussian": true, "polynomial": true, "kernel": true,
	"min": true, "max": true, "lp": true, "inf": true, "rad": true,
	"sepal": true, "petal": true, "length": true, "width": true, "setosa": true, "versicolor": true,
	"radius": true, "texture": true, "perimeter": true, "area": true, "smoothness": true,
	"compactness": true, "concavity": true, "concave": true, "symmetry": true, "fractal": true,
	"dimension": true, "mean": true, "worst": true,
	"exact": true, "hessian": true, "example": true, "seed": true, "pocket": true, "final": true,
	"voted": true, "averaged": true, "best": true, "same": true, "root": true, "gap": true,
	"angle": true, "collinear": true, "points": true, "hull": true, "hulls": true, "primal": true,
}

// mathMinMax is min or max in a formula (R = max ‖x̂ᵢ‖, 10⁻¹⁴·max K), where
// the book writes them too; as words (min 1−|cos θ|) they are 最小, 最大.
var mathMinMax = regexp.MustCompile(`(=|·) ?(min|max)\b`)

// code is what a Chinese output may show of the code: qualified Go names
// (perceptron.Primal, errors.Is, v.Votes), error sentinels (ErrNotConverged)
// and subscripts written with an underscore (λ_min, ŵ_opt).
var code = regexp.MustCompile(`\b[A-Za-z_]\w*(\.[A-Za-z_]\w*)+|\bErr[A-Z]\w*|_\w+`)

// latinRun is a word for englishNames.
var latinRun = regexp.MustCompile(`[A-Za-z]+`)

// Chinese typography of printed output: true minus signs, no space before
// %, no spaces grouping digits, full-width punctuation next to Chinese, no
// space after full-width punctuation, a space between Chinese and numbers
// or Latin words (the house style of README.md).
var typography = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`(^|[^\w)\]⁾\-|])-[\d.∞]|\s-\s`), "an ASCII minus sign (write −)"},
	{regexp.MustCompile(`\d %`), "a space before % (write 5%)"},
	{regexp.MustCompile(`\p{Han}[A-Za-z0-9]|[A-Za-z0-9]\p{Han}`), "no space between Chinese and a number or Latin word (write 共 7 次)"},
	{regexp.MustCompile(`(^|[^\d.])\d{1,3} \d{3}(\D|$)`), "digits grouped by a space (write 10000)"},
	{regexp.MustCompile(`\p{Han}[ \t]*[\d.]*[,:;?!]|[,:;][ \t]*\p{Han}`), "ASCII punctuation next to Chinese (write ，：；)"},
	{regexp.MustCompile(`\([ \t]*\p{Han}|\p{Han}[ \t]*\)`), "ASCII parentheses around Chinese (write （）)"},
	// (Two or more spaces are a column gap of printed columns: 硬间隔：   w* = …)
	{regexp.MustCompile(`[：，；。、！？][ \t][^ \t]`), "a space after full-width punctuation"},
	// (Review zh-4, M8: 1.298e-10 beside 10⁻¹⁴ in the same line.)
	{regexp.MustCompile(`\de[+\-−]?\d`), "e-notation (write 1.298×10⁻¹⁰, as notation.Decimal does)"},
}

// outputFaults returns what in a Chinese notebook's printed text is not
// Chinese: English words and names, and Western typography; and columns
// that line up by characters but not on the screen (see misaligned).
func outputFaults(text string) []string {
	var faults []string
	if m := englishWords.FindAllString(text, 5); len(m) > 0 {
		faults = append(faults, fmt.Sprintf("English words %q", m))
	}
	var names []string
	for _, line := range strings.Split(text, "\n") {
		line = mathMinMax.ReplaceAllString(line, "$1")
		line = code.ReplaceAllString(line, " ")
		for _, w := range latinRun.FindAllString(line, -1) {
			if englishNames[strings.ToLower(w)] && !slices.Contains(names, w) {
				names = append(names, w)
			}
		}
	}
	if len(names) > 0 {
		faults = append(faults, fmt.Sprintf("English names %q", names))
	}
	for _, ty := range typography {
		if m := ty.re.FindAllString(text, 3); len(m) > 0 {
			faults = append(faults, fmt.Sprintf("%s: %q", ty.what, m))
		}
	}
	if l := misaligned(text); l != "" {
		faults = append(faults, fmt.Sprintf("columns aligned by characters, not by display width: %q", l))
	}
	return faults
}

// columnGap separates the columns of a printed table: two or more spaces.
var columnGap = regexp.MustCompile(`\S {2,}\S`)

// misaligned returns a line of text whose columns start at the same
// character as the line above's but at another display column (because of
// double-width characters before them: fmt pads by characters), or "".
func misaligned(text string) string {
	var prev map[int]int // character index → display column of the columns of the line above
	for _, line := range strings.Split(text, "\n") {
		cols := map[int]int{}
		for _, m := range columnGap.FindAllStringIndex(line, -1) {
			start := line[:m[1]-1]
			cols[utf8.RuneCountInString(start)] = displayWidth(start)
		}
		for i, w := range cols {
			if pw, ok := prev[i]; ok && pw != w {
				return line
			}
		}
		prev = cols
	}
	return ""
}

// displayWidth is the width of s on a terminal or in a notebook's
// monospace output: two columns for wide and full-width characters (汉字,
// ，), none for combining marks (the hat of x̂).
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.Is(unicode.Han, r) || r >= 0x3000 && r <= 0x303f || r >= 0xff01 && r <= 0xff60:
			n += 2
		default:
			n++
		}
	}
	return n
}

var (
	// What is not prose: display and inline LaTeX, fenced and inline code,
	// HTML tags and comments, link targets, URLs.
	latexDisplay = regexp.MustCompile(`(?s)\$\$.*?\$\$`)
	latexInline  = regexp.MustCompile(`\$[^$\n]+\$`)
	codeFence    = regexp.MustCompile("(?s)(```|~~~).*?(```|~~~)")
	codeInline   = regexp.MustCompile("`[^`\n]*`")
	htmlTag      = regexp.MustCompile(`(?s)<!--.*?-->|<[^>\n]+>`)
	linkTarget   = regexp.MustCompile(`\]\([^)\s]*\)`)
	// A link whose text has no space names a file or package: a name.
	linkName = regexp.MustCompile(`\[[^\]\s]+\]\([^)\s]*\)`)
	url      = regexp.MustCompile(`https?://\S+`)
)

// prose returns the Markdown text without LaTeX, code, HTML, link targets
// and links that name a file or package.
func prose(md string) string {
	for _, re := range []*regexp.Regexp{codeFence, latexDisplay, latexInline, codeInline, htmlTag, linkName, linkTarget, url} {
		md = re.ReplaceAllString(md, " ")
	}
	return md
}

// cjkShare counts the CJK characters and Latin letters of s.
func cjkShare(s string) (cjk, latin int) {
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Han, r):
			cjk++
		case r < 0x250 && unicode.IsLetter(r):
			latin++
		}
	}
	return cjk, latin
}

func share(cjk, latin int) float64 {
	if cjk+latin == 0 {
		return 1
	}
	return float64(cjk) / float64(cjk+latin)
}

// checkChinese checks a notebook of the Chinese edition; see above.
func checkChinese(t *testing.T, nb *notebook) {
	t.Helper()
	var cjk, latin int
	for i, c := range nb.Cells {
		switch c.CellType {
		case "markdown":
			h, l := cjkShare(prose(string(c.Source)))
			cjk, latin = cjk+h, latin+l
			if l >= englishCellLetters && share(h, l) < minCellShare {
				t.Errorf("cell %d (%s): Markdown mostly not Chinese (%d CJK characters, %d Latin letters)", i+1, firstLine(c.Source), h, l)
			}
		case "code":
			for _, f := range outputFaults(c.textOutputs().all()) {
				t.Errorf("cell %d (%s): prints %s in the Chinese edition", i+1, firstLine(c.Source), f)
			}
		}
	}
	s := share(cjk, latin)
	t.Logf("chinese: %.0f%% CJK characters among the letters of the Markdown (%d CJK, %d Latin)", 100*s, cjk, latin)
	if s < minNotebookShare {
		t.Errorf("Markdown mostly not Chinese: %.0f%% CJK characters, want ≥ %.0f%%", 100*s, 100*minNotebookShare)
	}
}

// The measure itself: formulas, code and links do not count; Chinese prose
// with the book's symbols and a few names passes; English prose fails.
func TestChineseShare(t *testing.T) {
	for _, c := range []struct {
		md   string
		pass bool
	}{
		{"感知机的损失函数 $L(w,b) = -\\sum_{x_i \\in M} y_i (w \\cdot x_i + b)$ 是误分类点到超平面的总距离。", true},
		{"用 `perceptron.Primal{}.Fit(x, y)` 运行算法2.1，见 [pkg/perceptron](../pkg/perceptron)。", true},
		{"```go\nfmt.Println(\"hello world, this is all English code\")\n```\n对偶形式。", true},
		{"The perceptron's loss is the total distance of the misclassified points to the hyperplane.", false},
		{"Novikoff 定理：若训练数据集线性可分，则误分类次数 k 满足 $k \\le (R/\\gamma)^2$。", true},
	} {
		h, l := cjkShare(prose(c.md))
		if got := share(h, l) >= minNotebookShare; got != c.pass {
			t.Errorf("share of %q = %.2f (%d, %d); pass = %v, want %v", c.md, share(h, l), h, l, got, c.pass)
		}
	}
	if m := englishWords.FindString("k = 7 次更新后收敛；支持向量 x1, x3"); m != "" {
		t.Errorf("englishWords matches Chinese output: %q", m)
	}
	if m := englishWords.FindString("converged after 7 updates"); m == "" {
		t.Error("englishWords misses English output")
	}
}

// TestChineseOutputs checks the outputs saved in the Chinese notebooks as
// TestNotebooks checks fresh ones, without running them: what the Chinese
// edition prints is Chinese (see outputFaults).
func TestChineseOutputs(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(repoRoot(t), "notebooks", "zh", "*.ipynb"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no Chinese notebooks (err %v)", err)
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			for i, c := range readNotebook(t, p).Cells {
				if c.CellType != "code" {
					continue
				}
				for _, f := range outputFaults(c.textOutputs().all()) {
					t.Errorf("cell %d (%s): prints %s", i+1, firstLine(c.Source), f)
				}
			}
		})
	}
}

// The measure of outputFaults: Chinese output as the notebooks print it
// passes, each English word or Western habit fails.
func TestOutputFaults(t *testing.T) {
	for _, s := range []string{
		"线性可分：是，例如 ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0，yᵢ(w·xᵢ+b) 的最小值 1 > 0",
		"与 perceptron.Primal 的结果相同：是",
		"1000 遍后停止，errors.Is(err, perceptron.ErrNotConverged)：是",
		"R = max ‖x̂ᵢ‖ = 5.099，每个 λ_min ≥ −10⁻¹²·λ_max：是",
		"ΦΦᵀ 与 K 之差在 10⁻¹⁴·max K 以内",
		"上界的 32%；10000 个种子",
		"| 高斯核，σ = √15 | 0.01 | 296 |",
		"合页(0) = 1，感知机(0) = 0，0-1 损失，1.298×10⁻¹⁰，10⁵ 个点",
		"x1 = (3, 3)  y1 = +1\nx3 = (1, 1)  y3 = −1",
		"原始形式（算法 2.1）    G  0\n对偶形式，书中的写法  G 12",
		"硬间隔：            w* = (1/2, 1/2)\n软间隔，C = 0.1：   w* = (0.2, 0.2)",
		"|---|---|",
	} {
		if f := outputFaults(s); len(f) > 0 {
			t.Errorf("%q: %v", s, f)
		}
	}
	for _, s := range []string{
		"线性可分：true",
		"收敛 false",
		"异或，K = poly(degree=2, gamma=1, coef0=1)",
		"圆环，K = rbf(gamma=1)",
		"维数 2：min 1−|cos θ| 4.284e-10",
		"维数 2：最小差 1.298e-10",
		"(R/γ)² = 2.213e+04",
		"LP：否",
		"N = 100 [sepal_length sepal_width]",
		"area_mean ∈ [143.5, 2501]",
		"a1·x0 + c1 = 1·2 + -2 = 0",
		"⟨a,c⟩ = -28",
		"上界的 32 %",
		"10 000 个种子",
		"例2.1: D = 5",
		"差 0.8329, 夹角",
		"(超出 0.2357)",
		"分离超平面： ½x⁽¹⁾",
		"软间隔，C = 0.1： w* = (0.2, 0.2)",
		"原始形式（算法 2.1）     G  0\n对偶形式，书中的写法       G 12",
		"min(合页 − 0-1) = 0",
		"共7次更新",
		"converged after 7 updates",
	} {
		if f := outputFaults(s); len(f) == 0 {
			t.Errorf("%q passes", s)
		}
	}
}
