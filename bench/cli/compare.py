#!/usr/bin/env python3
"""The command line, whole processes, against the reference programs (issue 24).

Called by bench/compare.sh with the built marginnotes and the prepared
files; prints a Markdown table. Every row runs our command and its anchor
one after the other, --repeat times (interleaved, so that both see the same
load), and compares the medians of the CPU time (user + system of the
whole process, from wait4) and of the peak memory (max RSS):

- start-up: "marginnotes svm --help" and "marginnotes --help" against
  svm-train without arguments (which prints its usage);
- SMO: "marginnotes svm --c 1 --kernel K --eps 0.001 --json FILE" against
  "svm-train -c 1 -t T -g G -e 0.001 -m 100 FILE MODEL", reading and
  parsing included on both sides; the objectives must agree to 1e-6
  relative (LIBSVM prints 8 digits: to its last digit);
- DCD: "marginnotes svm --solver dcd --c 1 --bias 1 --eps E --json FILE"
  against "liblinear-train -s 3|1 -c 1 -B 1 -e E FILE MODEL" on dense
  files too big for a fixed cell limit; the primal objectives of both
  models (recomputed on the data by bench/dcd -check) must agree to 1e-3
  relative (the tolerance -e 0.1 leaves that much open).

Each --smo, --dcd argument is NAME=FILE:N:D.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir))
from runs import geomean  # noqa: E402 (bench/runs.py)

LIBSVM_OBJ = re.compile(r"obj = (\S+), rho")


def run(cmd, ok=(0,)):
    """Runs cmd; returns (stdout, CPU seconds, max RSS in MB)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.stdout.read(), proc.stderr.read()
    _, status, ru = os.wait4(proc.pid, 0)
    code = os.waitstatus_to_exitcode(status)
    proc.returncode = code
    if code not in ok:
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), code, err.decode()[:500]))
    return out.decode(), ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024, time.perf_counter() - start


def pair(ours, anchor, repeat, ok_anchor=(0,)):
    """Runs both repeat times, interleaved; returns their last outputs and medians."""
    res = {"ours": [], "anchor": []}
    for _ in range(repeat):
        res["ours"].append(run(ours))
        res["anchor"].append(run(anchor, ok_anchor))
    med = {}
    for side, runs in res.items():
        med[side] = dict(out=runs[-1][0], cpu=statistics.median(r[1] for r in runs), runs=[r[1] for r in runs],
                         rss=statistics.median(r[2] for r in runs), wall=statistics.median(r[3] for r in runs))
    return med


