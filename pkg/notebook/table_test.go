package notebook

import (
	"encoding/json"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// hostileCells are cells a data file (a CSV header, a label) can bring:
// HTML that runs a script, Markdown that makes links, emphasis, code or a
// new cell, character references, formulas.
var hostileCells = []string{
	`<img src=x onerror="alert(1)">`,
	`<script>alert(1)</script>`,
	`<!-- comment -->`,
	`<https://example.org>`,
	`https://example.org> www.example.org>`,
	`a | b`,
	`*bold* _it_ **b** __b__`,
	"`code`",
	`[link](javascript:alert(1))`,
	`![img](x.png)`,
	`&lt;not a tag&gt; &amp; &#60;`,
	`~~struck~~`,
	`$\href{javascript:alert(1)}{x}$`,
	`\$ \\$ a\`,
	"line\nbreak",
}

// mathJaxText is what MathJax (tex2jax with processEscapes, as Jupyter
// Notebook and nbconvert configure it) shows for page text holding no
// formula: a run of n backslashes and a $ shows as (n−1)/2 backslashes and
// a $ when n is odd (tex2jax.js, startMatch). It returns ok = false if the
// text has a $ that could open a formula (after an even number of
// backslashes).
func mathJaxText(s string) (shown string, ok bool) {
	var b strings.Builder
	slashes := 0
	for _, c := range s {
		switch c {
		case '\\':
			slashes++
			continue
		case '$':
			if slashes%2 == 0 {
				return "", false
			}
			slashes /= 2
		}
		b.WriteString(strings.Repeat(`\`, slashes))
		slashes = 0
		b.WriteRune(c)
	}
	b.WriteString(strings.Repeat(`\`, slashes))
	return b.String(), true
}

// wantShown is a cell as the table must show it: as written, line breaks
// as spaces.
func wantShown(cell string) string { return strings.ReplaceAll(cell, "\n", " ") }

var charRef = regexp.MustCompile(`&#[0-9]+;`)

// TestTableCellsAreText checks the Markdown of a table of hostile cells:
// outside character references it holds no character that Markdown or
// HTML reads but the bars between cells, so each row has its cells; and each
// cell, its references decoded, is text that MathJax shows as the cell was
// written.
func TestTableCellsAreText(t *testing.T) {
	md := TableMarkdown(hostileCells, [][]string{hostileCells})
	lines := strings.Split(md, "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines, want 3 (header, rule, row):\n%s", len(lines), md)
	}
	for i, line := range []string{lines[0], lines[2]} {
		bare := charRef.ReplaceAllString(line, "")
		if j := strings.IndexAny(bare, "<>&\\`*_[]~:$\r\n"); j >= 0 {
			t.Errorf("line %d: %q outside a character reference: %s", i+1, bare[j], line)
		}
		cells := strings.Split(line, "|")
		if len(cells) != len(hostileCells)+2 {
			t.Fatalf("line %d splits into %d cells, want %d: %s", i+1, len(cells)-2, len(hostileCells), line)
		}
		for k, c := range cells[1 : len(cells)-1] {
			shown, ok := mathJaxText(html.UnescapeString(strings.TrimSpace(c)))
			if !ok {
				t.Errorf("cell %d: MathJax could read a formula in %q", k+1, c)
			} else if want := wantShown(hostileCells[k]); shown != want {
				t.Errorf("cell %d shows %q, want %q", k+1, shown, want)
			}
		}
	}
}

// TestTableInHTMLExport converts a notebook whose output is a table of
// hostile cells to HTML with jupyter nbconvert (the Markdown renderer of
// the HTML export, `make html`) and checks the page: one table, with a
// header and a row of as many cells as given, each of them plain text (no
// element inside: no <img>, <script>, <a>, <em>, <code>) that MathJax shows
// as written. It needs Jupyter's nbconvert (make setup).
func TestTableInHTMLExport(t *testing.T) {
	jupyter := testenv.LookPath(t, "jupyter", "make setup")
	md := TableMarkdown(hostileCells, [][]string{hostileCells})
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5, "metadata": map[string]any{},
		"cells": []any{map[string]any{
			"cell_type": "code", "execution_count": 1, "metadata": map[string]any{}, "source": "table()",
			"outputs": []any{map[string]any{
				"output_type": "display_data", "metadata": map[string]any{},
				"data": map[string]any{"text/markdown": md, "text/plain": "table"},
			}},
		}},
	}
	b, err := json.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "table.ipynb")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(jupyter, "nbconvert", "--to", "html", "--output-dir", dir, in)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("jupyter nbconvert: %v\n%s", err, out)
	}
	page, err := os.ReadFile(filepath.Join(dir, "table.html"))
	if err != nil {
		t.Fatal(err)
	}
	tables := regexp.MustCompile(`(?s)<table>.*?</table>`).FindAllString(string(page), -1)
	if len(tables) != 1 {
		t.Fatalf("the page has %d tables, want 1", len(tables))
	}
	for _, tag := range []string{"th", "td"} {
		cells := regexp.MustCompile(`(?s)<`+tag+`(?:\s[^>]*)?>(.*?)</`+tag+`>`).FindAllStringSubmatch(tables[0], -1)
		if len(cells) != len(hostileCells) {
			t.Errorf("%d <%s> cells, want %d:\n%s", len(cells), tag, len(hostileCells), tables[0])
			continue
		}
		for k, c := range cells {
			if strings.Contains(c[1], "<") {
				t.Errorf("<%s> %d holds markup: %s", tag, k+1, c[1])
				continue
			}
			shown, ok := mathJaxText(html.UnescapeString(strings.TrimSpace(c[1])))
			if !ok {
				t.Errorf("<%s> %d: MathJax could read a formula in %q", tag, k+1, c[1])
			} else if want := wantShown(hostileCells[k]); shown != want {
				t.Errorf("<%s> %d shows %q, want %q", tag, k+1, shown, want)
			}
		}
	}
	for _, bad := range []string{"<img", "<script>alert", "href=\"javascript"} {
		if strings.Contains(string(page), bad) {
			t.Errorf("the page holds %q from a cell", bad)
		}
	}
}
