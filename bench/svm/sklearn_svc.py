#!/usr/bin/env python3
"""Fits scikit-learn's SVC on a LIBSVM file, for bench/svm/compare.py.

Takes svm-train's options (-c, -t 0|2, -g, -e, -m in MB, -h) and a file; reads
it into a dense array (what a Python user hands to SVC, and what makes SVC
run LIBSVM's dense solver), fits SVC with the same settings, and prints one
JSON object: the support-vector counts, rho = −b, and the wall and CPU
(process_time: user + system of the process) seconds of fit() alone; with
-warmup N, after an untimed fit of the first N rows; with -repeat N also the
medians over N further fits of the same problem in the same process.
"""
import argparse
import json
import statistics
import time

import numpy as np
from sklearn.datasets import load_svmlight_file
from sklearn.svm import SVC


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0], add_help=False)
    ap.add_argument("-c", type=float, default=1)
    ap.add_argument("-t", type=int, default=2)
    ap.add_argument("-g", type=float, required=True)
    ap.add_argument("-e", type=float, default=0.001)
    ap.add_argument("-m", type=float, default=100)
    ap.add_argument("-h", type=int, default=1)
    ap.add_argument("-warmup", type=int, default=0, help="first fit the first N rows, untimed")
    ap.add_argument("-repeat", type=int, default=0, help="then fit N times more and report the medians")
    ap.add_argument("file")
    a = ap.parse_args()
    x, y = load_svmlight_file(a.file)
    x = np.ascontiguousarray(x.toarray())
    kernel = {0: "linear", 2: "rbf"}[a.t]
    svc = SVC(C=a.c, kernel=kernel, gamma=a.g, tol=a.e, cache_size=a.m, shrinking=a.h == 1)
    if a.warmup > 0:
        SVC(C=a.c, kernel=kernel, gamma=a.g, tol=a.e, cache_size=a.m, shrinking=a.h == 1).fit(x[:a.warmup], y[:a.warmup])
    wall, cpu = time.perf_counter(), time.process_time()
    svc.fit(x, y)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    walls, cpus = [], []
    for _ in range(a.repeat):
        w, c = time.perf_counter(), time.process_time()
        SVC(C=a.c, kernel=kernel, gamma=a.g, tol=a.e, cache_size=a.m, shrinking=a.h == 1).fit(x, y)
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    rep = {}
    if a.repeat > 0:
        rep = dict(repeat_seconds=statistics.median(walls), repeat_cpu_seconds=statistics.median(cpus))
    coef = np.abs(svc.dual_coef_[0])
    print(json.dumps(dict(nSV=int(svc.n_support_.sum()), nBSV=int((coef >= a.c * (1 - 1e-12)).sum()),
                          rho=float(-svc.intercept_[0]), fit_seconds=wall, fit_cpu_seconds=cpu, **rep)))


if __name__ == "__main__":
    main()
