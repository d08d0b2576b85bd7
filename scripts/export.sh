#!/usr/bin/env bash
# export.sh — the notebooks as self-contained HTML (`make html`) and as PDF
# (`make pdf`), for study notes.
#
#   scripts/export.sh html [PATTERN]   HTML of the notebooks matching PATTERN (a shell
#                                      pattern, default all): build/html/NAME.html
#   scripts/export.sh pdf [PATTERN]    HTML first where it is missing or older than its
#                                      notebook, then build/pdf/NAME.pdf
#   scripts/export.sh stale            only the HTML that is missing or older than its
#                                      notebook (scripts/test-e2e.sh)
#
# HTML: `jupyter nbconvert --execute --to html` with the template
# tools/export/nbconvert/marginnotes (figures as inline SVG; MathJax from
# Debian's libjs-mathjax, SVG output) writes build/nbconvert/NAME.html; then
# tools/export opens it in headless Chromium, waits for MathJax, removes every
# script that loads a file and writes build/html/NAME.html, which holds its
# math, figures and sliders and opens offline from any folder.
# PDF: tools/export prints build/html/NAME.html on A4, with page numbers and an
# outline of the headings; fonts are embedded, figures and formulas stay
# vector graphics.
#
# It installs what is missing (as root): chromium, fonts-liberation (the
# figures' fonts), fonts-wqy-microhei (Chinese), libjs-mathjax.
# Environment: MARGINNOTES_CHROMIUM (the browser, default /usr/bin/chromium).
set -euo pipefail

cd "$(dirname "$0")/.."
export PATH=$PWD/bin:$PATH:/usr/local/go/bin
mode=${1:-}
pattern=${2:-[0-9][0-9]-*}

say() { printf 'export: %s\n' "$*" >&2; }

packages=(fonts-liberation fonts-wqy-microhei libjs-mathjax)
[ -x "${MARGINNOTES_CHROMIUM:-/usr/bin/chromium}" ] || packages+=(chromium)
scripts/need.sh "${packages[@]}"

# notebooks lists the notebooks matching the pattern; with "stale", only
# those whose HTML export is missing or older than the notebook.
notebooks() {
	local nb
	for nb in notebooks/$pattern.ipynb; do
		[ -e "$nb" ] || continue
		if [ "${1:-}" = stale ]; then
			local html
			html="build/html/$(basename "${nb%.ipynb}").html"
			[ -f "$html" ] && [ ! "$nb" -nt "$html" ] && continue
		fi
		printf '%s\n' "$nb"
	done
}

# html NOTEBOOK...: execute and export, then make self-contained.
html() {
	[ "$#" -gt 0 ] || return 0
	mkdir -p build/nbconvert build/html
	# nbconvert ranks an output's representations by this list: the sliders'
	# HTML, Markdown, then figures as SVG (the template keeps their drawing).
	local priority="['text/html','text/markdown','image/svg+xml','image/png','image/jpeg','text/latex','text/plain']"
	printf '%s\n' "$@" | xargs -P 2 -I{} jupyter nbconvert --execute \
		--ExecutePreprocessor.kernel_name=gonb \
		--ExecutePreprocessor.timeout=600 \
		--ExecutePreprocessor.record_timing=False \
		--to html --template marginnotes \
		--TemplateExporter.extra_template_basedirs=tools/export/nbconvert \
		--HTMLExporter.mathjax_url='file:///usr/share/javascript/mathjax/MathJax.js?config=TeX-AMS-MML_SVG-full,Safe' \
		--NbConvertBase.display_data_priority="$priority" \
		--output-dir build/nbconvert {}
	local raw=()
	for nb in "$@"; do raw+=("build/nbconvert/$(basename "${nb%.ipynb}").html"); done
	go run ./tools/export -html build/html "${raw[@]}"
}

case $mode in
html)
	mapfile -t nbs < <(notebooks)
	[ "${#nbs[@]}" -gt 0 ] || { say "no notebook matches notebooks/$pattern.ipynb"; exit 1; }
	html "${nbs[@]}"
	;;
stale)
	mapfile -t nbs < <(notebooks stale)
	[ "${#nbs[@]}" -eq 0 ] || say "refreshing the HTML of ${#nbs[@]} notebooks"
	html "${nbs[@]}"
	;;
pdf)
	mapfile -t nbs < <(notebooks)
	[ "${#nbs[@]}" -gt 0 ] || { say "no notebook matches notebooks/$pattern.ipynb"; exit 1; }
	mapfile -t stale < <(notebooks stale)
	html "${stale[@]}"
	pages=()
	for nb in "${nbs[@]}"; do pages+=("build/html/$(basename "${nb%.ipynb}").html"); done
	# The self-contained pages, printed as they are.
	go run ./tools/export -pdf build/pdf "${pages[@]}"
	;;
*)
	sed -n '2,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
