"""Data generation and scikit-learn timing for bench/perceptron/compare.sh.

  sklearn_perceptron.py gen N D SEED DIR    write DIR/X.npy (N×D float64, C order) and DIR/y.npy
  sklearn_perceptron.py time DIR E1 E2 R    time Perceptron fits of E1 and E2 epochs, R times each;
                                            print seconds per epoch and write DIR/coef_E1.npy

The features are standard normal, the labels come from a random hyperplane
with 10% of them flipped, so that no epoch is free of mistakes and every fit
runs all of its epochs. Seconds per epoch are (min time of E2 epochs − min
time of E1 epochs)/(E2 − E1): loading, validation and setup cancel out. Both
the CPU time of the fitting thread (steady on a shared machine) and the wall
time are reported.
"""
import json
import sys
import time
import warnings

import numpy as np


def gen(n, d, seed, out):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((n, d))
    u = rng.standard_normal(d)
    y = np.where(x @ u >= 0, 1.0, -1.0)
    flip = rng.random(n) < 0.1
    y[flip] = -y[flip]
    np.save(f"{out}/X.npy", np.ascontiguousarray(x, dtype=np.float64))
    np.save(f"{out}/y.npy", y)


def fit(x, y, epochs):
    from sklearn.linear_model import Perceptron

    # Same algorithm as perceptron.Primal: η = 1, no penalty, index order,
    # a mistake when y(w·x+b) ≤ 0, a fixed number of epochs.
    clf = Perceptron(max_iter=epochs, tol=None, shuffle=False, eta0=1.0, alpha=0.0, fit_intercept=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cpu, wall = time.thread_time(), time.perf_counter()
        clf.fit(x, y)
        return time.thread_time() - cpu, time.perf_counter() - wall, clf


def timing(out, e1, e2, repeat):
    x = np.load(f"{out}/X.npy")
    y = np.load(f"{out}/y.npy")
    inf = float("inf")
    c1 = c2 = w1 = w2 = inf
    for _ in range(repeat):
        c, w, clf = fit(x, y, e1)
        c1, w1 = min(c1, c), min(w1, w)
        c, w, _ = fit(x, y, e2)
        c2, w2 = min(c2, c), min(w2, w)
    np.save(f"{out}/coef_{e1}.npy", np.append(clf.coef_.ravel(), clf.intercept_))
    print(json.dumps({"cpu_seconds_per_epoch": (c2 - c1) / (e2 - e1), "wall_seconds_per_epoch": (w2 - w1) / (e2 - e1)}))

if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "gen":
        gen(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5])
    elif cmd == "time":
        timing(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    else:
        sys.exit(f"unknown command {cmd}")
