#!/usr/bin/env bash
# Makes wdbc-rbf.txt, the reference of TestDecisionLIBSVM: the decision
# values f(xᵢ) = Σⱼ αⱼyⱼK(xⱼ, xᵢ) + b of an RBF SVM fitted by LIBSVM to the
# Wisconsin breast cancer set, at its 569 points.
#
# The data are dataset.BreastCancer() scaled to [−1, 1] by ScaleToUnit,
# written exactly (bench/svm/gendata -set breast-cancer -scale), so that the
# test fits the very same numbers. LIBSVM's svm-predict prints labels, not
# decision values, so the values come from scikit-learn's SVC, which runs
# LIBSVM's solver on dense arrays, with the same settings as
#
#	svm-train -s 0 -t 2 -g 1/30 -c 10 -e 1e-9 -m 200 -h 1
#
# The script runs that svm-train too and checks that svm-predict's labels
# are the signs of SVC's decision values (+1 for f ≥ 0) and that both find
# the same number of support vectors.
#
# Needs Debian's libsvm-tools and python3-sklearn. Run from anywhere:
#	pkg/svm/testdata/wdbc-rbf.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

go run ./bench/svm/gendata -set breast-cancer -scale -out "$work/wdbc.scale"
gamma=$(/usr/bin/python3 -c 'print(repr(1/30))')
svm-train -s 0 -t 2 -g "$gamma" -c 10 -e 1e-9 -m 200 -h 1 -q "$work/wdbc.scale" "$work/model"
svm-predict -q "$work/wdbc.scale" "$work/model" "$work/labels" >/dev/null

/usr/bin/python3 - "$work" "$here/wdbc-rbf.txt" <<'PY'
import subprocess, sys
import numpy as np
import sklearn
from sklearn.datasets import load_svmlight_file
from sklearn.svm import SVC

work, out = sys.argv[1], sys.argv[2]
x, y = load_svmlight_file(work + "/wdbc.scale", n_features=30)
x = x.toarray()
svc = SVC(C=10, kernel="rbf", gamma=1 / 30, tol=1e-9, cache_size=200, shrinking=True).fit(x, y)
f = svc.decision_function(x)  # > 0 means classes_[1] = +1

labels = np.loadtxt(work + "/labels")
signs = np.where(f >= 0, 1.0, -1.0)
assert (labels == signs).all(), "svm-predict disagrees with SVC's signs"
model = open(work + "/model").read().split("\n")
nsv = int(next(l for l in model if l.startswith("total_sv")).split()[1])
rho = float(next(l for l in model if l.startswith("rho")).split()[1])
assert nsv == svc.n_support_.sum(), (nsv, svc.n_support_)
libsvm = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", "libsvm-tools"], capture_output=True, text=True).stdout

with open(out, "w") as w:
    w.write("# Decision values of an RBF SVM on the scaled Wisconsin breast cancer set\n")
    w.write("# (569 points, γ = 1/30, C = 10, tolerance 1e-9), one per point in the\n")
    w.write("# order of dataset.BreastCancer(). Made by pkg/svm/testdata/wdbc-rbf.sh with\n")
    w.write("# scikit-learn %s SVC.decision_function (LIBSVM inside); svm-train of\n" % sklearn.__version__)
    w.write("# libsvm-tools %s on the same file: %d support vectors, rho = %.9g,\n" % (libsvm, nsv, rho))
    w.write("# and svm-predict's labels are the signs of these values.\n")
    for v in f:
        w.write("%.17g\n" % v)
PY
echo "wrote $here/wdbc-rbf.txt" >&2
