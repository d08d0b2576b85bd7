// Package notebook shows figures and Markdown in GoNB, the Go kernel for
// Jupyter. It is the only package of the module that imports gonbui, so the
// rest of the library runs anywhere, without Jupyter.
//
//	p, err := gallery.Example72Margin(lang.English)
//	w, h := figures.Size(p)
//	notebook.Show(p, w, h) // SVG and PNG in the cell
//	res, err := perceptron.Primal{}.Fit(x, y)
//	notebook.Table(report.PrimalTable(res, lang.English)) // a Markdown table: Table 2.1
//	seqs, err := gallery.PrimalFrames(lang.English)
//	notebook.Slider("k", seqs, w, h) // Table 2.1's run, frames to step through
//
// [Show] renders a figure (a *plot.Plot or any figures.Figure) with
// figures.Render once as SVG and once as PNG and sends both in a single
// display_data message. Jupyter and the HTML exports (`make html`) show the
// SVG; the saved notebook keeps the PNG too, for GitHub's notebook viewer.
// [Markdown] and [Table] display Markdown; the notebooks render the
// perceptron's iteration tables (book Tables 2.1 and 2.2) with [Table].
//
// [Slider] steps through a run or a sweep (figures.Sequence of
// figures.Frame): the algorithm's state k by k, the soft margin C by C. It
// renders every frame in Go and sends one HTML output that carries them,
// compressed, with a small script that swaps them as the reader moves the
// slider (arrow keys on the focused slider; each state in text, announced
// to screen readers). No kernel is involved, so the slider works the same
// in Jupyter after Run All, in the saved notebook, in the HTML export and
// offline; headless runs (nbconvert, `make test`) never wait on it. The same
// message carries the initial frame as SVG and PNG, an ordinary figure for
// front ends without HTML or JavaScript.
//
// [Save] writes a figure to a file next to the notebook, as SVG, PNG or PDF
// by the file's extension, at the house sizes of pkg/figures.
//
// Outside a GoNB cell (a test, a command, `go run`), Show does nothing, and
// Markdown, Table and Slider print their text to standard output (for a
// slider, the state of every frame), so code that calls them stays harmless
// and its output readable.
//
// The notebooks under notebooks/ use this package from their second cell;
// notebooks/README.md describes the notebook template.
package notebook
