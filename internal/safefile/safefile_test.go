//go:build unix

package safefile

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func writeString(s string) func(io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

// TestWriteFails: when the writer fails, the file keeps its old content and
// no temporary file is left; a new file is not created.
func TestWriteFails(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.txt")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	fail := func(w io.Writer) error {
		io.WriteString(w, strings.Repeat("new", 1<<16)) // past the buffer: on disk
		return boom
	}
	for _, p := range []string{old, filepath.Join(dir, "new.txt")} {
		if err := Write(p, fail); !errors.Is(err, boom) {
			t.Errorf("%s: %v, want the writer's error", filepath.Base(p), err)
		}
	}
	if b, _ := os.ReadFile(old); string(b) != "old" {
		t.Errorf("the old file holds %d bytes", len(b))
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files, want the old one alone", len(entries))
	}
}

// TestWriteNew: a new file gets 0666 less the umask, as a shell redirection
// makes it, and a missing directory is an error naming the file.
func TestWriteNew(t *testing.T) {
	dir := t.TempDir()
	umask := syscall.Umask(0o022)
	syscall.Umask(umask)
	p := filepath.Join(dir, "new.txt")
	if err := Write(p, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode() != fs.FileMode(0o666&^umask) {
		t.Errorf("mode %v (%v), want %v", fi.Mode(), err, fs.FileMode(0o666&^umask))
	}
	missing := filepath.Join(dir, "no", "new.txt")
	var pe *fs.PathError
	if err := Write(missing, writeString("new")); !errors.As(err, &pe) || pe.Path != missing || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("in a missing directory: %v, want an error naming %s", err, missing)
	}
	if err := Write(dir, writeString("new")); err == nil {
		t.Errorf("writing a directory: no error")
	}
}

// TestWriteKeepsSpecialBits: the set-user-ID bit of a file replaced
// survives the change of the temporary file's owner, which clears it.
func TestWriteKeepsSpecialBits(t *testing.T) {
	p := filepath.Join(t.TempDir(), "tool")
	if err := os.WriteFile(p, []byte("old"), 0o700); err != nil {
		t.Fatal(err)
	}
	want := fs.ModeSetuid | 0o750
	if err := os.Chmod(p, want); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, writeString("new")); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Mode() != want {
		t.Errorf("mode %v (%v), want %v", fi.Mode(), err, want)
	}
}
