package scripts

import (
	"bufio"
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// tinyNotebook is a valid notebook whose one Markdown cell says what.
func tinyNotebook(what string) string {
	return fmt.Sprintf(`{"cells": [{"cell_type": "markdown", "id": "a", "metadata": {}, "source": [%q]}],
 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
`, what)
}

// fakeRepo lays out a repository with this directory's notebook.sh and
// trust.sh in scripts/ and the given notebooks (path → content) under
// notebooks/, and returns its root.
func fakeRepo(t *testing.T, notebooks map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for _, s := range []string{"notebook.sh", "trust.sh"} {
		b, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(root, "scripts", s), string(b), 0o755)
	}
	for p, c := range notebooks {
		writeFile(t, filepath.Join(root, "notebooks", p), c, 0o644)
	}
	return root
}

func writeFile(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// run runs the command in dir with env added and returns its standard
// output.
func run(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s%s", name, strings.Join(args, " "), err, out, stderr.String())
	}
	return string(out)
}

// gitRepo is fakeRepo committed with git, then changed: 02-changed.ipynb
// edited, copied.ipynb and zh/copied.ipynb copied in. It returns the root
// and the notebooks that must be trusted and those that must not.
func gitRepo(t *testing.T) (root string, trusted, untrusted []string) {
	git := testenv.LookPath(t, "git", "Debian: apt-get install git")
	root = fakeRepo(t, map[string]string{
		"01-same.ipynb":    tinyNotebook("one"),
		"02-changed.ipynb": tinyNotebook("two"),
		"zh/01-same.ipynb": tinyNotebook("一"),
	})
	env := []string{"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t",
		"GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1"}
	run(t, root, env, git, "init", "-q")
	run(t, root, env, git, "add", ".")
	run(t, root, env, git, "commit", "-q", "-m", "notebooks")
	nb := filepath.Join(root, "notebooks")
	writeFile(t, filepath.Join(nb, "02-changed.ipynb"), tinyNotebook("<script>two</script>"), 0o644)
	writeFile(t, filepath.Join(nb, "copied.ipynb"), tinyNotebook("<script>evil</script>"), 0o644)
	writeFile(t, filepath.Join(nb, "zh", "copied.ipynb"), tinyNotebook("<script>evil</script>"), 0o644)
	return root,
		[]string{filepath.Join(nb, "01-same.ipynb"), filepath.Join(nb, "zh", "01-same.ipynb")},
		[]string{filepath.Join(nb, "02-changed.ipynb"), filepath.Join(nb, "copied.ipynb"), filepath.Join(nb, "zh", "copied.ipynb")}
}

func lines(s string) []string {
	var l []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		if t := strings.TrimSpace(sc.Text()); t != "" {
			l = append(l, t)
		}
	}
	slices.Sort(l)
	return l
}

// TestTrustList: `trust.sh list` names the notebooks whose content is the
// committed one (git), or one of the list (no git: the Docker image), and
// no notebook copied in or changed.
func TestTrustList(t *testing.T) {
	t.Run("git", func(t *testing.T) {
		root, trusted, _ := gitRepo(t)
		got := lines(run(t, root, nil, "bash", "scripts/trust.sh", "list", filepath.Join(root, "notebooks")))
		slices.Sort(trusted)
		if !slices.Equal(got, trusted) {
			t.Errorf("trust.sh list: %q, want %q", got, trusted)
		}
	})
	t.Run("list", func(t *testing.T) {
		same := tinyNotebook("one")
		root := fakeRepo(t, map[string]string{
			"01-same.ipynb":    same,
			"zh/01-same.ipynb": same, // the same bytes: trusted too
			"copied.ipynb":     tinyNotebook("<script>evil</script>"),
		})
		list := filepath.Join(t.TempDir(), "notebooks.sha256")
		writeFile(t, list, fmt.Sprintf("%x  notebooks/01-same.ipynb\n", sha256.Sum256([]byte(same))), 0o444)
		nb := filepath.Join(root, "notebooks")
		got := lines(run(t, root, []string{"MN_TRUSTED_NOTEBOOKS=" + list}, "bash", "scripts/trust.sh", "list", nb))
		want := []string{filepath.Join(nb, "01-same.ipynb"), filepath.Join(nb, "zh", "01-same.ipynb")}
		if !slices.Equal(got, want) {
			t.Errorf("trust.sh list with MN_TRUSTED_NOTEBOOKS: %q, want %q", got, want)
		}
		// Without the list, nothing.
		if got := lines(run(t, root, []string{"MN_TRUSTED_NOTEBOOKS="}, "bash", "scripts/trust.sh", "list", nb)); len(got) != 0 {
			t.Errorf("trust.sh list without git or list: %q, want none", got)
		}
	})
}

// TestNotebookTrust starts notebook.sh (as `make notebook` does) in a
// repository where a notebook was copied in and a committed one changed,
// then asks Jupyter's own notary which notebooks it trusts: only the
// unchanged committed ones. (notebook.sh used to trust every notebook under
// notebooks/.)
func TestNotebookTrust(t *testing.T) {
	jupyter := testenv.LookPath(t, "jupyter", "make setup")
	root, trusted, untrusted := gitRepo(t)
	data := t.TempDir()
	startNotebookIn(t, filepath.Join(root, "scripts"), "JUPYTER_DATA_DIR="+data)

	b, err := os.ReadFile(jupyter)
	if err != nil {
		t.Fatal(err)
	}
	python := strings.Fields(strings.TrimPrefix(strings.SplitN(string(b), "\n", 2)[0], "#!"))
	check := exec.Command(python[0], append(python[1:], "-c", `
import sys, nbformat
from nbformat.sign import NotebookNotary
notary = NotebookNotary()
for p in sys.argv[1:]:
    print(p, notary.check_signature(nbformat.read(p, 4)))
`)...)
	check.Args = append(check.Args, append(slices.Clone(trusted), untrusted...)...)
	check.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+data)
	out, err := check.CombinedOutput()
	if err != nil {
		t.Fatalf("checking signatures: %v\n%s", err, out)
	}
	for _, l := range lines(string(out)) {
		path, ok, _ := strings.Cut(l, " ")
		if want := slices.Contains(trusted, path); (ok == "True") != want {
			t.Errorf("%s: trusted %s, want %v", path, ok, want)
		}
	}
}
