#!/usr/bin/env bash
# test-goonly.sh: `make test-goonly`. Runs `go test ./...` as a Go
# contributor does on a machine with Go and nothing else: in a container of
# Debian bookworm's minimal base (debootstrap's minbase: no git, no Python,
# no Jupyter, no Chromium, no fonts, no LIBSVM), with this machine's Go
# toolchain (GOROOT, mounted read-only) and a copy of the repository's files
# (those git lists, or the work tree without .git, bin/ and build/). Every
# test must pass or skip with its reason (internal/testenv); the skips are
# listed at the end.
#
# The modules come from this machine's module cache, mounted read-only, with
# GOFLAGS=-mod=mod and GOPROXY=off: the container downloads nothing. Before
# it starts, `go mod download` fills the cache here for the module and the
# examples' modules (quick when they are there). The build cache is
# this machine's too (GOCACHE, mounted; the go command shares it safely), so
# only what changed is compiled; MN_GOONLY_COLD=1 gives the container an empty
# build cache instead. Test results are never taken from the cache (-count=1).
#
# Like scripts/test-docker.sh it needs root and starts a private Docker
# daemon (scripts/docker-lib.sh) with a data root of its own, so both can run
# at once; the base image comes from the same debootstrap rootfs
# (scripts/docker-base.sh, made once and kept in MN_DOCKER_CACHE).
#
# Environment:
#   MN_GOONLY_FLAGS  flags for go test (default: -count=1 -v ./...)
#   MN_GOONLY_COLD=1 an empty build cache in the container
#   MN_DOCKER_CACHE  as for test-docker.sh (default ~/.cache/marginnotes/docker)
#   GO               the go command whose GOROOT, module and build caches are
#                    used (default: go, else /usr/local/go/bin/go)
set -euo pipefail

cd "$(dirname "$0")/.."
t0=$SECONDS
cache=${MN_DOCKER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/marginnotes/docker}
data=$cache/goonly
run=/run/marginnotes-goonly # short: the daemon's sockets live under it
docker=${DOCKER:-/usr/bin/docker}
base=debian:bookworm
name=marginnotes-goonly-$$
read -r -a flags <<<"${MN_GOONLY_FLAGS:--count=1 -v ./...}"

say() { printf 'test-goonly: %s\n' "$*" >&2; }
die() {
	say "FAIL: $*"
	exit 1
}

# shellcheck source=scripts/docker-lib.sh
. scripts/docker-lib.sh

go=${GO:-}
if [[ -z $go ]]; then
	go=$(command -v go || echo /usr/local/go/bin/go)
fi
[[ -x $go ]] || die "no go command ($go); set GO"
goroot=$("$go" env GOROOT)
modcache=$("$go" env GOMODCACHE)
gocache=$("$go" env GOCACHE)
version=$("$go" env GOVERSION)

# shellcheck disable=SC2119 # no commands besides docker's
docker_need
tmp=$(mktemp -d)
cleanup() {
	local rc=$?
	set +e
	[[ -z ${DOCKER_HOST:-} ]] || "$docker" rm -f "$name" >/dev/null 2>&1
	docker_daemon_stop "$rc"
	rm -rf "$tmp"
	say "total: $((SECONDS - t0)) s"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

t=$SECONDS
docker_daemon
say "dockerd up, base image $base: $((SECONDS - t)) s"

"$go" mod download
for mod in examples/*/go.mod; do
	[[ -e $mod ]] && GOWORK=off "$go" -C "$(dirname "$mod")" mod download
done

# The repository's files, as a clone or a download has them.
src=$tmp/src
mkdir -p "$src"
if command -v git >/dev/null && git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# (deleted but not yet staged files are left out)
	git ls-files -z --cached --others --exclude-standard |
		while IFS= read -r -d '' f; do [[ -e $f ]] && printf '%s\0' "$f"; done |
		tar --null -T - -cf - | tar -C "$src" -xf -
else
	tar --exclude=./.git --exclude=./bin --exclude=./build -cf - . | tar -C "$src" -xf -
fi

build_cache=(-v "$gocache:/root/.cache/go-build")
if [[ ${MN_GOONLY_COLD:-} == 1 ]]; then
	build_cache=(-v "$tmp/gocache:/root/.cache/go-build")
	mkdir -p "$tmp/gocache"
fi

say "go test ${flags[*]} with $version only, in $base (log: build/test-goonly/go-test.log)"
mkdir -p build/test-goonly
t=$SECONDS
rc=0
"$docker" run --rm --name "$name" --network none \
	-v "$goroot:/usr/local/go:ro" \
	-v "$modcache:/root/go/pkg/mod:ro" \
	"${build_cache[@]}" \
	-v "$src:/src" -w /src \
	-e PATH=/usr/local/go/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
	-e HOME=/root -e GOFLAGS=-mod=mod -e GOPROXY=off -e GOTOOLCHAIN=local -e GOTELEMETRY=off \
	"$base" go test "${flags[@]}" >build/test-goonly/go-test.log 2>&1 || rc=$?
say "go test: $((SECONDS - t)) s, exit status $rc"

# What each package did, and every skip with its reason (go test -v logs
# the reason, file.go:N: …, just before "--- SKIP", or for a subtest just
# after it).
log=build/test-goonly/go-test.log
grep -E '^(ok|FAIL|panic)' "$log" >&2 || true
awk 'function reason(l) { sub(/^ +/, "", l); return l ~ /^[a-z_]+\.go:[0-9]+: / ? l : "" }
	/^ *--- SKIP/ { r = reason(prev); name = $3; if (r == "" && (getline nxt) > 0) r = reason(nxt)
		print "  skip " name ": " (r == "" ? "(no reason logged)" : r); prev = ""; next }
	{ prev = $0 }' "$log" >&2
skips=$(grep -c -- '--- SKIP' "$log" || true)
say "$skips tests skipped"
# Nothing but Go: none of what the skipped tests need is in the container.
for c in git python3 jupyter chromium pdftotext svm-train liblinear-train train dockerd; do
	if "$docker" run --rm --network none "$base" sh -c "command -v $c" >/dev/null 2>&1; then
		die "the container has $c: it is no machine with only Go"
	fi
done
if ((rc)); then
	tail -n 60 build/test-goonly/go-test.log >&2
	die "go test failed with only Go installed"
fi
say "ok: go test passes with only Go installed"
