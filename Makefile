# Margin Notes. The two commands a reader needs:
#   make notebook   open the notebooks in Jupyter (installs what is missing first)
#   make test       vet, unit tests and the headless notebook tests
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

# make notebooks NB=03-dual-form-gram: regenerate and execute one notebook
# (a shell pattern; default all).
NB ?= [0-9][0-9]-*

# make bench BENCH=Gram PKGS=./pkg/kernel
BENCH ?= .
PKGS ?= ./pkg/...

NBCONVERT_EXEC := jupyter nbconvert --execute \
	--ExecutePreprocessor.kernel_name=gonb \
	--ExecutePreprocessor.timeout=600 \
	--ExecutePreprocessor.record_timing=False

.PHONY: help setup notebook test test-unit test-notebooks notebooks html pdf figures \
	bench compare test-docker test-e2e test-pdf clean distclean

help:
	@echo 'make notebook        open the notebooks in Jupyter (PORT=$(PORT)); prints the URL with its token'
	@echo 'make test            setup, go vet, unit tests, notebook tests (headless)'
	@echo 'make setup           install Jupyter (Debian), build GoNB, gopls, goimports into bin/, register the gonb kernel'
	@echo 'make test-unit       go test -short ./...'
	@echo 'make test-notebooks  only the headless notebook tests'
	@echo 'make notebooks       regenerate notebooks/*.ipynb from notebooks/src/*.md and execute them in place (NB=pattern)'
	@echo 'make html            executed, self-contained HTML exports into build/html (NB=pattern)'
	@echo 'make pdf             every notebook as PDF into build/pdf, from its HTML export (NB=pattern)'
	@echo 'make figures         every figure as SVG, PNG and PDF into build/figures'
	@echo 'make bench           Go benchmarks (BENCH=regexp PKGS=packages)'
	@echo 'make compare         SMO vs LIBSVM svm-train and the perceptron vs scikit-learn, side by side'
	@echo 'make test-docker     build the Docker image and test it'
	@echo 'make test-e2e        drive the served notebooks in headless Chromium'
	@echo 'make test-pdf        make pdf, then check every PDF (pages, fonts, key numbers, no raw LaTeX)'
	@echo 'make clean           remove build/ (distclean: also the tools in bin/)'

setup:
	@scripts/setup.sh

notebook: setup
	@scripts/notebook.sh

# Unit and notebook tests both run, so one run reports every failure. The
# perceptron runs twice: with its AVX2 kernels and with the portable ones.
test: setup
	$(GO) vet ./...
	status=0; \
	$(GO) test -short ./... || status=1; \
	$(GO) test -short -tags purego ./pkg/perceptron || status=1; \
	$(MAKE) --no-print-directory test-notebooks || status=1; \
	exit $$status

test-unit:
	$(GO) test -short ./...

test-notebooks: setup
	$(GO) test -count=1 -v -timeout 60m -run 'TestSources|TestNotebooks' ./notebooks

notebooks: setup
	@test -n '$(wildcard notebooks/src/$(NB).md)' || { echo 'no source notebooks/src/$(NB).md' >&2; exit 1; }
	$(GO) run ./tools/nbgen $(notdir $(wildcard notebooks/src/$(NB).md))
	printf '%s\n' notebooks/$(NB).ipynb | xargs -P 2 -I{} \
		$(NBCONVERT_EXEC) --to notebook --inplace {}

# Self-contained HTML and PDF for study notes, in headless Chromium
# (scripts/export.sh, tools/export): math typeset, figures as vector
# graphics, sliders working, nothing loaded from elsewhere.
html: setup
	scripts/export.sh html '$(NB)'

pdf: setup
	scripts/export.sh pdf '$(NB)'

figures:
	$(GO) run ./cmd/marginnotes figures --out build/figures --format svg,png,pdf

bench:
	$(GO) test -run '^$$' -bench '$(BENCH)' -benchmem -count=1 $(PKGS)

compare:
	bench/compare.sh

test-docker:
	scripts/test-docker.sh

test-e2e:
	scripts/test-e2e.sh

test-pdf: setup
	scripts/export.sh pdf
	scripts/need.sh poppler-utils
	MARGINNOTES_PDF=1 $(GO) test ./e2e -run TestPDF -count=1 -v

clean:
	rm -rf build

distclean: clean
	rm -rf bin
