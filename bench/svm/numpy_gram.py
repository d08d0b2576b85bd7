#!/usr/bin/env python3
"""Times Gram matrices in numpy for bench/svm/gram.py, one BLAS thread.

On seeded standard normal data of -n rows and -d columns: the linear Gram
matrix X @ X.T, the Gaussian one (γ = 1/d) written in numpy as
exp(−γ·max(0, ‖x‖² + ‖z‖² − 2·X @ X.T)), and scikit-learn's rbf_kernel;
prints one JSON object with the median CPU seconds (process_time) of each
over -repeat matrices, after one untimed.
"""
import os

# One thread, set before numpy loads its BLAS.
for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[var] = "1"

import argparse  # noqa: E402
import json  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402

import numpy as np  # noqa: E402
from sklearn.metrics.pairwise import rbf_kernel  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("-n", type=int, default=2000)
    ap.add_argument("-d", type=int, default=100)
    ap.add_argument("-repeat", type=int, default=5)
    ap.add_argument("-seed", type=int, default=1)
    a = ap.parse_args()
    x = np.random.default_rng(a.seed).standard_normal((a.n, a.d))
    g = 1.0 / a.d

    def rbf():
        sq = np.einsum("ij,ij->i", x, x)
        dist = sq[:, None] + sq[None, :] - 2 * (x @ x.T)
        np.maximum(dist, 0, out=dist)
        return np.exp(-g * dist, out=dist)

    out = {}
    for name, f in (("linear", lambda: x @ x.T), ("rbf", rbf), ("sklearn_rbf", lambda: rbf_kernel(x, gamma=g))):
        f()
        cpu = []
        for _ in range(a.repeat):
            c = time.process_time()
            f()
            cpu.append(time.process_time() - c)
        out[name] = statistics.median(cpu)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
