#!/usr/bin/env bash
# Times one epoch of our primal perceptron (pkg/perceptron, Algorithm 2.1)
# and of scikit-learn's Perceptron on the same data: n = 10⁵ and 10⁶ rows,
# d = 100 dense standard normal features, labels from a random hyperplane
# with 10% flipped, η = 1, no penalty, index order (no shuffle), fixed
# epochs. Only the epochs are timed on both sides: each side fits E1 and E2
# epochs and reports (t(E2) − t(E1))/(E2 − E1), the fastest of REPEAT fits.
# t is the CPU time of the fitting thread, which stays meaningful when other
# jobs share the machine (wall-clock differences do not); the JSON lines of
# both sides carry wall times too.
#
# Up to CLI_MAX rows (default 10⁵) the same epochs are also timed through
# the command line, "marginnotes perceptron --max-epochs E data.csv" as
# whole processes (reading cancels in the difference; printing counts), and
# compared with the library's (issue 24: at most 1.2×).
#
# Then the dual form (Algorithm 2.2) against the primal at DUAL_N points
# (default 2·10⁴, the first rows of the 10⁵ set; its Gram matrix would take
# 3.2 GB): CPU time per update, at the same updates (issue 24: at most 3×).
#
#   bench/perceptron/compare.sh            # both sizes
#   SIZES="100000" bench/perceptron/compare.sh
#
# Needs Debian's python3-sklearn (scripts/setup.sh packages installs it if
# missing) and about 2 GB of memory and disk for the 10⁶-row file. Data are
# cached in $BENCH_DATA (default ${TMPDIR:-/tmp}/marginnotes-bench).
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/bench/perceptron"
py=/usr/bin/python3
sizes=${SIZES:-"100000 1000000"}
d=${DIM:-100}
e1=${E1:-2}
e2=${E2:-}
repeat=${REPEAT:-3}
data=${BENCH_DATA:-${TMPDIR:-/tmp}/marginnotes-bench}

"$py" -c 'import sklearn' 2>/dev/null || "$root/scripts/setup.sh" packages python3-sklearn

mkdir -p "$data"
(cd "$root" && go build -o "$data/perceptron-bench" ./bench/perceptron && go build -o "$data/marginnotes" ./cmd/marginnotes)
cli_max=${CLI_MAX:-100000}

sk_version=$("$py" -c 'import sklearn; print(sklearn.__version__)')
echo "# Primal perceptron epoch: ours vs scikit-learn $sk_version"
echo "# d=$d, fits of E1 and E2 epochs (columns), best of $repeat, CPU time of the fitting thread; load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?')"
echo
echo "| n | d | epochs | ours s/epoch | ours ns/row | sklearn s/epoch | sklearn ns/row | ratio ours/sklearn | max rel. Δw after $e1 epochs | CLI epochs | CLI s/epoch | ratio CLI/ours |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for n in $sizes; do
	# Enough epochs that the timed difference dwarfs the noise of the setup.
	e2n=${e2:-$(( 5000000 / n > 22 ? 5000000 / n : 22 ))}
	dir="$data/n$n-d$d"
	mkdir -p "$dir"
	if [ ! -f "$dir/X.npy" ] || [ ! -f "$dir/y.npy" ]; then
		"$py" "$here/sklearn_perceptron.py" gen "$n" "$d" 1 "$dir"
	fi
	sk=$(OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 "$py" "$here/sklearn_perceptron.py" time "$dir" "$e1" "$e2n" "$repeat")
	cli=()
	if [ "$n" -le "$cli_max" ]; then
		[ -f "$dir/data.csv" ] || "$data/perceptron-bench" -dir "$dir" -csv "$dir/data.csv"
		cli=(-cli "$data/marginnotes" -file "$dir/data.csv")
	fi
	go=$("$data/perceptron-bench" -dir "$dir" -e1 "$e1" -e2 "$e2n" -repeat "$repeat" "${cli[@]}")
	"$py" - "$n" "$d" "$go" "$sk" "$e1–$e2n" <<'PY'
import json, sys
n, d, go, sk, epochs = int(sys.argv[1]), sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4]), sys.argv[5]
gc, sc = go["cpu_seconds_per_epoch"], sk["cpu_seconds_per_epoch"]
diff = go.get("max_rel_diff_vs_sklearn", float("nan"))
cli = go.get("cli_cpu_seconds_per_epoch")
clicols = f"{go['cli_epochs']} | {cli:.4g} | {cli / gc:.2f}" if cli is not None else "— | — | —"
print(f"| {n} | {d} | {epochs} | {gc:.4g} | {gc / n * 1e9:.3g} | {sc:.4g} | {sc / n * 1e9:.3g} | {gc / sc:.2f} | {diff:.2g} | {clicols} |")
PY
done

dual_n=${DUAL_N:-20000}
dir="$data/n100000-d$d"
if [ -f "$dir/X.npy" ]; then
	echo
	echo "| n | d | epochs | primal s/update | dual s/update | ratio dual/primal | updates an epoch (both) |"
	echo "|---|---|---|---|---|---|---|"
	p=$("$data/perceptron-bench" -dir "$dir" -rows "$dual_n" -e1 "$e1" -e2 22 -repeat "$repeat" -form primal)
	q=$("$data/perceptron-bench" -dir "$dir" -rows "$dual_n" -e1 "$e1" -e2 22 -repeat "$repeat" -form dual)
	"$py" - "$dual_n" "$d" "$p" "$q" "$e1–22" <<'PY'
import json, sys
n, d, p, q, epochs = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), json.loads(sys.argv[4]), sys.argv[5]
if p["updates_per_epoch"] != q["updates_per_epoch"]:
    sys.exit("the primal and the dual made different updates: %r, %r" % (p["updates_per_epoch"], q["updates_per_epoch"]))
pu, qu = p["cpu_seconds_per_update"], q["cpu_seconds_per_update"]
print(f"| {n} | {d} | {epochs} | {pu:.3g} | {qu:.3g} | {qu / pu:.2f} | {p['updates_per_epoch']:.0f} |")
PY
fi
