package main

import "html/template"

// edition is one of the two editions: its folder under notebooks/, the
// HTML exports and the site, and the words of its pages.
type edition struct {
	Code  string // "en" or "zh", as in the search index
	Dir   string // "" or "zh"
	Lang  string // the pages' lang attribute
	Words words
	Other *edition
}

// words are the site's own words in one edition.
type words struct {
	Site       string // the site's name, before a page's title
	Contents   string // the index page
	Prev, Next string
	Glossary   string
	Playground string        // the playground page's link and title
	PlayIntro  template.HTML // the index page's sentence on the playground
	OtherLang  string        // the other edition, in its own language
	Search     string        // the search box's placeholder
	Intro      template.HTML // the index page's first paragraph
	Order      string        // before the list of notebooks
	Book       string        // before the links to the books
	BookName   map[string]string
	NoBook     template.HTML // when no book was built
	OneBook    string        // when one of the two was built
	Missing    string        // when the other edition lacks a notebook
	NotHere    string        // the title of a link whose target the site does not hold: %s is the target
	NoResults  string
	Results    string // "%d sections"
	Both       string // the search box's note: it searches both editions
}

var (
	english = &edition{Code: "en", Dir: "", Lang: "en", Words: words{
		Site:       "Margin Notes",
		Contents:   "Contents",
		Prev:       "Previous",
		Next:       "Next",
		Glossary:   "Glossary",
		Playground: "Playground",
		PlayIntro: "The <a href=\"playground.html\">playground</a>: put your own points on the plane and watch the perceptron " +
			"and the SVM of the library work on them, step by step.",
		OtherLang: "中文",
		Search:    "Search both editions",
		Intro: "Notes on Li Hang's Statistical Learning Methods, chapters 2 (the perceptron) and 7 " +
			"(the support vector machine): every number of the book's examples computed by a Go library " +
			"and checked. Each notebook runs in Jupyter (<code>make notebook</code>); these pages show them as executed.",
		Order:     "The notebooks, in reading order:",
		Book:      "The notes as a book (PDF):",
		BookName:  map[string]string{"en": "English", "zh": "中文"},
		NoBook:    "The book PDFs (<code>make book</code>) were not built when this site was made, so the site has none.",
		OneBook:   "the other edition's book was not built",
		Missing:   "This notebook has no Chinese edition yet; the switch leads to the Chinese contents.",
		NotHere:   "%s: in the repository, not on this site",
		NoResults: "No section holds every word.",
		Results:   "%d sections",
		Both:      "English and Chinese",
	}}
	chinese = &edition{Code: "zh", Dir: "zh", Lang: "zh-CN", Words: words{
		Site:       "页边笔记",
		Contents:   "目录",
		Prev:       "上一篇",
		Next:       "下一篇",
		Glossary:   "术语表",
		Playground: "演练场",
		PlayIntro:  "<a href=\"playground.html\">演练场</a>：在平面上放置自己的点，逐步观看本库的感知机与支持向量机如何求解。",
		OtherLang:  "English",
		Search:     "搜索中英文两版",
		Intro: "李航《统计学习方法》第 2 章（感知机）与第 7 章（支持向量机）的学习笔记：书中例题的每一个数" +
			"都由 Go 库计算并核对。每个笔记本都可以在 Jupyter 中运行（<code>make notebook</code>）；本站显示的是执行后的结果。",
		Order:     "笔记本，按阅读顺序：",
		Book:      "整本书（PDF）：",
		BookName:  map[string]string{"en": "英文版", "zh": "中文版"},
		NoBook:    "制作本站时尚未生成整本书的 PDF（<code>make book</code>），因此本站没有。",
		OneBook:   "另一版的 PDF 尚未生成",
		Missing:   "这个笔记本还没有英文版；切换语言会回到英文版的目录。",
		NotHere:   "%s：在代码仓库中，不在本站内",
		NoResults: "没有同时包含所有词的小节。",
		Results:   "%d 个小节",
		Both:      "中文版与英文版",
	}}
	editions = []*edition{english, chinese}
)

func init() {
	english.Other, chinese.Other = chinese, english
}

// bookFile is the name of an edition's book PDF (make book), in the book
// folder and in the site's book/.
func bookFile(ed *edition) string {
	if ed.Dir == "" {
		return "margin-notes.pdf"
	}
	return "margin-notes-" + ed.Code + ".pdf"
}
