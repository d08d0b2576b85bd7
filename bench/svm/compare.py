#!/usr/bin/env python3
"""Side by side: svm.SMO (the bench/svm driver), LIBSVM's svm-train and
scikit-learn's SVC.

Called by bench/compare.sh, which prepares the files; prints a Markdown table.
For each data set and kernel the three programs solve the same scaled LIBSVM
file with the same C, gamma, tolerance (-e, SVC's tol), cache size (-m,
SVC's cache_size) and shrinking (on). Each runs --repeat times, the three
programs in turn (interleaved, so that they share the machine's load); the
table shows medians:

- against svm-train, the wall-clock and CPU time (user + system, from wait4)
  of the whole process, reading the file included, as before;
- against SVC, the time of the fit alone: SMO.Fit in our driver, SVC.fit on
  a dense array in Python (both report their own wall and CPU time), so that
  Python's start-up and the file formats do not count; before it each
  process fits the first 200 rows, untimed, so that neither side's
  first-call costs (faulting in code, growing the heap: milliseconds, the
  whole fit of the smallest set) count either;
- against SVC also the fit repeated in one process (the median of up to 20
  further fits of the same problem, each side timing its own), as a user
  who fits several models measures it;
- the iterations of ours and svm-train's (#iter), shrinking on;
- the peak memory of each whole process (max RSS from wait4), which for SVC
  includes the Python interpreter and its libraries.

Sets of up to 2000 points, whose fits take milliseconds, run three times as
often: a fresh fit there is mostly the first touch of its kernel columns,
which on a virtual machine can cost three times as much when the pages the
kernel hands out are ones the host has taken back (free page reporting), so
single fresh fits of 2000 points take 10 or 30 ms. The machine may be
shared with other work: the CPU time then measures the solvers better than
the wall clock. Our driver computes long kernel columns in
two goroutines, which can lower its wall time below its CPU time; svm-train
and SVC are single-threaded.

Our objective must agree with svm-train's to 1e-6 relative, and the numbers
of support vectors of the three within 1%, or the script fails. --tsv FILE
appends every run (raw results, bench/results/smo.tsv).
"""
import argparse
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from runs import geomean, timed  # noqa: E402 (bench/runs.py)


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


def repeated(cmd, path, fits):
    """The median CPU seconds of fits further fits in one process (a process
    of its own, so that the others' process times stay those of one fit)."""
    if fits == 0:
        return 0
    out, _, _, _ = timed(cmd + ["-repeat", str(fits), path])
    return json.loads(out)["repeat_cpu_seconds"]


def ours(driver, path, fits, *opt):
    cmd = [driver] + args(*opt) + WARMUP
    out, wall, cpu, rss = timed(cmd + [path])
    r = json.loads(out)
    r.update(wall=wall, cpu=cpu, rss=rss, fit_wall=r["solve_seconds"], fit_cpu=r["solve_cpu_seconds"],
             rep_cpu=repeated(cmd, path, fits))
    return r


def sklearn(script, path, fits, *opt):
    cmd = [sys.executable, script] + args(*opt) + WARMUP
    out, wall, cpu, rss = timed(cmd + [path])
    r = json.loads(out)
    r.update(wall=wall, cpu=cpu, rss=rss, fit_wall=r["fit_seconds"], fit_cpu=r["fit_cpu_seconds"],
             rep_cpu=repeated(cmd, path, fits))
    return r


