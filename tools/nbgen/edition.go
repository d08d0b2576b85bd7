package main

import (
	"path/filepath"
	"strings"
)

// An edition is one language's set of notebooks: English in the output
// directory, Chinese in its subdirectory zh/. Both come from the same
// sources: the code cells once, the Markdown in both languages.
type edition int

const (
	english edition = iota
	chinese
)

// langToken is how a code cell names the edition's language (package
// pkg/lang): the Chinese edition gets langChinese in its place, so that the
// same code prints tables and draws figures in either language.
const (
	langToken   = "lang.English"
	langChinese = "lang.Chinese"
)

func (e edition) String() string {
	if e == chinese {
		return "zh"
	}
	return "en"
}

// tag is the edition's language as a BCP 47 tag, as HTML's lang
// attribute takes it.
func (e edition) tag() string {
	if e == chinese {
		return "zh-CN"
	}
	return "en"
}

// dir is where the edition's notebooks go.
func (e edition) dir(out string) string {
	if e == chinese {
		return filepath.Join(out, "zh")
	}
	return out
}

// source is the cell's source in the edition.
func (e edition) source(c cell) string {
	switch {
	case e == english:
		return c.source
	case c.kind == "markdown":
		return c.zh
	}
	return strings.ReplaceAll(c.source, langToken, langChinese)
}

// expect is what the cell's outputs must contain in the edition.
func (e edition) expect(c cell) []string {
	only := c.expectEN
	if e == chinese {
		only = c.expectZH
	}
	if len(only) == 0 {
		return c.expect
	}
	return append(append([]string(nil), c.expect...), only...)
}
