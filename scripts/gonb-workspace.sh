#!/usr/bin/env bash
# Connects a GoNB notebook to this repository's library. A notebook's setup
# cell runs it, from either edition's folder (notebooks/ or notebooks/zh/):
#
#   !*"${GONB_DIR%/notebooks*}/scripts/gonb-workspace.sh"
#
# GoNB runs "!*" lines in its scratch module (the current directory). This
# makes that module and the repository one Go workspace, and adds a replace
# rule so that a `go get` never looks for the repository's module on the
# network. It prints nothing (no machine-specific path in saved outputs),
# and running it again is harmless.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
rm -f go.work
go work init . "$root"
go mod edit -replace "github.com/marginnotes/marginnotes=$root"
