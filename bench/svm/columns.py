#!/usr/bin/env python3
"""SMO's kernel columns before and after the AVX2 path (issue 24 goal 4).

Called by bench/compare.sh: the bench/svm driver built twice, as it is
(--new: dots.Gemv four rows at a time with AVX2 and FMA, and dots.Gauss32,
four exponentials at a time, for the columns) and with the build tag purego
(--old: gonum's Dgemv and one exponential at a time in Go, the columns as
they were), and scikit-learn's SVC, on the RBF sets. Each runs --repeat
times, the three in turn (interleaved); the table shows medians of the
fit's CPU time (user + system) fresh in a process and repeated in one (as
compare.py measures them), old / new / SVC, and the ratios new / old and
new / SVC. The two builds must reach the same objective to 1e-6 relative,
or the script fails.
"""
import argparse
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from compare import ours, repeated_fits, sklearn  # noqa: E402 (bench/svm/compare.py)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", required=True, help="the bench/svm driver built with -tags purego")
    ap.add_argument("--new", required=True, help="the bench/svm driver")
    ap.add_argument("--svc", required=True, help="bench/svm/sklearn_svc.py")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--c", type=float, default=1)
    ap.add_argument("--eps", type=float, default=0.001)
    ap.add_argument("--cache", type=int, default=100, help="cache size in MB, all programs")
    ap.add_argument("sets", nargs="+", help="NAME=PATH:N:D")
    a = ap.parse_args()

    print("| set | n×d | kernel | obj old / new, rel. diff | fresh fit CPU s old / new / SVC | new / old | new / SVC "
          "| repeated fit CPU s old / new / SVC | new / old | new / SVC |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    ok = True
    for spec in a.sets:
        name, rest = spec.split("=", 1)
        path, n, d = rest.rsplit(":", 2)
        fits = repeated_fits(int(n))
        opt = (a.c, 2, 1.0 / int(d), a.eps, a.cache)
        runs = {"old": [], "new": [], "svc": []}
        for _ in range(a.repeat):
            runs["old"].append(ours(a.old, path, fits, *opt))
            runs["new"].append(ours(a.new, path, fits, *opt))
            runs["svc"].append(sklearn(a.svc, path, fits, *opt))
        med = {p: {k: statistics.median(r[k] for r in rs) for k in ("fit_cpu", "rep_cpu")} for p, rs in runs.items()}
        o, w = runs["old"][-1]["obj"], runs["new"][-1]["obj"]
        rel = abs(o - w) / abs(o)
        ok = ok and rel <= 1e-6
        old, new, svc = med["old"], med["new"], med["svc"]
        rep = "— | — | —"
        if fits:
            rep = "%.3f / %.3f / %.3f | %.2f | %.2f" % (old["rep_cpu"], new["rep_cpu"], svc["rep_cpu"],
                                                        new["rep_cpu"] / old["rep_cpu"], new["rep_cpu"] / svc["rep_cpu"])
        print("| %s | %s×%s | RBF γ=1/%s | %.6f / %.6f, %.1e | %.3f / %.3f / %.3f | %.2f | %.2f | %s |" % (
            name, n, d, d, o, w, rel, old["fit_cpu"], new["fit_cpu"], svc["fit_cpu"],
            new["fit_cpu"] / old["fit_cpu"], new["fit_cpu"] / svc["fit_cpu"], rep))
    print()
    print("Medians of %d interleaved runs; CPU seconds of the fit (user + system); repeated: the median of up to "
          "20 fits in one process after the fresh one. Objectives of the two builds agree to 1e-6: %s." % (
              a.repeat, "yes" if ok else "NO"))
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
