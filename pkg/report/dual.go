package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/marginnotes/marginnotes/pkg/notation"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// DualObjective writes the objective f(α) = ½αᵀQα − Σαᵢ of the dual problem
// d as Example 7.2 writes it out, with 1-based indices and the coefficients
// of d.Terms:
//
//	½(18α1² + 25α2² + 2α3² + 42α1α2 − 12α1α3 − 14α2α3) − α1 − α2 − α3
func DualObjective(d *svm.DualProblem, s notation.Style) string {
	half := "½"
	if s == notation.LaTeX {
		half = `\frac{1}{2}`
	}
	var sb strings.Builder
	sb.WriteString(half + "(")
	writePoly(&sb, s, d.Terms(), true)
	sb.WriteString(")")
	for i := range d.Y {
		sb.WriteString(" " + minus(s) + " " + alpha(s, i, -1))
	}
	return sb.String()
}

// Quadratic writes q(z) = ½zᵀAz + Bᵀz, the dual objective after one
// variable has been eliminated (svm.DualProblem.Eliminate), as Example 7.2
// writes s(α1, α2):
//
//	4α1² + (13/2)α2² + 10α1α2 − 2α1 − 2α2
func Quadratic(q *svm.Quadratic, s notation.Style) string {
	var sb strings.Builder
	first := writePoly(&sb, s, q.Terms(), true)
	lin := make([]svm.Term, len(q.B))
	for r, i := range q.Vars {
		lin[r] = svm.Term{I: i, J: -1, Coef: q.B[r]}
	}
	if writePoly(&sb, s, lin, first) {
		sb.WriteString("0")
	}
	return sb.String()
}

// writePoly appends the terms with a non-zero coefficient to sb, joined by
// " + " and " − ", and reports whether nothing has been written yet (first
// is that state on entry). J = −1 marks a linear term.
func writePoly(sb *strings.Builder, s notation.Style, terms []svm.Term, first bool) bool {
	for _, t := range terms {
		c := t.Coef
		if c == 0 {
			continue
		}
		switch {
		case first && c < 0:
			sb.WriteString(minus(s))
		case !first && c < 0:
			sb.WriteString(" " + minus(s) + " ")
		case !first:
			sb.WriteString(" + ")
		}
		first = false
		if c = math.Abs(c); c != 1 {
			sb.WriteString(s.Coefficient(c))
		}
		switch {
		case t.J < 0:
			sb.WriteString(alpha(s, t.I, -1))
		case t.I == t.J:
			sb.WriteString(alpha(s, t.I, 2))
		default:
			sb.WriteString(alpha(s, t.I, -1) + alpha(s, t.J, -1))
		}
	}
	return first
}

// alpha names the multiplier α_{i+1}, squared when power is 2.
func alpha(s notation.Style, i, power int) string {
	n := strconv.Itoa(i + 1)
	if s == notation.LaTeX {
		a := `\alpha_{` + n + "}"
		if power == 2 {
			a += "^{2}"
		}
		return a
	}
	if power == 2 {
		return "α" + n + "²"
	}
	return "α" + n
}

func minus(s notation.Style) string {
	if s == notation.LaTeX {
		return "-"
	}
	return "−"
}
