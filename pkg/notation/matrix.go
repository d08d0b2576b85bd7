package notation

import (
	"strings"
	"unicode/utf8"

	"gonum.org/v1/gonum/mat"
)

// Matrix writes m in the style Text, one row a line, in the brackets and
// layout of gonum's mat.Formatted but with every entry by Number (a true
// minus sign, fractions as the book writes them):
//
//	⎡18  21  −6⎤
//	⎢21  25  −7⎥
//	⎣−6  −7   2⎦
//
// Entries are right-aligned to the widest, two spaces apart; a single row
// is written in square brackets.
func Matrix(m mat.Matrix) string {
	r, c := m.Dims()
	cells := make([][]string, r)
	width := 0
	for i := range r {
		cells[i] = make([]string, c)
		for j := range c {
			cells[i][j] = Number(m.At(i, j))
			width = max(width, utf8.RuneCountInString(cells[i][j]))
		}
	}
	var sb strings.Builder
	for i, row := range cells {
		left, right := "⎢", "⎥"
		switch {
		case r == 1:
			left, right = "[", "]"
		case i == 0:
			left, right = "⎡", "⎤"
		case i == r-1:
			left, right = "⎣", "⎦"
		}
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(left)
		for j, e := range row {
			if j > 0 {
				sb.WriteString("  ")
			}
			sb.WriteString(strings.Repeat(" ", width-utf8.RuneCountInString(e)) + e)
		}
		sb.WriteString(right)
	}
	return sb.String()
}
