// The programs in examples/ are modules of their own, as a student's
// program is: this test, in the main module, builds and runs each one
// against this checkout and checks what it prints.
package examples_test

import (
	"bytes"
	"os"
	"os/exec"
	"testing"
)

// TestClassify runs examples/classify: every model of the library, fitted
// on Example 2.1 and on XOR data, classifies new points from what Fit
// returned alone (the book's hyperplanes x⁽¹⁾ + x⁽²⁾ − 3 = 0 of Table 2.1 and
// ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0 of Example 7.2), and a saved RBF SVM read back
// classifies alike.
func TestClassify(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("no go command to build the example: %v", err)
	}
	cmd := exec.Command(gobin, "run", ".")
	cmd.Dir = "classify"
	// The example's own go.mod and go.sum, not a workspace of the caller's.
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=readonly")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go run examples/classify: %v\n%s", err, stderr.String())
	}
	if got := stdout.String(); got != want {
		t.Errorf("examples/classify prints\n%s\nwant\n%s", got, want)
	}
}

// want is the output of examples/classify: the perceptrons' f(x) = x⁽¹⁾ +
// x⁽²⁾ − 3 (book Table 2.1; Example 2.2 for the dual forms), the SVMs'
// f(x) = ½x⁽¹⁾ + ½x⁽²⁾ − 2 (Example 7.2; DCD's too, whose b is regularised,
// see svm.TestDCDExample21), which disagree at (3, 0.5); the squared
// slacks' f(x) = 4/9(x⁽¹⁾ + x⁽²⁾ − 4) (svm.TestSquaredSlackExample21); the
// vote of the voted perceptron counts examinations; the kernel models
// label the corners of XOR.
const want = `Example 2.1; new points (4, 4), (3, 0.5), (1, 1.5), (0, 0):
perceptron.Primal                   f=5       +1  f=0.5     +1  f=-0.5    -1  f=-3      -1
perceptron.Dual                     f=5       +1  f=0.5     +1  f=-0.5    -1  f=-3      -1
perceptron.KernelDual (linear)      f=5       +1  f=0.5     +1  f=-0.5    -1  f=-3      -1
perceptron.Voted                    f=28      +1  f=28      +1  f=-4      -1  f=-20     -1
svm.SMO                             f=2       +1  f=-0.25   -1  f=-0.75   -1  f=-2      -1
svm.PlattSMO                        f=2       +1  f=-0.25   -1  f=-0.75   -1  f=-2      -1
svm.Exact                           f=2       +1  f=-0.25   -1  f=-0.75   -1  f=-2      -1
svm.InteriorPoint                   f=2       +1  f=-0.25   -1  f=-0.75   -1  f=-2      -1
svm.SquaredSlack (C = 1)            f=1.778   +1  f=-0.2222 -1  f=-0.6667 -1  f=-1.778  -1
svm.DCD (C = 10)                    f=2       +1  f=-0.25   -1  f=-0.75   -1  f=-2      -1
XOR, 40 points; new points (1, 1), (−1, −1), (1, −1), (−1, 1):
perceptron.KernelDual (rbf)         f=0.8981  +1  f=1.697   +1  f=-0.9039 -1  f=-1.864  -1
svm.SMO (rbf)                       f=1.082   +1  f=1.161   +1  f=-1.109  -1  f=-1.153  -1
svm.Exact (poly, 8 points)          f=1.293   +1  f=1.293   +1  f=-1.415  -1  f=-1.415  -1
svm.SMO (rbf), saved and loaded     f=1.082   +1  f=1.161   +1  f=-1.109  -1  f=-1.153  -1
the same decision values after saving: true
`
