package e2e

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// savedNotebook is what the test needs to know about one .ipynb file before
// it opens the file in the browser.
type savedNotebook struct {
	Name   string // file name without .ipynb, after "zh/" in the Chinese edition
	Path   string // absolute path
	Kernel string // metadata.kernelspec.name
	Cells  []savedCell
	// Sliders counts the saved outputs that are sliders of
	// pkg/notebook (class mn-slider).
	Sliders int
}

// savedCell is one cell of a saved notebook. Index counts all cells from 0,
// in file order, as Jupyter.notebook.get_cell does.
type savedCell struct {
	Index       int
	Code        bool
	Source      string
	SavedImages int  // image outputs saved in the file
	Plot        bool // SavedImages > 0, or the source shows a plot
	Setup       bool // the setup cell (tag "setup"), which the HTML and PDF leave out
	// Figures holds, per saved SVG output, the text of its labels
	// (<text> elements), unescaped.
	Figures [][]string
}

// svgText matches a text element of an SVG figure; svgTag, a tag inside it.
var (
	svgText = regexp.MustCompile(`(?s)<text\b[^>]*>(.*?)</text>`)
	svgTag  = regexp.MustCompile(`<[^>]*>`)
)

// svgLabels returns the non-empty labels of an SVG drawing.
func svgLabels(svg string) []string {
	var out []string
	for _, m := range svgText.FindAllStringSubmatch(svg, -1) {
		if l := strings.TrimSpace(html.UnescapeString(svgTag.ReplaceAllString(m[1], ""))); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// showPlotCall matches a call that shows a figure through pkg/notebook, such
// as notebook.Show(p) or notebook.ShowPlot(p). Table and Markdown helpers do
// not match.
var showPlotCall = regexp.MustCompile(`\bnotebook\.(?:Show(?:Plot|Plots|Figure|Figures|Grid|SVG|PNG)?|Slider)\(`)

// zhPrefix starts the names of the Chinese edition's notebooks, which live
// in notebooks/zh/ with the English file names.
const zhPrefix = "zh/"

// chinese reports whether the notebook is of the Chinese edition.
func (nb savedNotebook) chinese() bool { return strings.HasPrefix(nb.Name, zhPrefix) }

// tagPattern matches an equation number in LaTeX: \tag{2.1}, or \tag*{…}
// without parentheses.
var tagPattern = regexp.MustCompile(`\\tag(\*?)\{([^{}]*)\}`)

// tags returns the equation numbers of the notebook's Markdown cells as a
// reader sees them: "(2.1)" for \tag{2.1}.
func (nb savedNotebook) tags() []string {
	var out []string
	for _, c := range nb.Cells {
		if c.Code {
			continue
		}
		for _, m := range tagPattern.FindAllStringSubmatch(c.Source, -1) {
			if m[1] == "*" {
				out = append(out, m[2])
			} else {
				out = append(out, "("+m[2]+")")
			}
		}
	}
	return out
}

// plotCells returns the cells that must show a rendered image.
func (nb savedNotebook) plotCells() []savedCell {
	var out []savedCell
	for _, c := range nb.Cells {
		if c.Plot {
			out = append(out, c)
		}
	}
	return out
}

// ipynbFile is the part of the nbformat 4 JSON that the test reads.
type ipynbFile struct {
	Metadata struct {
		Kernelspec struct {
			Name string `json:"name"`
		} `json:"kernelspec"`
	} `json:"metadata"`
	Cells []struct {
		CellType string          `json:"cell_type"`
		Source   json.RawMessage `json:"source"`
		Metadata struct {
			Tags []string `json:"tags"`
		} `json:"metadata"`
		Outputs []struct {
			OutputType string                     `json:"output_type"`
			Data       map[string]json.RawMessage `json:"data"`
		} `json:"outputs"`
	} `json:"cells"`
}

// multiline decodes an nbformat multiline string: a string or a list of them.
func multiline(raw json.RawMessage) (string, error) {
	if len(raw) == 0 {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	var parts []string
	if err := json.Unmarshal(raw, &parts); err != nil {
		return "", err
	}
	return strings.Join(parts, ""), nil
}

// parseNotebook reads the .ipynb file data.
func parseNotebook(name string, data []byte) (savedNotebook, error) {
	var f ipynbFile
	if err := json.Unmarshal(data, &f); err != nil {
		return savedNotebook{}, fmt.Errorf("%s: %w", name, err)
	}
	nb := savedNotebook{Name: name, Kernel: f.Metadata.Kernelspec.Name}
	for i, c := range f.Cells {
		src, err := multiline(c.Source)
		if err != nil {
			return savedNotebook{}, fmt.Errorf("%s: cell %d source: %w", name, i+1, err)
		}
		cell := savedCell{Index: i, Code: c.CellType == "code", Source: src, Setup: slices.Contains(c.Metadata.Tags, "setup")}
		if cell.Code {
			for _, o := range c.Outputs {
				if isImageOutput(o.Data) {
					cell.SavedImages++
				}
				if svg, err := multiline(o.Data["image/svg+xml"]); err == nil && svg != "" {
					cell.Figures = append(cell.Figures, svgLabels(svg))
				}
				if html, err := multiline(o.Data["text/html"]); err == nil && strings.Contains(html, `class="mn-slider`) {
					nb.Sliders++
				}
			}
			cell.Plot = cell.SavedImages > 0 || showPlotCall.MatchString(src)
		}
		nb.Cells = append(nb.Cells, cell)
	}
	return nb, nil
}

// isImageOutput reports whether a saved output bundle holds an image: a PNG,
// an SVG, or HTML that embeds one.
func isImageOutput(data map[string]json.RawMessage) bool {
	if _, ok := data["image/png"]; ok {
		return true
	}
	if _, ok := data["image/svg+xml"]; ok {
		return true
	}
	if raw, ok := data["text/html"]; ok {
		html, err := multiline(raw)
		if err == nil && (strings.Contains(html, "<img") || strings.Contains(html, "<svg")) {
			return true
		}
	}
	return false
}

// discoverNotebooks returns every *.ipynb in dir, sorted by name.
func discoverNotebooks(dir string) ([]savedNotebook, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.ipynb"))
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var out []savedNotebook
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		nb, err := parseNotebook(strings.TrimSuffix(filepath.Base(p), ".ipynb"), data)
		if err != nil {
			return nil, err
		}
		nb.Path = p
		out = append(out, nb)
	}
	return out, nil
}

// discoverEditions returns the notebooks of both editions: dir/*.ipynb,
// then dir/zh/*.ipynb named "zh/NAME". Every notebook in either folder
// counts; the Chinese folder may be missing.
func discoverEditions(dir string) ([]savedNotebook, error) {
	en, err := discoverNotebooks(dir)
	if err != nil {
		return nil, err
	}
	zh, err := discoverNotebooks(filepath.Join(dir, strings.TrimSuffix(zhPrefix, "/")))
	if err != nil {
		return nil, err
	}
	for i := range zh {
		zh[i].Name = zhPrefix + zh[i].Name
	}
	return append(en, zh...), nil
}

// TestParseNotebook checks the plot-cell scan on a small nbformat 4 file. It
// needs no browser, so it runs in plain `go test ./...`.
func TestParseNotebook(t *testing.T) {
	const data = `{
 "metadata": {"kernelspec": {"name": "gonb", "display_name": "Go (gonb)", "language": "go"}},
 "nbformat": 4, "nbformat_minor": 5,
 "cells": [
  {"cell_type": "markdown", "metadata": {}, "source": ["# Title\n", "notebook.Show(p) in prose\n", "$$f(x)\\tag{2.1}$$ and $$g\\tag*{(P)}$$\n"]},
  {"cell_type": "code", "metadata": {}, "execution_count": 1, "source": "%%\nfmt.Println(1)", "outputs": [
    {"output_type": "stream", "name": "stdout", "text": ["1\n"]}]},
  {"cell_type": "code", "metadata": {}, "execution_count": 2, "source": ["%%\n", "notebook.Show(p)"], "outputs": []},
  {"cell_type": "code", "metadata": {}, "execution_count": 3, "source": "%%\nshow()", "outputs": [
    {"output_type": "display_data", "metadata": {}, "data": {"image/svg+xml": ["<svg><text x=\"1\">w·x + b &gt; 0</text>", "<text><tspan>正例</tspan></text><text> </text></svg>"], "image/png": "iVBO"}},
    {"output_type": "display_data", "metadata": {}, "data": {"text/html": "<img src=\"data:image/png;base64,iVBO\">"}}]},
  {"cell_type": "code", "metadata": {}, "execution_count": 4, "source": "%%\nnotebook.ShowTable(t)", "outputs": [
    {"output_type": "display_data", "metadata": {}, "data": {"text/markdown": "| a |\n|---|\n| 1 |"}}]}
 ]
}`
	nb, err := parseNotebook("x", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if nb.Kernel != "gonb" {
		t.Errorf("kernel = %q, want gonb", nb.Kernel)
	}
	if len(nb.Cells) != 5 {
		t.Fatalf("got %d cells, want 5", len(nb.Cells))
	}
	wantPlot := []bool{false, false, true, true, false}
	wantImages := []int{0, 0, 0, 2, 0}
	for i, c := range nb.Cells {
		if c.Plot != wantPlot[i] || c.SavedImages != wantImages[i] {
			t.Errorf("cell %d: plot=%v images=%d, want plot=%v images=%d",
				i+1, c.Plot, c.SavedImages, wantPlot[i], wantImages[i])
		}
	}
	if got := nb.Cells[3].Figures; len(got) != 1 || !slices.Equal(got[0], []string{"w·x + b > 0", "正例"}) {
		t.Errorf("labels of cell 4's figure: %q, want w·x + b > 0 and 正例", got)
	}
	if got := len(nb.plotCells()); got != 2 {
		t.Errorf("plotCells: got %d, want 2", got)
	}
	if got := nb.tags(); !slices.Equal(got, []string{"(2.1)", "(P)"}) {
		t.Errorf("tags: got %q, want (2.1), (P)", got)
	}
}
