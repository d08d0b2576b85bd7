#!/usr/bin/env bash
# bench/compare.sh — our solvers side by side with the reference programs,
# on the same files, printed as Markdown tables (make compare runs it).
#
#   SVM: svm.SMO (driver bench/svm) against LIBSVM's svm-train and
#   scikit-learn's SVC on the Wisconsin breast cancer set (569×30) and
#   generated sets (2000×10, 5000×100 and 5000, 10000, 20000 and 40000 × 20), all
#   scaled to [−1, 1] by svm-scale, each with a linear and an RBF kernel
#   (γ = 1/d), C = 1, tolerance 0.001, a 100 MB cache and shrinking in all
#   three. Against svm-train whole processes (reading the file included),
#   against SVC the fit alone (SVC on a dense array), fresh and repeated in
#   one process; the iterations against svm-train's; the peak memory (max
#   RSS) of every process. Each runs REPEAT times (default 3) and the
#   medians are compared, the programs interleaved. SIZES="5000 10000"
#   limits the n of the d = 20 sets; RESULTS=DIR keeps the raw runs as
#   DIR/smo.tsv. See bench/svm/compare.py.
#
#   Linear SVM at scale: svm.DCD (driver bench/dcd) against LIBLINEAR's
#   liblinear-train -s 3 and -s 1 and scikit-learn's LinearSVC (dual=True)
#   on dense 10⁵ × 20, 10⁶ × 20 and 10⁵ × 100 sets (gendata -set gaussian,
#   svm-scale'd) and a sparse text-like one (gendata -set text: 10⁵ rows,
#   10⁵ features, 50 a row, Zipf frequencies), C = 1, -B 1, tolerance 0.1
#   and 0.01. See bench/dcd/compare.py. DCD=0 skips it, SMO=0 the SVM part
#   above; DCD_SETS="g20-1e5 text" picks sets; RESULTS=DIR keeps the raw
#   runs as DIR/dcd.tsv.
#
#   SMO's kernel columns (issue 24 goal 4): the bench/svm driver as it is
#   and built with -tags purego (the columns through gonum's Dgemv and one
#   exponential at a time, as before internal/dots served them), and SVC, on
#   the RBF sets 5000×100 and 10⁴×20 (those of the SMO part), fit CPU old /
#   new / SVC, interleaved, REPEAT runs (default 5 here). See
#   bench/svm/columns.py. COLUMNS=0 skips it; with SMO=0 it makes its sets.
#
#   Gram matrices: kernel.Gram (driver bench/svm/gram) against numpy with
#   one BLAS thread, linear and Gaussian, on 2000×100 and 2000×20 standard
#   normal data (GRAM_SIZES="2000x100"; GRAM=0 skips it). See
#   bench/svm/gram.py.
#
#   The command line (issue 24): whole marginnotes processes against the
#   anchors, interleaved: start-up (--help) against svm-train's usage, svm
#   on the breast cancer set against svm-train, svm --solver dcd on dense
#   files past any fixed cell limit (CLI_DCD_SETS, default "g20-1e6
#   g100-2e5") against liblinear-train. See bench/cli/compare.py. CLI=0
#   skips it; RESULTS=DIR keeps its raw runs as DIR/cli.tsv.
#
#   Perceptron: bench/perceptron/compare.sh, when present (PERCEPTRON=0
#   skips it).
#
# As root the programs run at nice -5. Debian's libsvm-tools, liblinear-tools
# and python3-sklearn are installed when missing (scripts/setup.sh packages:
# as root; otherwise it says what to install). Usage, from anywhere:
# bench/compare.sh
set -euo pipefail
cd "$(dirname "$0")/.."
py=/usr/bin/python3 # Debian's, which python3-sklearn extends (not a pyenv shim)

