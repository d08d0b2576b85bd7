package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests in this file run the command as built, in a process of its own:
// under a memory limit, and with the files of the system (/dev/zero,
// /dev/full) as input and output. They run under -short too (make test):
// a few seconds, most of them the one build.

// binary is the command, built once by the first test that needs it and
// removed by TestMain.
var binary struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if binary.dir != "" {
		os.RemoveAll(binary.dir)
	}
	os.Exit(code)
}

// builtCommand returns the path of the command, building it (and
// marginnotes-figures in the same directory) on first use.
func builtCommand(t *testing.T) string {
	t.Helper()
	binary.once.Do(func() {
		gobin, err := exec.LookPath("go")
		if err != nil {
			binary.err = fmt.Errorf("no go command to build marginnotes: %w", err)
			return
		}
		if binary.dir, binary.err = os.MkdirTemp("", "marginnotes-test-"); binary.err != nil {
			return
		}
		// marginnotes-figures beside it, where "figures" looks first.
		binary.path = filepath.Join(binary.dir, "marginnotes")
		build := exec.Command(gobin, "build", "-o", binary.dir+string(filepath.Separator), ".", "../"+figuresProgram)
		if out, err := build.CombinedOutput(); err != nil {
			binary.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binary.err != nil {
		t.Fatal(binary.err)
	}
	return binary.path
}

// limits are the conditions runLimited runs the command under.
type limits struct {
	MemMiB  int           // virtual memory, as bash's ulimit -v; 0 for no limit
	FileKiB int           // size of a file written, as ulimit -f (KiB); 0 for no limit
	Timeout time.Duration // the process is killed after it; 0 means one minute
	Stdin   io.Reader     // standard input; nil for none (/dev/null)
	Stdout  *os.File      // standard output; nil to capture it
	RSS     *int64        // if not nil, set to the peak resident memory of the process, in bytes
}

// runLimited runs the built command with args under lim, through bash for
// the memory limit. It returns the exit status, −1 when the process was
// killed (by a signal, or after the timeout: then the test fails), and what
// it wrote to standard output (unless lim.Stdout is set) and standard error.
func runLimited(t *testing.T, lim limits, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	bin := builtCommand(t)
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash for ulimit")
	}
	if lim.Timeout == 0 {
		lim.Timeout = time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), lim.Timeout)
	defer cancel()
	script := `exec "$@"`
	if lim.MemMiB > 0 {
		script = fmt.Sprintf(`ulimit -v %d || exit 125; %s`, lim.MemMiB<<10, script)
	}
	if lim.FileKiB > 0 {
		script = fmt.Sprintf(`ulimit -f %d || exit 125; %s`, lim.FileKiB, script)
	}
	cmd := exec.CommandContext(ctx, bash, append([]string{"-c", script, "bash", bin}, args...)...)
	cmd.WaitDelay = 5 * time.Second // for the copy of an endless standard input
	cmd.Stdin = lim.Stdin
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if lim.Stdout != nil {
		cmd.Stdout = lim.Stdout
	}
	err = cmd.Run()
	if lim.RSS != nil && cmd.ProcessState != nil {
		*lim.RSS = maxRSS(cmd.ProcessState)
	}
	if ctx.Err() != nil {
		t.Errorf("marginnotes %s: killed after %v", strings.Join(args, " "), lim.Timeout)
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		code = 0
	case errors.As(err, &exit):
		code = exit.ExitCode()
	default:
		t.Fatalf("marginnotes %s: %v", strings.Join(args, " "), err)
	}
	if code == 125 && (lim.MemMiB > 0 || lim.FileKiB > 0) {
		t.Fatalf("ulimit failed: %s", errOut.String())
	}
	return code, out.String(), errOut.String()
}

// endless is a standard input that never ends: body over and over.
type endless struct {
	body string
	off  int
}

func (e *endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		k := copy(p[n:], e.body[e.off:])
		n += k
		e.off = (e.off + k) % len(e.body)
	}
	return n, nil
}

// TestReadersUnderMemoryLimit runs the command under 1 GiB of virtual
// memory on inputs that used to grow it until it died: each ends in one
// line of error, exit status 1, within seconds.
func TestReadersUnderMemoryLimit(t *testing.T) {
	// A LIBSVM file of a few hundred bytes whose one index, 2²², makes the
	// dense data 3×4194304: 100 MB, and more in bound's work.
	hugeIndex := writeFile(t, "huge-index.libsvm", "# Example 2.1 with a 4194304th feature, zero but for x3\n"+
		"+1 1:3 2:3\n+1 1:4 2:3\n-1 1:1 2:1 4194304:1e-9\n"+
		"# The dense matrix would be 3 × 4194304 numbers: 96 MiB, refused from the file's size.\n")
	// Eight lines of it: more than dataset.MaxCells numbers.
	hugeDense := writeFile(t, "huge-dense.libsvm", strings.Repeat("+1 1:3 4194304:3\n-1 1:1 2:1\n", 4))
	zero, err := os.Open("/dev/zero")
	if err != nil {
		t.Skip("no /dev/zero")
	}
	defer zero.Close()
	for _, c := range []struct {
		name  string
		stdin io.Reader
		args  []string
		want  string
	}{
		{"dev zero", nil, []string{"svm", "/dev/zero"}, "NUL byte"},
		{"dev zero stdin", zero, []string{"perceptron", "-"}, "NUL byte"},
		{"endless csv line", &endless{body: "1,"}, []string{"svm", "-"}, "longer than 4194304 bytes"},
		{"endless libsvm line", &endless{body: " 1:1"}, []string{"bound", "-"}, "longer than 4194304 bytes"},
		{"endless quoted field", io.MultiReader(strings.NewReader("1,\""), &endless{body: "a\n"}),
			[]string{"perceptron", "-"}, "longer than 4194304 bytes"},
		{"huge index", nil, []string{"bound", hugeIndex}, "index 4194304 on this line"},
		{"huge index svm", nil, []string{"svm", "--kernel", "rbf", hugeIndex}, "index 4194304 on this line"},
		{"huge dense", nil, []string{"perceptron", hugeDense}, "more than 16777216 numbers"},
		// svm --solver dcd reads past MaxCells, within the memory the limit
		// leaves: an endless stream of rows is refused before it fills it.
		{"endless rows dcd", &endless{body: "+1 1:1 2:1 3:1 4:1 5:1 6:1 7:1\n"}, []string{"svm", "--solver", "dcd", "--c", "1", "-"},
			"numbers); the limit follows the memory available ("},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := runLimited(t, limits{MemMiB: 1024, Timeout: time.Minute, Stdin: c.stdin}, c.args...)
			if code != 1 || !strings.Contains(errOut, c.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stderr %q: want 1 and one line with %q", code, errOut, c.want)
			}
		})
	}
}

// TestFullOutput writes to /dev/full: every write fails, and the command
// says so with exit status 1 instead of exiting 0.
func TestFullOutput(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	file := writeFile(t, "ex21.csv", example21)
	for _, args := range [][]string{
		{"svm", file},
		{"svm", "--json", file},
		{"perceptron", "--trace", file},
		{"bound", "--json", file},
		{"perceptron", "-h"},
	} {
		code, _, errOut := runLimited(t, limits{Stdout: full}, args...)
		if code != 1 || !strings.Contains(errOut, "no space left on device") {
			t.Errorf("%s > /dev/full: exit %d, stderr %q; want 1 and the write error", strings.Join(args, " "), code, errOut)
		}
	}
}
