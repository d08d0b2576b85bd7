package gallery

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"gonum.org/v1/plot"
)

// drawn returns the strings a figure draws at its house size.
func drawn(f figures.Figure) []string {
	w, h := figures.Size(f)
	var out []string
	for _, tx := range figtest.Texts(f, w, h) {
		out = append(out, tx.String)
	}
	return out
}

// Table 2.1's panels show each point with the weights it was examined
// under, then the update (book Table 2.1: x1 at w = 0, b = 0 gives
// w = (3, 3), b = 1; the run ends at w = (1, 1), b = −3).
func TestTable21Panels(t *testing.T) {
	for _, c := range []struct {
		l    lang.Lang
		want []string
	}{
		{lang.English, []string{"k = 1: x1 misclassified by", "w = (0, 0), b = 0", "→ w = (3, 3), b = 1",
			"k = 4: x3 misclassified by", "w = (1, 1), b = −1", "→ w = (0, 0), b = −2",
			"end: no point misclassified", "by w = (1, 1), b = −3",
			"examined under w, b (shaded)", "after the update"}},
		{lang.Chinese, []string{"k = 1：x1 被误分类", "在 w = (0, 0)，b = 0 下", "→ w = (3, 3)，b = 1",
			"结束：在 w = (1, 1)，b = −3 下", "没有误分类点"}},
	} {
		g, err := Table21Steps(c.l)
		if err != nil {
			testenv.MissingIf(t, err, figures.ErrFont) // the Chinese one, after the English
			t.Fatal(err)
		}
		got := drawn(g)
		for _, s := range c.want {
			if !slices.Contains(got, s) {
				t.Errorf("%v: %q not drawn", c.l, s)
			}
		}
	}
}

