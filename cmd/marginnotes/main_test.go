package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/floats/scalar"

	"github.com/marginnotes/marginnotes/pkg/notation"
)

// tol is the tolerance for numbers printed by the command.
const tol = 1e-9

// example21 is the data of Li Hang, Examples 2.1, 2.2, 7.1 and 7.2.
const example21 = "x1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n"

// xor is not linearly separable.
const xor = "-1 1:0 2:0\n-1 1:1 2:1\n+1 1:0 2:1\n+1 1:1 2:0\n"

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runCmd runs the command line and returns its exit status and outputs.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func decode[T any](t *testing.T, s string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("bad JSON %q: %v", s, err)
	}
	return v
}

func eqVec(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !scalar.EqualWithinAbsOrRel(a[i], b[i], tol, tol) {
			return false
		}
	}
	return true
}

func TestPerceptronTable21(t *testing.T) {
	file := writeFile(t, "ex21.csv", example21)
	code, out, errOut := runCmd(t, "", "perceptron", "--trace", "--json", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[perceptronOutput](t, out)
	// Book Table 2.1: the misclassified points and the final model x⁽¹⁾+x⁽²⁾−3.
	wantMistakes := []int{1, 3, 3, 3, 1, 3, 3}
	if !slices.Equal(got.Mistakes, wantMistakes) {
		t.Errorf("mistakes = %v, want %v", got.Mistakes, wantMistakes)
	}
	if !eqVec(got.W, []float64{1, 1}) || got.B != -3 || !got.Converged || got.Updates != 7 {
		t.Errorf("w=%v b=%v converged=%v updates=%d, want (1,1) −3 true 7", got.W, got.B, got.Converged, got.Updates)
	}
	if len(got.Trace) != 8 || got.Trace[0].Point != 0 || got.Trace[4].Point != 3 || got.Trace[4].B != -2 || got.Trace[4].Alpha != 3 || got.TraceTruncated {
		t.Errorf("trace = %+v, want 8 rows, row 4 = x3 with α3 = 3, b = −2 (book Table 2.2)", got.Trace)
	}
}

func TestPerceptronForms(t *testing.T) {
	file := writeFile(t, "ex21.csv", example21)
	cases := []struct {
		name      string
		args      []string
		w         []float64
		b         float64
		alpha     []float64
		converged bool
	}{
		// Book Example 2.2 (Table 2.2): α = (2, 0, 5), b = −3.
		{"dual", []string{"--form", "dual"}, nil, -3, []float64{2, 0, 5}, true},
		// Book §2.3.1: the order x1,x3,x3,x3,x2,x3,x3,x3,x1,x3,x3 gives 2x⁽¹⁾+x⁽²⁾−5.
		{"choices", []string{"--choices", "1,3,3,3,2,3,3,3,1,3,3"}, []float64{2, 1}, -5, nil, true},
		{"kernel linear", []string{"--form", "kernel"}, nil, -3, []float64{2, 0, 5}, true},
		{"eta", []string{"--eta", "0.5"}, []float64{0.5, 0.5}, -1.5, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", append(append([]string{"perceptron", "--json"}, c.args...), file)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := decode[perceptronOutput](t, out)
			if c.w != nil && !eqVec(got.W, c.w) || got.B != c.b || c.alpha != nil && !eqVec(got.Alpha, c.alpha) || got.Converged != c.converged {
				t.Errorf("got w=%v b=%v α=%v converged=%v, want w=%v b=%v α=%v converged=%v",
					got.W, got.B, got.Alpha, got.Converged, c.w, c.b, c.alpha, c.converged)
			}
		})
	}
}

func TestPerceptronNotSeparable(t *testing.T) {
	code, out, errOut := runCmd(t, xor, "perceptron", "--json", "--max-epochs", "50", "-")
	if code != 1 || !strings.Contains(errOut, "not converged") || strings.Count(errOut, "\n") != 1 {
		t.Fatalf("exit %d, stderr %q: want 1 and one line saying not converged", code, errOut)
	}
	got := decode[perceptronOutput](t, out)
	if got.Converged || got.Pocket == nil || got.Epochs != 50 {
		t.Errorf("got converged=%v pocket=%v epochs=%d, want a partial result with pocket after 50 epochs", got.Converged, got.Pocket, got.Epochs)
	}
}

