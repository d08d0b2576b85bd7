#!/usr/bin/env bash
# test-docker.sh: `make test-docker`. Builds docker/Dockerfile, starts the
# image, waits until Jupyter answers, checks that it offers the `gonb` kernel
# and the notebooks of both editions (notebooks/zh/ at /tree/zh, its URL in
# the log), and executes one notebook headless inside the container
# with the Go module proxy switched off (so a cold cache fails the test), with
# no error output and with its plots.
#
# With DOCKER_HOST unset it starts a private Docker daemon (Debian's docker.io)
# that leaves the machine's network rules alone (--bridge=none
# --iptables=false, containers on the host network) and stops it at the end,
# and it makes the base image with debootstrap (scripts/docker-base.sh), since
# no image registry may be reachable. With DOCKER_HOST set, it uses that
# daemon. Missing packages (docker.io, debootstrap, curl) are installed when
# run as root on Debian.
#
# The build gets the host's Go module proxy (`go env GOPROXY`, or $GOPROXY
# without go) as --build-arg GOPROXY, so it works behind a module mirror.
#
# Environment:
#   MN_DOCKER_NOTEBOOK  notebook to execute (default notebooks/08-svm-dual-example.ipynb)
#   MN_DOCKER_IMAGE     image tag (default marginnotes:test)
#   MN_DOCKER_CACHE     daemon data and base rootfs, kept between runs so a
#                       re-run is quick (default ~/.cache/marginnotes/docker)
#   DOCKER              docker client (default /usr/bin/docker: Debian's, with BuildKit)
set -euo pipefail

cd "$(dirname "$0")/.."
t0=$SECONDS

notebook=${MN_DOCKER_NOTEBOOK:-notebooks/08-svm-dual-example.ipynb}
image=${MN_DOCKER_IMAGE:-marginnotes:test}
cache=${MN_DOCKER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/marginnotes/docker}
docker=${DOCKER:-/usr/bin/docker}
base=debian:bookworm
run=/run/marginnotes-docker # short: the daemon's sockets live under it
name=marginnotes-test-$$

say() { printf 'test-docker: %s\n' "$*" >&2; }
die() {
	say "FAIL: $*"
	exit 1
}
phase() { # phase NAME START: print how long a phase took
	say "$1: $((SECONDS - $2)) s"
}

# shellcheck source=scripts/docker-lib.sh
. scripts/docker-lib.sh
data=$cache
wait_for() { docker_wait "$@"; }

[[ -f $notebook ]] || die "no notebook $notebook"

# --- packages ----------------------------------------------------------------
docker_need curl python3

