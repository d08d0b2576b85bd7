#!/usr/bin/env bash
# check-files.sh [DIR]: the repository's files, as `make lint` checks them
# (scripts/lint.sh). It fails, naming each file, on
#   - an executable program: a file starting as an ELF, Mach-O or PE/COFF
#     (Windows) program does, or a file with an executable bit that holds a
#     NUL byte (a script is text). A built program belongs in bin/ or is
#     built by the tests, never in the repository (`go build ./tools/nbgen`
#     in tools/nbgen/ once left a 3.9 MB tools/nbgen/nbgen tracked).
#   - a file larger than MN_MAX_FILE_KIB (default 256 KiB), except the
#     notebooks (notebooks/**/*.ipynb, saved with their figures) and data
#     (**/testdata/**, pkg/dataset/data/**), which may reach
#     MN_MAX_DATA_KIB (default 4096 KiB).
# The files are those git tracks in DIR (default: the repository), or, where
# DIR is no git work tree or git is missing (a tarball, a container), every
# file under DIR except .git, bin/ and build/.
set -euo pipefail

dir=${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
cd "$dir"
max_kib=${MN_MAX_FILE_KIB:-256}
max_data_kib=${MN_MAX_DATA_KIB:-4096}

# files prints the files to check, NUL-separated, each with its mode
# ("MODE PATH"; MODE 755 when executable, 644 otherwise).
files() {
	if command -v git >/dev/null && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		# git's recorded mode is what a clone gets.
		git ls-files -s -z | while IFS= read -r -d '' line; do
			local mode=${line%% *} path=${line#*$'\t'}
			[[ $mode == 160000 || $mode == 120000 ]] && continue # submodules, symlinks
			[[ -f $path ]] || continue                           # deleted in the work tree
			printf '%s %s\0' "${mode: -3}" "$path"
		done
	else
		find . \( -name .git -o -path ./bin -o -path ./build \) -prune -o -type f -printf '%m %P\0'
	fi
}

# binary PATH MODE: a reason when PATH is an executable program, else nothing.
binary() {
	local magic
	magic=$(head -c 4 "$1" | od -An -tx1 | tr -d ' \n')
	case $magic in
	7f454c46) echo "an ELF program" && return ;;
	cafebabe | feedface | feedfacf | cefaedfe | cffaedfe) echo "a Mach-O program" && return ;;
	4d5a*) echo "a PE/COFF (Windows) program" && return ;;
	esac
	# An executable bit (owner, group or other) on a file with a NUL byte.
	if (((8#$2) & 8#111)) && [[ $(head -c 65536 "$1" | tr -d '\000' | wc -c) != $(head -c 65536 "$1" | wc -c) ]]; then
		echo "an executable file that is not text"
	fi
}

# data PATH: whether PATH is a notebook or data, held to the larger limit.
data() {
	case $1 in
	notebooks/*.ipynb | */testdata/* | testdata/* | pkg/dataset/data/*) return 0 ;;
	esac
	return 1
}

problems=0
while IFS= read -r -d '' entry; do
	mode=${entry%% *}
	path=${entry#* }
	why=$(binary "$path" "$mode")
	if [[ -n $why ]]; then
		printf 'check-files: %s is %s: remove it (git rm --cached) and build it instead\n' "$path" "$why" >&2
		problems=$((problems + 1))
	fi
	size=$(stat -c %s "$path")
	limit=$max_kib
	data "$path" && limit=$max_data_kib
	if ((size > limit * 1024)); then
		printf 'check-files: %s is %d KiB, over the limit of %d KiB%s\n' "$path" $(((size + 1023) / 1024)) "$limit" \
			"$(data "$path" || echo ' for files other than notebooks and data')" >&2
		problems=$((problems + 1))
	fi
done < <(files)
((problems == 0)) || exit 1
