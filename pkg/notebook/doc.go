// Package notebook shows figures and Markdown in GoNB, the Go kernel for
// Jupyter. It is the only package of the module that imports gonbui, so the
// rest of the library runs anywhere, without Jupyter.
//
// [Show] renders a figure (a *plot.Plot or any figures.Figure) with
// figures.Render once as SVG and once as PNG and sends both in a single
// display_data message. Jupyter shows the SVG; the saved notebook keeps the
// PNG too, for GitHub's notebook viewer and for HTML exports (`make html`
// tells nbconvert to prefer the PNG, because nbconvert 6.5 to 7.2 strips the
// drawing from SVG outputs). [Markdown] and [Table] display Markdown; the
// notebooks render the perceptron's iteration tables (book Tables 2.1 and
// 2.2) with [Table].
//
// Outside a GoNB cell (a test, a command, `go run`), Show does nothing and
// Markdown and Table print their Markdown source to standard output, so code
// that calls them stays harmless and its output readable.
//
// The notebooks under notebooks/ use this package from their second cell;
// notebooks/README.md describes the notebook template.
package notebook
