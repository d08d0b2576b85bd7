package gallery

import (
	"slices"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
)

// rangeTol compares axis ranges computed in floating point.
const rangeTol = 1e-9

// drawnTexts draws f at w×h and returns the strings it draws, failing the
// test for a character that the font of its string has no glyph for.
func drawnTexts(t *testing.T, f figures.Figure, w, h vg.Length) []string {
	t.Helper()
	var out []string
	for _, tx := range figtest.Texts(f, w, h) {
		if len(tx.Missing) > 0 {
			t.Errorf("text %q: no glyph for %q", tx.String, tx.Missing)
		}
		out = append(out, tx.String)
	}
	return out
}

// checkLegendOutside fails unless every name is drawn, to the right of the
// data area of p drawn at w×h.
func checkLegendOutside(t *testing.T, p *plot.Plot, names []string, w, h vg.Length) {
	t.Helper()
	area := p.DataCanvas(draw.New(vgimg.New(w, h)))
	ts := figtest.Texts(p, w, h)
	for _, n := range names {
		i := slices.IndexFunc(ts, func(tx figtest.Text) bool { return tx.String == n })
		switch {
		case i < 0:
			t.Errorf("legend entry %q not drawn", n)
		case ts[i].At.X < area.Max.X:
			t.Errorf("legend entry %q at x = %v, inside the data area ending at %v", n, ts[i].At.X, area.Max.X)
		}
	}
}
