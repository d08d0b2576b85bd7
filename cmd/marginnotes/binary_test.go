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
// /dev/full) as input and output.

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

// builtCommand returns the path of the command, building it on first use.
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
		binary.path = filepath.Join(binary.dir, "marginnotes")
		if out, err := exec.Command(gobin, "build", "-o", binary.path, ".").CombinedOutput(); err != nil {
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
	Timeout time.Duration // the process is killed after it; 0 means one minute
	Stdin   io.Reader     // standard input; nil for none (/dev/null)
	Stdout  *os.File      // standard output; nil to capture it
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
		script = fmt.Sprintf(`ulimit -v %d || exit 125; exec "$@"`, lim.MemMiB<<10)
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
	if code == 125 && lim.MemMiB > 0 {
		t.Fatalf("ulimit -v failed: %s", errOut.String())
	}
	return code, out.String(), errOut.String()
}

// TestFullOutput writes to /dev/full: every write fails, and the command
// says so with exit status 1 instead of exiting 0.
func TestFullOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the command")
	}
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
