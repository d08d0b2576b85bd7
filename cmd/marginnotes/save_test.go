//go:build unix

package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/modelio"
)

// mknod makes a character device node with the numbers of a system device
// (1,3 is /dev/null, 1,7 /dev/full) in a temporary directory: the tests
// never point the command at the system's own /dev.
func mknod(t *testing.T, dir, name string, major, minor uint32) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := syscall.Mknod(path, syscall.S_IFCHR|0o666, int(major<<8|minor)); err != nil {
		t.Skipf("mknod: %v (needs root)", err)
	}
	return path
}

// isCharDevice reports whether path is (still) a character device.
func isCharDevice(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode()&fs.ModeCharDevice != 0
}

// TestSaveModelDevice: --save-model to a device node writes to the device
// and leaves the node as it was; to a full device it fails with the
// system's error (issue 18 §1.1: as root, the node became a regular file
// and the command exited 0).
func TestSaveModelDevice(t *testing.T) {
	dir := t.TempDir()
	null, full := mknod(t, dir, "null", 1, 3), mknod(t, dir, "full", 1, 7)
	data := writeFile(t, "ex21.csv", example21)
	if code, _, errOut := runLimited(t, limits{}, "svm", "--save-model", null, data); code != 0 {
		t.Errorf("--save-model to a null device: exit %d: %s", code, errOut)
	}
	code, _, errOut := runLimited(t, limits{}, "perceptron", "--save-model", full, data)
	if code != 1 || !strings.Contains(errOut, "--save-model: write "+full+": no space left on device") {
		t.Errorf("--save-model to a full device: exit %d, stderr %q; want 1 and the write error", code, errOut)
	}
	for _, p := range []string{null, full} {
		if !isCharDevice(p) {
			t.Errorf("%s is no longer a device", p)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files next to the devices, want none", len(entries)-2)
	}
}

// TestSaveModelProcessSubstitution: --save-model >(gzip > m.gz) writes the
// model into the pipe (issue 18 §1.1: it failed, looking for a directory
// /dev/fd to put a temporary file in).
func TestSaveModelProcessSubstitution(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	if _, err := exec.LookPath("gzip"); err != nil {
		t.Skip("no gzip")
	}
	dir := t.TempDir()
	data := writeFile(t, "ex21.csv", example21)
	gz := filepath.Join(dir, "m.json.gz")
	cmd := exec.Command(bash, "-c", `"$1" svm --save-model >(gzip > "$2") "$3" > /dev/null && wait $!`,
		"bash", builtCommand(t), gz, data)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	f, err := os.Open(gz)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	m, err := modelio.Read(zr)
	if err != nil {
		t.Fatalf("the gzipped model: %v", err)
	}
	// Example 7.2: f(x) = ½x⁽¹⁾ + ½x⁽²⁾ − 2, 1 at x1.
	if f := m.Decision([]float64{3, 3}); f != 1 {
		t.Errorf("f(x1) = %v, want 1", f)
	}
}

// TestFullDisk: a model or a figure that cannot be written whole (here past
// the file size limit, ulimit -f, as on a full disk) leaves the file it
// would have replaced as it was and no temporary file (issue 18: figures
// left a truncated file); the error names the file.
func TestFullDisk(t *testing.T) {
	// A soft margin on noisy points: a model file of tens of support
	// vectors, past 1 KiB.
	noisy := dataset.Noisy(rand.NewPCG(7, 8), 100, 3, 0.05)
	data := writeSet(t, "noisy.csv", noisy.X, noisy.Y)
	for _, c := range []struct {
		name string
		args func(dir, file string) []string
		file string
	}{
		{"model", func(dir, file string) []string { return []string{"svm", "--c", "1", "--save-model", file, data} }, "m.json"},
		{"figure", func(dir, file string) []string {
			return []string{"figures", "--out", dir, "--format", "svg", "--only", "02-primal-table21-steps"}
		}, "02-primal-table21-steps.svg"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			file := filepath.Join(dir, c.file)
			if err := os.WriteFile(file, []byte("old"), 0o644); err != nil {
				t.Fatal(err)
			}
			code, _, errOut := runLimited(t, limits{FileKiB: 1}, c.args(dir, file)...)
			if code != 1 || !strings.Contains(errOut, file+": file too large") {
				t.Errorf("exit %d, stderr %q; want 1 and %q", code, errOut, file+": file too large")
			}
			if b, err := os.ReadFile(file); err != nil || !bytes.Equal(b, []byte("old")) {
				t.Errorf("the file now holds %d bytes (%v), want its old content", len(b), err)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 1 {
				t.Errorf("%d files in the directory, want the old one alone", len(entries))
			}
		})
	}
}

// TestFiguresDevice: a figure written to a full device is an error, and the
// device stays a device.
func TestFiguresDevice(t *testing.T) {
	dir := t.TempDir()
	full := mknod(t, dir, "02-primal-table21-steps.svg", 1, 7)
	code, _, errOut := runLimited(t, limits{}, "figures", "--out", dir, "--format", "svg", "--only", "02-primal-table21-steps")
	if code != 1 || !strings.Contains(errOut, "no space left on device") {
		t.Errorf("exit %d, stderr %q; want 1 and the write error", code, errOut)
	}
	if !isCharDevice(full) {
		t.Errorf("the device is no longer a device")
	}
}

// TestSaveModelOntoData: a --save-model target that is the data file —
// the same name, a hard link to it, a symbolic link to it, or the file
// given as standard input — is refused before the fit (exit 2) and the
// data are left as they were (issue 23 §1.5: --save-model d.csv d.csv
// replaced the data with the model and exited 0).
func TestSaveModelOntoData(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "d.csv")
	if err := os.WriteFile(data, []byte(example21), 0o644); err != nil {
		t.Fatal(err)
	}
	hard, soft := filepath.Join(dir, "hard.csv"), filepath.Join(dir, "soft.csv")
	if err := os.Link(data, hard); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("d.csv", soft); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name   string
		stdin  bool
		target string
		args   []string
	}{
		{"the same name", false, data, []string{"svm"}},
		{"a hard link", false, hard, []string{"svm", "--solver", "dcd", "--c", "1"}},
		{"a symbolic link", false, soft, []string{"perceptron"}},
		{"standard input", true, data, []string{"perceptron", "--form", "dual"}},
	} {
		file := data
		var stdin io.Reader // nil: /dev/null
		if c.stdin {
			f, err := os.Open(data)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			stdin, file = f, "-"
		}
		args := append(append(c.args, "--save-model", c.target), file)
		code, _, errOut := runLimited(t, limits{Stdin: stdin}, args...)
		if code != 2 || !strings.Contains(errOut, "is the data file") {
			t.Errorf("%s: exit %d: %s; want 2 and the refusal", c.name, code, errOut)
		}
		if got, err := os.ReadFile(data); err != nil || string(got) != example21 {
			t.Fatalf("%s: the data file now holds %.80q (%v)", c.name, got, err)
		}
	}
	// Another file is saved to, as before.
	other := filepath.Join(dir, "m.json")
	if code, _, errOut := runLimited(t, limits{}, "svm", "--save-model", other, soft); code != 0 {
		t.Errorf("another file: exit %d: %s", code, errOut)
	}
}

// TestSaveModelHardLink: --save-model onto a file with another hard link
// replaces it under the name given, says on standard error that the other
// link keeps the old content, and exits 0 (issue 23 §1.3: the file was
// written in place, and a kill mid-write lost the old model).
func TestSaveModelHardLink(t *testing.T) {
	dir := t.TempDir()
	data := writeFile(t, "ex21.csv", example21)
	model, link := filepath.Join(dir, "m.json"), filepath.Join(dir, "link.json")
	if err := os.WriteFile(model, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(model, link); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := runCmd(t, "", "svm", "--save-model", model, data)
	if code != 0 || !strings.Contains(errOut, "--save-model "+model+": saved; the file's 1 other hard link(s) keep the old content") {
		t.Errorf("exit %d, stderr %q; want 0 and the note", code, errOut)
	}
	if _, err := modelio.Load(model); err != nil {
		t.Errorf("the model: %v", err)
	}
	if b, _ := os.ReadFile(link); string(b) != "old" {
		t.Errorf("the other link holds %.40q, want the old content", b)
	}
}
