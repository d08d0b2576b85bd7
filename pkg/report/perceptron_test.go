package report_test

import (
	"slices"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

func TestPoints(t *testing.T) {
	for _, tc := range []struct {
		idx  []int
		l    lang.Lang
		want string
	}{
		{nil, lang.English, "none"},
		{nil, lang.Chinese, "无"},
		{[]int{0, 2}, lang.English, "x1, x3"},
		{[]int{-1}, lang.English, "none"},
		{[]int{-1, 1}, lang.Chinese, "x2"},
	} {
		if got := report.Points(tc.idx, tc.l); got != tc.want {
			t.Errorf("Points(%v, %v) = %q, want %q", tc.idx, tc.l, got, tc.want)
		}
	}
}

// Book Table 2.1 (Example 2.1), including its last row, in both editions.
func TestPrimalTable(t *testing.T) {
	x, y := dataset.Example21().XY()
	res, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		l      lang.Lang
		header []string
		none   string
	}{
		{lang.English, []string{"k", "misclassified", "w", "b", "w·x+b"}, "none"},
		{lang.Chinese, []string{"k", "误分类点", "w", "b", "w·x+b"}, "无"},
	} {
		h, rows := report.PrimalTable(res, tc.l)
		if !slices.Equal(h, tc.header) || len(rows) != 9 {
			t.Fatalf("%v: header %v, %d rows; want %v and 9 rows", tc.l, h, len(rows), tc.header)
		}
		want := [][]string{
			{"0", "", "(0, 0)", "0", "0"},
			{"1", "x1", "(3, 3)", "1", "3x⁽¹⁾ + 3x⁽²⁾ + 1"},
			{"2", "x3", "(2, 2)", "0", "2x⁽¹⁾ + 2x⁽²⁾"},
			{"4", "x3", "(0, 0)", "−2", "−2"},
			{"8", tc.none, "(1, 1)", "−3", "x⁽¹⁾ + x⁽²⁾ − 3"},
		}
		for i, r := range [][]string{rows[0], rows[1], rows[2], rows[4], rows[8]} {
			if !slices.Equal(r, want[i]) {
				t.Errorf("%v: row %q, want %q", tc.l, r, want[i])
			}
		}
	}
}

// Without the complete trace the table has no final row: it would claim a
// pass the trace does not hold.
func TestPrimalTableTruncated(t *testing.T) {
	x, y := dataset.Example21().XY()
	res, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	res.Trace = res.Trace[:3]
	if _, rows := report.PrimalTable(res, lang.English); len(rows) != 3 {
		t.Errorf("%d rows of a 3-step trace, want 3", len(rows))
	}
}

// Book Table 2.2 (Example 2.2), from the dual form and from the primal
// form, which records the same α.
func TestDualTable(t *testing.T) {
	x, y := dataset.Example21().XY()
	dual, err := perceptron.Dual{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	primal, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	want := [][]string{
		{"k", "0", "1", "2", "3", "4", "5", "6", "7"},
		{"误分类点", "", "x1", "x3", "x3", "x3", "x1", "x3", "x3"},
		{"α1", "0", "1", "1", "1", "1", "2", "2", "2"},
		{"α2", "0", "0", "0", "0", "0", "0", "0", "0"},
		{"α3", "0", "0", "1", "2", "3", "3", "4", "5"},
		{"b", "0", "1", "0", "−1", "−2", "−1", "−2", "−3"},
	}
	for name, run := range map[string]*perceptron.Run{"dual": &dual.Run, "primal": &primal.Run} {
		h, rows := report.DualTable(run, lang.Chinese)
		got := append([][]string{h}, rows...)
		if len(got) != len(want) {
			t.Fatalf("%s: %d rows, want %d", name, len(got), len(want))
		}
		for i := range want {
			if !slices.Equal(got[i], want[i]) {
				t.Errorf("%s: row %d: %q, want %q", name, i, got[i], want[i])
			}
		}
	}
}