def repeated_fits(n):
    """The fits repeated in one process after the fresh one: 20 below 1000
    points, down to none from 40 000 (where one fit takes seconds)."""
    return max(0, min(20, 20000 // n))


TSV_FIELDS = ["set", "n", "d", "kernel", "run", "program", "obj", "nSV", "iterations",
              "cpu", "wall", "rss", "fit_cpu", "fit_wall", "rep_cpu"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True, help="the built bench/svm driver")
    ap.add_argument("--svc", required=True, help="bench/svm/sklearn_svc.py")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--c", type=float, default=1)
    ap.add_argument("--eps", type=float, default=0.001)
    ap.add_argument("--cache", type=int, default=100, help="cache size in MB, all programs")
    ap.add_argument("--model", default="/tmp/compare-svm.model", help="svm-train's model file")
    ap.add_argument("--tsv", help="append every run here (tab-separated, with a header when new)")
    ap.add_argument("sets", nargs="+", help="NAME=PATH:N:D")
    a = ap.parse_args()

    tsv = None
    if a.tsv:
        new = not os.path.exists(a.tsv)
        tsv = open(a.tsv, "a")
        if new:
            tsv.write("\t".join(TSV_FIELDS) + "\n")

    print("| set | n×d | kernel | obj ours / LIBSVM, rel. diff | nSV ours / LIBSVM / SVC | iterations ours / LIBSVM "
          "| process CPU s ours / LIBSVM | ratio | fresh fit CPU s ours / SVC | ratio "
          "| repeated fit CPU s ours / SVC | ratio | max RSS MB ours / LIBSVM / SVC | ratio ours / LIBSVM |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = {k: [] for k in ("cpu", "fcpu", "rcpu", "rss", "iter")}
    ok = True
    for spec in a.sets:
        name, rest = spec.split("=", 1)
        path, n, d = rest.rsplit(":", 2)
        fits = repeated_fits(int(n))
        for t, kname in ((0, "linear"), (2, "RBF γ=1/%s" % d)):
            opt = (a.c, t, 1.0 / int(d), a.eps, a.cache)
            repeat = a.repeat if int(n) > 2000 else 3 * a.repeat
            # Interleaved: one run of each program in turn, so that all
            # three see the same load.
            runs = {"libsvm": [], "svc": [], "ours": []}
            for i in range(repeat):
                for prog, f in (("libsvm", lambda: libsvm(path, a.model, *opt)),
                                ("svc", lambda: sklearn(a.svc, path, fits, *opt)),
                                ("ours", lambda: ours(a.driver, path, fits, *opt))):
                    r = f()
                    runs[prog].append(r)
                    if tsv:
                        tsv.write("\t".join(str(v) for v in [name, n, d, kname, i, prog] +
                                             [r.get(k, "") for k in TSV_FIELDS[6:]]) + "\n")
            lib, svc, our = (medians(runs[p]) for p in ("libsvm", "svc", "ours"))
            rel = abs(our["obj"] - lib["obj"]) / abs(lib["obj"])
            same = all(abs(our["nSV"] - o["nSV"]) <= 0.01 * o["nSV"] for o in (lib, svc))
            ok = ok and rel <= 1e-6 and same
            r = dict(cpu=our["cpu"] / lib["cpu"], fcpu=our["fit_cpu"] / svc["fit_cpu"],
                     rss=our["rss"] / lib["rss"], iter=our["iterations"] / lib["iterations"])
            rep = "— | —"
            if fits:
                r["rcpu"] = our["rep_cpu"] / svc["rep_cpu"]
                rep = "%.4f / %.4f | %.2f" % (our["rep_cpu"], svc["rep_cpu"], r["rcpu"])
            for k, v in r.items():
                ratios[k].append(v)
            print("| %s | %s×%s | %s | %.6f / %.6f, %.1e | %d / %d / %d | %d / %d | %.3f / %.3f | %.2f "
                  "| %.4f / %.4f | %.2f | %s | %.0f / %.0f / %.0f | %.2f |" % (
                      name, n, d, kname, our["obj"], lib["obj"], rel, our["nSV"], lib["nSV"], svc["nSV"],
                      our["iterations"], lib["iterations"],
                      our["cpu"], lib["cpu"], r["cpu"], our["fit_cpu"], svc["fit_cpu"], r["fcpu"], rep,
                      our["rss"], lib["rss"], svc["rss"], r["rss"]))
    print()
    print("Medians of %d interleaved runs (%d up to 2000 points); repeated fits: the median of up to 20 fits in one "
          "process after the fresh one. Ratios ours/other, geometric mean (worst): against svm-train, process CPU "
          "%.2f (%.2f), max RSS %.2f (%.2f), iterations %.2f (%.2f); against SVC, fresh fit CPU %.2f (%.2f), "
          "repeated fit CPU %.2f (%.2f). Objectives agree to 1e-6 relative and support-vector counts to 1%%: %s." % (
              a.repeat, 3 * a.repeat, geomean(ratios["cpu"]), max(ratios["cpu"]),
              geomean(ratios["rss"]), max(ratios["rss"]), geomean(ratios["iter"]), max(ratios["iter"]),
              geomean(ratios["fcpu"]), max(ratios["fcpu"]),
              geomean(ratios["rcpu"]) if ratios["rcpu"] else float("nan"), max(ratios["rcpu"], default=float("nan")),
              "yes" if ok else "NO"))
    if not ok:
        sys.exit(1)


def medians(runs):
    """The last run with the medians of its times and memory."""
    med = dict(runs[-1])
    for k in ("wall", "cpu", "rss", "fit_wall", "fit_cpu", "rep_cpu"):
        if k in med:
            med[k] = statistics.median(r[k] for r in runs)
    return med


if __name__ == "__main__":
    main()
