package gallery_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/gallery"
	"github.com/marginnotes/marginnotes/pkg/lang"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// The figures of notebook 08 and the files the command line writes for
// them.
func ExampleMatch() {
	entries, err := gallery.Match("08-*")
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range entries {
		fmt.Printf("%s.svg (notebooks/%s.ipynb)\n", e.Name, e.Notebook)
	}
	// Output:
	// 08-svm-dual-s-contour.svg (notebooks/08-svm-dual-example.ipynb)
	// 08-svm-dual-max-margin.svg (notebooks/08-svm-dual-example.ipynb)
}

// Build an entry and render it at its house size, as "marginnotes figures"
// does: the maximum-margin plane of Example 7.2 is drawn at the height that
// gives both axes one scale. (lang.Chinese builds the Chinese edition's,
// with the Chinese font installed.)
func ExampleEntry() {
	entries, err := gallery.Match("08-svm-dual-max-margin")
	if err != nil {
		log.Fatal(err)
	}
	e := entries[0]
	f, err := e.Build(lang.English)
	if err != nil {
		log.Fatal(err)
	}
	w, h := figures.Size(f)
	b, err := figures.Render(f, w, h, "png")
	if err != nil {
		log.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%s: %d pixels wide, %.4g inches\n", e.Name, img.Bounds().Dx(), float64(w)/72)
	// Output:
	// 08-svm-dual-max-margin: 780 pixels wide, 6.5 inches
}

// The breast-cancer split of notebook 12, shared by its cells and its
// figures.
func ExampleCancerSplit() {
	s := gallery.CancerSplit()
	n, d := s.Train.Dims()
	pos, neg := s.Train.Counts()
	fmt.Printf("training set %d×%d (%d malignant, %d benign), test set %d\n", n, d, pos, neg, len(s.Test.Y))
	// Output:
	// training set 398×30 (148 malignant, 250 benign), test set 171
}

// The mistake-bound experiment of notebook 04: no data set exceeds the
// bound of Theorem 2.1.
func ExampleMarginTrials() {
	trials, err := gallery.MarginTrials()
	if err != nil {
		log.Fatal(err)
	}
	worst := 0.0
	for _, t := range trials {
		worst = max(worst, float64(t.Mistakes)/t.Best.Bound)
	}
	fmt.Printf("%d data sets, largest mistakes/(R/γ)² %.4g\n", len(trials), worst)
	// Output:
	// 30 data sets, largest mistakes/(R/γ)² 0.3429
}

// A perceptron run as small multiples, one panel per step: the book's run
// on Example 2.1, Table 2.1. (The Chinese edition's panels, lang.Chinese,
// need the Chinese font, which a machine with only Go lacks.)
func ExamplePerceptronSteps() {
	x, y := dataset.Example21().XY()
	run, err := perceptron.Primal{Settings: perceptron.Settings{Record: true}}.Fit(x, y)
	if err != nil {
		log.Fatal(err)
	}
	g, err := gallery.PerceptronSteps(x, y, run.Trace, 4, lang.English)
	if err != nil {
		log.Fatal(err)
	}
	rows, cols := g.Dims()
	fmt.Printf("%d×%d panels\n", rows, cols)
	fmt.Println(g.Panels[1][3].Title.Text)
	// Output:
	// 2×4 panels
	// k = 7: x3 misclassified
	// w = (1, 1), b = −3
}

// Figure 7.6 with the losses of pkg/loss as functions of the functional
// margin z.
func ExampleFigure76() {
	p, err := gallery.Figure76(lang.English)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(p.X.Label.Text)
	fmt.Printf("z from %.4g to %.4g\n", p.X.Min, p.X.Max)
	// Output:
	// functional margin y(w·x + b)
	// z from -2 to 2
}
