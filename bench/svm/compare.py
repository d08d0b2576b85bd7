#!/usr/bin/env python3
"""Side by side: svm.SMO (the bench/svm driver), LIBSVM's svm-train and
scikit-learn's SVC.

Called by bench/compare.sh, which prepares the files; prints a Markdown table.
For each data set and kernel the three programs solve the same scaled LIBSVM
file with the same C, gamma, tolerance (-e, SVC's tol), cache size (-m,
SVC's cache_size) and shrinking (on). Each runs --repeat times; the table
shows medians:

- against svm-train, the wall-clock and CPU time (user + system, from wait4)
  of the whole process, reading the file included, as before;
- against SVC, the time of the fit alone: SMO.Fit in our driver, SVC.fit on
  a dense array in Python (both report their own wall and CPU time), so that
  Python's start-up and the file formats do not count; before it each
  process fits the first 200 rows, untimed, so that neither side's
  first-call costs (faulting in code, growing the heap: milliseconds, the
  whole fit of the smallest set) count either;
- the peak memory of each whole process (max RSS from wait4), which for SVC
  includes the Python interpreter and its libraries.

Sets below 2000 points, whose fits take milliseconds, run three times as
often. The machine may be shared with other work: the CPU time then
measures the solvers better than the wall clock. Our driver computes long kernel columns in
two goroutines, which can lower its wall time below its CPU time; svm-train
and SVC are single-threaded.

Our objective must agree with svm-train's to 1e-3 relative, and the numbers
of support vectors of the three within 1%, or the script fails.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from runs import geomean, median_run, timed  # noqa: E402 (bench/runs.py)


LIBSVM_OBJ = re.compile(r"obj = (\S+), rho = (\S+)")
LIBSVM_NSV = re.compile(r"nSV = (\d+), nBSV = (\d+)")
LIBSVM_ITER = re.compile(r"#iter = (\d+)")


def args(c, t, g, eps, cache):
    return ["-c", repr(c), "-t", str(t), "-g", repr(g), "-e", repr(eps), "-m", str(cache), "-h", "1"]


def libsvm(path, model, *opt):
    out, wall, cpu, rss = timed(["svm-train"] + args(*opt) + [path, model])
    obj, rho = map(float, LIBSVM_OBJ.search(out).groups())
    nsv, nbsv = map(int, LIBSVM_NSV.search(out).groups())
    it = int(LIBSVM_ITER.search(out).group(1))
    return dict(obj=obj, rho=rho, nSV=nsv, nBSV=nbsv, iterations=it, wall=wall, cpu=cpu, rss=rss)


WARMUP = ["-warmup", "200"]


def ours(driver, path, *opt):
    out, wall, cpu, rss = timed([driver] + args(*opt) + WARMUP + [path])
    r = json.loads(out)
    r.update(wall=wall, cpu=cpu, rss=rss, fit_wall=r["solve_seconds"], fit_cpu=r["solve_cpu_seconds"])
    return r


def sklearn(script, path, *opt):
    out, wall, cpu, rss = timed([sys.executable, script] + args(*opt) + WARMUP + [path])
    r = json.loads(out)
    r.update(wall=wall, cpu=cpu, rss=rss, fit_wall=r["fit_seconds"], fit_cpu=r["fit_cpu_seconds"])
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True, help="the built bench/svm driver")
    ap.add_argument("--svc", required=True, help="bench/svm/sklearn_svc.py")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--c", type=float, default=1)
    ap.add_argument("--eps", type=float, default=0.001)
    ap.add_argument("--cache", type=int, default=100, help="cache size in MB, all programs")
    ap.add_argument("--model", default="/tmp/compare-svm.model", help="svm-train's model file")
    ap.add_argument("sets", nargs="+", help="NAME=PATH:N:D")
    a = ap.parse_args()

    print("| set | n×d | kernel | obj ours / LIBSVM, rel. diff | nSV ours / LIBSVM / SVC "
          "| process CPU s ours / LIBSVM | ratio | process wall s ours / LIBSVM | ratio "
          "| fit CPU s ours / SVC | ratio | fit wall s ours / SVC | ratio "
          "| max RSS MB ours / LIBSVM / SVC | ratio ours / LIBSVM |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = {k: [] for k in ("cpu", "wall", "fcpu", "fwall", "rss")}
    ok = True
    for spec in a.sets:
        name, rest = spec.split("=", 1)
        path, n, d = rest.rsplit(":", 2)
        for t, kname in ((0, "linear"), (2, "RBF γ=1/%s" % d)):
            opt = (a.c, t, 1.0 / int(d), a.eps, a.cache)
            repeat = a.repeat if int(n) >= 2000 else 3 * a.repeat
            lib = median_run(lambda: libsvm(path, a.model, *opt), repeat)
            svc = median_run(lambda: sklearn(a.svc, path, *opt), repeat)
            our = median_run(lambda: ours(a.driver, path, *opt), repeat)
            rel = abs(our["obj"] - lib["obj"]) / abs(lib["obj"])
            same = all(abs(our["nSV"] - o["nSV"]) <= 0.01 * o["nSV"] for o in (lib, svc))
            ok = ok and rel <= 1e-3 and same
            r = dict(cpu=our["cpu"] / lib["cpu"], wall=our["wall"] / lib["wall"],
                     fcpu=our["fit_cpu"] / svc["fit_cpu"], fwall=our["fit_wall"] / svc["fit_wall"],
                     rss=our["rss"] / lib["rss"])
            for k, v in r.items():
                ratios[k].append(v)
            print("| %s | %s×%s | %s | %.6f / %.6f, %.1e | %d / %d / %d | %.3f / %.3f | %.2f | %.3f / %.3f | %.2f "
                  "| %.3f / %.3f | %.2f | %.3f / %.3f | %.2f | %.0f / %.0f / %.0f | %.2f |" % (
                      name, n, d, kname, our["obj"], lib["obj"], rel, our["nSV"], lib["nSV"], svc["nSV"],
                      our["cpu"], lib["cpu"], r["cpu"], our["wall"], lib["wall"], r["wall"],
                      our["fit_cpu"], svc["fit_cpu"], r["fcpu"], our["fit_wall"], svc["fit_wall"], r["fwall"],
                      our["rss"], lib["rss"], svc["rss"], r["rss"]))
    print()
    print("Medians of %d runs (%d below 2000 points). Ratios ours/other, geometric mean (worst): against svm-train, process CPU "
          "%.2f (%.2f), wall %.2f (%.2f), max RSS %.2f (%.2f); against SVC, fit CPU %.2f (%.2f), fit wall "
          "%.2f (%.2f). Objectives agree to 1e-3 and support-vector counts to 1%%: %s." % (
              a.repeat, 3 * a.repeat, geomean(ratios["cpu"]), max(ratios["cpu"]), geomean(ratios["wall"]), max(ratios["wall"]),
              geomean(ratios["rss"]), max(ratios["rss"]), geomean(ratios["fcpu"]), max(ratios["fcpu"]),
              geomean(ratios["fwall"]), max(ratios["fwall"]), "yes" if ok else "NO"))
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
