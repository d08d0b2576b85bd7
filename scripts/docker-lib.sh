# shellcheck shell=bash
# docker-lib.sh: sourced by scripts/test-docker.sh and scripts/test-goonly.sh.
# A private Docker daemon (Debian's docker.io) that leaves the machine's
# network rules alone (--bridge=none --iptables=false, containers on the host
# network), and the Debian base image made with debootstrap
# (scripts/docker-base.sh), for machines that reach Debian's archive and the
# Go module proxy but no image registry. With DOCKER_HOST set, that daemon
# is used instead and the base is pulled.
#
# The sourcing script sets:
#   docker  the client (e.g. /usr/bin/docker)
#   cache   the base rootfs lives here (MN_DOCKER_CACHE, shared)
#   data    the daemon's data root and log live here (its own per script)
#   run     the daemon's sockets and pid file (a short path, its own too)
#   base    the base image's tag (debian:bookworm)
# and defines say and die. docker_daemon sets dockerd_pid and exports
# DOCKER_HOST; docker_daemon_stop stops what it started. Two scripts with
# different data and run directories can run at once.
# shellcheck disable=SC2154 # docker, cache, data, run, base: set by the sourcing script


dockerd_pid=

# docker_wait SECS COMMAND...: runs COMMAND until it succeeds or SECS seconds
# have passed.
docker_wait() {
	local secs=$1
	shift
	local end=$((SECONDS + secs))
	until "$@" >/dev/null 2>&1; do
		((SECONDS < end)) || return 1
		sleep 1
	done
}

# docker_need PACKAGE-OR-COMMAND...: installs the Debian packages of what is
# missing (docker.io and debootstrap for a private daemon and base, and the
# commands named), as root with apt; otherwise fails naming them.
docker_need() {
	local need=() c
	[[ -x $docker ]] || need+=(docker.io)
	if [[ -z ${DOCKER_HOST:-} ]]; then
		[[ -x /usr/sbin/dockerd || " ${need[*]} " == *" docker.io "* ]] || need+=(docker.io)
		command -v debootstrap >/dev/null || need+=(debootstrap)
	fi
	for c in "$@"; do
		command -v "$c" >/dev/null || need+=("$c")
	done
	((${#need[@]})) || return 0
	if [[ $(id -u) != 0 ]] || ! command -v apt-get >/dev/null; then
		die "missing ${need[*]}: install them (Debian: apt-get install ${need[*]}), or set DOCKER_HOST"
	fi
	"$(dirname "${BASH_SOURCE[0]}")/setup.sh" packages "${need[@]}"
}

# docker_daemon: starts the private daemon unless DOCKER_HOST names one, and
# makes sure the base image is there.
docker_daemon() {
	if [[ -z ${DOCKER_HOST:-} ]]; then
		[[ $(id -u) == 0 ]] || die "starting a Docker daemon needs root (or set DOCKER_HOST)"
		mkdir -p "$data/data-root" "$run"
		if [[ -s $run/dockerd.pid ]] && kill -0 "$(cat "$run/dockerd.pid")" 2>/dev/null; then
			die "a daemon from another run is still up (pid $(cat "$run/dockerd.pid")); stop it first"
		fi
		rm -f "$run/dockerd.pid" "$run/docker.sock"
		# setsid: the daemon and its containerd stay out of our process
		# group, so a Ctrl-C reaches the script, which then stops the daemon
		# in order.
		setsid /usr/sbin/dockerd \
			--data-root "$data/data-root" \
			--exec-root "$run/exec" \
			--host "unix://$run/docker.sock" \
			--pidfile "$run/dockerd.pid" \
			--storage-driver overlay2 \
			--bridge=none --iptables=false --ip-masq=false \
			>"$data/dockerd.log" 2>&1 </dev/null &
		dockerd_pid=$!
		export DOCKER_HOST=unix://$run/docker.sock
		docker_wait 60 "$docker" info || die "dockerd did not answer in 60 s (log: $data/dockerd.log)"
		# The rootfs is made once and kept in the cache directory; each
		# daemon imports it.
		DOCKER=$docker MN_DOCKER_CACHE=$cache scripts/docker-base.sh "$base"
	else
		"$docker" info >/dev/null || die "no Docker daemon answers at $DOCKER_HOST"
		"$docker" image inspect "$base" >/dev/null 2>&1 || "$docker" pull "$base" ||
			DOCKER=$docker MN_DOCKER_CACHE=$cache scripts/docker-base.sh "$base"
	fi
}

# docker_daemon_stop RC: stops the daemon docker_daemon started; on a
# failure (RC ≠ 0) it names the daemon's log.
docker_daemon_stop() {
	[[ -n $dockerd_pid ]] || return 0
	kill "$dockerd_pid" 2>/dev/null
	local _
	for _ in $(seq 30); do
		kill -0 "$dockerd_pid" 2>/dev/null || break
		sleep 1
	done
	if kill -0 "$dockerd_pid" 2>/dev/null; then
		say "dockerd $dockerd_pid did not stop in 30 s; killing it"
		kill -9 "$dockerd_pid" 2>/dev/null
	fi
	(($1 == 0)) || say "dockerd log: $data/dockerd.log"
	dockerd_pid=
}
