#!/usr/bin/env bash
# trust.sh: mark notebooks as trusted in Jupyter, so that a saved notebook's
# sliders (HTML with a small script, pkg/notebook) show without running its
# cells again. Jupyter strips the scripts of a notebook it does not trust;
# trusting one it should not would run a stranger's script on open, so only
# the project's own notebooks are trusted:
#
#   scripts/trust.sh project DIR   the notebooks in DIR and DIR/zh whose
#                                  content is a notebook of the repository as
#                                  committed: with git, the blob of a
#                                  notebooks/ file in HEAD; without git (the
#                                  Docker image), a line of the SHA-256 list
#                                  in $MN_TRUSTED_NOTEBOOKS, which the image
#                                  writes from its own copy when it is built.
#                                  A notebook copied in from elsewhere, or a
#                                  committed one changed since, is left as
#                                  Jupyter finds it (scripts/notebook.sh).
#   scripts/trust.sh files FILE... the notebooks given: those `make notebooks`
#                                  has just generated and executed here.
#   scripts/trust.sh list DIR      print, one a line, what `project` would
#                                  trust, and trust nothing.
#
# Jupyter keeps its trust as signatures in its data directory
# ($JUPYTER_DATA_DIR). A notebook the reader saves from Jupyter is signed by
# Jupyter itself. (`jupyter trust`, which Debian does not ship, is
# nbformat's signing tool, run here with the Python that runs Jupyter.)
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
say() { printf 'trust: %s\n' "$*" >&2; }

# project DIR: the notebooks in DIR and DIR/zh that are the repository's as
# committed, one a line.
project() {
	local dir=$1 candidates=() f
	for f in "$dir"/*.ipynb "$dir"/zh/*.ipynb; do
		[[ -f $f ]] && candidates+=("$f")
	done
	((${#candidates[@]})) || return 0
	if command -v git >/dev/null && git -C "$root" rev-parse --verify -q HEAD >/dev/null 2>&1; then
		# The blobs of the notebooks HEAD holds, and each candidate's hash
		# as git would store it (no filters: the bytes on disk).
		local -A committed=()
		local kind hash path
		while read -r _ kind hash path; do
			[[ $kind == blob && $path == *.ipynb ]] && committed[$hash]=1
		done < <(git -C "$root" ls-tree -r HEAD -- notebooks)
		local hashes
		mapfile -t hashes < <(printf '%s\n' "${candidates[@]}" | git -C "$root" hash-object --no-filters --stdin-paths)
		local i
		for i in "${!candidates[@]}"; do
			[[ -n ${committed[${hashes[i]}]:-} ]] && printf '%s\n' "${candidates[i]}"
		done
		return 0
	fi
	local list=${MN_TRUSTED_NOTEBOOKS:-}
	if [[ -z $list || ! -f $list ]]; then
		say "no git history and no list of the project's notebooks (MN_TRUSTED_NOTEBOOKS): trusting none"
		return 0
	fi
	local -A listed=()
	local sum rest
	while read -r sum rest; do
		listed[$sum]=1
	done <"$list"
	while read -r sum rest; do
		[[ -n ${listed[$sum]:-} ]] && printf '%s\n' "$rest"
	done < <(sha256sum -- "${candidates[@]}")
	return 0
}

# sign FILE...: trust the notebooks.
sign() {
	(($#)) || return 0
	local trust
	if jupyter trust --version >/dev/null 2>&1; then
		trust=(jupyter trust)
	else
		read -r -a trust <<<"$(sed -n '1s/^#! *//p' "$(command -v jupyter)") -m nbformat.sign"
	fi
	"${trust[@]}" "$@" >/dev/null
}

case ${1:-} in
project)
	[[ $# == 2 ]] || { say "usage: trust.sh project DIR"; exit 2; }
	mapfile -t own < <(project "$2")
	sign "${own[@]}"
	;;
list)
	[[ $# == 2 ]] || { say "usage: trust.sh list DIR"; exit 2; }
	project "$2"
	;;
files)
	shift
	sign "$@"
	;;
*)
	sed -n '2,/^set /p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
	exit 2
	;;
esac
