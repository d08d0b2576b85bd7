#!/usr/bin/env bash
# test-e2e.sh — `make test-e2e`: the notebooks of both editions in a real
# browser.
#
# Installs Debian's Chromium (and fonts-liberation, which it recommends, and
# fonts-wqy-microhei for the Chinese edition) when missing, makes sure the
# Jupyter setup and the HTML exports are there, then runs the Go browser
# test (e2e/), which starts `make notebook`, runs every notebook of
# notebooks/ and notebooks/zh/ with Kernel → Restart & Run All in headless
# Chromium, two at a time, and saves screenshots under build/e2e/ (the
# Chinese edition's under build/e2e/zh/).
#
# Environment: MARGINNOTES_E2E_CHROMIUM (browser, default /usr/bin/chromium),
# MARGINNOTES_E2E_NOTEBOOK_TIMEOUT (per notebook, default 10m),
# MARGINNOTES_E2E_TABS (notebooks run at once, default 2),
# MARGINNOTES_E2E_RUN (a regexp of the notebooks, named as zh/02-primal-form,
# that run with Restart & Run All; the others are opened and checked as
# saved; default all run), MN_EXPORT_SAVED=1 (export the saved outputs, see
# scripts/export.sh), E2E_GO_TEST_FLAGS (extra flags for go test, e.g.
# "-run TestNotebooksInBrowser/run/^zh/^02": go test splits -run at each
# slash, the names' too).
set -euo pipefail

cd "$(dirname "$0")/.."
chromium=${MARGINNOTES_E2E_CHROMIUM:-/usr/bin/chromium}

say() { printf 'test-e2e: %s\n' "$*" >&2; }

# The browser, and the fonts a plain `apt-get install chromium` brings with it
# (chromium-common recommends fonts-liberation): gonum's SVG figures name
# Liberation Serif, and with a wider fallback font their labels overflow;
# the Chinese edition's name WenQuanYi Micro Hei.
packages=(fonts-liberation fonts-wqy-microhei)
[ -x "$chromium" ] || packages+=(chromium)
scripts/need.sh "${packages[@]}"
"$chromium" --version 2>/dev/null | head -n 1 || true

# Jupyter, GoNB and the kernel registration (idempotent and quick when done).
make --no-print-directory setup

# The export checks open build/html/NAME.html: refresh the exports that are
# missing or older than their notebook. A failure here fails test-e2e, but
# the browser run still goes on: it tells which notebook breaks and how.
html_failed=
MARGINNOTES_CHROMIUM=$chromium scripts/export.sh stale || html_failed=1

# The playground page (e2e/playground_test.go opens it from build/playground).
make --no-print-directory playground

export MARGINNOTES_E2E=1
rc=0
# shellcheck disable=SC2086 # E2E_GO_TEST_FLAGS is a list of flags
go test ./e2e -run . -v -count=1 -timeout 60m ${E2E_GO_TEST_FLAGS:-} || rc=$?
if [ -n "$html_failed" ]; then
	say "the HTML export failed (see its output above)"
	rc=1
fi
exit "$rc"
