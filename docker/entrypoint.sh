#!/usr/bin/env bash
# entrypoint.sh: start Jupyter Notebook on the Margin Notes notebooks.
#
# Opens the notebooks of the checkout mounted at $MN_HOST (default ~/host), when
# one is mounted, and otherwise those of the image's own copy of the repository
# ($MN_REPO). Listens on 0.0.0.0:$PORT (default 8888) with a token: $JUPYTER_TOKEN
# when set, otherwise a random one. The URL with its token goes to the log.
#
# Any arguments are run instead, e.g. `docker run -it IMAGE bash`.
set -euo pipefail

if (($#)); then
	exec "$@"
fi

port=${PORT:-8888}
repo=${MN_REPO:-$HOME/marginnotes}
host=${MN_HOST:-$HOME/host}
module='module github.com/marginnotes/marginnotes'

say() { printf 'marginnotes: %s\n' "$*" >&2; }

if [[ -f $host/go.mod ]] && grep -qx "$module" "$host/go.mod"; then
	root=$host
	say "using the mounted checkout $host (edits persist on the host)"
	if [[ ! -w $host/notebooks ]]; then
		say "warning: $host/notebooks is not writable by uid $(id -u);" \
			"rebuild with --build-arg UID=\$(id -u) or mount a writable checkout"
	fi
elif [[ -d $host ]] && [[ -n $(ls -A "$host" 2>/dev/null) ]]; then
	say "$host is mounted but holds no Margin Notes checkout (no go.mod with '$module');" \
		"using the image's copy $repo"
	root=$repo
else
	root=$repo
	say "using the image's copy $repo (mount a checkout at $host to keep edits)"
fi

token=${JUPYTER_TOKEN:-$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')}
say "open http://127.0.0.1:$port/?token=$token"

# Kernels inherit this directory; the notebooks find the repository as
# "$GONB_DIR/..", the parent of the notebook's own directory.
cd "$root/notebooks"
exec jupyter notebook \
	--no-browser \
	--ip=0.0.0.0 \
	--port="$port" \
	--port-retries=0 \
	--notebook-dir="$root/notebooks" \
	--NotebookApp.token="$token"
