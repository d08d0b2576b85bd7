//go:build unix

package safefile

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// helperEnv names the file that the helper process writes, slowly.
const helperEnv = "SAFEFILE_TEST_SLOW_WRITE"

// TestHelperSlowWrite is the child of TestKillMidWrite: it writes the file
// named by $SAFEFILE_TEST_SLOW_WRITE with a writer that puts 1 MiB on disk,
// says "writing" on standard output and waits to be killed.
func TestHelperSlowWrite(t *testing.T) {
	path := os.Getenv(helperEnv)
	if path == "" {
		t.Skip("the child of TestKillMidWrite")
	}
	Write(path, func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("new\n", 1<<18)) // past the buffer: on disk
		os.Stdout.WriteString("writing\n")
		select {} // until killed
	})
}

// killMidWrite starts a child that writes path and kills it (SIGKILL) mid-write.
func killMidWrite(t *testing.T, path string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperSlowWrite$")
	cmd.Env = append(os.Environ(), helperEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	cmd.Process.Kill()
	cmd.Wait()
	if line != "writing\n" {
		t.Fatalf("the child said %q (%v), want writing", line, err)
	}
}

// TestKillMidWrite: a writer killed mid-write leaves the file as it was —
// a file with one link, or with two hard links, both keeping the old
// content — and the temporary file it leaves is removed by the next
// write of the same file (issue 23 §1.3: a file with two hard links was
// written in place and lost its old content; §1.7: kill -9 left the
// temporary file beside the target).
func TestKillMidWrite(t *testing.T) {
	dir := t.TempDir()
	one, two, other := filepath.Join(dir, "one.json"), filepath.Join(dir, "two.json"), filepath.Join(dir, "two-link.json")
	for _, p := range []string{one, two} {
		if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Link(two, other); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{one, two} {
		killMidWrite(t, p)
	}
	for _, p := range []string{one, two, other} {
		if b, err := os.ReadFile(p); err != nil || string(b) != "old" {
			t.Errorf("%s after the kill: %d bytes (%v), want the old content", filepath.Base(p), len(b), err)
		}
	}
	for _, p := range []string{one, two} {
		if err := Write(p, writeString("new")); err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(p); string(b) != "new" {
			t.Errorf("%s: %q, want new", filepath.Base(p), b)
		}
	}
	if b, _ := os.ReadFile(other); string(b) != "old" {
		t.Errorf("the other link of two.json: %q, want the old content", b)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 3 {
		t.Errorf("files %q, want one.json, two.json and its link: the killed writers' temporary files removed", names)
	}
}
