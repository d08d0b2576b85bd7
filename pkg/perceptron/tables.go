package perceptron

import (
	"fmt"
	"strconv"
	"strings"
)

// Vec writes a vector the way the book does, "(3, 3)", each entry with
// %.4g (so a minus sign is "-", as fmt prints it).
func Vec(v []float64) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = num(x)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Points writes 0-based point indices with the book's 1-based names,
// "x1, x3", and "none" for no index. Negative indices, such as Step.Point
// at k = 0, name no point and are left out.
func Points(idx []int) string {
	var parts []string
	for _, j := range idx {
		if j >= 0 {
			parts = append(parts, "x"+strconv.Itoa(j+1))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// Affine writes w·x + b the way the book does, with the numbers as %.4g
// prints them: "3x⁽¹⁾+3x⁽²⁾+1", "x⁽¹⁾+x⁽²⁾-3", and just b, "-2", when
// w = 0.
func Affine(w []float64, b float64) string {
	var sb strings.Builder
	for j, c := range w {
		if c == 0 {
			continue
		}
		switch {
		case c < 0:
			sb.WriteString("-")
		case sb.Len() > 0:
			sb.WriteString("+")
		}
		if a := abs(c); a != 1 {
			sb.WriteString(num(a))
		}
		sb.WriteString("x" + superscript("("+strconv.Itoa(j+1)+")"))
	}
	switch {
	case b < 0:
		sb.WriteString("-" + num(-b))
	case b > 0 && sb.Len() > 0:
		sb.WriteString("+" + num(b))
	case sb.Len() == 0:
		sb.WriteString(num(b))
	}
	return sb.String()
}

// PrimalTable returns the header and rows of the book's Table 2.1 for a
// recorded run of Primal (Record: true): for each step k the point whose
// update made it, w, b and w·x + b. With converged set it adds the book's
// last row, the pass that finds no misclassified point ("none", the same
// weights). It panics if a step has no weights (a kernel trace).
func PrimalTable(trace []Step, converged bool) (header []string, rows [][]string) {
	header = []string{"k", "misclassified", "w", "b", "w·x+b"}
	row := func(k, point int, s Step) []string {
		if s.W == nil {
			panic("perceptron: PrimalTable: step without weights")
		}
		pt := ""
		if point >= 0 {
			pt = Points([]int{point})
		} else if k > 0 {
			pt = "none"
		}
		return []string{strconv.Itoa(k), pt, Vec(s.W), num(s.B), Affine(s.W, s.B)}
	}
	for _, s := range trace {
		rows = append(rows, row(s.K, s.Point, s))
	}
	if converged && len(trace) > 0 {
		last := trace[len(trace)-1]
		rows = append(rows, row(last.K+1, -1, last))
	}
	return header, rows
}

// DualTable returns the book's Table 2.2 for a recorded run of Dual (or of
// Primal, which records α as well): a column for each step k and the rows
// "misclassified", α1 … αN and b.
func DualTable(trace []Step) (header []string, rows [][]string) {
	header = []string{"k"}
	if len(trace) == 0 {
		return header, nil
	}
	n := len(trace[0].Alpha)
	rows = make([][]string, n+2)
	rows[0] = []string{"misclassified"}
	for i := range n {
		rows[i+1] = []string{"α" + strconv.Itoa(i+1)}
	}
	rows[n+1] = []string{"b"}
	for _, s := range trace {
		header = append(header, strconv.Itoa(s.K))
		pt := ""
		if s.Point >= 0 {
			pt = Points([]int{s.Point})
		}
		rows[0] = append(rows[0], pt)
		for i, a := range s.Alpha {
			rows[i+1] = append(rows[i+1], num(a))
		}
		rows[n+1] = append(rows[n+1], num(s.B))
	}
	return header, rows
}

// num formats a number with %.4g, as the notebooks print numbers, and a
// negative zero as 0.
func num(v float64) string {
	if v == 0 {
		v = 0 // −0 prints as 0
	}
	return fmt.Sprintf("%.4g", v)
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

var superscripts = strings.NewReplacer(
	"0", "⁰", "1", "¹", "2", "²", "3", "³", "4", "⁴",
	"5", "⁵", "6", "⁶", "7", "⁷", "8", "⁸", "9", "⁹", "(", "⁽", ")", "⁾")

func superscript(s string) string { return superscripts.Replace(s) }
