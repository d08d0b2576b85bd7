#!/usr/bin/env bash
# Makes liblinear.txt, the reference of TestDCDLIBLINEAR: what Debian's
# liblinear-train (liblinear-tools) finds on three data sets, for the hinge
# (-s 3) and the squared hinge (-s 1), C = 0.1, 1 and 10, with the bias
# feature -B 1, at LIBLINEAR's default tolerance -e 0.1 and at -e 0.001.
#
# The sets: wdbc is dataset.BreastCancer() scaled to [−1, 1] by
# ScaleToUnit, written exactly (bench/svm/gendata -set breast-cancer
# -scale), so that the test rebuilds the very same numbers; curved300.libsvm
# (see TestSMOLIBSVM) and text800.libsvm (bench/svm/gendata -set text -n 800
# -d 1500 -nnz 12 -seed 5: sparse, 12 words a row over 1500) are committed.
#
# Each line: set, -s, -c, -e, the objective value liblinear-train prints
# (the dual, ≤ 0), its #iter, the primal objective ½‖ŵ‖² + C·Σ loss of the
# model it wrote (ŵ with the bias weight, computed here from the model file
# and the data) and its predicted label of every point, + or -, in order.
#
# Needs Debian's liblinear-tools and python3-sklearn. Run from anywhere:
#	pkg/svm/testdata/liblinear.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go run ./bench/svm/gendata -set breast-cancer -scale -out "$work/wdbc"
cp "$here/curved300.libsvm" "$work/curved300"
cp "$here/text800.libsvm" "$work/text800"
version=$(dpkg-query -W -f '${Version}' liblinear-tools)
{
	echo "# liblinear-train -s S -c C -e E -B 1 (Debian liblinear-tools $version), made by liblinear.sh"
	echo "# set	s	c	e	objective	iterations	primal	predictions"
	for set in wdbc curved300 text800; do
		for s in 3 1; do
			for c in 0.1 1 10; do
				for e in 0.1 0.001; do
					log=$(liblinear-train -s "$s" -c "$c" -e "$e" -B 1 "$work/$set" "$work/model")
					obj=$(sed -n 's/^Objective value = //p' <<<"$log")
					iter=$(sed -n 's/.*#iter = //p' <<<"$log")
					/usr/bin/python3 - "$work/$set" "$work/model" "$set" "$s" "$c" "$e" "$obj" "$iter" <<'PY'
import sys
import numpy as np
from sklearn.datasets import load_svmlight_file

data, model, name, s, c, e, obj, it = sys.argv[1:]
lines = open(model).read().split("\n")
labels = [int(v) for v in next(l for l in lines if l.startswith("label")).split()[1:]]
bias = float(next(l for l in lines if l.startswith("bias")).split()[1])
w = np.array([float(l) for l in lines[lines.index("w") + 1:] if l.strip()])
if labels[0] == -1:  # LIBLINEAR's w points to its first label
    w = -w
x, y = load_svmlight_file(data, n_features=len(w) - 1)
f = x @ w[:-1] + bias * w[-1]
m = 1 - y * f
loss = np.maximum(m, 0)
if s == "1":
    loss = loss ** 2
primal = 0.5 * w @ w + float(c) * loss.sum()
pred = "".join("+" if v >= 0 else "-" for v in f)
print("\t".join([name, s, c, e, obj, it, repr(float(primal)), pred]))
PY
				done
			done
		done
	done
} >"$here/liblinear.txt"