def spec(s):
    name, rest = s.split("=", 1)
    path, n, d = rest.rsplit(":", 2)
    return name, path, int(n), int(d)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--marginnotes", required=True)
    ap.add_argument("--dcd-driver", help="bench/dcd, for liblinear-train's objective")
    ap.add_argument("--model", default="/tmp/compare-cli.model")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--startup-repeat", type=int, default=101)
    ap.add_argument("--smo", action="append", default=[])
    ap.add_argument("--dcd", action="append", default=[])
    ap.add_argument("--tsv", help="append every row here too")
    a = ap.parse_args()
    mn = a.marginnotes
    rows = []
    print("| work | command (ours) | anchor | objective ours / anchor, rel. diff | process CPU s ours / anchor | ratio | max RSS MB ours / anchor | ratio |")
    print("|---|---|---|---|---|---|---|---|")

    def row(work, ours, anchor, obj, m):
        o, r = m["ours"], m["anchor"]
        ratio = o["cpu"] / r["cpu"] if r["cpu"] > 0 else float("nan")
        rss = o["rss"] / r["rss"]
        rows.append((work, ratio, rss))
        if a.tsv:
            new = not os.path.exists(a.tsv)
            with open(a.tsv, "a") as f:
                if new:
                    f.write("work\tours\tanchor\tobjective\tcpu_ours\tcpu_anchor\tcpu_runs_ours\tcpu_runs_anchor\trss_ours\trss_anchor\n")
                f.write("\t".join([work, " ".join(ours), " ".join(anchor), obj, "%.6f" % o["cpu"], "%.6f" % r["cpu"],
                                    ",".join("%.6f" % c for c in o["runs"]), ",".join("%.6f" % c for c in r["runs"]),
                                    "%.1f" % o["rss"], "%.1f" % r["rss"]]) + "\n")
        print("| %s | `%s` | `%s` | %s | %.4f / %.4f | %.2f | %.0f / %.0f | %.2f |" % (
            work, " ".join(ours), " ".join(anchor), obj, o["cpu"], r["cpu"], ratio, o["rss"], r["rss"], rss))
        sys.stdout.flush()

    # Start-up: the usage text, nothing read.
    for ours in (["svm", "--help"], ["--help"]):
        m = pair([mn] + ours, ["svm-train"], a.startup_repeat, ok_anchor=(1,))
        row("start-up", ["marginnotes"] + ours, ["svm-train"], "—", m)

    for s in a.smo:
        name, path, n, d = spec(s)
        for kern, t in (("linear", 0), ("rbf", 2)):
            g = 1.0 / d
            ours = ["svm", "--c", "1", "--kernel", kern, "--eps", "0.001", "--json"]
            anchor = ["-c", "1", "-t", str(t), "-e", "0.001", "-m", "100", "-h", "1"]
            if kern == "rbf":
                ours[5:5] = ["--gamma", repr(g)]
                anchor[4:4] = ["-g", repr(g)]
            reps = a.repeat * 3 if n < 2000 else a.repeat
            m = pair([mn] + ours + [path], ["svm-train"] + anchor + [path, a.model], reps)
            mine = json.loads(m["ours"]["out"])["dual_objective"]
            theirs = float(LIBSVM_OBJ.search(m["anchor"]["out"]).group(1))
            rel = abs(mine - theirs) / abs(theirs)
            if rel > 1e-6:
                sys.exit("%s %s: objective %r against svm-train's %r (rel. diff %.2g)" % (name, kern, mine, theirs, rel))
            row("%s %d×%d SMO %s" % (name, n, d, kern), ["marginnotes"] + ours + [name],
                ["svm-train"] + anchor + [name, "MODEL"], "%.6f / %.6f, %.1e" % (mine, theirs, rel), m)

    for s in a.dcd:
        name, path, n, d = spec(s)
        for loss, sflag in (("hinge", "3"), ("squared-hinge", "1")):
            ours = ["svm", "--solver", "dcd", "--c", "1", "--loss", loss, "--bias", "1", "--eps", "0.1", "--json"]
            anchor = ["-s", sflag, "-c", "1", "-B", "1", "-e", "0.1", "-q"]
            m = pair([mn] + ours + [path], ["liblinear-train"] + anchor + [path, a.model], a.repeat)
            res = json.loads(m["ours"]["out"])
            ours_model = a.model + ".ours"
            with open(ours_model, "w") as f:
                f.write("\n".join(repr(v) for v in res["w"] + [res["b"]]) + "\n")
            out, _, _, _ = run([a.dcd_driver, "-s", sflag, "-c", "1", "-B", "1", "-check", ours_model,
                                "-liblinear", a.model, path])
            check = json.loads(out)
            mine, theirs = check["primal_objective"], check["liblinear_primal_objective"]
            rel = abs(mine - theirs) / abs(theirs)
            if rel > 1e-3:
                sys.exit("%s %s: objective %r against liblinear-train's %r (rel. diff %.2g)" % (name, loss, mine, theirs, rel))
            row("%s %d×%d DCD %s" % (name, n, d, loss), ["marginnotes"] + ours + [name],
                ["liblinear-train"] + anchor + [name, "MODEL"], "%.2f / %.2f, %.1e" % (mine, theirs, rel), m)

    if rows:
        print()
        print("Ratios ours/anchor, geometric mean (worst): process CPU %.2f (%.2f), max RSS %.2f (%.2f)." % (
            geomean([r[1] for r in rows]), max(r[1] for r in rows), geomean([r[2] for r in rows]), max(r[2] for r in rows)))


if __name__ == "__main__":
    main()
