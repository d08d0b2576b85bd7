package svm

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/kernel"
)

var (
	libsvmIter = regexp.MustCompile(`#iter = (\d+)`)
	libsvmObj  = regexp.MustCompile(`obj = (\S+),`)
)

// TestSMOIterationsLIBSVM runs svm-train (shrinking on, -h 1) where it is
// installed and SMO on the same files: SMO's iterations must be within 10 %
// of svm-train's and its objective within 1e-6 of svm-train's, relative. The
// unscaled set (Gaussian clouds 2 apart, coordinates times 3: many αᵢ at C
// and ½‖w‖² a small part of the objective) took SMO 580 425 iterations
// against svm-train's 205 078 before the gap rule allowed for a KKT
// violation of Eps² (see smoGapTarget).
func TestSMOIterationsLIBSVM(t *testing.T) {
	train := testenv.LookPath(t, "svm-train", "Debian: apt-get install libsvm-tools")
	dir := t.TempDir()
	unscaled := dataset.Gaussian(rand.NewPCG(1, 2000), 2000, 10, 2)
	unscaled.X.Scale(3, unscaled.X)
	unscaledFile := filepath.Join(dir, "unscaled.libsvm")
	f, err := os.Create(unscaledFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := dataset.WriteLIBSVM(f, unscaled); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	curved := filepath.Join("testdata", "curved300.libsvm")
	for _, tc := range []struct {
		file string
		args []string
		k    kernel.Kernel
	}{
		{curved, []string{"-t", "0"}, kernel.Linear{}},
		{curved, []string{"-t", "2", "-g", "0.2"}, kernel.RBF{Gamma: 0.2}},
		{unscaledFile, []string{"-t", "0"}, kernel.Linear{}},
		{unscaledFile, []string{"-t", "2", "-g", "0.1"}, kernel.RBF{Gamma: 0.1}},
	} {
		name := fmt.Sprintf("%s %v", filepath.Base(tc.file), tc.args)
		args := append([]string{"-c", "1", "-e", "0.001", "-h", "1"}, tc.args...)
		out, err := exec.Command(train, append(args, tc.file, filepath.Join(dir, "model"))...).Output()
		if err != nil {
			t.Fatalf("%s: svm-train: %v", name, err)
		}
		im, om := libsvmIter.FindSubmatch(out), libsvmObj.FindSubmatch(out)
		if im == nil || om == nil {
			t.Fatalf("%s: svm-train printed %q", name, out)
		}
		iter, _ := strconv.Atoi(string(im[1]))
		obj, _ := strconv.ParseFloat(string(om[1]), 64)
		f, err := os.Open(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		s, err := dataset.ReadLIBSVM(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		r, err := SMO{C: 1, Kernel: tc.k, Eps: 0.001}.Fit(s.X, s.Y)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ratio := float64(r.Iterations) / float64(iter); math.Abs(ratio-1) > 0.1 {
			t.Errorf("%s: %d iterations, svm-train %d (ratio %.2f)", name, r.Iterations, iter, ratio)
		}
		// svm-train prints 6 decimals.
		if d := math.Abs(r.DualObjective - obj); d > 1e-6*math.Abs(obj)+5e-7 {
			t.Errorf("%s: objective %.9g, svm-train %.6f", name, r.DualObjective, obj)
		}
		t.Logf("%s: iterations %d, svm-train %d; objective %.9g, svm-train %.6f", name, r.Iterations, iter, r.DualObjective, obj)
	}
}
