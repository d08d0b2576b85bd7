package notebooks

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// The length of a notebook's core path (notebooks/README.md, "A shorter
// main path"): its prose without the optional sections and without the
// notes on the lecture notes, in English words and in Chinese characters.
//
//	go test ./notebooks -run TestCoreWords -v
//
// logs the counts of every source; MN_WORDS_DIR=dir counts the sources in
// dir instead, e.g. an earlier version written out with git show, to
// compare before and after an edit.

// heading is a Markdown heading: its level and text.
var heading = regexp.MustCompile(`^(#{1,6}) +(.*)$`)

// offPath reports whether a section with this heading text is off the core
// path: optional (选读), or the notes on the lecture notes (学生笔记勘误).
func offPath(text string) bool {
	text = strings.TrimSpace(text)
	return strings.HasSuffix(text, "(optional)") || strings.HasSuffix(text, "（选读）") ||
		strings.HasPrefix(text, "Notes on the lecture notes") || strings.HasPrefix(text, "学生笔记勘误")
}

// corePath returns the Markdown of one edition (as editions returns it)
// without the sections off the core path; a section runs from its heading
// to the next heading of the same or a higher level.
func corePath(md string) string {
	var b strings.Builder
	skip := 0 // the level of the section being left out, 0 for none
	for _, line := range strings.Split(md, "\n") {
		if m := heading.FindStringSubmatch(line); m != nil {
			level := len(m[1])
			if skip > 0 && level <= skip {
				skip = 0
			}
			if skip == 0 && offPath(m[2]) {
				skip = level
			}
		}
		if skip == 0 {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// proseWord is a word of English prose: a run of letters or digits, with
// inner apostrophes and hyphens; an inline formula (𝑀) or code (𝐶) counts
// as one word.
var proseWord = regexp.MustCompile(`[\p{L}\p{N}𝑀𝐶]+(['’-][\p{L}\p{N}]+)*`)

// englishWordCount counts the words of English Markdown's prose.
func englishWordCount(md string) int {
	return len(proseWord.FindAllString(styleProse(md), -1))
}

// chineseCharCount counts the Chinese characters of Markdown's prose.
func chineseCharCount(md string) int {
	n := 0
	for _, r := range styleProse(md) {
		if unicode.Is(unicode.Han, r) {
			n++
		}
	}
	return n
}

func TestCoreWords(t *testing.T) {
	dir := os.Getenv("MN_WORDS_DIR")
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
		en, zh := editions(string(b))
		enAll, enCore := englishWordCount(en), englishWordCount(corePath(en))
		zhAll, zhCore := chineseCharCount(zh), chineseCharCount(corePath(zh))
		t.Logf("%-28s English core %5d of %5d words; Chinese core %5d of %5d characters", filepath.Base(p), enCore, enAll, zhCore, zhAll)
		if enCore > enAll || zhCore > zhAll {
			t.Errorf("%s: the core path is longer than the notebook", p)
		}
	}
}

// TestCorePath checks what corePath leaves out: optional sections with
// their subsections, and the notes on the lecture notes, in both editions.
func TestCorePath(t *testing.T) {
	md := "# 1. Title\nkept\n## A (optional)\nout\n### Sub\nout too\n## Summary\nkept\n## Notes on the lecture notes\nout\n" +
		"## 练习\n保留\n## 表决感知机（选读）\n去掉\n## 学生笔记勘误\n去掉\n"
	want := "# 1. Title\nkept\n## Summary\nkept\n## 练习\n保留\n"
	if got := corePath(md); strings.TrimSpace(got) != strings.TrimSpace(want) {
		t.Errorf("corePath =\n%s\nwant\n%s", got, want)
	}
	if n := englishWordCount("The model $f(x)$ is `sign`-based, isn't it?"); n != 7 {
		t.Errorf("%d English words, want 7 (The, model, 𝑀, is, 𝐶-based, isn't, it)", n)
	}
	if n := chineseCharCount("感知机 $f(x)$ 是 `Primal` 的模型。"); n != 7 {
		t.Errorf("%d Chinese characters, want 7", n)
	}
}
