package svm

import (
	"fmt"
	"strings"
)

// CandidateTable returns the header and rows of a table of the faces the
// exact solver tried (Exact.FitCandidates), one row per candidate in the
// order tried: the free multipliers (1-based, as the book writes α1…αN; the
// others are fixed at 0 or, listed as "=C", at C), the minimiser on that
// face, its objective f(α) = ½αᵀQα − Σαᵢ and whether it is feasible or why it
// was rejected. Numbers print as %.4g does; a singular face has no minimiser.
func CandidateTable(cands []Candidate) (header []string, rows [][]string) {
	header = []string{"free αᵢ (others 0)", "minimiser α", "f(α)", "verdict"}
	for _, c := range cands {
		face := multipliers(c.Free, "")
		if len(c.Upper) > 0 {
			face = append(face, multipliers(c.Upper, " = C")...)
		}
		if len(face) == 0 {
			face = []string{"none"}
		}
		verdict := "feasible"
		if !c.Feasible {
			verdict = "rejected: " + c.Reason
		}
		minimiser, value := "singular", "-"
		if c.Alpha != nil {
			minimiser, value = fmt.Sprintf("%.4g", c.Alpha), fmt.Sprintf("%.4g", c.Objective)
		}
		rows = append(rows, []string{strings.Join(face, ", "), minimiser, value, verdict})
	}
	return header, rows
}

// multipliers names the 0-based indices idx as α1, α2, … with a suffix.
func multipliers(idx []int, suffix string) []string {
	names := make([]string, len(idx))
	for k, i := range idx {
		names[k] = fmt.Sprintf("α%d%s", i+1, suffix)
	}
	return names
}
