package notebook

import (
	"fmt"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
)

// Markdown displays s, Markdown with LaTeX between $ or $$, in the cell's
// output. Outside GoNB it prints s to standard output.
//
// Jupyter shows Markdown's raw HTML as it is, scripts included: s must be
// text the program wrote, never data it read. [Table] escapes its cells.
func Markdown(s string) {
	if !gonbui.IsNotebook {
		fmt.Println(s)
		return
	}
	gonbui.DisplayMarkdown(s)
	gonbui.Sync() // see Show
}

// Table displays a Markdown table with the given header and rows. Outside
// GoNB it prints the table's Markdown source to standard output.
//
// Every cell is plain text and shows as written, whatever it holds: a CSV
// header such as <img src=x onerror=…> is shown, not run, and |, *, _, `, [,
// ~, :, \ and $ mean nothing to Markdown or to Jupyter's formulas. TableMarkdown
// writes them as HTML character references, which every Markdown renderer
// (Jupyter Notebook's marked, nbconvert's mistune for the HTML export,
// GitHub's) passes to the page as the characters; a dollar sign is written
// as \$ for the page, which MathJax shows as $ (in a viewer without
// MathJax it shows as \$). Only MathJax's \(, \[ and \begin{…} in a cell
// are still typeset by Jupyter. A line break in a cell becomes a space. Rows shorter
// than the header are padded with empty cells. It panics if a row is longer
// than the header.
func Table(header []string, rows [][]string) {
	Markdown(TableMarkdown(header, rows))
}

// TableMarkdown returns the Markdown source that Table displays.
// It panics if a row is longer than the header.
func TableMarkdown(header []string, rows [][]string) string {
	var b strings.Builder
	writeRow(&b, header, len(header))
	b.WriteByte('|')
	for range header {
		b.WriteString("---|")
	}
	b.WriteByte('\n')
	for _, r := range rows {
		if len(r) > len(header) {
			panic("notebook: table row longer than header")
		}
		writeRow(&b, r, len(header))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// cellEntities are the characters of a cell that Markdown, HTML or
// Jupyter's math would read: &, < and > (HTML), | (the cell's end), \, `,
// *, _, [, ], ~ (Markdown inline syntax), : (which starts the links that
// renderers make of a bare https://…, and that would swallow the next
// reference) and $ (formulas), written as numeric character references.
var cellEntities = func() *strings.Replacer {
	var pairs []string
	for _, c := range "&<>|\\`*_[]~:$" {
		pairs = append(pairs, string(c), fmt.Sprintf("&#%d;", c))
	}
	return strings.NewReplacer(append(pairs, "\r\n", " ", "\n", " ", "\r", " ")...)
}()

// escapeCell writes a cell as Markdown that shows its text as written. A $
// after k backslashes is written as 2k+1 backslashes and $: MathJax (with
// processEscapes, as Jupyter and nbconvert configure it) shows that as k
// backslashes and a $ that opens no formula.
func escapeCell(s string) string {
	var b strings.Builder
	slashes := 0
	for _, c := range s {
		switch c {
		case '\\':
			slashes++
			continue
		case '$':
			slashes = 2*slashes + 1
		}
		b.WriteString(strings.Repeat(`\`, slashes))
		slashes = 0
		b.WriteRune(c)
	}
	b.WriteString(strings.Repeat(`\`, slashes))
	return cellEntities.Replace(b.String())
}

func writeRow(b *strings.Builder, cells []string, n int) {
	b.WriteByte('|')
	for i := range n {
		b.WriteByte(' ')
		if i < len(cells) {
			b.WriteString(escapeCell(cells[i]))
		}
		b.WriteString(" |")
	}
	b.WriteByte('\n')
}

// HTML displays HTML in the cell's output, such as the playground page that
// playground.Embed wraps. Outside GoNB it does nothing.
func HTML(s string) {
	if !gonbui.IsNotebook {
		return
	}
	gonbui.DisplayHTML(s)
	gonbui.Sync() // see Show
}
