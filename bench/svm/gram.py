#!/usr/bin/env python3
"""Side by side: kernel.Gram (bench/svm/gram) and numpy, one thread each.

Called by bench/compare.sh. For each size N×D the two programs run in turn
--repeat times (interleaved, so that both see the machine's load); each
reports the median CPU time of one Gram matrix over its own repeats. Prints
a Markdown table of the medians over the runs: the linear kernel against
numpy's X @ X.T (OpenBLAS, one thread), the Gaussian one against the same
product finished in numpy, and against scikit-learn's rbf_kernel.
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from runs import timed  # noqa: E402 (bench/runs.py)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True, help="the built bench/svm/gram driver")
    ap.add_argument("--numpy", required=True, help="bench/svm/numpy_gram.py")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("sizes", nargs="+", help="NxD")
    a = ap.parse_args()
    print("| n×d | kernel | CPU ms ours | numpy | ratio | scikit-learn rbf_kernel | ratio |")
    print("|---|---|---|---|---|---|---|")
    for size in a.sizes:
        n, d = size.split("x")
        opt = ["-n", n, "-d", d, "-repeat", "5"]
        ours, nps = [], []
        for _ in range(a.repeat):
            ours.append(json.loads(timed([a.driver] + opt)[0]))
            nps.append(json.loads(timed([sys.executable, a.numpy] + opt)[0]))
        med = lambda runs, k: 1e3 * statistics.median(r[k] for r in runs)  # noqa: E731
        o, p = med(ours, "linear"), med(nps, "linear")
        print("| %s×%s | linear | %.1f | %.1f | %.2f | | |" % (n, d, o, p, o / p))
        o, p, s = med(ours, "rbf"), med(nps, "rbf"), med(nps, "sklearn_rbf")
        print("| %s×%s | Gaussian γ=1/%s | %.1f | %.1f | %.2f | %.1f | %.2f |" % (n, d, d, o, p, o / p, s, o / s))
    print()
    print("Medians of %d interleaved runs, each the median of 5 matrices after one untimed." % a.repeat)


if __name__ == "__main__":
    main()
