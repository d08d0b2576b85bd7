#!/usr/bin/env bash
# entrypoint.sh: start Jupyter Notebook on the Margin Notes notebooks.
#
# Opens the notebooks of the checkout mounted at $MN_HOST (default ~/host), when
# one is mounted, and otherwise those of the image's own copy of the repository
# ($MN_REPO). Listens on 0.0.0.0:$PORT (default 8888) with a token: $JUPYTER_TOKEN
# when set, otherwise a random one. The URL with its token goes to the log
# (`docker logs`).
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

# The same start as a local `make notebook`: scripts/notebook.sh (the image's
# copy) checks the port, makes a token unless JUPYTER_TOKEN is set, and prints
# "URL: http://127.0.0.1:PORT/tree?token=..." once Jupyter answers. Kernels
# start in the notebook's directory; a notebook's setup cell finds the
# repository above its notebooks/ folder (scripts/gonb-workspace.sh).
export PORT=$port MN_IP=0.0.0.0 MN_NOTEBOOK_DIR=$root/notebooks
cd "$root/notebooks"
exec "$repo/scripts/notebook.sh"
