package testenv

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMissing runs this test binary again on a requirement that cannot be
// met, without and with MARGINNOTES_REQUIRE=1: the child must skip with the
// reason in the first case and fail with it in the second.
func TestMissing(t *testing.T) {
	if os.Getenv("TESTENV_CHILD") == "1" {
		LookPath(t, "no-such-program-marginnotes", "nowhere to be had")
		t.Fatal("LookPath returned for a program that does not exist")
	}
	for _, c := range []struct {
		require  string
		fails    bool
		contains string
	}{
		{"", false, "--- SKIP"},
		{"0", false, "--- SKIP"},
		{"1", true, "--- FAIL"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMissing$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTENV_CHILD=1", Var+"="+c.require)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != c.fails {
			t.Errorf("%s=%q: child failed %v, want %v:\n%s", Var, c.require, failed, c.fails, out)
		}
		for _, want := range []string{c.contains, "no-such-program-marginnotes is not installed (nowhere to be had)"} {
			if !strings.Contains(string(out), want) {
				t.Errorf("%s=%q: output lacks %q:\n%s", Var, c.require, want, out)
			}
		}
	}
}

func TestFileAndLookPath(t *testing.T) {
	File(t, os.Args[0], "the test binary itself")
	if p := LookPath(t, os.Args[0], "the test binary itself"); p == "" {
		t.Error("LookPath of the test binary returned an empty path")
	}
}
