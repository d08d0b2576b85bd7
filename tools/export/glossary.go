package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"unicode"
)

// The glossary (notebooks/glossary.md) is written once for both editions:
// each term has an English and a Chinese column, and every other piece of
// text is written in both languages, either as two paragraphs or as
// "English · 中文" (headings, column headers, the book's references, the
// notes). Its notebook column links to a notebook of each edition:
// "[01](01-distance-loss.ipynb) · [中文](zh/01-distance-loss.ipynb)". A
// book prints the glossary of its edition: glossaryMarkdown keeps both
// term columns (the glossary's point), the edition's term first, and of
// everything else the edition's side, and links each term to its chapter.

// glossaryLink is a link to a notebook in the glossary: [text](NN-name.ipynb)
// or its Chinese twin (zh/NN-name.ipynb).
var glossaryLink = regexp.MustCompile(`\[[^\]]*\]\(((?:zh/)?)(\d\d)-([^)#]*)\.ipynb\)`)

// han counts the Chinese characters of s, letters the letters.
func han(s string) (han, letters int) {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			han++
		}
		if unicode.IsLetter(r) {
			letters++
		}
	}
	return han, letters
}

// chinese reports whether s is written in Chinese: at least 30 % of its
// letters are Chinese characters (English text names the book in Chinese
// now and then; Chinese text is full of symbols and Latin names).
func chinese(s string) bool {
	h, l := han(s)
	return l > 0 && 10*h >= 3*l
}

// pick returns the edition's side of "English · 中文": the part in the
// edition's language. A text without " · " is returned as it is.
func pick(s string, zh bool) string {
	parts := strings.Split(s, " · ")
	if len(parts) != 2 {
		return s
	}
	a, b := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
	ha, la := han(a)
	hb, lb := han(b)
	// The Chinese side is the one with the larger share of Chinese.
	if float64(ha)*float64(max(lb, 1)) > float64(hb)*float64(max(la, 1)) {
		a, b = b, a
	}
	if zh {
		return b
	}
	return a
}

// glossaryCell is one table cell of the edition: the notebook column
// becomes one link to the notebook (the book makes it a link to the
// chapter), and a cell with both languages gives the edition's.
func glossaryCell(cell string, zh bool) string {
	if m := glossaryLink.FindAllStringSubmatch(cell, -1); m != nil {
		var links []string
		for _, l := range m {
			if l[1] == "" { // the English notebook; the Chinese one is the same chapter
				links = append(links, fmt.Sprintf("[%s](%s-%s.ipynb)", l[2], l[2], l[3]))
			}
		}
		return strings.Join(links, ", ")
	}
	return pick(cell, zh)
}

// tableRow splits a Markdown table row into its cells.
func tableRow(line string) []string {
	line = strings.TrimSpace(line)
	line = strings.TrimSuffix(strings.TrimPrefix(line, "|"), "|")
	cells := strings.Split(line, "|")
	for i := range cells {
		cells[i] = strings.TrimSpace(cells[i])
	}
	return cells
}

// headerWords name the two term columns in each edition.
var headerWords = map[string][2]string{
	"English": {"English", "英文"},
	"中文":      {"Chinese (the book's term)", "中文"},
}

// glossaryMarkdown returns the glossary source md as the edition prints it
// (see above). In the Chinese edition the Chinese term column comes first.
func glossaryMarkdown(md string, zh bool) string {
	blocks := strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n\n")
	var out []string
	for _, b := range blocks {
		b = strings.Trim(b, "\n")
		if b == "" {
			continue
		}
		lines := strings.Split(b, "\n")
		switch {
		case strings.HasPrefix(b, "|"): // the table
			var rows []string
			swap := -1
			for i, l := range lines {
				cells := tableRow(l)
				if i == 0 {
					for j, c := range cells {
						if w, ok := headerWords[c]; ok {
							if c == "English" && zh {
								swap = j
							}
							cells[j] = w[0]
							if zh {
								cells[j] = w[1]
							}
						}
					}
				}
				if i != 1 { // the row of dashes stays
					for j := range cells {
						if i == 0 {
							cells[j] = pick(cells[j], zh)
						} else {
							cells[j] = glossaryCell(cells[j], zh)
						}
					}
				}
				if swap >= 0 && swap+1 < len(cells) {
					cells[swap], cells[swap+1] = cells[swap+1], cells[swap]
				}
				rows = append(rows, "| "+strings.Join(cells, " | ")+" |")
			}
			out = append(out, strings.Join(rows, "\n"))
		case strings.HasPrefix(b, "- "): // a list: each item's side
			var items []string
			for _, item := range strings.Split("\n"+b, "\n- ")[1:] {
				text := strings.Join(strings.Fields(item), " ")
				items = append(items, "- "+pick(text, zh))
			}
			out = append(out, strings.Join(items, "\n"))
		case strings.Contains(b, " · "): // a heading or a line with both sides
			var ls []string
			for _, l := range lines {
				text := strings.TrimLeft(l, "#")
				mark := l[:len(l)-len(text)] // a heading's #s
				if mark != "" {
					mark += " "
				}
				ls = append(ls, mark+pick(strings.TrimSpace(text), zh))
			}
			out = append(out, strings.Join(ls, "\n"))
		default: // a paragraph in one language
			if chinese(b) == zh {
				out = append(out, b)
			}
		}
	}
	return strings.Join(out, "\n\n") + "\n"
}

// writeGlossaryNotebook writes the edition's glossary, from the source
// src, as a notebook of one Markdown cell, for nbconvert's HTML export
// with the template.
func writeGlossaryNotebook(src, out string, zh bool) error {
	md, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	text := glossaryMarkdown(string(md), zh)
	title, lang := "Glossary", "en"
	if zh {
		title, lang = "术语表", "zh-CN"
	}
	if first, _, _ := strings.Cut(text, "\n"); strings.HasPrefix(first, "# ") {
		title = strings.TrimPrefix(first, "# ")
	}
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{
			"title":         title,
			"marginnotes":   map[string]any{"lang": lang},
			"language_info": map[string]any{"name": "go", "pygments_lexer": "go"},
		},
		"cells": []any{map[string]any{"cell_type": "markdown", "id": "glossary", "metadata": map[string]any{}, "source": text}},
	}
	data, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(out, data, 0o644)
}
