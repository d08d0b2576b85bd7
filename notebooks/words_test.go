package notebooks

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// The length of a notebook's core path: the prose a reader goes through
// when skipping what the notebook marks as skippable (issue 15 §4). The
// core path is every Markdown line of an edition but the sections whose
// heading ends with "(optional)" or "（选读）" and the section on the
// slips of the lecture notes ("Notes on the lecture notes", "学生笔记勘误"),
// each up to the next heading of its level or higher. Code cells, display
// LaTeX, HTML comments and link targets are not words.
//
// A word is, in English, a run of letters or digits (an inline formula or
// inline code counts as one word); in Chinese, each Han character, and
// each run of Latin letters or digits, inline formula or inline code. The
// two counts are not comparable with each other, only with themselves.
//
//	go test ./notebooks -run TestCoreWords -v                     # this tree
//	MN_WORDS_SRC=/tmp/old/src go test ./notebooks -run TestCoreWords -v   # another copy of notebooks/src

var (
	headingLine  = regexp.MustCompile(`^(#+)\s+(.*?)\s*$`)
	skippedTitle = regexp.MustCompile(`\(optional\)$|（选读）$|^Notes on the lecture notes$|^学生笔记勘误$`)
	enWord       = regexp.MustCompile(`[\p{L}\p{N}𝑀𝐶]+`)
	zhLatinRun   = regexp.MustCompile(`[A-Za-z0-9\p{Greek}𝑀𝐶]+`)
)

// corePath returns the lines of md that are on the core path.
func corePath(md string) string {
	var b strings.Builder
	skip := 0 // the level of the heading being skipped, 0 for none
	inFence := false
	for _, line := range strings.Split(md, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
		}
		if m := headingLine.FindStringSubmatch(line); m != nil && !inFence {
			level := len(m[1])
			if skip > 0 && level <= skip {
				skip = 0
			}
			if skip == 0 && skippedTitle.MatchString(m[2]) {
				skip = level
			}
		}
		if skip == 0 {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// countWords counts the words of the prose of md in the language zh or
// English.
func countWords(md string, zh bool) int {
	s := styleProse(md)
	if !zh {
		return len(enWord.FindAllString(s, -1))
	}
	n := 0
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			n++
		}
	}
	return n + len(zhLatinRun.FindAllString(s, -1))
}

// coreWords returns the number of words on the core path of a notebook
// source, in each edition.
func coreWords(src string) (en, zh int) {
	e, z := editions(src)
	return countWords(corePath(e), false), countWords(corePath(z), true)
}

// TestCoreWords logs the words on the core path of every notebook source,
// read from $MN_WORDS_SRC if set (to measure an older copy), else from
// notebooks/src.
func TestCoreWords(t *testing.T) {
	dir := os.Getenv("MN_WORDS_SRC")
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "notebooks", "src")
	}
	paths, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no notebook sources in %s (err %v)", dir, err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		en, zh := coreWords(string(b))
		t.Logf("%-28s core path: %6d words (English), %6d (中文)", strings.TrimSuffix(filepath.Base(p), ".md"), en, zh)
	}
}

// TestCoreWordsMeasure checks the measure on a source whose counts are
// known by hand.
func TestCoreWordsMeasure(t *testing.T) {
	src := "# 1. Title\n\nTwo words, $x_1$ and `code`.\n\n" +
		":::zh\n# 1. 标题\n\n两个词，$x_1$ 和 `code`。\n:::\n\n" +
		"```go\nfmt.Println(\"not prose\")\n```\n<!-- expect: not prose -->\n\n" +
		"## Extra (optional)\n\nSkipped text here.\n\n### Still skipped\n\nMore.\n\n" +
		":::zh\n## 附加（选读）\n\n跳过的文字。\n\n### 仍然跳过\n\n更多。\n:::\n\n" +
		"## Notes on the lecture notes\n\nA slip.\n\n:::zh\n## 学生笔记勘误\n\n笔误。\n:::\n\n" +
		"## Summary\n\nOne line $$y$$ here.\n\n:::zh\n## 小结\n\n一行 $$y$$ 在此。\n:::\n"
	en, zh := coreWords(src)
	// English: "1 Title" 2, "Two words x and code" 5, "Summary" 1, "One line here" 3.
	// 中文: "1" 1 + 标题 2, 两个词 3 + x 1 + 和 1 + code 1, 小结 2, 一行在此 4.
	if en != 11 || zh != 15 {
		t.Errorf("coreWords = %d, %d; want 11, 15", en, zh)
	}
}
