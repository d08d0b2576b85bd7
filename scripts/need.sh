#!/usr/bin/env bash
# need.sh PACKAGE... — install the Debian packages among PACKAGE... that are
# missing, for the steps that drive Chromium (scripts/export.sh,
# scripts/test-e2e.sh), make test-pdf (poppler-utils) and make test (LIBSVM's
# svm-train and LIBLINEAR's liblinear-train, which pkg/svm's tests run).
#
# It is `scripts/setup.sh packages PACKAGE...`: as root on Debian it installs
# them with setup.sh's apt_install, without recommended packages. Otherwise
# it names them, says how to install them and fails. On a system without apt
# it checks nothing: the step that needs a package reports it.
set -euo pipefail
exec "$(dirname "${BASH_SOURCE[0]}")/setup.sh" packages "$@"
