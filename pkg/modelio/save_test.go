//go:build unix

package modelio_test

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/marginnotes/marginnotes/pkg/classify"
	"github.com/marginnotes/marginnotes/pkg/modelio"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// book is the perceptron of Table 2.1, x⁽¹⁾ + x⁽²⁾ − 3 = 0.
var book = modelio.Model{Solver: perceptron.Primal{}, Classifier: classify.Linear{W: []float64{1, 1}, B: -3}}

// bookFile is the file of book.
func bookFile(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := modelio.Write(&buf, book); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// mknod makes a character device node with the numbers of a system device
// (1,3 is /dev/null, 1,7 /dev/full) in a temporary directory: the tests
// never touch the system's own /dev.
func mknod(t *testing.T, name string, major, minor uint32) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, int(major<<8|minor)); err != nil {
		t.Skipf("mknod: %v (needs root)", err)
	}
	return path
}

// TestSaveDevice: Save to a device node writes to the device and leaves
// the node a device (issue 18 §1.1: it was replaced by a regular file, and
// Save to the full device reported success).
func TestSaveDevice(t *testing.T) {
	null := mknod(t, "null", 1, 3)
	if err := modelio.Save(null, book); err != nil {
		t.Errorf("Save to a null device: %v", err)
	}
	full := mknod(t, "full", 1, 7)
	if err := modelio.Save(full, book); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("Save to a full device: %v, want ENOSPC", err)
	}
	for _, p := range []string{null, full} {
		if fi, err := os.Lstat(p); err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Errorf("%s is no longer a character device: %v %v", filepath.Base(p), fi.Mode(), err)
		}
	}
}

// TestSaveFIFO: Save to a named pipe writes the model to its reader and
// leaves the pipe in place.
func TestSaveFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	got := make(chan []byte)
	go func() {
		f, err := os.Open(fifo)
		if err != nil {
			got <- nil
			return
		}
		defer f.Close()
		b, _ := io.ReadAll(f)
		got <- b
	}()
	if err := modelio.Save(fifo, book); err != nil {
		t.Fatalf("Save to a FIFO: %v", err)
	}
	received(t, got)
	if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Errorf("the FIFO is now %v (%v)", fi.Mode(), err)
	}
}

// TestSavePipe: Save to /proc/self/fd/N of a pipe, as bash's
// --save-model >(gzip > m.gz) names it, writes to the pipe.
func TestSavePipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	path := filepath.Join("/proc/self/fd", strconv.Itoa(int(w.Fd())))
	if _, err := os.Stat(path); err != nil {
		t.Skipf("no %s: %v", path, err)
	}
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		got <- b
	}()
	err = modelio.Save(path, book)
	w.Close()
	if err != nil {
		t.Fatalf("Save to a pipe: %v", err)
	}
	received(t, got)
}

// TestSaveSymlink: Save through a symbolic link replaces the file it
// points to and keeps the link; a link to a file that does not exist yet
// creates that file.
func TestSaveSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "model.json")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ link, to, file string }{
		{"link.json", "model.json", target},
		{"dangling.json", "new.json", filepath.Join(dir, "new.json")},
	} {
		link := filepath.Join(dir, c.link)
		if err := os.Symlink(c.to, link); err != nil {
			t.Fatal(err)
		}
		if err := modelio.Save(link, book); err != nil {
			t.Fatalf("Save through %s: %v", c.link, err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a symbolic link: %v", c.link, err)
		}
		if b, err := os.ReadFile(c.file); err != nil || !bytes.Equal(b, bookFile(t)) {
			t.Errorf("%s holds %q (%v)", c.file, b, err)
		}
	}
}

// TestSaveKeepsModeAndOwner: Save over a file keeps its permissions (a
// private 0600 file stays private) and, where the caller may, its owner.
func TestSaveKeepsModeAndOwner(t *testing.T) {
	path := filepath.Join(t.TempDir(), "model.json")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	uid, gid := os.Getuid(), os.Getgid()
	if uid == 0 {
		uid, gid = 1234, 5678
		if err := os.Chown(path, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	if err := modelio.Save(path, book); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode() != 0o600 {
		t.Errorf("mode %v, want -rw-------", fi.Mode())
	}
	if st := fi.Sys().(*syscall.Stat_t); int(st.Uid) != uid || int(st.Gid) != gid {
		t.Errorf("owner %d:%d, want %d:%d", st.Uid, st.Gid, uid, gid)
	}
	if b, _ := os.ReadFile(path); !bytes.Equal(b, bookFile(t)) {
		t.Errorf("the file holds %q", b)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("%d files in the directory, want the model alone", len(entries))
	}
}

// TestSaveHardLink: a file with two names is replaced under the name
// saved to, atomically, and the other name keeps the old content (issue
// 23 §1.3: it was written in place, and a kill mid-write lost the old
// model under both names).
func TestSaveHardLink(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	if err := os.WriteFile(a, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, b); err != nil {
		t.Skipf("link: %v", err)
	}
	if err := modelio.Save(a, book); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(a); !bytes.Equal(got, bookFile(t)) {
		t.Errorf("a.json holds %q", got)
	}
	if got, _ := os.ReadFile(b); string(got) != "old" {
		t.Errorf("b.json holds %q, want the old content", got)
	}
}

// received checks that the reader of a pipe got the file of book within
// ten seconds.
func received(t *testing.T, got <-chan []byte) {
	t.Helper()
	select {
	case b := <-got:
		if !bytes.Equal(b, bookFile(t)) {
			t.Errorf("the reader got %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("the reader got nothing in 10 s")
	}
}
