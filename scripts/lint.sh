#!/usr/bin/env bash
# lint.sh: the static checks of `make lint` (and so of `make test` and CI),
# all run, each failure reported:
#   gofmt -l            no Go file needs formatting
#   go vet ./...
#   staticcheck ./...   (scripts/setup.sh lint builds the pinned version)
#   go mod tidy -diff   go.mod and go.sum are tidy
#   the same go vet and tidy check in each example module (examples/*/go.mod),
#   which ./... of the main module leaves out
#   Debian's shellcheck on every shell script: *.sh, and the files without
#   an extension whose #! line names sh or bash (such as .ci/run)
#   scripts/check-files.sh: no tracked program (ELF, Mach-O, PE, or an
#   executable file that is not text) and no large file outside the
#   notebooks and data
# Run `scripts/setup.sh lint` first (`make lint` does).
#
# Environment: GO (default go), MN_BIN (default <repo>/bin, searched first).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
export PATH=${MN_BIN:-$root/bin}:$PATH:/usr/local/go/bin
go=${GO:-go}

failed=()
check() { # check NAME COMMAND...: runs the command, notes a failure
	local name=$1
	shift
	printf 'lint: %s\n' "$name" >&2
	if ! "$@"; then
		failed+=("$name")
	fi
}

# gofmt -l prints the files to format and exits 0 either way.
gofmt_clean() {
	local out
	out=$(gofmt -l .)
	[[ -z $out ]] && return
	printf 'gofmt -l: run gofmt -w on\n%s\n' "$out" >&2
	return 1
}

# shell_scripts prints, NUL-separated, the shell scripts of the repository
# outside bin/, build/, node_modules and .git.
shell_scripts() {
	local f
	while IFS= read -r -d '' f; do
		if [[ $f == *.sh ]] || head -n 1 "$f" 2>/dev/null | grep -qE '^#!(/usr)?/bin/(env )?(ba|da)?sh\b'; then
			printf '%s\0' "$f"
		fi
	done < <(find . \( -name .git -o -path ./bin -o -path ./build -o -name node_modules \) -prune -o \
		-type f \( -name '*.sh' -o ! -name '*.*' \) -print0 | sort -z)
}

shellcheck_all() {
	local scripts
	mapfile -d '' scripts < <(shell_scripts)
	((${#scripts[@]})) || return 0
	shellcheck "${scripts[@]}"
}

check "gofmt -l" gofmt_clean
check "go vet" "$go" vet ./...
check staticcheck staticcheck ./...
check "go mod tidy -diff" "$go" mod tidy -diff
for mod in examples/*/go.mod; do
	[[ -e $mod ]] || continue
	dir=${mod%/go.mod}
	check "go vet ($dir)" env GOWORK=off "$go" -C "$dir" vet ./...
	check "go mod tidy -diff ($dir)" env GOWORK=off "$go" -C "$dir" mod tidy -diff
done
check shellcheck shellcheck_all
check "tracked files" scripts/check-files.sh

if ((${#failed[@]})); then
	printf 'lint: FAILED: %s\n' "${failed[*]}" >&2
	exit 1
fi
printf 'lint: all clean\n' >&2
