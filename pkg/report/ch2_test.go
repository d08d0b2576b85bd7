package report_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
	"github.com/marginnotes/marginnotes/pkg/report"
)

// book21 returns Example 2.1 and the book's run of Algorithm 2.1 on it
// (Table 2.1), recorded.
func book21(t *testing.T) (*perceptron.Result, []perceptron.Outcome) {
	t.Helper()
	x, y := dataset.Example21().XY()
	run, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	outcomes, err := perceptron.Enumeration{}.Outcomes(x, y)
	if err != nil {
		t.Fatal(err)
	}
	return run, outcomes
}

// The loss along Table 2.1 (book reference sheet: L = 0, 7, 4, 1, 4, 5, 2,
// 0), the two ways of computing it agree, and D = L/‖w‖ is 7/√18 at k = 1
// and undefined where w = 0 (k = 0 and 4).
func TestLossTable(t *testing.T) {
	x, y := dataset.Example21().XY()
	run, _ := book21(t)
	for _, l := range []lang.Lang{lang.English, lang.Chinese} {
		_, rows := report.LossTable(x, y, run.Trace, l)
		if len(rows) != 8 {
			t.Fatalf("%v: %d rows, want 8", l, len(rows))
		}
		var ls []string
		for _, r := range rows {
			ls = append(ls, r[5])
			if r[5] != r[6] {
				t.Errorf("%v: k = %s: L = %s but Σ[−yᵢ(w·xᵢ+b)]₊ = %s", l, r[0], r[5], r[6])
			}
		}
		if want := []string{"0", "7", "4", "1", "4", "5", "2", "0"}; !slices.Equal(ls, want) {
			t.Errorf("%v: L along Table 2.1 %v, want %v", l, ls, want)
		}
		undefined := l.Pick("undefined (w = 0)", "无定义（w = 0）")
		for _, c := range []struct {
			k    int
			want []string
		}{
			{0, []string{"0", "(0, 0)", "0", "x1, x2, x3", "3", "0", "0", undefined}},
			{1, []string{"1", "(3, 3)", "1", "x3", "1", "7", "7", "1.65"}}, // 7/√18
			{4, []string{"4", "(0, 0)", "−2", "x1, x2", "2", "4", "4", undefined}},
			{7, []string{"7", "(1, 1)", "−3", l.Pick("none", "无"), "0", "0", "0", "0"}},
		} {
			if !slices.Equal(rows[c.k], c.want) {
				t.Errorf("%v: row k = %d: %q, want %q", l, c.k, rows[c.k], c.want)
			}
		}
	}
}

// The four hyperplanes Algorithm 2.1 can end at on Example 2.1, with their
// count vectors and probabilities 1/2, 1/4, 1/8, 1/8 (notebook 02).
func TestOutcomes(t *testing.T) {
	_, outcomes := book21(t)
	h, rows := report.Outcomes(outcomes, lang.Chinese)
	if h[0] != "分离超平面" || h[1] != "n = (n1, n2, n3)" {
		t.Errorf("header %q", h)
	}
	want := [][]string{
		{"x⁽¹⁾ − 2 = 0", "(0, 1, 3)", "4", "2", "1/2", "x2, x3, x3, x3"},
		{"x⁽¹⁾ + x⁽²⁾ − 3 = 0", "(2, 0, 5)", "7", "2", "1/4", "x1, x3, x3, x3, x1, x3, x3"},
		{"2x⁽¹⁾ + x⁽²⁾ − 5 = 0", "(2, 1, 8)", "11", "2", "1/8", "x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3"},
		{"3x⁽¹⁾ + x⁽²⁾ − 5 = 0", "(1, 2, 8)", "11", "2", "1/8", "x1, x3, x3, x3, x2, x3, x3, x3, x2, x3, x3"},
	}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("row %d: %q, want %q", i, rows[i], want[i])
		}
	}
}

// Issue 10, 1.1: on x⁽¹⁾ − 2 = 0 (α = (0, 1, 3)) the point used once is the
// farthest and the point never used is as close as the one used three
// times; on the book's x⁽¹⁾ + x⁽²⁾ − 3 = 0 the distances are 3/√2, 4/√2,
// 1/√2 and the most-used point is the closest.
func TestOutcomeDistances(t *testing.T) {
	x, _ := dataset.Example21().XY()
	_, outcomes := book21(t)
	_, rows := report.OutcomeDistances(x, outcomes, lang.English)
	want := [][]string{
		{"x⁽¹⁾ − 2 = 0", "(0, 1, 3)", "1", "2", "1", "no"},
		{"x⁽¹⁾ + x⁽²⁾ − 3 = 0", "(2, 0, 5)", "2.121", "2.828", "0.7071", "yes"},
		{"2x⁽¹⁾ + x⁽²⁾ − 5 = 0", "(2, 1, 8)", "1.789", "2.683", "0.8944", "yes"},
		{"3x⁽¹⁾ + x⁽²⁾ − 5 = 0", "(1, 2, 8)", "2.214", "3.162", "0.3162", "no"},
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("row %d: %q, want %q", i, rows[i], want[i])
		}
	}
}

func TestMoreUsedCloser(t *testing.T) {
	for _, c := range []struct {
		n    []int
		d    []float64
		want bool
	}{
		{[]int{2, 0, 5}, []float64{2.1, 2.8, 0.7}, true},
		{[]int{0, 1, 3}, []float64{1, 2, 1}, false}, // x2 used more than x1 but farther
		{[]int{0, 3}, []float64{1, 1}, false},       // a tie is not closer
		{[]int{1, 1}, []float64{5, 1}, true},        // equal counts say nothing
	} {
		if got := report.MoreUsedCloser(c.n, c.d); got != c.want {
			t.Errorf("MoreUsedCloser(%v, %v) = %v, want %v", c.n, c.d, got, c.want)
		}
	}
}