func TestPerceptronVoted(t *testing.T) {
	for _, c := range []struct {
		args   []string
		epochs int
	}{{nil, 10}, {[]string{"--epochs", "5"}, 5}} {
		args := append([]string{"perceptron", "--form", "voted", "--json"}, c.args...)
		code, out, errOut := runCmd(t, example21, append(args, "-")...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", c.args, code, errOut)
		}
		// The first epochs make the updates of Table 2.1, the rest none.
		got := decode[votedOutput](t, out)
		if got.Updates != 7 || got.Vectors != 7 || got.Group != 1 || got.Epochs != c.epochs || !slices.Equal(got.Mistakes, []int{1, 3, 3, 3, 1, 3, 3}) {
			t.Errorf("voted %v: %+v, want the 7 updates of Table 2.1 in %d epochs", c.args, got, c.epochs)
		}
	}
}

func TestSVMExample72(t *testing.T) {
	for _, solver := range []string{"smo", "exact"} {
		t.Run(solver, func(t *testing.T) {
			code, out, errOut := runCmd(t, example21, "svm", "--solver", solver, "--json", "-")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			got := decode[svmOutput](t, out)
			// Book Examples 7.1 and 7.2: α* = (1/4, 0, 1/4), w* = (1/2, 1/2), b* = −2,
			// support vectors x1 and x3, dual objective −1/4.
			if !eqVec(got.Alpha, []float64{0.25, 0, 0.25}) || !eqVec(got.W, []float64{0.5, 0.5}) ||
				!scalar.EqualWithinAbsOrRel(got.B, -2, tol, tol) || !slices.Equal(got.Support, []int{1, 3}) ||
				!scalar.EqualWithinAbsOrRel(got.DualObjective, -0.25, tol, tol) ||
				!scalar.EqualWithinAbsOrRel(got.PrimalObjective, 0.25, tol, tol) || got.C != nil {
				t.Errorf("got %+v", got)
			}
			if lo, hi := got.BInterval[0], got.BInterval[1]; lo == nil || hi == nil || *lo != *hi {
				t.Errorf("b_interval = %v, want equal ends", got.BInterval)
			}
		})
	}
}

