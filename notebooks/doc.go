// Package notebooks holds the project's GoNB notebooks: the Markdown sources
// in src/ and the notebooks generated from them (NN-name.ipynb, saved with
// their outputs). README.md in this directory describes the notebook
// template.
//
// Its tests check the notebooks: TestSources that every notebook matches its
// source, and TestNotebooks (skipped under -short) that every notebook runs
// headless in Jupyter without errors, shows its plots, prints its key
// numbers and prints exactly what the saved notebook shows.
package notebooks
