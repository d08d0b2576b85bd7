#!/usr/bin/env bash
# export.sh — the notebooks of both editions as self-contained HTML (`make
# html`) and as PDF (`make pdf`), for study notes.
#
#   scripts/export.sh html [PATTERN]   HTML of the notebooks matching PATTERN (a shell
#                                      pattern, default all), in both editions:
#                                      build/html/NAME.html, build/html/zh/NAME.html
#   scripts/export.sh pdf [PATTERN]    HTML first where it is stale, then the PDFs that
#                                      are stale: build/pdf/NAME.pdf, build/pdf/zh/NAME.pdf
#   scripts/export.sh stale            only the HTML that is stale (scripts/test-e2e.sh)
#   scripts/export.sh book             the HTML of every notebook where it is stale, then
#                                      one book per edition: build/book/margin-notes.pdf,
#                                      build/book/margin-notes-zh.pdf (and their .html)
#   scripts/export.sh glossary         notebooks/glossary.md as build/html/glossary.html,
#                                      when stale (make site)
#
# The editions are notebooks/*.ipynb (English) and notebooks/zh/*.ipynb
# (Chinese): every notebook in either folder is exported. An export is stale
# when it is missing, older than what it is made from (the notebook; the HTML
# for a PDF), or older than this script or any file of tools/export that
# makes exports.
#
# HTML: `jupyter nbconvert --execute` with the exporter
# tools/export/nbconvert/marginnotes_html.py (ordered lists keep their
# numbers, code highlighted as Go) and the template
# tools/export/nbconvert/marginnotes (the setup cell left out; figures as
# inline SVG; MathJax from Debian's libjs-mathjax, SVG output) writes
# build/nbconvert/[zh/]NAME.html;
# then tools/export opens it in headless Chromium, waits for MathJax, sets
# equation numbers (\tag) as text beside their formula, removes every script
# that loads a file and writes build/html/[zh/]NAME.html, which holds its
# math, figures and sliders and opens offline from any folder.
# PDF: tools/export prints build/html/[zh/]NAME.html on A4, with page numbers
# and an outline of the headings; fonts are embedded (WenQuanYi Micro Hei for
# Chinese), figures and formulas stay vector graphics.
# Book: tools/export writes each edition's glossary (notebooks/glossary.md)
# as a notebook, exports it as above (build/book/[zh/]glossary.html), and
# lays out the pages of every notebook of the edition and the glossary as
# one book, printed twice to fill in its contents' page numbers (it reads
# the PDF's outline with poppler's pdftohtml).
#
# It installs what is missing (as root): chromium, fonts-liberation (the
# figures' fonts), fonts-wqy-microhei (Chinese), libjs-mathjax.
# Environment: MARGINNOTES_CHROMIUM (the browser, default /usr/bin/chromium);
# MN_EXPORT_SAVED=1 exports the notebooks' saved outputs without executing
# them again (CI, after `make test` has checked them against a fresh run).
set -euo pipefail

cd "$(dirname "$0")/.."
export PATH=$PWD/bin:$PATH:/usr/local/go/bin
mode=${1:-}
pattern=${2:-[0-9][0-9]-*}
editions=("" zh) # subfolders of notebooks/, build/html/ and build/pdf/

say() { printf 'export: %s\n' "$*" >&2; }

packages=(fonts-liberation fonts-wqy-microhei libjs-mathjax)
[ -x "${MARGINNOTES_CHROMIUM:-/usr/bin/chromium}" ] || packages+=(chromium)
scripts/need.sh "${packages[@]}"

# The newest file of the exporter (and of internal/cjk, its rules of line
# breaking): exports older than it are stale. Tests and the book's own
# files (book.go, glossary.go) make no export.
tools=$(find scripts/export.sh tools/export internal/cjk -type f ! -name '*_test.go' ! -name 'book.go' ! -name 'glossary.go' -printf '%T@ %p\n' |
	sort -n | tail -n 1 | cut -d' ' -f2-)

