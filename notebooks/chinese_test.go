package notebooks

import (
	"regexp"
	"testing"
	"unicode"
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
			if m := englishWords.FindAllString(c.textOutputs().all(), 5); len(m) > 0 {
				t.Errorf("cell %d (%s): prints English words %q in the Chinese edition", i+1, firstLine(c.Source), m)
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
