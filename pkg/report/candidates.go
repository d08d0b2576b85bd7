package report

import (
	"strings"

	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Candidates returns the header and rows of a table of the faces the exact
// SVM solver tried (svm.Exact.FitCandidates), one row per candidate in the
// order tried, as seed note 003 works Example 7.2 by hand: the free
// multipliers (1-based, as the book writes α1…αN; the others are fixed at 0
// or, marked "= C", at C), the minimiser on that face, its objective
// f(α) = ½αᵀQα − Σαᵢ and whether it is feasible or why it was rejected.
// Numbers are written by package notation: (1/4, 0, 1/4), −2/13.
func Candidates(cands []svm.Candidate, l lang.Lang) (header []string, rows [][]string) {
	header = []string{
		l.Pick("free αᵢ (others 0)", "自由的 αᵢ（其余为 0）"),
		l.Pick("minimiser α", "极小点 α"),
		"f(α)",
		l.Pick("verdict", "结论"),
	}
	for _, c := range cands {
		face := multipliers(c.FreeIndices, "")
		face = append(face, multipliers(c.BoundedIndices, " = C")...)
		if len(face) == 0 {
			face = []string{l.Pick("none", "无")}
		}
		minimiser, value := l.Pick("singular", "奇异"), "–"
		if c.Alpha != nil {
			minimiser, value = notation.Vector(c.Alpha), notation.Number(c.DualObjective)
		}
		rows = append(rows, []string{strings.Join(face, ", "), minimiser, value, verdict(c, l)})
	}
	return header, rows
}

// verdict says whether the candidate is feasible, or why not.
func verdict(c svm.Candidate, l lang.Lang) string {
	rejected := l.Pick("rejected: ", "舍去：")
	switch {
	case c.Alpha == nil:
		return l.Pick("singular face: the minimiser on it is not unique", "奇异的面：其上的极小点不唯一")
	case c.Feasible:
		return l.Pick("feasible", "可行")
	case c.Violation < 0:
		return rejected + "Σαᵢyᵢ = " + notation.Number(c.Value) + " ≠ 0"
	case c.Value < 0:
		return rejected + multipliers([]int{c.Violation}, "")[0] + " = " + notation.Number(c.Value) + " < 0"
	}
	return rejected + multipliers([]int{c.Violation}, "")[0] + " = " + notation.Number(c.Value) + " > C"
}

// multipliers names the 0-based indices idx as α1, α2, … with a suffix.
func multipliers(idx []int, suffix string) []string {
	names := make([]string, len(idx))
	for k, i := range idx {
		names[k] = alpha(notation.Text, i, -1) + suffix
	}
	return names
}
