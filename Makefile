# Margin Notes. The two commands a reader needs:
#   make notebook   open the notebooks in Jupyter (installs what is missing first)
#   make test       static checks, unit tests and the headless notebook tests
# `make help` lists the rest.

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

# Tools built by scripts/setup.sh come first; Go from /usr/local/go is the
# fallback when no go is on PATH.
export PATH := $(CURDIR)/bin:$(PATH):/usr/local/go/bin
GO ?= go

# make notebook: the port Jupyter listens on.
PORT ?= 8888
export PORT

# make notebooks NB=03: regenerate and execute one notebook. NB is a
# notebook's number (3, 03), a prefix of its name (03-dual, 03-dual-form-gram)
# or a shell pattern (0[2-4]-*); the default is all of them. nb_glob turns
# it into the shell pattern of the names it means: 03 → 03*, 3 → 03-*,
# 03-dual → 03-dual*; a pattern stays as it is.
NB ?= [0-9][0-9]-*
nb_glob = $(if $(findstring *,$1)$(findstring ?,$1)$(findstring [,$1),$1,$(if $(filter 0 1 2 3 4 5 6 7 8 9,$1),0$1-*,$(basename $(notdir $1))*))
NBGLOB := $(call nb_glob,$(NB))

# make bench BENCH=Gram PKGS=./pkg/kernel
BENCH ?= .
PKGS ?= ./pkg/...

# make fuzz FUZZTIME=5m FUZZPKGS=./pkg/dataset: every Fuzz target of the
# packages, one after the other, for FUZZTIME each.
FUZZTIME ?= 60s
FUZZPKGS ?= ./...

NBCONVERT_EXEC := jupyter nbconvert --execute \
	--ExecutePreprocessor.kernel_name=gonb \
	--ExecutePreprocessor.timeout=600 \
	--ExecutePreprocessor.record_timing=False

.PHONY: help setup notebook test lint test-unit test-notebooks notebooks html pdf book site playground figures \
	bench compare fuzz test-docker test-e2e test-pdf test-site test-playground test-goonly clean distclean

# The targets that install what their tests need set MARGINNOTES_REQUIRE=1:
# a test that needs a program outside Go (Jupyter, Chromium, fonts, ...)
# then fails where it is missing, instead of skipping as it does under a
# plain `go test ./...` (internal/testenv). MARGINNOTES_REQUIRE=0 make test
# lets them skip.
test test-notebooks test-e2e test-pdf test-site test-playground: export MARGINNOTES_REQUIRE ?= 1

help:
	@echo 'make notebook        open the notebooks in Jupyter (PORT=$(PORT)); prints the URL with its token'
	@echo 'make test            setup, static checks (make lint), unit tests, notebook tests (headless)'
	@echo 'make setup           install Jupyter (Debian), build GoNB, gopls, goimports into bin/, register the gonb kernel'
	@echo 'make lint            gofmt, go vet, staticcheck, go mod tidy -diff, shellcheck (installs the last two)'
	@echo 'make test-unit       go test -short ./...'
	@echo 'make test-notebooks  only the headless notebook tests'
	@echo 'make notebooks       regenerate both editions (notebooks/, notebooks/zh/) from notebooks/src/*.md and execute them in place (NB=01, 01-distance or a pattern)'
	@echo 'make html            executed, self-contained HTML of both editions into build/html and build/html/zh (NB=01, 01-distance or a pattern)'
	@echo 'make pdf             every notebook of both editions as PDF into build/pdf and build/pdf/zh, from its HTML (NB=01, 01-distance or a pattern)'
	@echo 'make book            the notes as one PDF per edition: build/book/margin-notes.pdf, build/book/margin-notes-zh.pdf'
	@echo 'make site            both editions as one web site that opens offline from build/site/index.html (search, glossary, books)'
	@echo 'make playground      the playground page of both editions (WebAssembly), build/playground/playground.html and zh/'
	@echo 'make figures         every figure as SVG, PNG and PDF into build/figures (LANG=zh: Chinese, into build/figures/zh)'
	@echo 'make bench           Go benchmarks (BENCH=regexp PKGS=packages)'
	@echo 'make fuzz            every fuzz target for FUZZTIME=$(FUZZTIME) each (FUZZPKGS=packages)'
	@echo 'make compare         SMO vs LIBSVM svm-train and the perceptron vs scikit-learn, side by side'
	@echo 'make test-docker     build the Docker image and test it'
	@echo 'make test-e2e        drive the served notebooks of both editions in headless Chromium'
	@echo 'make test-pdf        make pdf and make book, then check every PDF of both editions and both books (pages, fonts, key numbers, no raw LaTeX, contents, outline)'
	@echo 'make test-site       make site, then walk it in headless Chromium from a copied folder (links, sliders, search, no request outside)'
	@echo 'make test-playground the playground page of both editions in headless Chromium (presets, clicks, exports, speed)'
	@echo 'make test-goonly     go test ./... in a Debian container with only Go installed (root; private dockerd)'
	@echo 'make clean           remove build/ (distclean: also the tools in bin/)'

setup:
	@scripts/setup.sh

notebook: setup
	@scripts/notebook.sh

# The static checks, unit and notebook tests all run, so one run reports
# every failure.
test: setup
	status=0; \
	$(MAKE) --no-print-directory lint || status=1; \
	scripts/need.sh libsvm-tools liblinear-tools || status=1; \
	$(GO) test -short ./... || status=1; \
	$(MAKE) --no-print-directory test-notebooks || status=1; \
	exit $$status

# gofmt, go vet, staticcheck, go mod tidy -diff and shellcheck (scripts/lint.sh).
lint:
	@scripts/setup.sh lint
	@scripts/lint.sh

test-unit:
	$(GO) test -short ./...

test-notebooks: setup
	$(GO) test -count=1 -v -timeout 60m -run 'TestSources|TestNotebooks' ./notebooks

# Executing a notebook replaces its language_info with GoNB's, which names
# no Pygments lexer: nbgen -keep-outputs then writes nbgen's metadata back,
# keeping the fresh outputs.
NB_SOURCES = $(notdir $(wildcard notebooks/src/$(NBGLOB).md))

notebooks: setup
	@test -n '$(NB_SOURCES)' || { echo 'no source notebooks/src/$(NBGLOB).md (NB=$(NB))' >&2; exit 1; }
	$(GO) run ./tools/nbgen -require-zh $(NB_SOURCES)
	for f in $(patsubst %.md,notebooks/%.ipynb,$(NB_SOURCES)) $(patsubst %.md,notebooks/zh/%.ipynb,$(NB_SOURCES)); do \
		[ ! -e "$$f" ] || echo "$$f"; done | \
		xargs -P 2 -I{} $(NBCONVERT_EXEC) --to notebook --inplace {}
	$(GO) run ./tools/nbgen -require-zh -keep-outputs $(NB_SOURCES)
	@# Generated and executed here: trusted, so make notebook shows their sliders.
	scripts/trust.sh files $$(for f in $(patsubst %.md,notebooks/%.ipynb,$(NB_SOURCES)) $(patsubst %.md,notebooks/zh/%.ipynb,$(NB_SOURCES)); do [ ! -e "$$f" ] || echo "$$f"; done)

# Self-contained HTML and PDF for study notes, in headless Chromium
# (scripts/export.sh, tools/export), of both editions (notebooks/ into
# build/html and build/pdf, notebooks/zh/ into their zh/ folders): math
# typeset, figures as vector graphics, sliders working, nothing loaded from
# elsewhere. make pdf exports only what is stale.
html: setup
	scripts/export.sh html '$(NBGLOB)'

pdf: setup
	scripts/export.sh pdf '$(NBGLOB)'

# The notes as one book per edition (scripts/export.sh book): every
# notebook, from its HTML export (made first where it is stale).
book: setup
	scripts/export.sh book

# The notes as a web site that opens offline from any folder (tools/site):
# build/site/index.html (English) and build/site/zh/index.html (Chinese),
# made from the HTML exports and the glossary's page, refreshed first
# where they are stale, and the book PDFs when make book has built them.
site: setup playground
	scripts/export.sh stale
	scripts/export.sh glossary
	$(GO) run ./tools/site

# The playground page of both editions (tools/playground): the library
# compiled to WebAssembly (cmd/playground-wasm), embedded in one HTML file
# per edition, build/playground/playground.html and zh/playground.html.
playground:
	$(GO) run ./tools/playground

# make playground, then the playground page of both editions in headless
# Chromium (e2e/playground_test.go); MARGINNOTES_E2E_SPEED=1 also fails on
# the issue's speed bounds.
test-playground: playground
	MARGINNOTES_E2E=1 $(GO) test ./e2e -run 'TestPlayground' -count=1 -v

# make site, then the site in headless Chromium (e2e/site_test.go).
test-site: site
	MARGINNOTES_SITE=1 $(GO) test ./e2e -run 'TestSite' -count=1 -v

# make figures LANG=zh writes the Chinese edition's figures into
# build/figures/zh. Only a LANG given on the command line counts: the
# locale's LANG in the environment does not change the figures.
FIGURES_LANG := $(if $(and $(filter command line,$(origin LANG)),$(filter zh%,$(LANG))),zh,en)
FIGURES_DIR := build/figures$(if $(filter zh,$(FIGURES_LANG)),/zh)

figures:
	$(GO) run ./cmd/marginnotes-figures --lang $(FIGURES_LANG) --out $(FIGURES_DIR) --format svg,png,pdf

bench:
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem -count=1 $(PKGS)

compare:
	bench/compare.sh

fuzz:
	for pkg in $$($(GO) list $(FUZZPKGS)); do \
		for f in $$($(GO) test -list '^Fuzz' "$$pkg" | grep '^Fuzz' || true); do \
			echo "fuzz: $$pkg $$f for $(FUZZTIME)"; \
			$(GO) test -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) "$$pkg" || exit 1; \
		done; \
	done

test-docker:
	scripts/test-docker.sh

test-e2e:
	scripts/test-e2e.sh

# go test ./... as a Go contributor runs it, on a machine with Go alone.
test-goonly:
	scripts/test-goonly.sh

# The PDFs of both editions and the two books, and the export of equation
# numbers, lists, code and Chinese text on a small notebook (tools/export's
# tests).
test-pdf: setup
	scripts/export.sh pdf
	scripts/export.sh book
	scripts/need.sh poppler-utils
	MARGINNOTES_PDF=1 $(GO) test ./e2e ./tools/export -run 'TestPDF|TestBook|TestHTMLExports|TestEquationNumbers|TestPrintLayout' -count=1 -v

clean:
	rm -rf build

distclean: clean
	rm -rf bin
