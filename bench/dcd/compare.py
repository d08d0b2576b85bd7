#!/usr/bin/env python3
"""Side by side: svm.DCD (the bench/dcd driver), LIBLINEAR's liblinear-train
and scikit-learn's LinearSVC, on the same LIBSVM files.

Called by bench/compare.sh, which prepares the files; prints a Markdown table
and writes the raw runs as TSV (--tsv). For each data set, loss (-s 3 hinge,
-s 1 squared hinge) and tolerance (-e) the three programs solve the same
problem: C, the bias feature -B 1 (LinearSVC: intercept_scaling = 1, the
same regularised intercept), the tolerance, at most 1000 passes. Each runs
--repeat times; the table shows medians:

- against liblinear-train, the CPU time (user + system, from wait4) of the
  whole process, reading the file included, and its peak memory (max RSS);
- against LinearSVC, the CPU time of the fit alone, each side timing its
  own (our driver around DCD.Fit, Python's process_time around fit()),
  after an untimed fit of the first 200 rows in Python; LinearSVC gets a
  dense array for the dense sets and a CSR matrix for the sparse one.

Then the answers: the primal objective ½‖ŵ‖² + C·Σ loss of each model,
computed by our driver from the model files on the data (ŵ with the bias
weight), and the fraction of points predicted as liblinear-train does, for
ours and, as the baseline of what the tolerance leaves open, for
LinearSVC, which runs LIBLINEAR's own solver with another random order.
"""
import argparse
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from runs import geomean, median_run, timed  # noqa: E402 (bench/runs.py)


ITER = re.compile(r"#iter = (\d+)")
OBJ = re.compile(r"Objective value = (\S+)")


def liblinear(path, model, s, c, e):
    out, wall, cpu, rss = timed(["liblinear-train", "-s", str(s), "-c", repr(c), "-e", repr(e), "-B", "1", path, model])
    return dict(iterations=int(ITER.search(out).group(1)), dual=float(OBJ.search(out).group(1)),
                wall=wall, cpu=cpu, rss=rss)


def ours(driver, path, model, s, c, e):
    out, wall, cpu, rss = timed([driver, "-s", str(s), "-c", repr(c), "-e", repr(e), "-B", "1", "-model", model, path])
    r = json.loads(out)
    r.update(wall=wall, cpu=cpu, rss=rss, fit_cpu=r["fit_cpu_seconds"])
    return r


def sklearn(script, path, model, s, c, e, dense):
    cmd = [sys.executable, script, "-s", str(s), "-c", repr(c), "-e", repr(e), "-B", "1", "-warmup", "200", "-model", model]
    out, wall, cpu, rss = timed(cmd + (["-dense"] if dense else []) + [path])
    r = json.loads(out)
    r.update(wall=wall, cpu=cpu, rss=rss, fit_cpu=r["fit_cpu_seconds"])
    return r


