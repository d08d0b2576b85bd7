#!/usr/bin/env bash
# test-e2e.sh — `make test-e2e`: the notebooks in a real browser.
#
# Installs Debian's Chromium when it is missing, makes sure the Jupyter setup
# and the HTML exports are there, then runs the Go browser test (e2e/), which
# starts `make notebook`, runs every notebook with Kernel → Restart & Run All
# in headless Chromium, and saves screenshots under build/e2e/.
#
# Environment: MARGINNOTES_E2E_CHROMIUM (browser, default /usr/bin/chromium),
# MARGINNOTES_E2E_NOTEBOOK_TIMEOUT (per notebook, default 10m),
# E2E_GO_TEST_FLAGS (extra flags for go test, e.g. "-run TestNotebooksInBrowser/00-smoke").
set -euo pipefail

cd "$(dirname "$0")/.."
chromium=${MARGINNOTES_E2E_CHROMIUM:-/usr/bin/chromium}

say() { printf 'test-e2e: %s\n' "$*" >&2; }

install_chromium() {
	if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
		say "no Chromium at $chromium."
		say "Install Debian's browser (sudo apt-get install chromium), or point"
		say "MARGINNOTES_E2E_CHROMIUM at a Chromium or Chrome binary, and run again."
		exit 1
	fi
	say "installing Debian's chromium"
	export DEBIAN_FRONTEND=noninteractive
	local apt=(apt-get -o DPkg::Lock::Timeout=600 -q)
	"${apt[@]}" install -y --no-install-recommends chromium ||
		{ "${apt[@]}" update && "${apt[@]}" install -y --no-install-recommends chromium; }
}

[ -x "$chromium" ] || install_chromium
"$chromium" --version 2>/dev/null | head -n 1 || true

# Jupyter, GoNB and the kernel registration (idempotent and quick when done).
make --no-print-directory setup

# The export check opens build/html/NAME.html: refresh the exports when a
# notebook is newer than its export, or an export is missing.
stale=
for nb in notebooks/*.ipynb; do
	[ -e "$nb" ] || continue
	html="build/html/$(basename "${nb%.ipynb}").html"
	if [ ! -f "$html" ] || [ "$nb" -nt "$html" ]; then
		stale=1
	fi
done
if [ -n "$stale" ]; then
	say "refreshing the HTML exports (make html)"
	make --no-print-directory html
fi

export MARGINNOTES_E2E=1
# shellcheck disable=SC2086 # E2E_GO_TEST_FLAGS is a list of flags
exec go test ./e2e -run . -v -count=1 -timeout 30m ${E2E_GO_TEST_FLAGS:-}