# --- cleanup -------------------------------------------------------------------
logs=build/test-docker # the build log and the executed notebook stay here
rm -rf "$logs"
mkdir -p "$logs"
tmp=$(mktemp -d)
build_pid=
cleanup() {
	local rc=$?
	set +e
	if [[ -n $build_pid ]]; then
		kill -TERM "$build_pid" 2>/dev/null
		wait "$build_pid" 2>/dev/null
	fi
	if [[ -n ${DOCKER_HOST:-} ]] && "$docker" inspect "$name" >/dev/null 2>&1; then
		if ((rc)); then
			say "container log:"
			"$docker" logs --tail 40 "$name" 2>&1 | sed 's/^/  | /' >&2
		fi
		"$docker" rm -f "$name" >/dev/null 2>&1
	fi
	docker_daemon_stop "$rc"
	rm -rf "$tmp"
	say "total: $((SECONDS - t0)) s"
	((rc == 0)) && say "ok"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- daemon and base image ------------------------------------------------------
t=$SECONDS
docker_daemon
phase "dockerd up, base image $base" "$t"

# --- build ----------------------------------------------------------------------
t=$SECONDS
goproxy=${GOPROXY:-https://proxy.golang.org,direct}
for go in go /usr/local/go/bin/go; do
	if command -v "$go" >/dev/null; then
		goproxy=$("$go" env GOPROXY)
		break
	fi
done
say "building $image with GOPROXY=$goproxy (log: $logs/build.log)"
# In the background, so that a TERM (CI stopping the step) runs cleanup at
# once: it stops the build (timeout passes the TERM on, and KILLs the client
# 20 s later), then the daemon.
DOCKER_BUILDKIT=1 timeout -k 20 2400 "$docker" build --network host --progress plain \
	-f docker/Dockerfile --build-arg BASE="$base" --build-arg GOPROXY="$goproxy" \
	-t "$image" . >"$logs/build.log" 2>&1 &
build_pid=$!
if ! wait "$build_pid"; then
	tail -n 60 "$logs/build.log" >&2
	die "docker build failed"
fi
build_pid=
phase "build" "$t"
size=$("$docker" image inspect -f '{{.Size}}' "$image")
say "image $image: $((size / 1000000)) MB"

# Where the image keeps the repository and looks for a mounted checkout
# (docker/Dockerfile: ARG USER).
image_env() {
	"$docker" image inspect -f '{{range .Config.Env}}{{println .}}{{end}}' "$image" |
		sed -n "s/^$1=//p"
}
repo_in=$(image_env MN_REPO)
host_in=$(image_env MN_HOST)
[[ -n $repo_in && -n $host_in ]] || die "the image sets no MN_REPO or MN_HOST"

# --- start ----------------------------------------------------------------------
# start [docker run options]: runs the image as $name on the host network, on
# a free port, and waits until Jupyter answers; sets port and api. The port
# is found by binding port 0 and closing it, so something else may take it
# before Jupyter does: then notebook.sh says the port is in use, the
# container stops, and start tries another port.
token=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')
running() { [[ $("$docker" inspect -f '{{.State.Running}}' "$name" 2>/dev/null) == true ]]; }
answers() { running && curl -fsS --max-time 5 "$api/status?token=$token"; }
stopped() { ! running; }
settled() { answers || stopped; }
start() {
	local try
	for try in 1 2 3; do
		port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
		api=http://127.0.0.1:$port/api
		"$docker" rm -f "$name" >/dev/null 2>&1 || true
		"$docker" run -d --name "$name" --network host -e PORT="$port" -e JUPYTER_TOKEN="$token" \
			"$@" "$image" >/dev/null
		wait_for 120 settled && answers >/dev/null 2>&1 && return 0
		"$docker" logs "$name" >"$tmp/start.log" 2>&1 || true
		if stopped && grep -q "port $port .*is in use" "$tmp/start.log"; then
			say "port $port was taken before Jupyter bound it (try $try); another port"
			continue
		fi
		return 1
	done
	return 1
}

t=$SECONDS
start || die "Jupyter did not answer on port $port in 120 s"
phase "Jupyter answering" "$t"

# (Whole outputs into files first: grep -q stops reading early, and with
# pipefail the writer's SIGPIPE would fail the pipeline.)
"$docker" logs "$name" >"$logs/container.log" 2>&1
grep -q "^URL: http://127.0.0.1:$port/.*token=$token" "$logs/container.log" ||
	die "the log does not show the URL with its token"

# Both editions: the log names the Chinese edition's folder too, and
# Jupyter lists its notebooks there.
grep -q "^  中文版: *http://127.0.0.1:$port/tree/zh?token=$token" "$logs/container.log" ||
	die "the log does not show the Chinese edition's URL"
if [[ -d notebooks/zh ]]; then
	curl -fsS --max-time 10 "$api/contents/zh?token=$token" >"$tmp/contents-zh.json"
	python3 - "$tmp/contents-zh.json" notebooks/zh/*.ipynb <<'EOF' || die "the Chinese edition is not served"
import json, os, sys
names = {c["name"] for c in json.load(open(sys.argv[1]))["content"]}
missing = [os.path.basename(p) for p in sys.argv[2:] if os.path.basename(p) not in names]
if missing:
    sys.exit(f"notebooks/zh lacks {missing} in the container; it lists {sorted(names)}")
print(f"test-docker: the Chinese edition's {len(sys.argv) - 2} notebooks are served at /tree/zh")
EOF
fi

curl -fsS --max-time 10 "$api/kernelspecs?token=$token" >"$tmp/kernelspecs.json"
curl -fsS --max-time 10 "$api/contents?token=$token" >"$tmp/contents.json"
python3 - "$tmp/kernelspecs.json" "$tmp/contents.json" "$(basename "$notebook")" <<'EOF' || die "API check"
import json, sys
specs = json.load(open(sys.argv[1]))["kernelspecs"]
if "gonb" not in specs:
    sys.exit(f"kernel gonb not offered; kernels: {sorted(specs)}")
names = [c["name"] for c in json.load(open(sys.argv[2]))["content"]]
if sys.argv[3] not in names:
    sys.exit(f"{sys.argv[3]} not in the notebook list {names}")
print(f"test-docker: kernels {sorted(specs)}; {len(names)} entries at the notebook root")
EOF

# --- execute a notebook -------------------------------------------------------
# GOPROXY=off: with the caches warmed at build time, nothing is downloaded.
# scripts/nbtiming.py, where the repository has it, records each cell's
# seconds (printed, not checked).
t=$SECONDS
say "executing $notebook in the container"
timing=()
[[ -f scripts/nbtiming.py ]] && timing=(--config "$repo_in/scripts/nbtiming.py")
if ! "$docker" exec -e GOPROXY=off -w "$repo_in/$(dirname "$notebook")" "$name" \
	timeout 900 jupyter nbconvert "${timing[@]}" --to notebook --execute --output-dir=/tmp/out \
	--ExecutePreprocessor.timeout=600 "$(basename "$notebook")" >"$logs/nbconvert.log" 2>&1; then
	tail -n 40 "$logs/nbconvert.log" >&2
	die "nbconvert --execute failed"
fi
phase "notebook executed" "$t"
"$docker" exec "$name" cat "/tmp/out/$(basename "$notebook")" >"$logs/$(basename "$notebook")"
python3 - "$logs/$(basename "$notebook")" <<'EOF' || die "notebook check"
import json, re, sys
nb = json.load(open(sys.argv[1]))
problems, pngs, plot_secs = [], 0, []
for i, cell in enumerate(nb["cells"], 1):
    if cell["cell_type"] != "code":
        continue
    src = "".join(cell["source"])
    if cell.get("execution_count") is None and src.strip():
        problems.append(f"cell {i}: not executed")
    png = False
    for out in cell.get("outputs", []):
        kind = out["output_type"]
        if kind == "error":
            problems.append(f"cell {i}: error {out.get('ename')}: {out.get('evalue')}")
        elif kind == "stream" and out["name"] == "stderr" and "".join(out["text"]).strip():
            problems.append(f"cell {i}: stderr: {''.join(out['text']).strip()[:300]}")
        elif "image/png" in out.get("data", {}):
            png = True
    pngs += png
    if png and "marginnotes_seconds" in cell.get("metadata", {}):
        plot_secs.append(cell["metadata"]["marginnotes_seconds"])
    if re.search(r"\bnotebook\.Show\w*\(", src) and not png:
        problems.append(f"cell {i}: shows a plot but has no image/png output")
if pngs == 0:
    problems.append("no plot (image/png) in any cell")
if problems:
    sys.exit("\n".join(problems))
print(f"test-docker: {sys.argv[1].rsplit('/', 1)[-1]}: no errors, {pngs} cell(s) with plots")
if plot_secs:
    print("test-docker: plot cells took " + ", ".join(f"{t:.1f}" for t in plot_secs)
          + " s (the first in a new container, then the rest)")
EOF

# --- a mounted checkout is used when present -----------------------------------
t=$SECONDS
start -v "$PWD:$host_in:ro" || die "Jupyter with a mounted checkout did not answer in 120 s"
"$docker" logs "$name" >"$logs/container-mounted.log" 2>&1
grep -q "using the mounted checkout" "$logs/container-mounted.log" ||
	die "the mounted checkout was not used"
curl -fsS --max-time 10 "$api/contents?token=$token" >"$tmp/contents-mounted.json"
grep -qF "\"$(basename "$notebook")\"" "$tmp/contents-mounted.json" ||
	die "the mounted checkout's notebooks are not listed"
phase "mounted checkout served" "$t"

# --- tidy the daemon's store (kept for the next run) -----------------------------
"$docker" rm -f "$name" >/dev/null
"$docker" image prune -f >/dev/null
"$docker" builder prune -f --keep-storage 4000000000 >/dev/null 2>&1 || true
