// Package e2e tests the notebooks the way a reader uses them: in a real
// browser, through the command the README gives first.
//
// TestNotebooksInBrowser starts `make notebook` on a free port, drives
// Debian's headless Chromium with chromedp, opens every notebooks/*.ipynb in
// the classic Notebook 6.4 page, checks that the kernel is GoNB, clicks
// Kernel → Restart & Run All, waits until every cell has run and the kernel
// is idle, and fails on any error output, on a plot cell that shows no
// rendered image, and on figure labels that the browser draws past the
// figure's edge or on top of each other. It moves every slider of
// pkg/notebook through all its frames with the arrow keys, checks that the
// figure and the state change at each step and that the states listed in
// sliderStates show (the book's numbers), and fails when the median time
// from a key press to the painted frame exceeds 100 ms. It saves a
// full-page screenshot of each notebook, one of each plot output, and two
// states of each slider, under build/e2e/. Before the run it checks that
// the saved sliders show their figure (Jupyter trusts the notebooks that
// `make notebook` serves). It also opens the `make html` exports with
// sliders and the one with the most plots, each copied into an empty
// folder, and checks that they request no other file, render their figures
// and formulas, and that their sliders work.
//
// TestPDF checks the output of `make pdf` (make test-pdf sets
// MARGINNOTES_PDF=1): pages, embedded fonts, the key numbers as text, no raw
// LaTeX.
//
// The test is skipped unless MARGINNOTES_E2E=1; scripts/test-e2e.sh
// (`make test-e2e`) sets it, installs Chromium and fonts-liberation when they
// are missing and refreshes the HTML exports first. Optional variables:
//
//	MARGINNOTES_E2E_CHROMIUM          browser binary (default /usr/bin/chromium)
//	MARGINNOTES_E2E_NOTEBOOK_TIMEOUT  bound for one Restart & Run All (default 10m)
//	MARGINNOTES_E2E_OUT               screenshot folder (default build/e2e)
//	MARGINNOTES_E2E_NOTEBOOK_DIR      other notebooks to serve, to check the test itself
package e2e
