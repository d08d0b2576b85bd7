// Package lang names the two editions of the notes, English and Chinese
// (中文), for the packages that present: tables, figure labels and printed
// words are chosen with Lang.Pick, so that each word of both editions stands
// next to the code that uses it. Numbers and symbols are the same in both
// editions and are written by package notation.
//
//	l := lang.Chinese // from a notebook's edition, or "--lang zh"
//	fmt.Println(l.Pick("converged", "已收敛")) // 已收敛
//	res, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
//	header, rows := report.PrimalTable(res, l) // every presenting package takes one
package lang

import "fmt"

// Lang is the language of an edition. The zero value is English.
type Lang int

const (
	// English is the edition in notebooks/.
	English Lang = iota
	// Chinese is the edition in notebooks/zh/, in the terms of Li Hang's
	// 统计学习方法.
	Chinese
)

// Pick returns en in the English edition and zh in the Chinese one.
func (l Lang) Pick(en, zh string) string {
	if l == Chinese {
		return zh
	}
	return en
}

// String returns the language's code: "en" or "zh".
func (l Lang) String() string {
	if l == Chinese {
		return "zh"
	}
	return "en"
}

// Parse returns the language of a code, "en" or "zh" (also "zh-CN" and
// "zh_CN"); the empty string means English.
func Parse(code string) (Lang, error) {
	switch code {
	case "", "en":
		return English, nil
	case "zh", "zh-CN", "zh_CN":
		return Chinese, nil
	}
	return English, fmt.Errorf("lang: unknown language %q, want en or zh", code)
}