func TestSVMSoftMarginRBF(t *testing.T) {
	code, out, errOut := runCmd(t, xor, "svm", "--c", "10", "--kernel", "rbf", "--gamma", "1", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[svmOutput](t, out)
	if got.W != nil || len(got.Support) != 4 || got.Status != "converged" || got.C == nil || *got.C != 10 {
		t.Errorf("XOR with an RBF kernel: %+v, want 4 support vectors, no w, converged", got)
	}
}

func TestBound(t *testing.T) {
	code, out, errOut := runCmd(t, example21, "bound", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[boundOutput](t, out)
	// R = ‖(4,3,1)‖ = √26; the best unit ŵ is (1,1,−4)/√18, γ = 2/√18 = √2/3; (R/γ)² = 26·9/2 = 117.
	if !scalar.EqualWithinAbsOrRel(got.R, 5.0990195135927845, tol, tol) ||
		!scalar.EqualWithinAbsOrRel(got.Gamma, 0.47140452079103168, 1e-7, 1e-7) ||
		!scalar.EqualWithinAbsOrRel(got.Bound, 117, 1e-6, 1e-6) || got.Mistakes != 7 {
		t.Errorf("bound: %+v, want R=√26 γ=√2/3 bound=117 mistakes=7", got)
	}
}

// TestErrors checks that bad input gives one line on stderr naming the
// problem, the right exit status and no panic.
func TestErrors(t *testing.T) {
	cases := []struct {
		name  string
		stdin string
		args  []string
		code  int
		want  string
	}{
		{"no command", "", nil, 2, ""},
		{"unknown command", "", []string{"fit"}, 2, `unknown command "fit"`},
		{"unknown flag", example21, []string{"svm", "--cost", "1", "-"}, 2, "flag provided but not defined: -cost"},
		{"no file", "", []string{"svm"}, 2, "want exactly one FILE"},
		{"two files", "", []string{"svm", "a", "b"}, 2, "want exactly one FILE"},
		{"missing file", "", []string{"svm", "/nonexistent/data.csv"}, 1, "no such file"},
		{"c zero", example21, []string{"svm", "--c", "0", "-"}, 2, "want a finite C > 0"},
		{"c negative", example21, []string{"svm", "--c", "-1", "-"}, 2, "want a finite C > 0"},
		{"c NaN", example21, []string{"svm", "--c", "NaN", "-"}, 2, `svm: invalid value "NaN" for flag -c: want a finite number`},
		{"c Inf", example21, []string{"svm", "--c", "Inf", "-"}, 2, `invalid value "Inf" for flag -c: want a finite number`},
		{"eps", example21, []string{"svm", "--eps", "0", "-"}, 2, "--eps"},
		{"eps Inf", example21, []string{"svm", "--eps", "Inf", "-"}, 2, `svm: invalid value "Inf" for flag -eps: want a finite number`},
		{"eps overflow", example21, []string{"svm", "--eps", "1e999", "-"}, 2, `invalid value "1e999" for flag -eps: want a finite number`},
		{"eps text", example21, []string{"svm", "--eps", "small", "-"}, 2, `invalid value "small" for flag -eps: not a number`},
		{"gamma Inf", example21, []string{"svm", "--kernel", "rbf", "--gamma", "+Inf", "-"}, 2, "for flag -gamma: want a finite number"},
		{"coef0 NaN", example21, []string{"perceptron", "--form", "kernel", "--kernel", "poly", "--coef0", "nan", "-"}, 2, "for flag -coef0: want a finite number"},
		{"eta Inf", example21, []string{"perceptron", "--eta", "Inf", "-"}, 2, `perceptron: invalid value "Inf" for flag -eta: want a finite number`},
		// A number option reads decimal numbers as the data files do: Go's
		// underscores and hexadecimal floats are refused, not read as 10 or 16.
		{"c underscore", example21, []string{"svm", "--c", "1_0", "-"}, 2, `invalid value "1_0" for flag -c: not a decimal number`},
		{"c hex float", example21, []string{"svm", "--c", "0x1p4", "-"}, 2, `invalid value "0x1p4" for flag -c: not a decimal number`},
		{"eta hex float", example21, []string{"perceptron", "--eta", "0x1p-2", "-"}, 2, `for flag -eta: not a decimal number`},
		{"eps exact", example21, []string{"svm", "--solver", "exact", "--eps", "1e-4", "-"}, 2, "--eps is the tolerance of --solver smo, not exact"},
		{"interior point rbf", example21, []string{"svm", "--solver", "interior-point", "--kernel", "rbf", "-"}, 2, "interior-point solves the linear SVM"},
		{"interior point not separable", xor, []string{"svm", "--solver", "interior-point", "-"}, 1, "not separable"},
		{"bad kernel", example21, []string{"svm", "--kernel", "sigmoid", "-"}, 2, `unknown kernel "sigmoid"`},
		{"bad gamma", example21, []string{"svm", "--kernel", "rbf", "--gamma", "-1", "-"}, 2, "Gamma = -1"},
		{"bad solver", example21, []string{"svm", "--solver", "qp", "-"}, 2, `unknown --solver "qp" (want smo, exact, interior-point or dcd)`},
		{"hard margin not separable", xor, []string{"svm", "-"}, 1, "not separable"},
		{"exact not separable", xor, []string{"svm", "--solver", "exact", "-"}, 1, "not separable"},
		{"label 0/1", "1,1,1\n2,2,0\n", []string{"svm", "-"}, 1, "map 0 to -1"},
		{"label 2", "1,1,1\n2,2,2\n", []string{"svm", "-"}, 1, "label not in {-1,+1}"},
		{"NaN", "1,NaN,1\n2,2,-1\n", []string{"perceptron", "-"}, 1, "not finite"},
		{"ragged", "1,1,1\n2,-1\n", []string{"perceptron", "-"}, 1, "different numbers of features"},
		{"empty", "", []string{"perceptron", "-"}, 1, "empty"},
		{"eta", example21, []string{"perceptron", "--eta", "0", "-"}, 2, "--eta 0, want"},
		{"form", example21, []string{"perceptron", "--form", "svm", "-"}, 2, `unknown --form "svm"`},
		{"order range", example21, []string{"perceptron", "--order", "1,2,4", "-"}, 2, "point 4 out of range 1…3"},
		{"order text", example21, []string{"perceptron", "--order", "1,a", "-"}, 2, `"a" is not a point number`},
		{"order and seed", example21, []string{"perceptron", "--order", "1,2,3", "--seed", "1", "-"}, 2, "exclude each other"},
		{"kernel without form", example21, []string{"perceptron", "--kernel", "rbf", "-"}, 2, "needs --form kernel"},
		{"max epochs", example21, []string{"perceptron", "--max-epochs", "0", "-"}, 2, "--max-epochs 0"},
		{"epochs", example21, []string{"perceptron", "--form", "voted", "--epochs", "0", "-"}, 2, "--epochs 0"},
		{"max epochs of voted", example21, []string{"perceptron", "--form", "voted", "--max-epochs", "5", "-"}, 2, "not --max-epochs"},
		{"epochs of primal", example21, []string{"perceptron", "--epochs", "5", "-"}, 2, "--epochs is for --form voted"},
		{"choice not misclassified", example21, []string{"perceptron", "--choices", "1,1", "-"}, 1, "x1"},
		{"bound not separable", xor, []string{"bound", "-"}, 1, "data not separable"},
		// Options that used to mean something else silently, or answer in
		// 0-based numbers with the exit status of bad data.
		{"seed negative", example21, []string{"perceptron", "--seed", "-5", "-"}, 2, "want an integer ≥ 0"},
		{"seed text", example21, []string{"perceptron", "--seed", "x", "-"}, 2, "want an integer ≥ 0"},
		{"gamma linear svm", example21, []string{"svm", "--gamma", "2", "-"}, 2, "--gamma does not apply to the linear kernel"},
		{"gamma linear perceptron", example21, []string{"perceptron", "--gamma", "2", "-"}, 2, "--gamma does not apply to the linear kernel"},
		{"coef0 rbf", example21, []string{"svm", "--kernel", "rbf", "--coef0", "1", "-"}, 2, "--coef0 does not apply to the rbf kernel"},
		{"degree linear", example21, []string{"perceptron", "--form", "kernel", "--degree", "2", "-"}, 2, "--degree does not apply"},
		{"order repeats", example21, []string{"perceptron", "--order", "1,1,1", "-"}, 2, "point 1 appears twice; want each of 1…3 once"},
		{"order short", example21, []string{"perceptron", "--order", "3,1", "-"}, 2, "point 2 is missing"},
		// Data the readers refuse.
		{"underscore", "1_0,1,1\n2,2,-1\n", []string{"svm", "-"}, 1, "not a decimal number"},
		{"hex float", "0x1p-2,1,1\n2,2,-1\n", []string{"svm", "-"}, 1, "not a decimal number"},
		{"utf16", "\xff\xfe3\x00,\x003\x00,\x001\x00\n\x00", []string{"svm", "-"}, 1, "UTF-16"},
		{"utf16 no bom", "3\x00,\x003\x00,\x001\x00\n\x00", []string{"bound", "-"}, 1, "UTF-16"},
		// JSON cannot carry ±Inf: the error says why instead of
		// "json: unsupported value".
		{"json inf", example21, []string{"perceptron", "--eta", "1e308", "--json", "-"}, 1, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runCmd(t, c.stdin, c.args...)
			if code != c.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, c.code, errOut)
			}
			if c.want != "" && (!strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1) {
				t.Errorf("stderr %q, want one line containing %q", errOut, c.want)
			}
			if strings.Contains(errOut, "json:") {
				t.Errorf("stderr %q: an encoding error hides the run's", errOut)
			}
		})
	}
}