need=()
command -v svm-train >/dev/null && command -v svm-scale >/dev/null || need+=(libsvm-tools)
[ "${DCD:-1}" = 0 ] || command -v liblinear-train >/dev/null || need+=(liblinear-tools)
[ -x "$py" ] && "$py" -c 'import sklearn' 2>/dev/null || need+=(python3-sklearn)
((${#need[@]} == 0)) || scripts/setup.sh packages "${need[@]}"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/svm" ./bench/svm
go build -o "$work/gendata" ./bench/svm/gendata
go build -o "$work/dcd" ./bench/dcd
nice=()
[ "$(id -u)" -ne 0 ] || nice=(nice -n -5)

if [ "${SMO:-1}" != 0 ]; then

# The data: unscaled LIBSVM files, then svm-scale -l -1 -u 1 (its remark on
# non-negative sparse data does not apply here).
sizes=${SIZES:-"5000 10000 20000 40000"}
"$work/gendata" -set breast-cancer -out "$work/breast-cancer.raw"
"$work/gendata" -set gaussian -n 2000 -d 10 -seed 1 -out "$work/gauss10.raw"
"$work/gendata" -set gaussian -n 5000 -d 100 -seed 2 -out "$work/gauss100.raw"
sets=(breast-cancer gauss10 gauss100)
specs=("breast-cancer=$work/breast-cancer.scale:569:30" "gauss10=$work/gauss10.scale:2000:10"
	"gauss100=$work/gauss100.scale:5000:100")
for n in $sizes; do
	"$work/gendata" -set gaussian -n "$n" -d 20 -seed 1 -out "$work/gauss20-$n.raw"
	sets+=("gauss20-$n")
	specs+=("gauss20=$work/gauss20-$n.scale:$n:20")
done
for f in "${sets[@]}"; do
	svm-scale -l -1 -u 1 "$work/$f.raw" >"$work/$f.scale" 2>/dev/null
done

echo "## SMO vs LIBSVM svm-train and scikit-learn SVC"
echo
echo "$(dpkg-query -W -f '${Package} ${Version}' libsvm-tools 2>/dev/null || echo libsvm-tools)," \
	"scikit-learn $("$py" -c 'import sklearn; print(sklearn.__version__)'), $(go version | cut -d' ' -f3);" \
	"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start."
echo
smotsv=()
[ -z "${RESULTS:-}" ] || smotsv=(--tsv "$RESULTS/smo.tsv")
"${nice[@]}" "$py" bench/svm/compare.py --driver "$work/svm" --svc bench/svm/sklearn_svc.py --repeat "${REPEAT:-3}" \
	--model "$work/model" "${smotsv[@]}" "${specs[@]}"
echo
echo "Load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
fi

if [ "${COLUMNS:-1}" != 0 ]; then
	go build -tags purego -o "$work/svm-purego" ./bench/svm
	colspecs=()
	for spec in "gauss100 5000 100 2" "gauss20-10000 10000 20 1"; do
		read -r f n d seed <<<"$spec"
		if [ ! -f "$work/$f.scale" ]; then
			"$work/gendata" -set gaussian -n "$n" -d "$d" -seed "$seed" -out "$work/$f.raw"
			svm-scale -l -1 -u 1 "$work/$f.raw" >"$work/$f.scale" 2>/dev/null
		fi
		colspecs+=("${f%-*}=$work/$f.scale:$n:$d")
	done
	echo
	echo "## SMO's kernel columns: gonum's Dgemv and Go's exponential (old) against internal/dots (new)"
	echo
	echo "$(go version | cut -d' ' -f3), scikit-learn $("$py" -c 'import sklearn; print(sklearn.__version__)');" \
		"$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start."
	echo
	"${nice[@]}" "$py" bench/svm/columns.py --old "$work/svm-purego" --new "$work/svm" --svc bench/svm/sklearn_svc.py \
		--repeat "${REPEAT:-5}" "${colspecs[@]}"
	echo
	echo "Load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
fi

if [ "${DCD:-1}" != 0 ]; then
	declare -A dcdspec=(
		[g20-1e5]="gaussian 100000 20 1"
		[g20-1e6]="gaussian 1000000 20 1"
		[g100-1e5]="gaussian 100000 100 2"
		[text]="text 100000 100000 3"
	)
	specs=()
	for name in ${DCD_SETS:-g20-1e5 g20-1e6 g100-1e5 text}; do
		read -r set n d seed <<<"${dcdspec[$name]}"
		if [ "$set" = text ]; then
			"$work/gendata" -set text -n "$n" -d "$d" -nnz 50 -seed "$seed" -out "$work/$name.scale"
			specs+=("$name=$work/$name.scale:$n:$d:sparse")
		else
			"$work/gendata" -set gaussian -n "$n" -d "$d" -seed "$seed" -out "$work/$name.raw"
			svm-scale -l -1 -u 1 "$work/$name.raw" >"$work/$name.scale" 2>/dev/null
			rm "$work/$name.raw"
			specs+=("$name=$work/$name.scale:$n:$d:dense")
		fi
	done
	echo
	echo "## DCD vs LIBLINEAR liblinear-train and scikit-learn LinearSVC"
	echo
	echo "$(dpkg-query -W -f '${Package} ${Version}' liblinear-tools 2>/dev/null || echo liblinear-tools)," \
		"scikit-learn $("$py" -c 'import sklearn; print(sklearn.__version__)'), $(go version | cut -d' ' -f3);" \
		"$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start."
	echo
	tsv=()
	[ -z "${RESULTS:-}" ] || tsv=(--tsv "$RESULTS/dcd.tsv")
	"${nice[@]}" "$py" bench/dcd/compare.py --driver "$work/dcd" --sklearn bench/dcd/sklearn_linearsvc.py \
		--repeat "${REPEAT:-3}" --work "$work" "${tsv[@]}" "${specs[@]}"
	echo
	echo "Load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
fi

if [ "${GRAM:-1}" != 0 ]; then
	go build -o "$work/gram" ./bench/svm/gram
	read -ra gramsizes <<<"${GRAM_SIZES:-2000x100 2000x20}"
	echo
	echo "## Gram matrices: kernel.Gram against numpy, one thread"
	echo
	echo "numpy $("$py" -c 'import numpy; print(numpy.__version__)'), $(go version | cut -d' ' -f3);" \
		"load average $(cut -d' ' -f1-3 /proc/loadavg) at the start."
	echo
	"${nice[@]}" "$py" bench/svm/gram.py --driver "$work/gram" --numpy bench/svm/numpy_gram.py \
		--repeat "${REPEAT:-3}" "${gramsizes[@]}"
	echo
	echo "Load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
fi

if [ "${CLI:-1}" != 0 ]; then
	go build -o "$work/marginnotes" ./cmd/marginnotes
	[ -f "$work/breast-cancer.scale" ] || {
		"$work/gendata" -set breast-cancer -out "$work/breast-cancer.raw"
		svm-scale -l -1 -u 1 "$work/breast-cancer.raw" >"$work/breast-cancer.scale" 2>/dev/null
	}
	cli=(--smo "breast-cancer=$work/breast-cancer.scale:569:30")
	clitsv=()
	[ -z "${RESULTS:-}" ] || clitsv=(--tsv "$RESULTS/cli.tsv")
	declare -A clispec=([g20-1e6]="1000000 20 1" [g100-2e5]="200000 100 2")
	for name in ${CLI_DCD_SETS:-g20-1e6 g100-2e5}; do
		read -r n d seed <<<"${clispec[$name]}"
		if [ ! -f "$work/$name.scale" ]; then
			"$work/gendata" -set gaussian -n "$n" -d "$d" -seed "$seed" -out "$work/$name.raw"
			svm-scale -l -1 -u 1 "$work/$name.raw" >"$work/$name.scale" 2>/dev/null
			rm "$work/$name.raw"
		fi
		cli+=(--dcd "$name=$work/$name.scale:$n:$d")
	done
	echo
	echo "## The command line, whole processes (issue 24)"
	echo
	echo "$(dpkg-query -W -f '${Package} ${Version}, ' libsvm-tools liblinear-tools 2>/dev/null)$(go version | cut -d' ' -f3);" \
		"$(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start."
	echo
	"${nice[@]}" "$py" bench/cli/compare.py --marginnotes "$work/marginnotes" --dcd-driver "$work/dcd" \
		--model "$work/cli-model" --repeat "${REPEAT:-3}" "${clitsv[@]}" "${cli[@]}"
	echo
	echo "Load average $(cut -d' ' -f1-3 /proc/loadavg) at the end."
fi

if [ "${PERCEPTRON:-1}" != 0 ] && [ -f bench/perceptron/compare.sh ]; then
	echo
	bash bench/perceptron/compare.sh
fi
