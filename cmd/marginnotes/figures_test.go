package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// goTool returns the go command, or skips the test without it.
func goTool(t *testing.T) string {
	t.Helper()
	return testenv.LookPath(t, "go", "the Go toolchain")
}

// TestDrawsNothing checks that marginnotes does not link the plotting
// packages, their fonts or gob: every command but figures starts without
// their initialisers (issue 24, goal 1).
func TestDrawsNothing(t *testing.T) {
	out, err := exec.Command(goTool(t), "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 20 || !strings.Contains(string(out), "github.com/marginnotes/marginnotes/pkg/svm\n") {
		t.Fatalf("go list -deps printed %d packages, without pkg/svm: %q", len(deps), short(string(out)))
	}
	for _, p := range deps {
		for _, bad := range []string{"gonum.org/v1/plot", "/pkg/figures", "/pkg/gallery", "encoding/gob",
			"golang.org/x/image", "go-fonts", "go-latex", "go-pdf"} {
			if strings.Contains(p, bad) {
				t.Errorf("marginnotes depends on %s", p)
			}
		}
	}
}

// TestFiguresRunsProgram puts marginnotes-figures on PATH and checks that
// "marginnotes figures" runs it: its files and its lines on stdout, its
// help, its error and exit status as its own. (The built command finds it
// beside itself: TestFullDisk, TestFiguresDevice.)
func TestFiguresRunsProgram(t *testing.T) {
	bin := filepath.Dir(builtCommand(t))
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	code, out, _ := runCmd(t, "", "figures", "-h")
	if code != 0 || !strings.HasPrefix(out, "usage: marginnotes figures") {
		t.Errorf("figures -h: exit %d, output %q", code, out)
	}

	dir := t.TempDir()
	code, out, errOut := runCmd(t, "", "figures", "--out", dir, "--format", "svg", "--only", "09-*-figure76-*")
	want := filepath.Join(dir, "09-soft-margin-figure76-losses.svg")
	if code != 0 || out != want+"\n" || errOut != "" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0 and the one file %s", code, out, errOut, want)
	}
	if b, err := os.ReadFile(want); err != nil || !strings.Contains(string(b), "<svg") {
		t.Errorf("%s: not an SVG file (%v)", want, err)
	}

	code, out, errOut = runCmd(t, "", "figures", "--out", dir, "--format", "jpeg")
	if code != 2 || out != "" || errOut != "marginnotes: figures: unknown --format \"jpeg\" (want svg, png, pdf)\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2 and the program's one line", code, out, errOut)
	}
}

// TestFiguresMissingProgram: without marginnotes-figures, figures says
// where it looked and how to build it.
func TestFiguresMissingProgram(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, out, errOut := runCmd(t, "", "figures", "--out", t.TempDir())
	if code != 1 || out != "" || errOut != "marginnotes: "+errFiguresMissing.Error()+"\n" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 1 and %q", code, out, errOut, errFiguresMissing)
	}
}
