#!/usr/bin/env python3
"""Side-by-side timing of svm.SMO (the bench/svm driver) and LIBSVM svm-train.

Called by bench/compare.sh, which prepares the files; prints a Markdown table.
For each data set and kernel both programs run as whole processes on the same
scaled LIBSVM file with the same C, gamma, -e, cache size and shrinking (on).
Each runs --repeat times; the table shows the medians of the wall-clock time
and of the CPU time (user + system, from wait4) of the whole process, reading
the file included (svm-train also writes its model file). The ratio is
ours/LIBSVM. The machine may be shared with other work: the CPU time then
measures the solver better than the wall clock. Our driver computes long
kernel columns in two goroutines, which can lower its wall time below its
CPU time; svm-train is single-threaded.

The objectives must agree to 1e-3 relative, or the script fails.
"""
import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import time


def timed(cmd):
    """Runs cmd; returns (stdout, wall seconds, CPU seconds)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.stdout.read(), proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code  # reaped here, not by Popen
    if code != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), code, err.decode()))
    return out.decode(), wall, ru.ru_utime + ru.ru_stime


LIBSVM_OBJ = re.compile(r"obj = (\S+), rho = (\S+)")
LIBSVM_NSV = re.compile(r"nSV = (\d+), nBSV = (\d+)")
LIBSVM_ITER = re.compile(r"#iter = (\d+)")


def args(c, t, g, eps, cache):
    return ["-c", repr(c), "-t", str(t), "-g", repr(g), "-e", repr(eps), "-m", str(cache), "-h", "1"]


def libsvm(path, model, *opt):
    out, wall, cpu = timed(["svm-train"] + args(*opt) + [path, model])
    obj, rho = map(float, LIBSVM_OBJ.search(out).groups())
    nsv, nbsv = map(int, LIBSVM_NSV.search(out).groups())
    it = int(LIBSVM_ITER.search(out).group(1))
    return dict(obj=obj, rho=rho, nSV=nsv, nBSV=nbsv, iterations=it), wall, cpu


def ours(driver, path, *opt):
    out, wall, cpu = timed([driver] + args(*opt) + [path])
    return json.loads(out), wall, cpu


def median_run(f, repeat):
    res, walls, cpus = None, [], []
    for _ in range(repeat):
        res, wall, cpu = f()
        walls.append(wall)
        cpus.append(cpu)
    return res, statistics.median(walls), statistics.median(cpus)


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--driver", required=True, help="the built bench/svm driver")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--c", type=float, default=1)
    ap.add_argument("--eps", type=float, default=0.001)
    ap.add_argument("--cache", type=int, default=100, help="cache size in MB, both programs")
    ap.add_argument("--model", default="/tmp/compare-svm.model", help="svm-train's model file")
    ap.add_argument("sets", nargs="+", help="NAME=PATH:N:D")
    a = ap.parse_args()

    print("| set | n×d | kernel | obj ours | obj LIBSVM | rel. diff | nSV ours / LIBSVM "
          "| iterations ours / LIBSVM | wall ours / LIBSVM (s) | CPU ours / LIBSVM (s) | wall ratio | CPU ratio |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    walls, cpus, ok = [], [], True
    for spec in a.sets:
        name, rest = spec.split("=", 1)
        path, n, d = rest.rsplit(":", 2)
        for t, kname in ((0, "linear"), (2, "RBF γ=1/%s" % d)):
            opt = (a.c, t, 1.0 / int(d), a.eps, a.cache)
            lib, lwall, lcpu = median_run(lambda: libsvm(path, a.model, *opt), a.repeat)
            our, owall, ocpu = median_run(lambda: ours(a.driver, path, *opt), a.repeat)
            rel = abs(our["obj"] - lib["obj"]) / abs(lib["obj"])
            ok = ok and rel <= 1e-3
            walls.append(owall / lwall)
            cpus.append(ocpu / lcpu)
            print("| %s | %s×%s | %s | %.6f | %.6f | %.1e | %d / %d | %d / %d | %.3f / %.3f | %.3f / %.3f | %.2f | %.2f |" % (
                name, n, d, kname, our["obj"], lib["obj"], rel, our["nSV"], lib["nSV"],
                our["iterations"], lib["iterations"], owall, lwall, ocpu, lcpu, walls[-1], cpus[-1]))
    print()
    print("Medians of %d runs, whole processes. Geometric mean of the ratios ours/LIBSVM: "
          "wall %.2f (worst %.2f), CPU %.2f (worst %.2f). Objectives agree to 1e-3 relative: %s." % (
              a.repeat, geomean(walls), max(walls), geomean(cpus), max(cpus), "yes" if ok else "NO"))
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
