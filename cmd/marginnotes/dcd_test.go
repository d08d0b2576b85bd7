package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// TestDCDExample21: with the bias as a feature B = 1 and C = 10, DCD finds
// the book's hyperplane ½x⁽¹⁾ + ½x⁽²⁾ − 2 = 0 of Example 7.1, at the
// objective ½‖w‖² + ½b² = 9/4 (see svm.TestDCDExample21).
func TestDCDExample21(t *testing.T) {
	file := writeFile(t, "ex21.csv", example21)
	code, out, errOut := runCmd(t, "", "svm", "--solver", "dcd", "--c", "10", "--eps", "1e-9", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[dcdOutput](t, out)
	if !eqVec(got.W, []float64{0.5, 0.5}) || math.Abs(got.B+2) > tol || math.Abs(got.DualObjective+2.25) > tol ||
		math.Abs(got.PrimalObjective-2.25) > 1e-7 || got.Status != "converged" || got.Loss != "hinge" || got.Bias != 1 {
		t.Errorf("got %+v; want w = (½, ½), b = −2, objectives ∓9/4", got)
	}
	code, out, _ = runCmd(t, "", "svm", "--solver", "dcd", "--c", "10", file)
	for _, want := range []string{"hinge loss, C = 10, bias feature B = 1", "3 points, 2 features (dense)", "status:           converged"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
}

// A sparse LIBSVM file stays sparse; the model saved predicts the
// training labels the fit scored.
func TestDCDSparseSaveModel(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		y := 1 - 2*(i%2)
		fmt.Fprintf(&b, "%+d %d:%g %d:1 5000:0.5\n", y, 1+i%7, float64(y)*(1+float64(i%5)/10), 100+i)
	}
	file := writeFile(t, "words.libsvm", b.String())
	model := filepath.Join(t.TempDir(), "m.json")
	code, out, errOut := runCmd(t, "", "svm", "--solver", "dcd", "--c", "1", "--loss", "squared-hinge", "--bias", "2",
		"--seed", "7", "--max-iter", "500", "--save-model", model, file)
	if code != 0 || !strings.Contains(out, "200 points, 5000 features (sparse, 600 nonzeros)") || !strings.Contains(out, "squared-hinge loss") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "predict", "--model", model, file)
	if code != 0 || !strings.Contains(out, "accuracy: 1") {
		t.Errorf("predict: exit %d: %s%s", code, lastLine(out), errOut)
	}
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// Options that do not apply are refused (exit 2), and a run that stops at
// its limit prints its result and fails (exit 1).
func TestDCDOptions(t *testing.T) {
	file := writeFile(t, "ex21.csv", example21)
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--solver", "dcd"}, "needs --c"},
		{[]string{"--solver", "dcd", "--c", "1", "--kernel", "rbf"}, "linear SVM"},
		{[]string{"--solver", "dcd", "--c", "1", "--gamma", "1"}, "--gamma does not apply"},
		{[]string{"--solver", "dcd", "--c", "1", "--loss", "logistic"}, "unknown --loss"},
		{[]string{"--solver", "dcd", "--c", "1", "--bias", "-1"}, "want B ≥ 0"},
		{[]string{"--solver", "dcd", "--c", "1", "--max-iter", "0"}, "--max-iter 0"},
		{[]string{"--solver", "dcd", "--c", "1", "--seed", "-1"}, "invalid value"},
		{[]string{"--solver", "dcd", "--c", "1", "--eps", "Inf"}, "finite"},
		{[]string{"--loss", "hinge"}, "--loss is an option of --solver dcd, not smo"},
		{[]string{"--solver", "exact", "--max-iter", "5"}, "--max-iter is an option of --solver dcd"},
		{[]string{"--solver", "interior-point", "--bias", "1"}, "--bias is an option of --solver dcd"},
	} {
		code, _, errOut := runCmd(t, "", append([]string{"svm"}, append(c.args, file)...)...)
		if code != 2 || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errOut, c.msg)
		}
	}
	code, out, errOut := runCmd(t, "", "svm", "--solver", "dcd", "--c", "10", "--eps", "1e-12", "--max-iter", "2", "--json", file)
	if code != 1 || !strings.Contains(errOut, "did not converge") || decode[dcdOutput](t, out).Status != "iteration limit" {
		t.Errorf("--max-iter 2: exit %d, %s%s", code, out, errOut)
	}
	// --bias 0 is no bias: the hyperplane through the origin.
	code, out, errOut = runCmd(t, "", "svm", "--solver", "dcd", "--c", "1", "--bias", "0", "--json", file)
	if got := decode[dcdOutput](t, out); code != 0 || got.B != 0 || got.Bias != 0 {
		t.Errorf("--bias 0: exit %d, b = %v, bias %v: %s", code, got.B, got.Bias, errOut)
	}
}
