package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// readNotebook reads the cells of an .ipynb file as a source would hold
// them in the edition the notebook belongs to: sources, tags and expect
// markers; outputs are dropped. It fails on a cell that a source cannot
// express.
func readNotebook(name string, data []byte) ([]cell, error) {
	var nb struct {
		Cells []struct {
			CellType string          `json:"cell_type"`
			Source   json.RawMessage `json:"source"`
			Metadata struct {
				Tags        []string `json:"tags"`
				MarginNotes struct {
					Expect   []string `json:"expect"`
					Answer   string   `json:"answer"`
					Solution string   `json:"solution"`
				} `json:"marginnotes"`
			} `json:"metadata"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(data, &nb); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var cells []cell
	for i, c := range nb.Cells {
		src, err := joinSource(c.Source)
		if err != nil {
			return nil, fmt.Errorf("%s: cell %d: %v", name, i+1, err)
		}
		src = strings.Trim(src, "\n")
		for _, line := range strings.Split(src, "\n") {
			if (c.CellType == "code" && fenceClose.MatchString(line)) ||
				(c.CellType == "markdown" && (fenceOpen.MatchString(line) || expectLine.MatchString(line) ||
					zhOpen.MatchString(line) || zhClose.MatchString(line) || strings.TrimSpace(line) == cellBreak ||
					answerLine.MatchString(line) || solutionOpen.MatchString(line) || solutionClose.MatchString(line))) {
				return nil, fmt.Errorf("%s: cell %d: line %q cannot be written in a source", name, i+1, line)
			}
		}
		if src == "" {
			continue
		}
		switch c.CellType {
		case "markdown", "code":
		default:
			return nil, fmt.Errorf("%s: cell %d is a %s cell; sources hold Markdown and code", name, i+1, c.CellType)
		}
		for _, t := range c.Metadata.Tags {
			if !tagWord.MatchString(t) {
				return nil, fmt.Errorf("%s: cell %d: tag %q cannot be written in a source", name, i+1, t)
			}
		}
		cl := cell{kind: c.CellType, source: src, tags: c.Metadata.Tags, expect: c.Metadata.MarginNotes.Expect,
			answer: c.Metadata.MarginNotes.Answer, solution: c.Metadata.MarginNotes.Solution}
		if cl.solution != "" {
			// nbgen tags the cells of a solution itself.
			cl.tags = slices.DeleteFunc(slices.Clone(cl.tags), func(t string) bool { return t == solutionTag })
			if len(cl.tags) == 0 {
				cl.tags = nil
			}
		}
		if setupCell(cl) {
			// nbgen tags the setup cell itself; the source does not.
			cl.tags = slices.DeleteFunc(slices.Clone(cl.tags), func(t string) bool { return t == setupTag })
			if len(cl.tags) == 0 {
				cl.tags = nil
			}
		}
		cells = append(cells, cl)
	}
	return cells, nil
}

// importNotebook turns an English notebook back into a source, for authors
// who edited it in Jupyter. old, if not nil, is the notebook's current
// source: its Chinese blocks and per-edition expect markers are kept, the
// k-th Markdown cell's Chinese going with the k-th Markdown cell, which
// needs the same number of Markdown cells. The warnings name the cells
// whose English changed, so that their Chinese can be checked.
func importNotebook(name string, data []byte, old []cell) (src string, warnings []string, err error) {
	cells, err := readNotebook(name, data)
	if err != nil {
		return "", nil, err
	}
	if old == nil || !bilingual(old) {
		return write(cells), nil, nil
	}
	oldMD, oldCode := byKind(old)
	newMD, newCode := byKind(cells)
	if len(oldMD) != len(newMD) {
		return "", nil, fmt.Errorf("%s: %d Markdown cells, the bilingual source has %d: add or remove cells in the source itself, with their Chinese", name, len(newMD), len(oldMD))
	}
	for k, i := range newMD {
		o := old[oldMD[k]]
		cells[i].zh, cells[i].zhLine = o.zh, o.zhLine
		if cells[i].source != o.source {
			warnings = append(warnings, fmt.Sprintf("Markdown cell %d (source line %d) changed: check its Chinese", i+1, o.line))
		}
	}
	// Expect markers: those the old source had for English only stay so;
	// the Chinese-only ones of the code cell at the same place are kept.
	for k, i := range newCode {
		if k >= len(oldCode) {
			break
		}
		o := old[oldCode[k]]
		c := &cells[i]
		var both, en []string
		for _, e := range c.expect {
			if contains(o.expectEN, e) && !contains(o.expect, e) {
				en = append(en, e)
			} else {
				both = append(both, e)
			}
		}
		c.expect, c.expectEN, c.expectZH = both, en, o.expectZH
	}
	return write(cells), warnings, nil
}

// importChinese takes the Chinese text of an edited notebook of the Chinese
// edition into its bilingual source old: the k-th Markdown cell's text
// becomes the k-th Chinese block. Code must be edited in the source or the
// English notebook; a code cell that differs is an error.
func importChinese(name string, data []byte, old []cell) (string, error) {
	if old == nil || !bilingual(old) {
		return "", fmt.Errorf("%s: a notebook of the Chinese edition needs its bilingual source", name)
	}
	cells, err := readNotebook(name, data)
	if err != nil {
		return "", err
	}
	oldMD, oldCode := byKind(old)
	newMD, newCode := byKind(cells)
	if len(oldMD) != len(newMD) || len(oldCode) != len(newCode) {
		return "", fmt.Errorf("%s: %d Markdown and %d code cells, the source has %d and %d: change the structure in the source itself",
			name, len(newMD), len(newCode), len(oldMD), len(oldCode))
	}
	for k, i := range newCode {
		if strings.ReplaceAll(cells[i].source, langChinese, langToken) != old[oldCode[k]].source {
			return "", fmt.Errorf("%s: code cell %d differs from its source (line %d): code is edited in the source or the English notebook", name, i+1, old[oldCode[k]].line)
		}
	}
	merged := append([]cell(nil), old...)
	for k, i := range newMD {
		merged[oldMD[k]].zh = cells[i].source
	}
	return write(merged), nil
}

// byKind returns the indices of the Markdown and of the code cells.
func byKind(cells []cell) (md, code []int) {
	for i, c := range cells {
		if c.kind == "markdown" {
			md = append(md, i)
		} else {
			code = append(code, i)
		}
	}
	return md, code
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// write writes cells as a source: the inverse of parse, up to blank lines.
func write(cells []cell) string {
	var b strings.Builder
	prevMarkdown := false
	sol := ""
	for _, c := range cells {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		if c.solution != sol {
			if sol != "" {
				b.WriteString("<!-- end solution -->\n\n")
			}
			if c.solution != "" {
				b.WriteString("<!-- solution: " + c.solution + " -->\n\n")
			}
			sol, prevMarkdown = c.solution, false
		}
		switch c.kind {
		case "markdown":
			if prevMarkdown {
				b.WriteString(cellBreak + "\n\n")
			}
			b.WriteString(c.source + "\n")
			if c.zhLine != 0 {
				b.WriteString("\n:::zh\n" + c.zh + "\n:::\n")
			}
			prevMarkdown = true
		case "code":
			b.WriteString("```go")
			for _, t := range c.tags {
				b.WriteString(" " + t)
			}
			b.WriteString("\n" + c.source + "\n```\n")
			for _, e := range c.expect {
				b.WriteString("<!-- expect: " + e + " -->\n")
			}
			for _, e := range c.expectEN {
				b.WriteString("<!-- expect-en: " + e + " -->\n")
			}
			for _, e := range c.expectZH {
				b.WriteString("<!-- expect-zh: " + e + " -->\n")
			}
			if c.answer != "" {
				b.WriteString("<!-- answer: " + c.answer + " -->\n")
			}
			prevMarkdown = false
		}
	}
	if sol != "" {
		b.WriteString("\n<!-- end solution -->\n")
	}
	return b.String()
}

// runImport writes the source of the notebook at path into srcDir: a whole
// source for an English notebook, the Chinese blocks for a notebook of the
// Chinese edition (a path in a directory zh).
func runImport(path, srcDir string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	target := filepath.Join(srcDir, strings.TrimSuffix(filepath.Base(path), ".ipynb")+".md")
	var old []cell
	if text, err := os.ReadFile(target); err == nil {
		if old, err = parse(target, string(text)); err != nil {
			return err
		}
	} else if !os.IsNotExist(err) {
		return err
	}
	var src string
	if filepath.Base(filepath.Dir(path)) == chinese.String() {
		src, err = importChinese(path, data, old)
	} else {
		var warnings []string
		src, warnings, err = importNotebook(path, data, old)
		for _, w := range warnings {
			fmt.Fprintf(os.Stderr, "nbgen: %s: %s\n", target, w)
		}
	}
	if err != nil {
		return err
	}
	return os.WriteFile(target, []byte(src), 0o644)
}
