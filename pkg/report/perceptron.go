package report

import (
	"strconv"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// Points names 0-based point indices the way the book does, 1-based:
// "x1, x3", and "none" (无) for no index. Negative indices, such as
// Step.Point at k = 0, name no point and are left out.
func Points(idx []int, l lang.Lang) string {
	var parts []string
	for _, j := range idx {
		if j >= 0 {
			parts = append(parts, "x"+strconv.Itoa(j+1))
		}
	}
	if len(parts) == 0 {
		return l.Pick("none", "无")
	}
	return strings.Join(parts, ", ")
}

// PrimalTable returns the header and rows of the book's Table 2.1 for a
// recorded run of perceptron.Primal or Dual (Record: true): for each step k
// the point whose update made it, w, b and w·x + b. When the run converged
// and its trace is complete it adds the book's last row, the pass that finds
// no misclassified point ("none", the same weights). It panics if a step has
// no weights (a kernel trace).
func PrimalTable(r *perceptron.Result, l lang.Lang) (header []string, rows [][]string) {
	header = []string{"k", misclassified(l), "w", "b", "w·x+b"}
	row := func(k int, point string, s perceptron.Step) []string {
		if s.W == nil {
			panic("report: PrimalTable: step without weights")
		}
		return []string{strconv.Itoa(k), point, notation.Vector(s.W), notation.Number(s.B), notation.Affine(s.W, s.B)}
	}
	for _, s := range r.Trace {
		pt := ""
		if s.Point >= 0 {
			pt = Points([]int{s.Point}, l)
		}
		rows = append(rows, row(s.K, pt, s))
	}
	if r.Converged && len(r.Trace) == r.Updates+1 {
		last := r.Trace[len(r.Trace)-1]
		rows = append(rows, row(last.K+1, Points(nil, l), last))
	}
	return header, rows
}

// DualTable returns the book's Table 2.2 for a recorded run (Record: true)
// of any form: a column for each step k and the rows "misclassified",
// α1 … αN and b.
func DualTable(r *perceptron.Run, l lang.Lang) (header []string, rows [][]string) {
	header = []string{"k"}
	if len(r.Trace) == 0 {
		return header, nil
	}
	n := len(r.Alpha)
	rows = make([][]string, n+2)
	rows[0] = []string{misclassified(l)}
	for i := range n {
		rows[i+1] = []string{"α" + strconv.Itoa(i+1)}
	}
	rows[n+1] = []string{"b"}
	alpha := make([]float64, n)
	for _, s := range r.Trace {
		header = append(header, strconv.Itoa(s.K))
		pt := ""
		if s.Point >= 0 {
			pt = Points([]int{s.Point}, l)
			alpha[s.Point] = s.Alpha
		}
		rows[0] = append(rows[0], pt)
		for i, a := range alpha {
			rows[i+1] = append(rows[i+1], notation.Number(a))
		}
		rows[n+1] = append(rows[n+1], notation.Number(s.B))
	}
	return header, rows
}

// misclassified is the heading of the column of misclassified points.
func misclassified(l lang.Lang) string { return l.Pick("misclassified", "误分类点") }