# fresh OUT IN: OUT exists and is newer than IN and than the exporter.
fresh() { [ -f "$1" ] && [ ! "$2" -nt "$1" ] && [ ! "$tools" -nt "$1" ]; }

# out DIR NOTEBOOK EXT: the export of NOTEBOOK (notebooks/[zh/]NAME.ipynb)
# under DIR, in the notebook's edition: DIR/[zh/]NAME.EXT.
out() {
	local rel=${2#notebooks/}
	printf '%s/%s.%s\n' "$1" "${rel%.ipynb}" "$3"
}

# notebooks [stale|stale-pdf] lists the notebooks of both editions that
# match the pattern; with "stale", those whose HTML is stale; with
# "stale-pdf", those whose PDF is stale.
notebooks() {
	local ed nb
	for ed in "${editions[@]}"; do
		for nb in notebooks${ed:+/$ed}/$pattern.ipynb; do
			[ -e "$nb" ] || continue
			case ${1:-} in
			stale) fresh "$(out build/html "$nb" html)" "$nb" && continue ;;
			stale-pdf) fresh "$(out build/pdf "$nb" pdf)" "$(out build/html "$nb" html)" && continue ;;
			esac
			printf '%s\n' "$nb"
		done
	done
}

# nbconvert NOTEBOOK OUTDIR [saved]: nbconvert's HTML export of one
# notebook, executed unless MN_EXPORT_SAVED=1 or "saved" is given; its log
# (the kernel's included) goes to OUTDIR/NAME.log, shown on a failure.
nbconvert() {
	# nbconvert ranks an output's representations by this list: the sliders'
	# HTML, Markdown, then figures as SVG (the template keeps their drawing).
	local priority=() mime
	for mime in text/html text/markdown image/svg+xml image/png image/jpeg text/latex text/plain; do
		priority+=(--NbConvertBase.display_data_priority="$mime")
	done
	local execute=(--execute
		--ExecutePreprocessor.kernel_name=gonb
		--ExecutePreprocessor.timeout=600
		--ExecutePreprocessor.record_timing=False)
	[ "${MN_EXPORT_SAVED:-}" != 1 ] && [ "${3:-}" != saved ] || execute=()
	local log
	log=$2/$(basename "${1%.ipynb}").log
	PYTHONPATH=tools/export/nbconvert${PYTHONPATH:+:$PYTHONPATH} jupyter nbconvert "${execute[@]}" \
		--to marginnotes_html.HTMLExporter --template marginnotes \
		--TemplateExporter.extra_template_basedirs=tools/export/nbconvert \
		--HTMLExporter.mathjax_url='file:///usr/share/javascript/mathjax/MathJax.js?config=TeX-AMS-MML_SVG-full,Safe' \
		"${priority[@]}" \
		--output-dir "$2" "$1" >"$log" 2>&1 && return
	printf 'export: jupyter nbconvert %s failed; the end of %s:\n' "$1" "$log" >&2
	tail -n 40 "$log" >&2
	return 1
}
export -f nbconvert

# html NOTEBOOK...: export (two at a time), then make self-contained, each
# edition into its own folder.
html() {
	[ "$#" -gt 0 ] || return 0
	[ "${MN_EXPORT_SAVED:-}" != 1 ] || say "the saved outputs, not executed again (MN_EXPORT_SAVED=1)"
	local nb
	# shellcheck disable=SC2016 # the child shell expands $1 and $2
	for nb in "$@"; do
		printf '%s\0%s\0' "$nb" "$(dirname "$(out build/nbconvert "$nb" html)")"
	done | xargs -0 -n 2 -P 2 bash -c 'mkdir -p "$2" && nbconvert "$1" "$2"' nbconvert
	local ed raw
	for ed in "${editions[@]}"; do
		raw=()
		for nb in "$@"; do
			[ "$(dirname "$nb")" = "notebooks${ed:+/$ed}" ] && raw+=("$(out build/nbconvert "$nb" html)")
		done
		[ "${#raw[@]}" -eq 0 ] || go run ./tools/export -html "build/html${ed:+/$ed}" "${raw[@]}"
	done
}

