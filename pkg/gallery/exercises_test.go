package gallery

import (
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// TestExerciseTitles checks the numbers the exercise figures state in their
// titles and legends against the solutions worked by hand in notebooks
// 13-exercises-ch2 and 14-exercises-ch7.
func TestExerciseTitles(t *testing.T) {
	xor, err := XORHulls(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	// Exercise 2.1: the certificate λ = (¼, ¼, ¼, ¼) gives the point (½, ½).
	if !strings.Contains(xor.Title.Text, "(1/2, 1/2)") {
		t.Errorf("XOR title %q, want the common point (1/2, 1/2)", xor.Title.Text)
	}
	// Exercise 2.3 on Example 2.1: hulls 2√2 apart, margin √2.
	h, err := Example21Hulls(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(h.Title.Text, "2.828 apart, margin 1.414") {
		t.Errorf("hull title %q, want 2√2 and √2", h.Title.Text)
	}
	// The two random sets: one separable, one not.
	a, b := HullPanelData()
	g, err := HullPanels(lang.English, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Panels) != 1 || len(g.Panels[0]) != 2 {
		t.Fatalf("hull panels %d rows, want one row of two", len(g.Panels))
	}
	if a, b := g.Panels[0][0].Title.Text, g.Panels[0][1].Title.Text; !strings.HasPrefix(a, "hulls disjoint") || !strings.HasPrefix(b, "hulls meet") {
		t.Errorf("hull panel titles %q, %q: want one separable set and one not", a, b)
	}
}

// TestSquaredSlackLegend checks that the figure of exercise 7.3, which draws
// the hinge and the squared-slack solutions, says in its legend whose
// support vectors it marks: the hinge solution's (issue 15 §5).
func TestSquaredSlackLegend(t *testing.T) {
	for l, want := range map[lang.Lang][]string{
		lang.English: {"support vector of the hinge solution, 0 < αᵢ < C", "support vector of the hinge solution, αᵢ = C"},
		lang.Chinese: {"合页损失解的支持向量，0 < αᵢ < C", "合页损失解的支持向量，αᵢ = C"},
	} {
		p, err := SquaredSlackPlane(l)
		if err != nil {
			testenv.MissingIf(t, err, figures.ErrFont)
			t.Fatal(err)
		}
		got := drawn(p)
		for _, s := range want {
			if !slices.Contains(got, s) {
				t.Errorf("%v: legend entry %q not drawn; texts %q", l, s, got)
			}
		}
	}
}

// TestHullLegends checks notebook 13's hull figures: a legend names the
// hulls and the mark where they meet, and the coordinates of that point
// are in the title, not in a label over the points (where they covered
// some).
func TestHullLegends(t *testing.T) {
	a, b := HullPanelData()
	panels, err := HullPanels(lang.English, a, b)
	if err != nil {
		t.Fatal(err)
	}
	xor, err := XORHulls(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f     figures.Figure
		title string
		label string // the coordinates, which no label may show alone
	}{
		{panels, "hulls meet at (−0.587, 0.0739)", "(−0.587, 0.0739)"},
		{xor, "Exercise 2.1: the convex hulls of XOR's classes meet at (1/2, 1/2)", "(1/2, 1/2)"},
	} {
		got := drawn(c.f)
		for _, want := range []string{c.title, "convex hull of the positive points", "convex hull of the negative points", "common point of the hulls (LP certificate)"} {
			if !slices.Contains(got, want) {
				t.Errorf("%q not drawn; drew %q", want, got)
			}
		}
		if slices.Contains(got, c.label) {
			t.Errorf("the coordinates %q are drawn as a label among the points", c.label)
		}
	}
	if got := drawn(panels); !slices.Contains(got, "separating line found by the LP") {
		t.Errorf("the LP's line is not named; drew %q", got)
	}
}