def check(driver, path, s, c, model, llmodel):
    out = subprocess.run([driver, "-s", str(s), "-c", repr(c), "-B", "1", "-check", model, "-liblinear", llmodel, path],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True, help="the built bench/dcd driver")
    ap.add_argument("--sklearn", required=True, help="bench/dcd/sklearn_linearsvc.py")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--c", type=float, default=1)
    ap.add_argument("--eps", default="0.1,0.01")
    ap.add_argument("--work", required=True, help="a directory for the model files")
    ap.add_argument("--tsv", help="write every run here")
    ap.add_argument("sets", nargs="+", help="NAME=PATH:N:D:dense|sparse")
    a = ap.parse_args()

    print("| set | n×d | loss | -e | primal ours / liblinear / LinearSVC | rel. diff ours | same predictions ours, LinearSVC | "
          "passes ours / liblinear | process CPU s ours / liblinear | ratio | fit CPU s ours / LinearSVC | ratio | "
          "max RSS MB ours / liblinear / LinearSVC | ratio ours / liblinear |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    ratios = {k: [] for k in ("cpu", "fcpu", "rss")}
    rows = []
    for spec in a.sets:
        name, rest = spec.split("=", 1)
        path, n, d, kind = rest.rsplit(":", 3)
        for e in [float(v) for v in a.eps.split(",")]:
            for s, loss in ((3, "hinge"), (1, "squared hinge")):
                llm, om, skm = (os.path.join(a.work, "%s.model" % w) for w in ("liblinear", "ours", "sklearn"))
                ll = median_run(lambda: liblinear(path, llm, s, a.c, e), a.repeat)
                our = median_run(lambda: ours(a.driver, path, om, s, a.c, e), a.repeat)
                sk = median_run(lambda: sklearn(a.sklearn, path, skm, s, a.c, e, kind == "dense"), a.repeat)
                chk = check(a.driver, path, s, a.c, om, llm)
                skchk = check(a.driver, path, s, a.c, skm, llm)
                p_ll = chk["liblinear_primal_objective"]
                rel = abs(chk["primal_objective"] - p_ll) / p_ll
                r = dict(cpu=our["cpu"] / ll["cpu"], fcpu=our["fit_cpu"] / sk["fit_cpu"], rss=our["rss"] / ll["rss"])
                for k, v in r.items():
                    ratios[k].append(v)
                print("| %s | %s×%s | %s | %g | %.2f / %.2f / %.2f | %.1e | %.4f, %.4f | %d / %d | %.2f / %.2f | %.2f "
                      "| %.2f / %.2f | %.2f | %.0f / %.0f / %.0f | %.2f |" % (
                          name, n, d, loss, e, chk["primal_objective"], p_ll, skchk["primal_objective"], rel,
                          chk["agreement"], skchk["agreement"], our["iterations"], ll["iterations"],
                          our["cpu"], ll["cpu"], r["cpu"], our["fit_cpu"], sk["fit_cpu"], r["fcpu"],
                          our["rss"], ll["rss"], sk["rss"], r["rss"]), flush=True)
                rows.append([name, n, d, loss, e, chk["primal_objective"], p_ll, skchk["primal_objective"],
                             ll["dual"], chk["agreement"], skchk["agreement"], our["iterations"], ll["iterations"],
                             sk["iterations"], our["cpu"], ll["cpu"], our["fit_cpu"], sk["fit_cpu"],
                             our["read_cpu_seconds"], our["rss"], ll["rss"], sk["rss"],
                             " ".join("%.3f" % v for v in our["cpu_runs"]), " ".join("%.3f" % v for v in ll["cpu_runs"])])
    print()
    print("Medians of %d runs. Ratios ours/other, geometric mean (worst): process CPU against liblinear-train %.2f (%.2f); "
          "fit CPU against LinearSVC %.2f (%.2f); max RSS against liblinear-train %.2f (%.2f)." % (
              a.repeat, geomean(ratios["cpu"]), max(ratios["cpu"]), geomean(ratios["fcpu"]), max(ratios["fcpu"]),
              geomean(ratios["rss"]), max(ratios["rss"])))
    if a.tsv:
        with open(a.tsv, "w") as f:
            f.write("\t".join(["set", "n", "d", "loss", "eps", "primal_ours", "primal_liblinear", "primal_linearsvc",
                               "dual_liblinear", "agreement_ours", "agreement_linearsvc", "passes_ours",
                               "passes_liblinear", "passes_linearsvc", "process_cpu_ours", "process_cpu_liblinear",
                               "fit_cpu_ours", "fit_cpu_linearsvc", "read_cpu_ours", "rss_mb_ours",
                               "rss_mb_liblinear", "rss_mb_linearsvc", "process_cpu_runs_ours",
                               "process_cpu_runs_liblinear"]) + "\n")
            for r in rows:
                f.write("\t".join(str(v) for v in r) + "\n")


if __name__ == "__main__":
    main()
