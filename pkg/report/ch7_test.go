package report

import (
	"math"
	"slices"
	"strconv"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/svm"
)

// Figure 7.5's cases on two exact fits. Example 2.1 with x4 = (3.5, 3), −1
// and C = 1: α = (1, 7/26, 7/26, 1), the line (4/13)x⁽¹⁾ + (7/13)x⁽²⁾ −
// 24/13 = 0, so y·f = 9/13, 1, 1, −11/13. The book's data with C = 0.1 at
// b = −0.4: y·f = 4/5, 1, 0, x3 on the hyperplane with α3 = C.
func TestSlackTable(t *testing.T) {
	x4 := mat.NewDense(4, 2, []float64{3, 3, 4, 3, 1, 1, 3.5, 3})
	y4 := []float64{1, 1, -1, -1}
	a, err := svm.Exact{C: 1}.Fit(x4, y4)
	if err != nil {
		t.Fatal(err)
	}
	_, rows := SlackTable(x4, y4, a.Alpha, 1, a, lang.English)
	want := [][]string{
		{"x1", "1", "9/13", "4/13", "between the margin boundary and the hyperplane"},
		{"x2", "7/26", "1", "0", "on the margin boundary"},
		{"x3", "7/26", "1", "0", "on the margin boundary"},
		{"x4", "1", "−11/13", "24/13", "on the wrong side of the hyperplane"},
	}
	for i, w := range want {
		if !slices.Equal(rows[i], w) {
			t.Errorf("C = 1, row %d = %q, want %q", i, rows[i], w)
		}
	}

	x, y := dataset.Example21().XY()
	s, err := svm.Exact{C: 0.1}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	_, rows = SlackTable(x, y, s.Alpha, 0.1, classify.Linear{W: s.W, B: s.BLow}, lang.Chinese)
	want = [][]string{
		{"x1", "0.1", "0.8", "0.2", "在间隔边界与分离超平面之间"},
		{"x2", "0", "1", "0", "α = 0：不是支持向量"},
		{"x3", "0.1", "0", "1", "在分离超平面上"},
	}
	for i, w := range want {
		if !slices.Equal(rows[i], w) {
			t.Errorf("C = 0.1, row %d = %q, want %q", i, rows[i], w)
		}
	}
}

// The sweep table counts every point in one KKT class, and its errors and
// slacks agree with the definitions: errors ≤ Σξᵢ (each error has ξ > 1)
// and errors ≤ #{αᵢ = C}.
func TestSweepTable(t *testing.T) {
	set := dataset.Blobs(nil, 40, 3)
	cs := []float64{0.01, 1}
	res, err := svm.SMO{Eps: 1e-6}.Sweep(set.X, set.Y, cs)
	if err != nil {
		t.Fatal(err)
	}
	header, rows := SweepTable(set.X, set.Y, cs, res, lang.English)
	if len(header) != 8 || len(rows) != 2 {
		t.Fatalf("%d columns, %d rows", len(header), len(rows))
	}
	for k, r := range res {
		row := rows[k]
		n := atoi(t, row[2]) + atoi(t, row[3]) + atoi(t, row[4])
		if n != len(set.Y) {
			t.Errorf("C = %v: KKT classes hold %d points, want %d", cs[k], n, len(set.Y))
		}
		errs := Errors(r, set.X, set.Y)
		if errs > len(r.BoundedIndices) {
			t.Errorf("C = %v: %d errors but %d multipliers at C", cs[k], errs, len(r.BoundedIndices))
		}
		if want := 1 - classify.Accuracy(r, set.X, set.Y); math.Abs(float64(errs)/float64(len(set.Y))-want) > 1e-15 {
			t.Errorf("C = %v: Errors/N = %d/%d, 1 − accuracy = %v", cs[k], errs, len(set.Y), want)
		}
	}
}

// Errors follows Definition 2.1: a point on the hyperplane counts as +1.
func TestErrors(t *testing.T) {
	x, y := dataset.Example21().XY()
	// x3 = (1, 1) lies on x(1) + x(2) − 2 = 0: predicted +1, an error.
	if got := Errors(classify.Linear{W: []float64{1, 1}, B: -2}, x, y); got != 1 {
		t.Errorf("errors on x(1) + x(2) − 2 = 0: %d, want 1", got)
	}
	if got := Errors(classify.Linear{W: []float64{1, 1}, B: -3}, x, y); got != 0 {
		t.Errorf("errors on x(1) + x(2) − 3 = 0: %d, want 0", got)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not a count: %v", s, err)
	}
	return n
}
