package notebooks

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The mechanical rules of the house style of each edition (README.md,
// "House style"), checked on the notebooks' sources: the Chinese text of
// the :::zh blocks and the English text around them. The rules that need a
// reader (terms, wording) are not here.

// zhRules are the Chinese edition's rules, each a pattern that must not
// match the Chinese prose (as prose returns it, but with inline math and
// code kept as the markers 𝑀 and 𝐶, so that spacing around them shows).
var zhRules = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`"`), `ASCII double quote (write “ ”)`},
	{regexp.MustCompile(`[「」『』]`), `corner brackets (write “ ”, ‘ ’)`},
	{regexp.MustCompile(`(^|[^*\\A-Za-z0-9_])\*[^*\s][^*\n]*?[^*\s\\]\*([^*A-Za-z0-9_]|$)|(^|[^*\\A-Za-z0-9_])\*[^*\s]\*([^*A-Za-z0-9_]|$)`), `italics (Chinese fonts have none: write **bold**)`},
	{regexp.MustCompile(`(^|[^\\A-Za-z0-9_])_[^_\s][^_\n]*?[^_\s]_([^A-Za-z0-9_]|$)`), `italics _…_ (write **bold**)`},
	{regexp.MustCompile(`(例|表|图|算法|定义|定理|引理|推论|习题|练习|笔记本|第)\d`), `a number run into its word (write 例 2.1, 第 7 章)`},
	{regexp.MustCompile(`本笔记[^本]|本笔记$`), `本笔记 (write 本笔记本)`},
	{regexp.MustCompile(`^#+ 习题\s*$|习题 ?\d+([^.\d]|$)`), `习题 for the notebook's own exercises (习题 x.y is the book's; write 练习)`},
	{regexp.MustCompile(`\p{Han}[A-Za-z0-9α-ωΑ-Ω𝑀𝐶]|[A-Za-z0-9α-ωΑ-Ω𝑀𝐶]\p{Han}`), `no space between Chinese and a number, Latin word, inline math or code`},
	{regexp.MustCompile(`\p{Han}[ \t]*[,:;?!]|[,:;?!][ \t]*\p{Han}`), `ASCII punctuation next to Chinese (write ，：；？！)`},
	{regexp.MustCompile(`\([ \t]*\p{Han}|\p{Han}[ \t]*\)`), `ASCII parentheses around Chinese (write （ ）)`},
	{regexp.MustCompile(`[ \t][，。；：！？、）”’]|[，。；：！？、（“‘][ \t]+[^|\s]`), `a space next to full-width punctuation`},
	{regexp.MustCompile(`(^|[^\d.])\d{1,3} \d{3}([^\d]|$)`), `digits grouped by a space (write 10000)`},
	{regexp.MustCompile(`\d %`), `a space before % (write 5%)`},
	{regexp.MustCompile(`^#+ .*选读.*[^）]$|^#+ 选读`), `an optional section's heading not ending in （选读）`},
	{regexp.MustCompile(`步骤 ?\(\d\)|第 ?\(\d\) ?步|^(> ?)*\(\d\) `), `an algorithm's step as (1) (write （1）, 第（2）步, as the book)`},
	{regexp.MustCompile(`\*\*(算法|定义|定理|引理|推论|例) [\dA-Z.]+（[^*\n]*）\*\*`), `the name bold with the number (write **算法 7.2**（名称）)`},
	{regexp.MustCompile(`\d\)?–\(?\d`), `a range with – (write ～, as the book: §7.1.1～7.1.3, (7.101)～(7.103))`},
}

// enRules are the English edition's rules, on the English prose.
var enRules = []struct {
	re   *regexp.Regexp
	what string
}{
	{regexp.MustCompile(`\(选读\)|\(解答\)`), `Chinese in an English heading (write (optional))`},
	{regexp.MustCompile(`^#+ .*optional.*[^)]$`), `an optional section's heading not ending in (optional)`},
}

// Links to the glossary, one form per edition.
var (
	glossaryLink = regexp.MustCompile(`\[[^\]\n]*\]\([^)\s]*glossary\.md[^)\s]*\)`)
	zhGlossary   = "[术语表](../glossary.md)"
	enGlossary   = "[glossary](glossary.md)"
)

// styleProse returns Markdown without what is not prose, like prose, but
// with inline math and code replaced by the markers 𝑀 and 𝐶 and link
// targets dropped, line by line.
func styleProse(md string) string {
	md = codeFence.ReplaceAllString(md, " ")
	md = latexDisplay.ReplaceAllString(md, " ")
	md = latexInline.ReplaceAllString(md, "𝑀")
	md = codeInline.ReplaceAllString(md, "𝐶")
	md = htmlTag.ReplaceAllString(md, " ")
	md = linkTarget.ReplaceAllString(md, "]")
	return url.ReplaceAllString(md, " ")
}

