#!/usr/bin/env bash
# docker-base.sh: make the base image docker/Dockerfile names (ARG BASE,
# default debian:bookworm) from Debian's own packages, for machines that reach
# Debian's archive but no image registry.
#
# It runs `debootstrap --variant=minbase bookworm` once and keeps the root file
# system as a tarball in the cache directory, so later runs take seconds. On
# each import it adds the host's extra CA certificates
# (/usr/local/share/ca-certificates/*.crt), so HTTPS from inside a container
# (the Go module proxy) trusts what the host trusts, and it re-imports only when
# those certificates changed.
#
# Usage: scripts/docker-base.sh [TAG]        (root; TAG defaults to debian:bookworm)
# Environment:
#   DOCKER          docker client to use (default: /usr/bin/docker)
#   DOCKER_HOST     daemon to talk to (scripts/test-docker.sh sets it)
#   MN_DOCKER_CACHE cache directory (default: ${XDG_CACHE_HOME:-$HOME/.cache}/marginnotes/docker)
#   DEBIAN_MIRROR   Debian mirror for debootstrap (default: http://deb.debian.org/debian)
set -euo pipefail

tag=${1:-debian:bookworm}
docker=${DOCKER:-/usr/bin/docker}
cache=${MN_DOCKER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/marginnotes/docker}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
tarball=$cache/rootfs-$suite-minbase.tar
label=org.marginnotes.base-certs

say() { printf 'docker-base: %s\n' "$*" >&2; }

if [[ $(id -u) != 0 ]]; then
	say "debootstrap and chroot need root; run as root"
	exit 1
fi
for cmd in debootstrap "$docker"; do
	if ! command -v "$cmd" >/dev/null; then
		say "missing $cmd: apt-get install debootstrap docker.io"
		exit 1
	fi
done
mkdir -p "$cache"

# The root file system, built once; a second run at the same time (make
# test-docker and make test-goonly) waits for it.
exec 9>"$cache/rootfs.lock"
flock 9
if [[ ! -s $tarball ]]; then
	work=$(mktemp -d "$cache/rootfs.XXXXXX")
	trap 'rm -rf "$work"' EXIT
	say "debootstrap $suite into $work (a few minutes, once)"
	start=$SECONDS
	debootstrap --variant=minbase --include=ca-certificates \
		"$suite" "$work/root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
		tail -n 30 "$work/debootstrap.log" >&2
		say "debootstrap failed"
		exit 1
	}
	# Smaller base: no downloaded .debs, no package lists (the Dockerfile
	# runs apt-get update itself).
	rm -rf "$work"/root/var/cache/apt/archives/*.deb "$work"/root/var/lib/apt/lists/*
	tar --numeric-owner -C "$work/root" -cf "$tarball.tmp" .
	mv "$tarball.tmp" "$tarball"
	rm -rf "$work"
	trap - EXIT
	say "rootfs cached in $tarball ($((SECONDS - start)) s)"
fi
flock -u 9

# The host's extra CA certificates, named by a hash so a change re-imports.
shopt -s nullglob
certs=(/usr/local/share/ca-certificates/*.crt)
shopt -u nullglob
if ((${#certs[@]})); then
	hash=$(cat "${certs[@]}" | sha256sum | cut -c1-16)
else
	hash=none
fi
hash=$hash-$(stat -c %Y "$tarball")

have=$("$docker" image inspect -f "{{index .Config.Labels \"$label\"}}" "$tag" 2>/dev/null || true)
if [[ $have == "$hash" ]]; then
	say "$tag is up to date"
	exit 0
fi

work=$(mktemp -d "$cache/import.XXXXXX")
trap 'rm -rf "$work"' EXIT
tar --numeric-owner -C "$work" -xf "$tarball"
if ((${#certs[@]})); then
	cp "${certs[@]}" "$work/usr/local/share/ca-certificates/"
	chroot "$work" update-ca-certificates >/dev/null 2>&1 || {
		say "update-ca-certificates failed in the base"
		exit 1
	}
fi
tar --numeric-owner -C "$work" -c . |
	"$docker" import \
		--change "LABEL $label=$hash" \
		--change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
		--change 'CMD ["bash"]' \
		- "$tag" >/dev/null
say "imported $tag"
