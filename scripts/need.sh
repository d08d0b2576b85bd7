#!/usr/bin/env bash
# need.sh PACKAGE... — install the Debian packages among PACKAGE... that are
# missing, for the steps that drive Chromium (scripts/export.sh,
# scripts/test-e2e.sh), make test-pdf (poppler-utils) and make test (LIBSVM's
# svm-train and LIBLINEAR's liblinear-train, which pkg/svm's tests run).
#
# As root on Debian it installs them with apt-get, without recommended
# packages. Otherwise it names them, says how to install them and fails. On a
# system without dpkg it checks nothing: the step that needs a package
# reports it.
set -euo pipefail

say() { printf 'need: %s\n' "$*" >&2; }

command -v dpkg-query >/dev/null 2>&1 || exit 0
missing=()
for p in "$@"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
[ "${#missing[@]}" -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	say "missing: ${missing[*]}."
	say "Install them (sudo apt-get install ${missing[*]}) and run again."
	exit 1
fi
say "installing Debian's ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt=(apt-get -o DPkg::Lock::Timeout=600 -q)
"${apt[@]}" install -y --no-install-recommends "${missing[@]}" ||
	{ "${apt[@]}" update && "${apt[@]}" install -y --no-install-recommends "${missing[@]}"; }