// editions splits a notebook source into its English Markdown and the
// Chinese of its :::zh blocks (code cells and expect markers left out).
func editions(src string) (en, zh string) {
	var enB, zhB strings.Builder
	inZH, inCode := false, false
	for _, line := range strings.Split(src, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == ":::zh":
			inZH = true
		case inZH && t == ":::":
			inZH = false
		case !inZH && strings.HasPrefix(line, "```go"):
			inCode = true
		case inCode && t == "```":
			inCode = false
		case inZH:
			zhB.WriteString(line + "\n")
		case !inCode && !strings.HasPrefix(t, "<!--"):
			enB.WriteString(line + "\n")
		}
	}
	return enB.String(), zhB.String()
}

// styleFaults returns each line of md that breaks one of the rules, with
// the rule, and each link to the glossary that is not the edition's form.
func styleFaults(md string, rules []struct {
	re   *regexp.Regexp
	what string
}, glossary string) []string {
	var faults []string
	for _, l := range glossaryLink.FindAllString(md, -1) {
		if l != glossary {
			faults = append(faults, fmt.Sprintf("glossary link %s (write %s)", l, glossary))
		}
	}
	for _, line := range strings.Split(styleProse(md), "\n") {
		for _, r := range rules {
			if m := r.re.FindString(line); m != "" {
				faults = append(faults, fmt.Sprintf("%s: %q in %q", r.what, m, excerpt(line, m)))
			}
		}
	}
	return faults
}

// excerpt returns a few characters of line around m.
func excerpt(line, m string) string {
	i := strings.Index(line, m)
	r := []rune(line[:i])
	start := max(0, len(r)-12)
	after := []rune(line[i+len(m):])
	return string(r[start:]) + m + string(after[:min(12, len(after))])
}

// TestHouseStyle checks the mechanical rules of both editions' house style
// on every notebook source.
func TestHouseStyle(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join(repoRoot(t), "notebooks", "src", "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebook sources (err %v)", err)
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			en, zh := editions(string(b))
			for _, f := range styleFaults(zh, zhRules, zhGlossary) {
				t.Errorf("中文: %s", f)
			}
			for _, f := range styleFaults(en, enRules, enGlossary) {
				t.Errorf("English: %s", f)
			}
		})
	}
}

// The measure of the rules: text written as the guide says passes, each
// slip of it fails.
func TestStyleRules(t *testing.T) {
	for _, s := range []string{
		"本笔记本按照例 2.1 计算：在 $x_3$ 处共 7 次更新，见 `perceptron.Primal` 和[术语表](../glossary.md)。",
		"学生笔记 001 写的是“输入空间 $\\mathcal X$”，它是**集合**（定理 2.1，第 7 章）。",
		"## 表决感知机与平均感知机（选读）",
		"## 练习",
		"## 习题 2.1：感知机不能表示异或",
		"笔记本 1 练习 5 与书中的习题 7.3；10000 个种子，5% 的点。",
		"| 感知机的对偶形式（算法 2.2） | 线性可分支持向量机 |",
		"向量 (3, 3) 与点 x1, x3 的列表，公式 $w^*$ 与 $x_i$。",
		"> （1）构造并求解约束最优化问题；第（2）步由定理 7.2 完成。",
		"> **算法 7.2**（线性可分支持向量机学习算法）",
		"式 (7.101)～(7.103) 与 §7.1.1～7.1.3，不等式 (2) 和 (4)。",
	} {
		if f := styleFaults(s, zhRules, zhGlossary); len(f) > 0 {
			t.Errorf("%q: %v", s, f)
		}
	}
	for _, s := range []string{
		`学生笔记 004 写道 "确定假设空间"。`,
		"引用「输出空间」。",
		"误分类点全都落在超平面*上*。",
		"本笔记按照例 2.1 计算。",
		"见例2.1 和表2.1。",
		"## 习题",
		"见练习 4 和习题 5。",
		"在$x_3$处共7次更新。",
		"对`perceptron.Primal`运行。",
		"差 0.8329, 夹角 0.2257",
		"(精确值 −16/7)",
		"线性可分： 是",
		"误分类 18 103 次，7 % 的点",
		"## 选读：最优 $\\gamma$ 是怎样计算的",
		"中英术语对照见[术语表 · glossary](../glossary.md)。",
		"> (1) 构造并求解约束最优化问题",
		"步骤 (2) 和 (3) 由定理 7.2 完成。",
		"书中的第 (3) 步",
		"**算法 7.2（线性可分支持向量机学习算法）**",
		"（李航 §2.1–2.2）",
		"式 (7.101)–(7.103)",
	} {
		if f := styleFaults(s, zhRules, zhGlossary); len(f) == 0 {
			t.Errorf("%q passes", s)
		}
	}
	for s, pass := range map[string]bool{
		"## The voted and averaged perceptrons (optional)":           true,
		"The terms in English and Chinese: [glossary](glossary.md).": true,
		"## The voted and averaged perceptrons (选读)":                 false,
		"### Solution (解答)":                                          false,
		"[glossary · 术语表](glossary.md)":                              false,
	} {
		if f := styleFaults(s, enRules, enGlossary); (len(f) == 0) != pass {
			t.Errorf("%q: faults %v, want pass %v", s, f, pass)
		}
	}
}