func TestHelp(t *testing.T) {
	for _, cmd := range []string{"perceptron", "svm", "predict", "bound"} { // figures: TestFiguresRunsProgram
		code, out, _ := runCmd(t, "", cmd, "-h")
		if code != 0 || !strings.Contains(out, "usage: marginnotes "+cmd) {
			t.Errorf("%s -h: exit %d, output %q", cmd, code, out)
		}
	}
}

// TestInputForms reads Example 2.1 in the forms a user writes it: the SVM
// is Example 7.2's every time.
func TestInputForms(t *testing.T) {
	for _, c := range []struct{ name, in string }{
		{"libsvm comment with comma", "+1 1:3 2:3 # x1, positive\n+1 1:4 2:3 # x2, positive\n-1 1:1 2:1 # x3, negative\n"},
		{"indented comments", "  # Example 2.1, x1 to x3\n3,3,1\n\t# x2\n4,3,1\n1,1,-1\n"},
		{"utf-8 bom", "\ufeffx1,x2,y\n3,3,1\n4,3,1\n1,1,-1\n"},
		{"crlf", "x1,x2,y\r\n3,3,1\r\n4,3,1\r\n1,1,-1\r\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, c.in, "svm", "--json", "-")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			// Book Example 7.2: w* = (1/2, 1/2), b* = −2, support vectors x1 and x3.
			got := decode[svmOutput](t, out)
			if !eqVec(got.W, []float64{0.5, 0.5}) || !scalar.EqualWithinAbsOrRel(got.B, -2, tol, tol) || !slices.Equal(got.Support, []int{1, 3}) {
				t.Errorf("got w=%v b=%v support=%v, want (½, ½), −2, x1 x3", got.W, got.B, got.Support)
			}
		})
	}
}

