package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/marginnotes/marginnotes/pkg/svm"
)

// svm --solver interior-point on a 31-byte file whose feature index 60000
// makes 60000 dimensions, within 1 GiB: the system of size d+1 needed
// 28.8 GB and the command died of "fatal error: out of memory" (issue 18
// §1.2). With two points it goes through the 2×2 Gram matrix.
func TestSVMInteriorPointIndex60000(t *testing.T) {
	file := writeFile(t, "index.libsvm", "+1 1:1 60000:1\n-1 1:-1 60000:2\n")
	code, out, errOut := limited(t, "svm", "--solver", "interior-point", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[primalOutput](t, out)
	// The bisector of x1 = e1 + e60000 and x2 = −e1 + 2e60000: w =
	// (4/5)e1 − (2/5)e60000, b = 3/5.
	const tol = 1e-8
	if len(got.W) != 60000 || math.Abs(got.W[0]-0.8) > tol || math.Abs(got.W[59999]+0.4) > tol || math.Abs(got.B-0.6) > tol {
		t.Errorf("%d weights, w1 = %v, w60000 = %v, b = %v; want 60000, 4/5, −2/5, 3/5", len(got.W), got.W[0], got.W[len(got.W)-1], got.B)
	}
}

// svm --solver interior-point on 6 points in 10,000 dimensions takes a
// moment, not 11 minutes (issue 18 §1.2), and agrees with --solver smo.
func TestSVMInteriorPointWide(t *testing.T) {
	p := filepath.Join(t.TempDir(), "wide.libsvm")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(6, 10))
	for i := range 6 {
		fmt.Fprintf(w, "%+d", 1-2*(i%2))
		for j := range 10_000 {
			fmt.Fprintf(w, " %d:%.6f", j+1, rng.NormFloat64())
		}
		fmt.Fprintln(w)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runLimited(t, limits{MemMiB: memoryLimitMiB, Timeout: 30 * time.Second},
		"svm", "--solver", "interior-point", "--c", "1", "--json", p)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ip := decode[primalOutput](t, out)
	code, out, errOut = runCmd(t, "", "svm", "--c", "1", "--eps", "1e-9", "--json", p)
	if code != 0 {
		t.Fatalf("smo: exit %d: %s", code, errOut)
	}
	smo := decode[svmOutput](t, out)
	if math.Abs(ip.Objective+smo.DualObjective) > 1e-6*ip.Objective {
		t.Errorf("interior point: objective %v; smo: −f(α) = %v", ip.Objective, -smo.DualObjective)
	}
}

// wideMatrix is an n×d matrix that stores nothing.
type wideMatrix struct{ n, d int }

func (m wideMatrix) Dims() (int, int)    { return m.n, m.d }
func (m wideMatrix) At(i, j int) float64 { return float64(i + j) }
func (m wideMatrix) T() mat.Matrix       { return mat.Transpose{Matrix: m} }

// A problem too large for the interior-point method is refused at once
// with an error that names --solver smo.
func TestSVMInteriorPointTooLarge(t *testing.T) {
	n, d := 20_000, 20_000
	y := make([]float64, n)
	for i := range y {
		y[i] = float64(1 - 2*(i%2))
	}
	err := runInteriorPoint(io.Discard, svm.InteriorPoint{}, wideMatrix{n, d}, y, nil, false, "")
	if !errors.Is(err, svm.ErrTooLarge) || !strings.Contains(err.Error(), "--solver smo") {
		t.Errorf("error %v, want ErrTooLarge naming --solver smo", err)
	}
}

// An --eps below what float64 resolves is a usage error (issue 18 §1, low:
// it was accepted, and SMO ran into its iteration limit); an --eps that
// the problem cannot resolve ends in the status "rounding limit".
func TestSVMEpsResolution(t *testing.T) {
	code, _, errOut := runCmd(t, example21, "svm", "--eps", "1e-20", "-")
	if code != 2 || !strings.Contains(errOut, "--eps 1e-20, want at least 7.1e-15") {
		t.Errorf("--eps 1e-20: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "", "svm", "--c", "1", "--eps", "1e-14", "--json", "../../pkg/svm/testdata/large60-seed4.libsvm")
	if code != 0 {
		t.Fatalf("--eps 1e-14 at scale 100: exit %d: %s", code, errOut)
	}
	if got := decode[svmOutput](t, out); got.Status != "rounding limit" {
		t.Errorf("--eps 1e-14 at scale 100: status %q, want rounding limit", got.Status)
	}
}
