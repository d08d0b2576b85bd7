#!/usr/bin/env bash
# Makes the data of TestSMOResolution and prints LIBSVM's answers on them,
# which the test holds as reference numbers: small problems on which SMO
# used to stop with "did not converge" (issue 18 §1.6) because it lowered
# its tolerance below what float64 resolves.
#
#   small72-seed1.libsvm, small72-seed4.libsvm: 72 points on a line, x
#   uniform in [0, 10⁻³), labels ±1 at random; svm-train -t 0 -c 10.
#   large60-seed3.libsvm, large60-seed4.libsvm: 60 points in the plane, two
#   unit Gaussian clouds at ±u (u a random unit vector), 10% of the labels
#   flipped, times 100; svm-train -t 0 -c 1.
#
# The points come from NumPy's PCG64 (numpy.random.default_rng(seed)) and
# are written with 17 digits, so that both sides read the same numbers.
# Needs Debian's libsvm-tools and python3-numpy. Run from anywhere:
#	pkg/svm/testdata/resolution.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
/usr/bin/python3 - "$here" <<'PY'
import sys
import numpy as np

here = sys.argv[1]
for seed in (1, 3, 4):
    rng = np.random.default_rng(seed)
    x = rng.random(72) * 1e-3
    y = rng.choice([-1, 1], 72)
    if seed in (1, 4):
        with open(f"{here}/small72-seed{seed}.libsvm", "w") as f:
            for xi, yi in zip(x, y):
                f.write("%+d 1:%.17g\n" % (yi, xi))
    u = rng.normal(size=2)
    u /= np.linalg.norm(u)
    y2 = rng.choice([-1, 1], 60)
    x2 = rng.normal(size=(60, 2)) + y2[:, None] * u
    y2 = np.where(rng.random(60) < 0.1, -y2, y2)
    x2 *= 100
    if seed in (3, 4):
        with open(f"{here}/large60-seed{seed}.libsvm", "w") as f:
            for xi, yi in zip(x2, y2):
                f.write("%+d 1:%.17g 2:%.17g\n" % (yi, xi[0], xi[1]))
PY
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# $(dpkg-query -W -f '${Package} ${Version}' libsvm-tools)"
for f in small72-seed1:10 small72-seed4:10 large60-seed3:1 large60-seed4:1; do
	name=${f%:*} c=${f#*:}
	echo "$name.libsvm, svm-train -t 0 -c $c -e 0.001: $(svm-train -t 0 -c "$c" -e 0.001 "$here/$name.libsvm" "$work/model" | grep -E 'iter|obj' | tr '\n' ' ')"
done
