"""Runs of the programs bench/*/compare.py measure: time, memory, medians."""

import math
import os
import statistics
import subprocess
import sys
import time


def timed(cmd):
    """Runs cmd; returns (stdout, wall seconds, CPU seconds, max RSS in MB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.stdout.read(), proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code  # reaped here, not by Popen
    if code != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), code, err.decode()))
    return out.decode(), wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024


def median_run(f, repeat):
    """Calls f repeat times; returns its last result with the medians of the
    times and memory, and every run's CPU seconds as cpu_runs."""
    runs = [f() for _ in range(repeat)]
    med = dict(runs[-1])
    for k in ("wall", "cpu", "rss", "fit_wall", "fit_cpu"):
        if k in med:
            med[k] = statistics.median(r[k] for r in runs)
    med["cpu_runs"] = [r["cpu"] for r in runs]
    return med


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs))
