#!/usr/bin/env bash
# notebook.sh: start Jupyter Notebook on notebooks/ with the GoNB kernel
# (`make notebook` runs it after scripts/setup.sh).
#
# It binds to $MN_IP (default 127.0.0.1) on port $PORT (default 8888), protects
# the server with a token ($JUPYTER_TOKEN, or a fresh random one) and, once
# the server answers, prints one line
#
#     URL: http://127.0.0.1:8888/tree?token=...
#
# (scripts and tests can read it), then keeps running until interrupted.
# The server's own log goes to standard error. PORT is a decimal number from
# 1024 to 65535 (below 1024 only root may listen); a port that cannot be
# listened on — in use, or an address not of this machine — is an error,
# never a silent move to the next port. As root it passes --allow-root and
# turns Jupyter's terminals off: a terminal would be a root shell in the
# browser (notebook cells still run as root).
#
# Environment: PORT, MN_IP, JUPYTER_TOKEN, MN_NOTEBOOK_DIR (default: notebooks/),
# MN_BIN (default: <repo>/bin, put first on PATH), MN_TRUSTED_NOTEBOOKS
# (scripts/trust.sh).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
port=${PORT:-8888}
ip=${MN_IP:-127.0.0.1}
dir=${MN_NOTEBOOK_DIR:-$root/notebooks}
export PATH=${MN_BIN:-$root/bin}:$PATH:/usr/local/go/bin

die() {
	echo "notebook: $*" >&2
	exit 1
}

# Decimal digits only, no leading zero (bash arithmetic would read 010 as
# octal 8, and Jupyter as 10), at most five of them before any arithmetic.
if [[ ! $port =~ ^[1-9][0-9]{0,4}$ ]] || ((port > 65535)); then
	die "PORT=$port is not a port number (decimal, 1024 to 65535, no leading zero)"
fi
if ((port < 1024)); then
	die "PORT=$port: a port below 1024 needs root privileges, which a notebook server should not have; choose one from 1024 to 65535"
fi
command -v jupyter >/dev/null || die "jupyter is missing; run make setup"
host=$ip
[[ $host == 0.0.0.0 ]] && host=127.0.0.1

# Listen once as Jupyter will (SO_REUSEADDR, as tornado does), to say why
# the port cannot be used before Jupyter starts.
why=$(python3 - "$ip" "$port" <<'EOF'
import errno, socket, sys
ip, port = sys.argv[1], int(sys.argv[2])
try:
    for family, kind, proto, _, addr in socket.getaddrinfo(ip, port, type=socket.SOCK_STREAM):
        with socket.socket(family, kind, proto) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(addr)
            s.listen()
except OSError as e:
    print({errno.EADDRINUSE: "in use", errno.EACCES: "permission denied",
           errno.EADDRNOTAVAIL: "not an address of this machine"}.get(e.errno, e.strerror))
EOF
) || true
case $why in
"") ;;
"in use") die "port $port on $ip is in use; choose another with PORT=..." ;;
"permission denied") die "permission denied to listen on $ip:$port; choose another port with PORT=..." ;;
*) die "cannot listen on $ip:$port: $why (MN_IP=$ip)" ;;
esac
token=${JUPYTER_TOKEN:-$(od -An -N24 -tx1 /dev/urandom | tr -d ' \n')}

# The sliders of pkg/notebook are HTML with a small script, which Jupyter
# shows from a saved notebook only if it trusts the notebook (otherwise it
# strips the script and the figure until the cell runs again). Trust the
# project's own notebooks of both editions (notebooks/, notebooks/zh/) as
# committed, and nothing else: a notebook copied in from elsewhere, or
# changed since, is left to Jupyter (scripts/trust.sh).
"$root/scripts/trust.sh" project "$dir" ||
	echo "notebook: could not trust the notebooks; their sliders show after Run All" >&2

args=(notebook --no-browser --ip="$ip" --port="$port"
	--NotebookApp.port_retries=0
	--notebook-dir="$dir")
if [[ $(id -u) == 0 ]]; then
	args+=(--allow-root --NotebookApp.terminals_enabled=False)
	echo "notebook: running as root: Jupyter's terminals are off (they would be root shells)" >&2
fi

# The token reaches Jupyter through the environment, so it does not show in
# the process list.
JUPYTER_TOKEN=$token jupyter "${args[@]}" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null; wait "$server"; exit 130' INT TERM

for ((i = 0; i < 600; i++)); do
	if ! kill -0 "$server" 2>/dev/null; then
		wait "$server" || true
		die "Jupyter exited before answering on $ip:$port; its log above says why"
	fi
	if (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; then
		break
	fi
	sleep 0.1
done
if ((i == 600)) || ! kill -0 "$server" 2>/dev/null; then
	echo "notebook: Jupyter did not answer on $host:$port within 60 s" >&2
	kill -TERM "$server" 2>/dev/null || true
	exit 1
fi

cat <<EOF

  Margin Notes: Jupyter is serving notebooks/ with the GoNB kernel.
  Open this URL in a browser (Ctrl-C here stops the server):

URL: http://$host:$port/tree?token=$token

  English edition:  http://$host:$port/tree?token=$token
  中文版:           http://$host:$port/tree/zh?token=$token

EOF
wait "$server"