// With w = (1, 1), x2, x1 and x3 cross the line at b = −7, −6 and −2: |M|
// steps 2 → 1 → 0 → 1 there, while L runs 5, 1, 0, 0, 3 at b = −9, −7, −6,
// −2, 1 without a jump.
func TestMistakesAndLoss(t *testing.T) {
	p, err := MistakesAndLoss(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Min > -9 || p.X.Max < 1 || p.Y.Min > 0 || p.Y.Max < 5 {
		t.Errorf("axes [%g, %g] × [%g, %g] do not hold b ∈ [−9, 1] and L up to 5", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	got := drawn(p)
	for _, s := range []string{"|M|, number of misclassified points", "loss L(w, b)"} {
		if !slices.ContainsFunc(got, func(d string) bool { return strings.Contains(d, s) }) {
			t.Errorf("%q not drawn", s)
		}
	}
}

// The cost and time figures of notebook 03 name the ways of running the
// perceptron alike, and label every N and d of the sweep.
func TestFormFigureNames(t *testing.T) {
	ts, err := FormSweep(1)
	if err != nil {
		t.Fatal(err)
	}
	costs, err := FormCosts(ts, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	times, err := FormTimes(ts, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	c, tm := drawn(costs), drawn(times)
	for i, name := range formNames(lang.English) {
		if !slices.Contains(c, name) {
			t.Errorf("cost figure: %q not drawn", name)
		}
		if i < 3 && !slices.Contains(tm, name) {
			t.Errorf("time figure: %q not drawn", name)
		}
	}
	for _, tick := range []string{"25", "50", "100", "200", "400", "800", "10", "30", "300", "1000", "3000", "10⁵", "10⁶", "10⁷", "10⁸"} {
		if !slices.Contains(c, tick) {
			t.Errorf("cost figure: tick %q not labelled", tick)
		}
	}
}

func TestDecadeLabel(t *testing.T) {
	for e, want := range map[int]string{-2: "10⁻²", -1: "0.1", 0: "1", 3: "1000", 4: "10⁴", 12: "10¹²"} {
		if got := decadeLabel(e); got != want {
			t.Errorf("decadeLabel(%d) = %q, want %q", e, got, want)
		}
	}
}

// TestNotebook1Series checks that notebook 1's two line figures draw each
// quantity alike: figures.Lines styles a series by its place, so L(w, b)
// must come first and |M| second in both (they were swapped).
func TestNotebook1Series(t *testing.T) {
	for _, build := range []func(lang.Lang) (*plot.Plot, error){MistakesAndLoss, Table21Loss} {
		p, err := build(lang.English)
		if err != nil {
			t.Fatal(err)
		}
		var legend []string
		for _, s := range drawn(p) {
			if s == "loss L(w, b)" || s == "|M|, number of misclassified points" {
				legend = append(legend, s)
			}
		}
		if want := []string{"loss L(w, b)", "|M|, number of misclassified points"}; !slices.Equal(legend, want) {
			t.Errorf("%q: legend %q, want %q", p.Title.Text, legend, want)
		}
	}
}

// TestPerceptronSteps: the book's run on Example 2.1 as small multiples,
// one panel per row of Table 2.1, all showing the same square around the
// points and the origin, with one legend.
func TestPerceptronSteps(t *testing.T) {
	x, y := dataset.Example21().XY()
	run, err := Table21()
	if err != nil {
		t.Fatal(err)
	}
	g, err := PerceptronSteps(x, y, run.Trace, 4, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if r, c := g.Dims(); r != 2 || c != 4 {
		t.Fatalf("grid %d×%d, want 2×4", r, c)
	}
	wantTitles := []string{
		"k = 0: start\nw = (0, 0), b = 0",
		"k = 1: x1 misclassified\nw = (3, 3), b = 1",
		"k = 2: x3 misclassified\nw = (2, 2), b = 0",
		"k = 3: x3 misclassified\nw = (1, 1), b = −1",
		"k = 4: x3 misclassified\nw = (0, 0), b = −2",
		"k = 5: x1 misclassified\nw = (3, 3), b = −1",
		"k = 6: x3 misclassified\nw = (2, 2), b = −2",
		"k = 7: x3 misclassified\nw = (1, 1), b = −3",
	}
	first := g.Panels[0][0]
	for i, want := range wantTitles {
		p := g.Panels[i/4][i%4]
		if p.Title.Text != want {
			t.Errorf("panel %d title %q, want %q", i, p.Title.Text, want)
		}
		if p.X.Min != first.X.Min || p.X.Max != first.X.Max || p.Y.Min != first.Y.Min || p.Y.Max != first.Y.Max {
			t.Errorf("panel %d shows x %v…%v, y %v…%v; panel 0 x %v…%v, y %v…%v", i,
				p.X.Min, p.X.Max, p.Y.Min, p.Y.Max, first.X.Min, first.X.Max, first.Y.Min, first.Y.Max)
		}
	}
	// The view holds the points and the origin.
	if !(first.X.Min < 0 && first.Y.Min < 0 && first.X.Max > 4 && first.Y.Max > 3) {
		t.Errorf("view x %v…%v, y %v…%v misses the origin or a point", first.X.Min, first.X.Max, first.Y.Min, first.Y.Max)
	}
	want := []string{"positive (y = +1)", "negative (y = −1)", "w·x + b > 0", "w·x + b < 0", "misclassified, updated on", "hyperplane w·x + b = 0"}
	if g.Legend == nil || !slices.Equal(g.Legend.Names(), want) {
		t.Errorf("legend %q, want %q", g.Legend.Names(), want)
	}
	texts := drawn(g)
	for _, n := range want {
		if !slices.Contains(texts, n) {
			t.Errorf("legend entry %q not drawn", n)
		}
	}
	if zh := StepTitle(run.Trace[1], lang.Chinese); zh != "k = 1：误分类点 x1\nw = (3, 3)，b = 1" {
		t.Errorf("Chinese title %q", zh)
	}
	if _, err := PerceptronSteps(x, y, nil, 4, lang.English); !errors.Is(err, figures.ErrEmpty) {
		t.Errorf("no steps: got %v, want figures.ErrEmpty", err)
	}
}
