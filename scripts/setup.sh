#!/usr/bin/env bash
# setup.sh: everything the notebooks need, installed idempotently. `make
# setup`, `make notebook`, `make test` and docker/Dockerfile all use it.
#
# Steps (apt, tools and kernel when none is named):
#   apt     Jupyter from Debian: jupyter-notebook jupyter-nbconvert
#           python3-nbclient, and the fonts the figures and notes name:
#           fonts-liberation (gonum/plot's SVG text) and fonts-wqy-microhei
#           (the book's Chinese terms in the notes). Installed only if missing
#           (apt-get update only when the package lists lack them); needs root
#           and apt. Elsewhere it prints what to install and exits with
#           status 1.
#   tools   GoNB (the version go.mod pins with its `tool` line), gopls and
#           goimports, built into $MN_BIN. A binary is rebuilt only when it
#           is missing or of another version.
#   lint    what `make lint` runs besides go: Debian's shellcheck (as the apt
#           step installs packages) and staticcheck $STATICCHECK_VERSION,
#           built into $MN_BIN.
#   packages PACKAGE...
#           the Debian packages named (all the words after it), installed
#           only if missing, as the apt step installs its own, without
#           recommended packages: what scripts/need.sh, the bench scripts
#           and the Docker scripts need (chromium, poppler-utils,
#           libsvm-tools, python3-sklearn, …). On a system without apt it
#           does nothing: the step that needs a package reports it.
#   kernel  registers GoNB as the Jupyter kernel `gonb` in
#           $JUPYTER_DATA_DIR/kernels/gonb. kernel.json points to the
#           absolute path of $MN_BIN/gonb and puts $MN_BIN and Go's bin
#           directory first on the kernel's PATH; it also sets GOFLAGS
#           (link flags that make each cell build faster). Rewritten only when
#           its content changes.
#
# Usage: scripts/setup.sh [apt] [tools] [kernel] [lint] [packages PACKAGE...]
#
# Every Debian package the project installs goes through apt_install below:
# apt-get waits up to ten minutes for another apt run's lock, runs
# `apt-get update` only when the package lists lack a package (or an
# install from them fails once), and as another user than root it names
# the packages and the command that installs them, and fails.
#
# Go modules and tools come through the Go module proxy that `go env GOPROXY`
# names: set GOPROXY (e.g. GOPROXY=https://goproxy.cn,direct) to use a mirror.
#
# Environment (all optional):
#   MN_BIN                where the tools go (default: <repo>/bin)
#   JUPYTER_DATA_DIR      Jupyter data directory for the kernel
#                         (default: ${XDG_DATA_HOME:-~/.local/share}/jupyter)
#   GO                    the go command (default: go on PATH, else /usr/local/go/bin/go)
#   MN_SKIP_APT=1         skip the apt step (Jupyter installed some other way)
#                         and install no packages (packages: only check them)
#   MN_APT_NO_RECOMMENDS=1  apt-get install --no-install-recommends (smaller images)
#   MN_GONB_FLAGS         extra flags for the kernel, e.g. --raw_error (tests use it)
#   MN_KERNEL_GOFLAGS     GOFLAGS of the kernel (default: -ldflags=-s; empty: unset)
#   GOPLS_VERSION         default v0.23.0
#   GOIMPORTS_VERSION     version of golang.org/x/tools for goimports (default v0.47.0)
#   STATICCHECK_VERSION   default v0.8.2 (2026.1.2)
#   GOPROXY               the Go module proxy list (default: go env GOPROXY)
#
# Non-interactive; safe to run again; with everything in place it takes well
# under two seconds.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${MN_BIN:-$root/bin}
[[ $bin == /* ]] || bin=$PWD/$bin # kernel.json needs absolute paths
gopls_version=${GOPLS_VERSION:-v0.23.0}
goimports_version=${GOIMPORTS_VERSION:-v0.47.0}
staticcheck_version=${STATICCHECK_VERSION:-v0.8.2}
kernel_goflags=${MN_KERNEL_GOFLAGS--ldflags=-s}
apt_packages=(jupyter-notebook jupyter-nbconvert python3-nbclient fonts-liberation fonts-wqy-microhei)
lint_packages=(shellcheck)

say() { printf 'setup: %s\n' "$*" >&2; }
die() {
	say "$@"
	exit 1
}

# --- which steps ------------------------------------------------------------
do_apt=0 do_tools=0 do_kernel=0 do_lint=0 packages=()
if (($# == 0)); then
	do_apt=1 do_tools=1 do_kernel=1
fi
while (($#)); do
	step=$1
	shift
	case $step in
	apt) do_apt=1 ;;
	tools) do_tools=1 ;;
	kernel) do_kernel=1 ;;
	lint) do_lint=1 ;;
	packages)
		packages=("$@")
		set --
		;;
	-h | --help)
		sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'
		exit 0
		;;
	*) die "unknown step '$step' (want apt, tools, kernel, lint or packages)" ;;
	esac
done
skip_apt=0
[[ ${MN_SKIP_APT:-} == 1 ]] && skip_apt=1 do_apt=0

# --- apt: Jupyter from Debian -------------------------------------------------
missing_packages() {
	local p
	for p in "$@"; do
		if [[ $(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null) != installed ]]; then
			printf '%s\n' "$p"
		fi
	done
}

have_apt() { command -v dpkg-query >/dev/null && command -v apt-get >/dev/null; }

step_apt() {
	if ! have_apt; then
		# Not Debian: accept any Jupyter that has what the notebooks use.
		if command -v jupyter >/dev/null &&
			jupyter notebook --version >/dev/null 2>&1 &&
			jupyter nbconvert --version >/dev/null 2>&1; then
			return
		fi
		die "this is not a Debian system with apt, and Jupyter is missing.
  Install Jupyter Notebook, nbconvert and nbclient yourself, for example:
      python3 -m pip install notebook nbconvert nbclient
  then run the remaining steps:  MN_SKIP_APT=1 make setup"
	fi
	apt_install "${apt_packages[@]}"
}

# apt_install [--no-install-recommends] PACKAGE...: installs the Debian
# packages that are missing.
apt_install() {
	local opts=(-y -q)
	[[ ${MN_APT_NO_RECOMMENDS:-} == 1 ]] && opts+=(--no-install-recommends)
	if [[ ${1:-} == --no-install-recommends ]]; then
		[[ ${MN_APT_NO_RECOMMENDS:-} == 1 ]] || opts+=("$1")
		shift
	fi
	local missing
	mapfile -t missing < <(missing_packages "$@")
	((${#missing[@]} == 0)) && return
	if [[ $(id -u) != 0 ]] || ((skip_apt)); then
		die "missing Debian packages: ${missing[*]}
  Install them as root, then run this again:
      sudo apt-get install -y ${missing[*]}
  (or install them some other way)"
	fi
	export DEBIAN_FRONTEND=noninteractive
	local p need_update=0
	for p in "${missing[@]}"; do
		apt-cache show --no-all-versions "$p" >/dev/null 2>&1 || need_update=1
	done
	# Another apt run (CI's test-docker beside make test) holds the lock
	# for a while: wait for it.
	local apt=(apt-get -o DPkg::Lock::Timeout=600)
	if ((need_update)); then
		say "apt-get update"
		"${apt[@]}" update -q >/dev/null
	fi
	say "apt-get install ${missing[*]}"
	if ! "${apt[@]}" install "${opts[@]}" "${missing[@]}" >/dev/null; then
		# Stale package lists: refresh once and retry.
		((need_update)) && die "apt-get install ${missing[*]} failed"
		say "install failed; apt-get update and retry"
		"${apt[@]}" update -q >/dev/null
		"${apt[@]}" install "${opts[@]}" "${missing[@]}" >/dev/null
	fi
}

# step_packages PACKAGE...: the packages step.
step_packages() {
	have_apt || return 0
	apt_install --no-install-recommends "$@"
}

# --- Go ----------------------------------------------------------------------
find_go() {
	if [[ -n ${GO:-} ]]; then
		command -v "$GO" || die "GO=$GO is not a command"
	elif command -v go >/dev/null; then
		command -v go
	elif [[ -x /usr/local/go/bin/go ]]; then
		echo /usr/local/go/bin/go
	else
		die "Go is missing. Install Go 1.26 (https://go.dev/dl/, into /usr/local/go) and run make setup again"
	fi
}

# module_version FILE MODULE prints the version of MODULE built into the Go
# binary FILE (empty if FILE is missing or was built from another module).
module_version() {
	[[ -x $1 ]] || return 0
	"$go" version -m "$1" 2>/dev/null | awk -v m="$2" '($1 == "mod" || $1 == "dep") && $2 == m { print $3; exit }'
}

# --- tools: gonb, gopls, goimports ----------------------------------------------
step_tools() {
	mkdir -p "$bin"
	local want have
	want=$(cd "$root" && "$go" list -m -f '{{.Version}}' github.com/janpfeifer/gonb) ||
		die "go.mod does not require github.com/janpfeifer/gonb"
	have=$(module_version "$bin/gonb" github.com/janpfeifer/gonb)
	if [[ $have != "$want" ]]; then
		say "building gonb $want into $bin"
		(cd "$root" && "$go" build -o "$bin/gonb" github.com/janpfeifer/gonb)
	fi

	have=$(module_version "$bin/gopls" golang.org/x/tools/gopls)
	if [[ $have != "$gopls_version" ]]; then
		say "building gopls $gopls_version into $bin (a minute or two, once)"
		(cd / && GOWORK=off GOBIN=$bin "$go" install "golang.org/x/tools/gopls@$gopls_version")
	fi

	have=$(module_version "$bin/goimports" golang.org/x/tools)
	if [[ $have != "$goimports_version" ]]; then
		say "building goimports (golang.org/x/tools $goimports_version) into $bin"
		(cd / && GOWORK=off GOBIN=$bin "$go" install "golang.org/x/tools/cmd/goimports@$goimports_version")
	fi
}

# --- lint: shellcheck and staticcheck ---------------------------------------------
step_lint() {
	if ! command -v shellcheck >/dev/null; then
		if ((skip_apt)) || ! have_apt; then
			die "shellcheck is missing: install it (https://www.shellcheck.net; Debian: apt-get install shellcheck)"
		fi
		apt_install "${lint_packages[@]}"
	fi
	mkdir -p "$bin"
	local have
	have=$(module_version "$bin/staticcheck" honnef.co/go/tools)
	if [[ $have != "$staticcheck_version" ]]; then
		say "building staticcheck $staticcheck_version into $bin (a minute or two, once)"
		(cd / && GOWORK=off GOBIN=$bin "$go" install "honnef.co/go/tools/cmd/staticcheck@$staticcheck_version")
	fi
}

# --- kernel: register gonb ------------------------------------------------------
json_string() {
	[[ $1 != *[\"\\]* ]] || die "cannot write a path with a quote or backslash into kernel.json: $1"
	printf '"%s"' "$1"
}

kernel_json() {
	local go_bin argv env
	go_bin=$(dirname "$go")
	argv="$(json_string "$bin/gonb"), \"--kernel\", \"{connection_file}\""
	local f flags
	# Blank-separated, each flag one word (no glob expansion).
	read -ra flags <<<"${MN_GONB_FLAGS:-}"
	for f in "${flags[@]}"; do
		argv+=", $(json_string "$f")"
	done
	# ${PATH} is replaced by jupyter_client with the PATH of the server.
	env="  \"PATH\": $(json_string "$bin:$go_bin:\${PATH}")"
	if [[ -n $kernel_goflags ]]; then
		env="  \"GOFLAGS\": $(json_string "$kernel_goflags"),
$env"
	fi
	cat <<EOF
{
 "argv": [$argv],
 "display_name": "Go (gonb)",
 "env": {
$env
 },
 "interrupt_mode": "message",
 "language": "go"
}
EOF
}

step_kernel() {
	local t
	for t in gonb gopls goimports; do
		[[ -x $bin/$t ]] || die "$bin/$t is missing; run the tools step first (scripts/setup.sh tools)"
	done
	local data=${JUPYTER_DATA_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/jupyter}
	local dir=$data/kernels/gonb want
	want=$(kernel_json)
	if [[ -f $dir/kernel.json && -f $dir/logo-svg.svg && "$(<"$dir/kernel.json")" == "$want" ]]; then
		return
	fi
	say "registering the gonb kernel in $dir"
	# gonb --install writes the logo and checks that gopls and goimports are
	# on PATH; kernel.json is then replaced by ours, which adds the
	# environment the kernel needs.
	local out
	if ! out=$(JUPYTER_DATA_DIR=$data PATH="$bin:$(dirname "$go"):$PATH" "$bin/gonb" --install 2>&1); then
		printf '%s\n' "$out" >&2
		die "gonb --install failed"
	fi
	printf '%s\n' "$want" >"$dir/kernel.json.tmp"
	mv "$dir/kernel.json.tmp" "$dir/kernel.json"
}

# --- run ------------------------------------------------------------------------
((do_apt)) && step_apt
((${#packages[@]})) && step_packages "${packages[@]}"
if ((do_tools || do_kernel || do_lint)); then
	go=$(find_go)
	gover=$("$go" env GOVERSION)
	case $gover in
	go1.2[6-9]* | go1.[3-9][0-9]* | go[2-9]*) ;;
	*) die "$go is $gover; this project needs Go 1.26 or newer (https://go.dev/dl/)" ;;
	esac
fi
((do_tools)) && step_tools
((do_kernel)) && step_kernel
((do_lint)) && step_lint
exit 0
