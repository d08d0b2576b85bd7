package gallery

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

func TestQuadratics(t *testing.T) {
	// a = (1, 2, 3): A = 14. b = 2a is collinear: B = 28, C = 56, minimum 0
	// at x = −2. b = (3, 1, 2): B = 11, C = 14, minimum 14 − 121/14 = 5.357.
	qs := []quadratic{{"collinear", 14, 28, 56}, {"not collinear", 14, 11, 14}}
	p, err := drawQuadratics(qs, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	// The minima as the book would write them: 75/14 at x = −11/14.
	want := []string{"collinear\nminimum 0 at x = −2", "not collinear\nminimum 75/14 at x = −11/14", "y = 0"}
	ts := drawnTexts(t, p, figures.Width, figures.Height)
	for _, n := range want {
		// The legend draws a two-line entry line by line.
		for _, line := range strings.Split(n, "\n") {
			if !slices.Contains(ts, line) {
				t.Errorf("legend line %q not drawn", line)
			}
		}
	}
	if !(p.X.Min < -2 && p.X.Max > -11.0/14 && p.Y.Min < 0 && p.Y.Max > 5.357) {
		t.Errorf("range [%v, %v]×[%v, %v] misses a minimum", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
	// Notebook 05's quadratics, a = (1, 2, 3) with b = (4, 5, 6),
	// (−1, −2, −2.5) and −2a: the y axis runs from about −8 to 95 and is
	// labelled often enough to read values off it (steps of 50 gave two
	// labels).
	nb, err := drawQuadratics([]quadratic{{"", 14, 32, 77}, {"", 14, -12.5, 11.25}, {"", 14, -28, 56}}, lang.English)
	if err != nil {
		t.Fatal(err)
	}
	labelled := 0
	for _, tk := range nb.Y.Tick.Marker.Ticks(nb.Y.Min, nb.Y.Max) {
		if tk.Label != "" {
			labelled++
		}
	}
	if labelled < 4 {
		t.Errorf("%d labelled y ticks on [%v, %v], want at least 4", labelled, nb.Y.Min, nb.Y.Max)
	}
	if _, err := drawQuadratics([]quadratic{{"a = 0", 0, 0, 1}}, lang.English); !errors.Is(err, figures.ErrNotPositive) {
		t.Errorf("A = 0: got %v, want ErrNotPositive", err)
	}
	if _, err := drawQuadratics(nil, lang.English); !errors.Is(err, figures.ErrEmpty) {
		t.Errorf("none: got %v, want ErrEmpty", err)
	}
}
