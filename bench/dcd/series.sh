#!/usr/bin/env bash
# bench/dcd/series.sh — fit time against n for svm.SMO (linear kernel) and
# svm.DCD on the same files, for the plot of the notes: the gendata
# gaussian sets of d = 20 (seed 1), scaled by svm-scale -l -1 -u 1, from
# n = 10³ to 10⁶; C = 1; SMO at LIBSVM's tolerance 0.001 with a 100 MB cache
# (bench/svm), DCD with the hinge at LIBLINEAR's 0.1 and at 0.01, -B 1
# (bench/dcd). SMO runs up to SMO_MAX points (default 100000: beyond, a
# fit takes minutes; SIZES="1000 2000" picks the n). Each point is the
# median of REPEAT runs (default 3) of the fit's CPU time, as the drivers
# measure it, and of the whole process's (wait4).
#
# The two solve different problems (SMO: b free, as (7.32); DCD: b a
# weight of the constant feature B = 1, regularised): the series compares
# the time each method takes to fit a linear SVM to the data.
#
# Writes TSV, with the command and the machine in comment lines, to
# $OUT, by default pkg/experiment/data/smo-dcd-series.tsv: the one copy of
# the series, which package experiment embeds (experiment.SMODCDSeries) and
# notebook 11-smo plots; a test checks that OUT's default is the file the
# go:embed line names. The file is replaced when the run is complete. OUT=-
# writes to standard output instead. LIBSVM's svm-scale comes from Debian's
# libsvm-tools, installed when missing (scripts/setup.sh packages). Usage,
# from anywhere:
#	bench/dcd/series.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${OUT:-pkg/experiment/data/smo-dcd-series.tsv}
command -v svm-scale >/dev/null || scripts/setup.sh packages libsvm-tools
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/svm" ./bench/svm
go build -o "$work/dcd" ./bench/dcd
go build -o "$work/gendata" ./bench/svm/gendata
nice=()
[ "$(id -u)" -ne 0 ] || nice=(nice -n -5)
repeat=${REPEAT:-3}
smo_max=${SMO_MAX:-100000}
sizes=${SIZES:-"1000 2000 5000 10000 20000 40000 100000 200000 500000 1000000"}

# median of the numbers on standard input
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }

# run LABEL EPS CMD...: the medians of REPEAT runs as one TSV line.
run() {
	local label=$1 eps=$2
	shift 2
	: >"$work/fit" && : >"$work/proc"
	local iter obj
	for _ in $(seq "$repeat"); do
		/usr/bin/time -f '%U %S' -o "$work/time" "${nice[@]}" "$@" >"$work/out"
		awk '{print $1 + $2}' "$work/time" >>"$work/proc"
		/usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r.get("fit_cpu_seconds", r.get("solve_cpu_seconds")))' "$work/out" >>"$work/fit"
	done
	read -r iter obj < <(/usr/bin/python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["iterations"], r.get("primal_objective", r.get("obj")))' "$work/out")
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" 20 "$label" "$eps" "$(median <"$work/fit")" "$(median <"$work/proc")" "$iter" "$obj"
}

# series: the whole run, as TSV on standard output.
series() {
	echo "# SMO (linear kernel) and DCD fit time against n: bench/dcd/series.sh (REPEAT=$repeat SMO_MAX=$smo_max${SIZES:+ SIZES=\"$sizes\"})"
	echo "# $(go version | cut -d' ' -f3), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start, $(date -u +%F)"
	printf 'n\td\tsolver\teps\tfit_cpu_seconds\tprocess_cpu_seconds\titerations\tobjective\n'
	for n in $sizes; do
		"$work/gendata" -set gaussian -n "$n" -d 20 -seed 1 -out "$work/raw"
		svm-scale -l -1 -u 1 "$work/raw" >"$work/data" 2>/dev/null
		if [ "$n" -le "$smo_max" ]; then
			run smo 0.001 "$work/svm" -t 0 -c 1 -e 0.001 -m 100 "$work/data"
		fi
		for eps in 0.1 0.01; do
			run dcd "$eps" "$work/dcd" -s 3 -c 1 -e "$eps" -B 1 "$work/data"
		done
	done
	echo "# load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
}

if [ "$out" = - ]; then
	series
else
	series >"$work/series.tsv"
	cp "$work/series.tsv" "$out.tmp"
	mv "$out.tmp" "$out"
	echo "series.sh: wrote $out" >&2
fi
