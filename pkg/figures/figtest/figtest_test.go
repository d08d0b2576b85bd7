package figtest_test

import (
	"math"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/figures/figtest"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

const tol = 1e-6

func TestTexts(t *testing.T) {
	p, err := figures.NewPlot(lang.Chinese)
	if err != nil {
		testenv.MissingIf(t, err, figures.ErrFont)
		t.Fatal(err)
	}
	p.Title.Text = "图 7.6"
	p.Y.Label.Text = "损失 loss"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	w, h := 4*vg.Inch, 3*vg.Inch
	byText := map[string]figtest.Text{}
	for _, tx := range figtest.Texts(p, w, h) {
		byText[tx.String] = tx
	}
	// Runs in two fonts are one text, its spaces kept.
	title, ok := byText["图 7.6"]
	if !ok {
		t.Fatalf("title not recorded as one text: %v", byText)
	}
	if len(title.Families) != 2 || title.Families[0] == title.Families[1] {
		t.Errorf("title families %v, want two", title.Families)
	}
	// The title is at the top, centred; the y label turned upright at the
	// left, taller than wide.
	if title.Box.Max.Y > h || h-title.Box.Max.Y > 3 || math.Abs(float64((title.Box.Min.X+title.Box.Max.X)/2-w/2)) > 1 {
		t.Errorf("title box %v, want at the top centre of %v×%v", title.Box, w, h)
	}
	ylab, ok := byText["损失 loss"]
	if !ok {
		t.Fatalf("y label not recorded: %v", byText)
	}
	if sz := ylab.Box.Size(); !(sz.Y > 2*sz.X) || ylab.Box.Min.X < 0 || ylab.Box.Max.X > w/8 {
		t.Errorf("y label box %v, want upright at the left", ylab.Box)
	}
	for _, tx := range byText {
		if len(tx.Missing) > 0 {
			t.Errorf("%q: missing %q", tx.String, tx.Missing)
		}
	}
}

func TestMissing(t *testing.T) {
	// gonum's default font has no Chinese: the glyphs are missing.
	p := plot.New()
	p.Title.Text = "损失 z"
	ts := figtest.Texts(p, 3*vg.Inch, 2*vg.Inch)
	if len(ts) == 0 || string(ts[0].Missing) != "损失" {
		t.Errorf("texts %+v, want 损失 missing", ts)
	}
}

func TestOverlaps(t *testing.T) {
	box := func(x0, y0, x1, y1 vg.Length) figtest.Text {
		return figtest.Text{Box: vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x1, Y: y1}}}
	}
	ts := []figtest.Text{box(0, 0, 10, 10), box(9, 9, 20, 20), box(10, 0, 20, 5), box(30, 30, 40, 40)}
	got := figtest.Overlaps(ts, tol)
	if len(got) != 1 || got[0] != [2]int{0, 1} {
		t.Errorf("overlaps %v, want only the first two (the third only touches)", got)
	}
	if !figtest.Inside(ts[0].Box, 10, 10, tol) || figtest.Inside(ts[1].Box, 10, 10, tol) {
		t.Error("Inside wrong")
	}
	if !figtest.HasHan("x⁽¹⁾ 正例") || figtest.HasHan("αᵢ ≥ 0") {
		t.Error("HasHan wrong")
	}
}

// A grid's texts include its title and shared legend.
func TestGridTexts(t *testing.T) {
	p, err := figures.NewPlot(lang.English)
	if err != nil {
		t.Fatal(err)
	}
	p.Title.Text = "panel"
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	g := figures.NewGrid("grid", 1, p)
	found := map[string]bool{}
	for _, tx := range figtest.Texts(g, 4*vg.Inch, 3*vg.Inch) {
		found[tx.String] = true
	}
	if !found["grid"] || !found["panel"] {
		t.Errorf("texts %v, want grid and panel titles", found)
	}
}