// Table 2.2 is Table 2.1 in other coordinates: Σ αᵢyᵢxᵢ of every column of
// Table 2.2 is the w of the same row of Table 2.1.
func TestDualAsPrimal(t *testing.T) {
	x, y := dataset.Example21().XY()
	primal, _ := book21(t)
	dual, err := perceptron.Dual{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	_, rows := report.DualAsPrimal(x, y, dual, primal, lang.Chinese)
	if len(rows) != 8 {
		t.Fatalf("%d rows, want 8", len(rows))
	}
	for _, r := range rows {
		if r[6] != "是" {
			t.Errorf("row %q: not the same state", r)
		}
	}
	if want := []string{"4", "(1, 0, 3)", "(0, 0)", "−2", "(0, 0)", "−2", "是"}; !slices.Equal(rows[4], want) {
		t.Errorf("row k = 4: %q, want %q", rows[4], want)
	}
	// A run in another order is another run: the table says so.
	other, err := perceptron.Primal{Settings: perceptron.Settings{Sequence: []int{1, 0, 2}, Record: true}}.Fit(x, y)
	if err != nil {
		t.Fatal(err)
	}
	_, rows = report.DualAsPrimal(x, y, dual, other, lang.English)
	if rows[1][6] != "no" {
		t.Errorf("row k = 1 against the order x2, x1, x3: %q, want not the same", rows[1])
	}
}

// The hyperplanes Algorithm 2.1 can end at on Example 2.1 (notebook 02).
func ExampleOutcomes() {
	x, y := dataset.Example21().XY()
	outcomes, err := perceptron.Enumeration{}.Outcomes(x, y)
	if err != nil {
		panic(err)
	}
	header, rows := report.Outcomes(outcomes, lang.English)
	fmt.Println(header)
	for _, r := range rows {
		fmt.Println(r)
	}
	// Output:
	// [hyperplane n = (n1, n2, n3) updates k runs P (random choice) first run (in order)]
	// [x⁽¹⁾ − 2 = 0 (0, 1, 3) 4 2 1/2 x2, x3, x3, x3]
	// [x⁽¹⁾ + x⁽²⁾ − 3 = 0 (2, 0, 5) 7 2 1/4 x1, x3, x3, x3, x1, x3, x3]
	// [2x⁽¹⁾ + x⁽²⁾ − 5 = 0 (2, 1, 8) 11 2 1/8 x1, x3, x3, x3, x2, x3, x3, x3, x1, x3, x3]
	// [3x⁽¹⁾ + x⁽²⁾ − 5 = 0 (1, 2, 8) 11 2 1/8 x1, x3, x3, x3, x2, x3, x3, x3, x2, x3, x3]
}

func TestCounts(t *testing.T) {
	if got := report.Counts([]int{0, 1, 3}); got != "(0, 1, 3)" {
		t.Errorf("Counts = %q, want (0, 1, 3)", got)
	}
}

// Notebook 03's cost table: for N = 100, d = 1000 and 100 passes the primal
// form costs 12134000 multiply–adds, the dual form 7407400 (hand count:
// (E+U)d = (10000+2134)·1000; N(N+1)/2·d + E + U(N+d) = 5050000 + 10000 +
// 2134·1100).
func TestFormTable(t *testing.T) {
	ts := []*experiment.FormTiming{{N: 100, D: 1000, Examined: 10000, Updates: 2134,
		PrimalCost: experiment.PrimalCost(100, 1000, 10000, 2134), DualCost: experiment.DualCost(100, 1000, 10000, 2134)}}
	_, rows := report.FormTable(ts, lang.Chinese)
	if want := []string{"100", "1000", "10000", "2134", "12134000", "7407400", "0.61"}; !slices.Equal(rows[0], want) {
		t.Errorf("row %q, want %q", rows[0], want)
	}
}

// Notebook 3's cheapest ways of running the perceptron, from the runs of
// its sweep (E = 100N examinations; U as counted). Hand counts for N = 25,
// d = 1000, E = 2500, U = 735: G = 25·26/2·1000 = 325000; the book's check
// EN + U = 63235, with G 388235; running scores E + U(N+d) = 755875, with G
// 1080875; primal (E+U)d = 3235000. For N = 800, E = 80000, U = 21237:
// running scores 80000 + 21237·1800 = 38306600 against the book's check
// 80000·800 + 21237 = 64021237, and with G computed the primal form's
// 101237000 against 320400000 + … for both dual forms. For N = 100, d = 10:
// the primal form's (10000 + 2134)·10 = 121340 beats even G given.
func TestFormCheapest(t *testing.T) {
	ts := []*experiment.FormTiming{{N: 25, D: 1000, Examined: 2500, Updates: 735},
		{N: 800, D: 1000, Examined: 80000, Updates: 21237}, {N: 100, D: 10, Examined: 10000, Updates: 2134}}
	_, rows := report.FormCheapest(ts, lang.English)
	want := [][]string{
		{"25", "1000", "the book's check (388235)", "the book's check (63235)"},
		{"800", "1000", "primal form (101237000)", "running scores (38306600)"},
		{"100", "10", "primal form (121340)", "primal form (121340)"},
	}
	for i := range want {
		if !slices.Equal(rows[i], want[i]) {
			t.Errorf("row %q, want %q", rows[i], want[i])
		}
	}
	if c := report.FormCosts(ts[0]); c[report.FormScoresGivenG] != 755875 || c[report.FormScores] != 1080875 || c[report.FormPrimal] != 3235000 {
		t.Errorf("costs %v, want running scores 755875 (given G), 1080875, primal 3235000", c)
	}
}
