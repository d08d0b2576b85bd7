package notebook

import (
	"fmt"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
)

// Markdown displays s, Markdown with LaTeX between $ or $$, in the cell's
// output. Outside GoNB it prints s to standard output.
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
// A "|" in a cell is escaped and a line break becomes a space, so every cell
// stays in its column. Rows shorter than the header are padded with empty
// cells. It panics if a row is longer than the header.
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

var cellEscaper = strings.NewReplacer("|", `\|`, "\r\n", " ", "\n", " ")

func writeRow(b *strings.Builder, cells []string, n int) {
	b.WriteByte('|')
	for i := range n {
		b.WriteByte(' ')
		if i < len(cells) {
			b.WriteString(cellEscaper.Replace(cells[i]))
		}
		b.WriteString(" |")
	}
	b.WriteByte('\n')
}