// failWriter fails every write, as a full disk does.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// TestWriteError: output that cannot be written is an error, exit status 1,
// whatever the command and form.
func TestWriteError(t *testing.T) {
	model := filepath.Join(t.TempDir(), "model.json")
	if code, _, errOut := runCmd(t, example21, "perceptron", "--save-model", model, "-"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{
		{"svm", "-"},
		{"svm", "--json", "-"},
		{"perceptron", "--trace", "-"},
		{"perceptron", "--form", "voted", "-"},
		{"bound", "-"},
		{"bound", "--json", "-"},
		{"svm", "--solver", "interior-point", "-"},
		{"predict", "--model", model, "-"},
		{"predict", "--json", "--model", model, "-"},
		{"help"},
	} {
		var errOut bytes.Buffer
		code := run(args, strings.NewReader(example21), failWriter{}, &errOut)
		if code != 1 || errOut.String() != "marginnotes: writing the output: no space left on device\n" {
			t.Errorf("%v: exit %d, stderr %q; want 1 and the write error", args, code, errOut.String())
		}
	}
}

func TestWriteJSON(t *testing.T) {
	errRun := errors.New("the run's error")
	nan := struct{ X []float64 }{[]float64{1, math.NaN()}}
	var buf bytes.Buffer
	if err := writeJSON(&buf, nan, errRun); err != errRun || buf.Len() != 0 {
		t.Errorf("NaN with a run error: got %v and %q, want the run's error and no output", err, buf.String())
	}
	if err := writeJSON(&buf, nan, nil); err == nil || !strings.Contains(err.Error(), "NaN") || buf.Len() != 0 {
		t.Errorf("NaN: got %v and %q, want an error naming NaN and no output", err, buf.String())
	}
	if err := writeJSON(&buf, struct{ X float64 }{0.5}, errRun); err != nil || buf.String() != "{\n  \"X\": 0.5\n}\n" {
		t.Errorf("finite: got %v and %q", err, buf.String())
	}
}

// TestPerceptronStoppedSeparating: with --max-epochs 5 the run of Example
// 2.1 stops right after its seventh update, x⁽¹⁾ + x⁽²⁾ − 3 = 0 (book
// Table 2.1), which separates the data, before a pass without mistakes
// confirms it; the command says that w, b separate the data rather than
// only "not converged" (issue 18), and counts one epoch or one point in
// the singular.
func TestPerceptronStoppedSeparating(t *testing.T) {
	for _, c := range []struct {
		epochs       string
		stdout, line string
	}{
		{"5", "converged:  false (the final weights separate the training data: the limit came before a pass without mistakes)\n",
			"not converged after 5 epochs and 7 updates: the last weights separate the training data, but the run stopped before a pass without mistakes\n"},
		{"1", "pocket:     2x⁽¹⁾ + 2x⁽²⁾ = 0, 1 training error (after 2 updates)\n",
			"not converged after 1 epoch and 2 updates; 1 training point still misclassified (the pocket weights misclassify 1)\n"},
	} {
		code, out, errOut := runCmd(t, example21, "perceptron", "--max-epochs", c.epochs, "-")
		if code != 1 || !strings.Contains(out, c.stdout) || !strings.HasSuffix(errOut, c.line) {
			t.Errorf("--max-epochs %s: exit %d\n%s%s\nwant 1, a line %q and the error %q", c.epochs, code, out, errOut, c.stdout, c.line)
		}
	}
}

// TestLongArguments: an option or a file whose text is megabytes long gets
// an error that quotes a few dozen bytes of it, as the data readers' errors
// do (issue 18: the messages repeated the whole argument).
func TestLongArguments(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	model := writeFile(t, "model.json", `{"format": "marginnotes-model", "version": 1, "kind": "`+long+`"}`)
	for _, args := range [][]string{
		{"perceptron", "--eta", long, "-"},
		{"perceptron", "--form", long, "-"},
		{"perceptron", "--order", long, "-"},
		{"perceptron", "--choices", "1," + long, "-"},
		{"perceptron", "--seed", long, "-"},
		{"perceptron", "--" + long, "-"},
		{"svm", "--kernel", long, "-"},
		{"svm", "--solver", long, "-"},
		{"figures", "--out", t.TempDir(), "--format", long},
		{"figures", "--out", t.TempDir(), "--lang", long},
		{"figures", "--out", t.TempDir(), "--only", "[" + long},
		{"predict", "--model", model, "-"},
		{long},
	} {
		code, _, errOut := runCmd(t, example21, args...)
		if code == 0 || len(errOut) > 400 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%.40q: exit %d, %d bytes of stderr %.300q; want one line of at most 400 bytes", args, code, len(errOut), errOut)
		}
	}
}

