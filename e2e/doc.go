// Package e2e tests the notebooks the way a reader uses them: in a real
// browser, through the command the README gives first.
//
// TestNotebooksInBrowser starts `make notebook` on a free port, drives
// Debian's headless Chromium with chromedp, opens every notebooks/*.ipynb in
// the classic Notebook 6.4 page, checks that the kernel is GoNB, clicks
// Kernel → Restart & Run All, waits until every cell has run and the kernel
// is idle, and fails on any error output, on a plot cell that shows no
// rendered image, and on figure labels that the browser draws past the
// figure's edge or on top of each other. It saves a full-page screenshot of
// each notebook, and one of each plot output, under build/e2e/. It also
// opens the `make html` export with the most plots and checks that they
// render there.
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
