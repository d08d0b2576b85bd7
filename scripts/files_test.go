package scripts

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// checkFiles runs check-files.sh on dir and returns whether it passed and
// the files it names, sorted.
func checkFiles(t *testing.T, dir string) (bool, []string) {
	t.Helper()
	cmd := exec.Command("bash", "check-files.sh", dir)
	out, err := cmd.CombinedOutput()
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	var named []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if rest, ok := strings.CutPrefix(l, "check-files: "); ok {
			named = append(named, strings.Fields(rest)[0])
		} else if l != "" {
			t.Errorf("unexpected output line %q", l)
		}
	}
	slices.Sort(named)
	return err == nil, slices.Compact(named)
}

// filesTree writes a repository's worth of files into dir: fine ones and
// ones check-files.sh must name. It returns the names of the latter.
func filesTree(t *testing.T, dir string) []string {
	t.Helper()
	// A real program: this test's own binary (ELF on Linux, Mach-O on macOS).
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	big := strings.Repeat("0123456789abcdef\n", 300<<10/17) // 300 KiB of text
	for _, f := range []struct {
		path    string
		content string
		mode    os.FileMode
	}{
		{"go.mod", "module x\n", 0o644},
		{"scripts/ok.sh", "#!/bin/sh\necho ok\n", 0o755},
		{"notebooks/01-big.ipynb", big, 0o644},                // a notebook: may be large
		{"pkg/x/testdata/big.csv", big, 0o644},                // data: may be large
		{"tools/nbgen/nbgen", string(self), 0o755},            // a built program
		{"copied/prog", string(self), 0o644},                  // a program without its x bit
		{"tools/fake", "\x7fELF\x02\x01\x01" + "\x00", 0o644}, // an ELF header
		{"tools/blob", "#!\x00\x01binary", 0o755},             // executable, not text
		{"docs/big.md", big, 0o644},                           // large, outside notebooks and data
	} {
		writeFile(t, filepath.Join(dir, f.path), f.content, f.mode)
	}
	return []string{"copied/prog", "docs/big.md", "tools/blob", "tools/fake", "tools/nbgen/nbgen"}
}

// TestCheckFiles: make lint (check-files.sh) fails on a tracked program —
// tools/nbgen/nbgen, 3.9 MB, was tracked — and on large files outside the
// notebooks and data, in a git work tree (what git tracks) and in a plain
// folder (every file).
func TestCheckFiles(t *testing.T) {
	t.Run("folder", func(t *testing.T) {
		dir := t.TempDir()
		want := filesTree(t, dir)
		ok, named := checkFiles(t, dir)
		if ok || !slices.Equal(named, want) {
			t.Errorf("check-files.sh passed %v, named %q; want a failure naming %q", ok, named, want)
		}
	})
	t.Run("git", func(t *testing.T) {
		git := testenv.LookPath(t, "git", "Debian: apt-get install git")
		dir := t.TempDir()
		want := filesTree(t, dir)
		env := []string{"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"}
		run(t, dir, env, git, "init", "-q")
		run(t, dir, env, git, "add", ".")
		// An untracked program is no business of the repository's.
		writeFile(t, filepath.Join(dir, "cmd", "x", "x"), "\x7fELF untracked", 0o755)
		ok, named := checkFiles(t, dir)
		if ok || !slices.Equal(named, want) {
			t.Errorf("check-files.sh passed %v, named %q; want a failure naming %q", ok, named, want)
		}
		// Untracked, they are fine.
		run(t, dir, env, git, "rm", "-q", "--cached", "--", "copied/prog", "docs/big.md", "tools/blob", "tools/fake", "tools/nbgen/nbgen")
		if ok, named := checkFiles(t, dir); !ok {
			t.Errorf("check-files.sh fails after git rm --cached, naming %q", named)
		}
	})
}

// TestCheckFilesRepository: the repository itself passes.
func TestCheckFilesRepository(t *testing.T) {
	if ok, named := checkFiles(t, ".."); !ok {
		t.Errorf("check-files.sh fails on the repository, naming %q", named)
	}
}