# pdf NOTEBOOK...: print the self-contained pages, each edition into its
# own folder.
pdf() {
	[ "$#" -gt 0 ] || return 0
	local ed nb pages
	for ed in "${editions[@]}"; do
		pages=()
		for nb in "$@"; do
			[ "$(dirname "$nb")" = "notebooks${ed:+/$ed}" ] && pages+=("$(out build/html "$nb" html)")
		done
		[ "${#pages[@]}" -eq 0 ] || go run ./tools/export -pdf "build/pdf${ed:+/$ed}" "${pages[@]}"
	done
}

# book_edition ED: the book of edition ED ("" or zh), from the HTML of its
# notebooks (all of them, whatever the pattern) and its glossary.
book_edition() {
	local ed=$1 dir nb pages=()
	dir=build/book${ed:+/$ed}
	mkdir -p "$dir/nbconvert"
	go run ./tools/export -glossary notebooks/glossary.md -edition "${ed:-en}" -o "$dir/glossary.ipynb"
	nbconvert "$dir/glossary.ipynb" "$dir/nbconvert" saved
	go run ./tools/export -html "$dir" "$dir/nbconvert/glossary.html"
	for nb in "notebooks${ed:+/$ed}"/[0-9][0-9]-*.ipynb; do
		[ ! -e "$nb" ] || pages+=("$(out build/html "$nb" html)")
	done
	go run ./tools/export -book "build/book/margin-notes${ed:+-$ed}.pdf" -edition "${ed:-en}" \
		-appendix "$dir/glossary.html" "${pages[@]}"
}

# book: the books of both editions, side by side (printing a book keeps
# about one core busy).
book() {
	scripts/need.sh poppler-utils
	local ed pid pids=() status=0
	for ed in "${editions[@]}"; do
		book_edition "$ed" &
		pids+=("$!")
	done
	for pid in "${pids[@]}"; do
		wait "$pid" || status=1
	done
	return "$status"
}

# glossary: notebooks/glossary.md as a self-contained page, made as the
# notebooks' are (its formulas typeset, its look theirs): a notebook of one
# Markdown cell, build/nbconvert/glossary.ipynb, exported by nbconvert and
# tools/export to build/html/glossary.html. Its links stay as written.
glossary() {
	local md=notebooks/glossary.md page=build/html/glossary.html
	fresh "$page" "$md" && return
	mkdir -p build/nbconvert
	python3 -c 'import json, sys
cell = {"cell_type": "markdown", "metadata": {}, "source": open(sys.argv[1], encoding="utf-8").read()}
json.dump({"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 4}, open(sys.argv[2], "w", encoding="utf-8"), ensure_ascii=False)' \
		"$md" build/nbconvert/glossary.ipynb
	MN_EXPORT_SAVED=1 nbconvert build/nbconvert/glossary.ipynb build/nbconvert
	go run ./tools/export -html build/html build/nbconvert/glossary.html
}

case $mode in
glossary)
	glossary
	;;
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
	mapfile -t stale < <(notebooks stale-pdf)
	[ "${#stale[@]}" -eq "${#nbs[@]}" ] || say "$((${#nbs[@]} - ${#stale[@]})) PDFs are up to date"
	pdf "${stale[@]}"
	;;
book)
	pattern='[0-9][0-9]-*'
	mapfile -t nbs < <(notebooks)
	[ "${#nbs[@]}" -gt 0 ] || { say "no notebook in notebooks/"; exit 1; }
	mapfile -t stale < <(notebooks stale)
	html "${stale[@]}"
	book
	;;
*)
	sed -n '2,/^set /p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