// TestGammaHelp: the help says that --gamma 0, like no --gamma, means
// 1/number of features (issue 18: it silently did).
func TestGammaHelp(t *testing.T) {
	for _, cmd := range []string{"perceptron", "svm"} {
		_, out, _ := runCmd(t, "", cmd, "-h")
		if !strings.Contains(out, "0 or none: 1/number of features") {
			t.Errorf("%s -h says of --gamma:\n%s", cmd, out)
		}
	}
}

// TestSVMPrimalOfRescaled: on six points of 10 000 features, SMO stops by
// LIBSVM's rule with margins yᵢf(xᵢ) up to Eps below 1, whose hinge terms
// make the primal objective at (w, b) far above −(dual objective), while
// its gap is that of (w, b)/ρ, which has every margin ≥ 1. The text names
// the point each number belongs to, so that the line is no contradiction.
func TestSVMPrimalOfRescaled(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var sb strings.Builder
	for i := range 6 {
		y := 1 - 2*(i%2)
		for range 10000 {
			fmt.Fprintf(&sb, "%.4f,", rng.Float64()+0.01*float64(y))
		}
		fmt.Fprintf(&sb, "%d\n", y)
	}
	data := sb.String()
	code, out, errOut := runCmd(t, data, "svm", "--c", "1", "--json", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[svmOutput](t, out)
	if here := got.PrimalObjective + got.DualObjective; got.Status != "converged" ||
		got.Gap > 0.01*here || here < 0.1*got.PrimalObjective {
		t.Fatalf("want a converged fit whose gap belongs to (w, b)/ρ: primal %v, dual %v, gap %v, %s",
			got.PrimalObjective, got.DualObjective, got.Gap, got.Status)
	}
	_, text, _ := runCmd(t, data, "svm", "--c", "1", "-")
	best := notation.Number(got.Gap - got.DualObjective)
	if !strings.Contains(text, "at (w, b)") || !strings.Contains(text, best+" at (w, b)/ρ") {
		t.Errorf("the text does not say which point the gap belongs to (want %s at (w, b)/ρ):\n%s", best, text)
	}
}
