#!/usr/bin/env python3
"""Fits scikit-learn's LinearSVC on a LIBSVM file, for bench/dcd/compare.py.

Takes liblinear-train's options (-s 3 hinge or 1 squared hinge, -c, -e, -B)
and a file; reads it with load_svmlight_file (a CSR matrix, made a dense
array when -dense is given, as a user with dense data holds it), fits
LinearSVC(dual=True) with the same settings (intercept_scaling = B: the
intercept is the weight of a constant feature B, regularised, as in
LIBLINEAR, whose solver LinearSVC runs) and prints one JSON object: the
primal objective ½‖w‖² + ½(b/B)² + C·Σ loss, the iterations, and the wall
and CPU (process_time) seconds of fit() alone, after an untimed fit of the
first -warmup rows. -model FILE writes w and b, one number a line, as
bench/dcd's -model does.
"""
import argparse
import json
import time
import warnings

import numpy as np
from sklearn.datasets import load_svmlight_file
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import LinearSVC


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-s", type=int, default=3)
    ap.add_argument("-c", type=float, default=1)
    ap.add_argument("-e", type=float, default=0.1)
    ap.add_argument("-B", type=float, default=1)
    ap.add_argument("-dense", action="store_true", help="fit on a dense array")
    ap.add_argument("-warmup", type=int, default=0)
    ap.add_argument("-model", help="write w and b to this file, one number a line")
    ap.add_argument("file")
    a = ap.parse_args()
    x, y = load_svmlight_file(a.file)
    if a.dense:
        x = np.ascontiguousarray(x.toarray())
    loss = {3: "hinge", 1: "squared_hinge"}[a.s]

    def svc():
        return LinearSVC(C=a.c, loss=loss, dual=True, tol=a.e, fit_intercept=True,
                         intercept_scaling=a.B, max_iter=1000, random_state=1)

    warnings.simplefilter("ignore", ConvergenceWarning)
    if a.warmup > 0:
        svc().fit(x[:a.warmup], y[:a.warmup])
    m = svc()
    wall, cpu = time.perf_counter(), time.process_time()
    m.fit(x, y)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    w, b = m.coef_[0], float(m.intercept_[0])
    margin = 1 - y * (x @ w + b)
    lo = np.maximum(margin, 0)
    if a.s == 1:
        lo = lo ** 2
    primal = 0.5 * (w @ w + (b / a.B) ** 2) + a.c * lo.sum()
    if a.model:
        with open(a.model, "w") as f:
            f.write("\n".join(repr(float(v)) for v in list(w) + [b]) + "\n")
    print(json.dumps(dict(primal_objective=float(primal), iterations=int(np.max(m.n_iter_)),
                          fit_seconds=wall, fit_cpu_seconds=cpu)))


if __name__ == "__main__":
    main()
