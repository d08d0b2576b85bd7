package scripts

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// TestMakeNB checks the forms NB takes in the Makefile's targets that take
// it (make -n prints the commands without running them): a notebook's
// number with or without its zero, a prefix of its name, its whole name
// or path, and a shell pattern, which stays as it is.
func TestMakeNB(t *testing.T) {
	testenv.LookPath(t, "make", "Debian: apt-get install make")
	for _, tc := range []struct{ nb, sources, glob string }{
		{"01", "01-distance-loss.md", "01*"},
		{"1", "01-distance-loss.md", "01-*"},
		{"01-distance", "01-distance-loss.md", "01-distance*"},
		{"01-distance-loss", "01-distance-loss.md", "01-distance-loss*"},
		{"notebooks/zh/01-distance-loss.ipynb", "01-distance-loss.md", "01-distance-loss*"},
		{"0[1-2]-*", "01-distance-loss.md 02-primal-form.md", "0[1-2]-*"},
		{"12", "12-real-data.md", "12*"},
	} {
		t.Run(tc.nb, func(t *testing.T) {
			for target, want := range map[string]string{
				"notebooks": "go run ./tools/nbgen -require-zh " + tc.sources + "\n",
				"html":      "scripts/export.sh html '" + tc.glob + "'\n",
				"pdf":       "scripts/export.sh pdf '" + tc.glob + "'\n",
			} {
				out, err := exec.Command("make", "-C", "..", "-n", "--no-print-directory", target, "NB="+tc.nb).CombinedOutput()
				if err != nil {
					t.Fatalf("make -n %s NB=%s: %v\n%s", target, tc.nb, err, out)
				}
				if !strings.Contains(string(out), want) {
					t.Errorf("make -n %s NB=%s does not run %q:\n%s", target, tc.nb, want, out)
				}
			}
		})
	}
	// A number without a notebook stops make notebooks with a message.
	out, _ := exec.Command("make", "-C", "..", "-n", "--no-print-directory", "notebooks", "NB=99").CombinedOutput()
	if !strings.Contains(string(out), "no source notebooks/src/99*.md") {
		t.Errorf("make -n notebooks NB=99 does not stop on a missing notebook:\n%s", out)
	}
}
