package gallery

import (
	"path"

	"github.com/marginnotes/marginnotes/internal/errtext"
	"github.com/marginnotes/marginnotes/pkg/figures"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// Entry is one figure of the notebooks in the catalogue All: how to build
// it and under which stable name to save it. Its size is the house size of
// the figure it builds, figures.Size.
type Entry struct {
	// Name is the stable file name without extension: the notebook's
	// number, its topic and what the figure shows, such as
	// "02-primal-table21-steps". Names only use a–z, 0–9 and hyphens.
	Name string
	// Notebook is the notebook that shows the figure, without extension:
	// "02-primal-form" for notebooks/02-primal-form.ipynb.
	Notebook string
	// Title says in a line, in English, what the figure shows.
	Title string
	// Build computes the figure, its words in the language l, with the
	// builder and the data the notebook's cell uses.
	Build func(l lang.Lang) (figures.Figure, error)
}

// All returns the catalogue: every figure the notebooks show, in the order
// of the notebooks and of their cells. Figures whose content varies from run
// to run are left out (see the package documentation). Each call returns a
// new slice.
func All() []Entry {
	var all []Entry
	for _, part := range [][]Entry{
		distanceEntries(), primalEntries(), dualEntries(), novikoffEntries(), cauchySchwarzEntries(),
		maxMarginEntries(), dualityEntries(), svmDualEntries(), softMarginEntries(), ch7Entries(), kernelsEntries(), figure77Entries(), smoEntries(), realDataEntries(), exercises2Entries(), exercises7Entries(),
	} {
		all = append(all, part...)
	}
	return all
}

// slider is one slider of the notebooks: the sequences of frames of
// package notebook's Slider, built by the gallery function Name.
type slider struct {
	Name  string
	Build func(l lang.Lang) ([]figures.Sequence, error)
}

// sliders returns every slider the notebooks show, in the order of the
// notebooks.
func sliders() []slider {
	return []slider{
		{"PrimalFrames", PrimalFrames}, {"DualFrames", DualFrames},
		{"MarginFrames", MarginFrames}, {"SoftMarginFrames", SoftMarginFrames},
		{"SMOFrames", SMOFrames},
	}
}

// Match returns the entries of All whose Name matches pattern, a shell
// pattern in the syntax of path.Match ("09-*", "*-contour"), in catalogue
// order. It returns an error wrapping ErrPattern for a malformed pattern and
// ErrNoMatch when no entry matches.
func Match(pattern string) (_ []Entry, err error) {
	defer wrapErr("Match", &err)
	if _, err := path.Match(pattern, ""); err != nil {
		return nil, errtext.Errorf("%w %q: %v", ErrPattern, pattern, err)
	}
	var out []Entry
	for _, e := range All() {
		if ok, _ := path.Match(pattern, e.Name); ok {
			out = append(out, e)
		}
	}
	if len(out) == 0 {
		return nil, errtext.Errorf("%w %q", ErrNoMatch, pattern)
	}
	return out, nil
}

// entry makes an Entry from a builder that returns a concrete figure type
// (*plot.Plot or *figures.Grid), keeping a failed build's figure a nil
// interface.
func entry[F figures.Figure](name, notebook, title string, build func(lang.Lang) (F, error)) Entry {
	return Entry{
		Name: name, Notebook: notebook, Title: title,
		Build: func(l lang.Lang) (figures.Figure, error) {
			f, err := build(l)
			if err != nil {
				return nil, errtext.Errorf("gallery: %s: %w", name, err)
			}
			return f, nil
		},
	}
}
