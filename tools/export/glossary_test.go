package main

import (
	"strings"
	"testing"
)

// glossarySample is notebooks/glossary.md in small: a heading and column
// headers in both languages, a paragraph per language, rows with both
// term columns, a reference and notebook links of both editions, and a
// note with both sides.
const glossarySample = `# Glossary · 术语表

The terms of the notes in English and in Chinese as Li Hang's book
(李航《统计学习方法》第2版) writes them.

本术语表列出笔记中的术语。

| English | 中文 | symbol · 符号 | book · 书中 | notebook · 笔记本 |
|---|---|---|---|---|
| perceptron | 感知机 | $f(x)=\operatorname{sign}(w\cdot x+b)$ | §2.1, (2.1) | [01](01-distance-loss.ipynb) · [中文](zh/01-distance-loss.ipynb) |
| primal form | 原始形式 |  | Algorithm 2.1 · 算法2.1 | [02](02-primal-form.ipynb) · [中文](zh/02-primal-form.ipynb) |

Notes · 说明

- The book writes a coordinate as $x^{(j)}$.
  · 书中以 $x^{(j)}$ 表示第 $j$ 个特征。
`

func TestGlossaryMarkdown(t *testing.T) {
	for _, tc := range []struct {
		zh        bool
		want, not []string
	}{
		{false, []string{
			"# Glossary\n",
			"The terms of the notes in English",
			"| English | Chinese (the book's term) | symbol | book | notebook |",
			`| perceptron | 感知机 | $f(x)=\operatorname{sign}(w\cdot x+b)$ | §2.1, (2.1) | [01](01-distance-loss.ipynb) |`,
			"| primal form | 原始形式 |  | Algorithm 2.1 | [02](02-primal-form.ipynb) |",
			"\nNotes\n",
			"- The book writes a coordinate as $x^{(j)}$.\n",
		}, []string{"术语表", "本术语表", "说明", "书中以", "zh/"}},
		{true, []string{
			"# 术语表\n",
			"本术语表列出笔记中的术语。",
			"| 中文 | 英文 | 符号 | 书中 | 笔记本 |",
			`| 感知机 | perceptron | $f(x)=\operatorname{sign}(w\cdot x+b)$ | §2.1, (2.1) | [01](01-distance-loss.ipynb) |`,
			"| 原始形式 | primal form |  | 算法2.1 | [02](02-primal-form.ipynb) |",
			"\n说明\n",
			"- 书中以 $x^{(j)}$ 表示第 $j$ 个特征。\n",
		}, []string{"Glossary", "The terms", "Notes", "coordinate", "zh/", "Algorithm"}},
	} {
		got := glossaryMarkdown(glossarySample, tc.zh)
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("zh=%v: the glossary lacks %q:\n%s", tc.zh, w, got)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(got, n) {
				t.Errorf("zh=%v: the glossary holds %q:\n%s", tc.zh, n, got)
			}
		}
	}
}
