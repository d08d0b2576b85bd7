package scripts

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// notebook runs notebook.sh with the environment env added, and returns its
// exit status and standard error. The cases that call it fail before Jupyter
// starts.
func notebook(t *testing.T, env ...string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "notebook.sh")
	cmd.Env = append(os.Environ(), env...)
	// A server started by mistake is stopped with its process group.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("notebook.sh %v did not stop: %s", env, out)
	}
	code := 0
	if e, ok := err.(*exec.ExitError); ok {
		code = e.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return code, string(out)
}

func needJupyter(t *testing.T) {
	t.Helper()
	testenv.LookPath(t, "jupyter", "make setup")
}

// TestNotebookPort: PORT is decimal, without a leading zero (bash read 08889
// as a bad octal number and skipped the range check, and 010 became port
// 10), from 1024 to 65535.
func TestNotebookPort(t *testing.T) {
	for _, c := range []struct{ port, want string }{
		{"08889", "not a port number"},
		{"010", "not a port number"},
		{"0x22b8", "not a port number"},
		{"8888 ", "not a port number"},
		{"65536", "not a port number"},
		{"999999999999999999999", "not a port number"},
		{"80", "below 1024 needs root privileges"},
		{"1023", "below 1024"},
	} {
		code, out := notebook(t, "PORT="+c.port)
		if code != 1 || !strings.Contains(out, c.want) || strings.Contains(out, "octal") || strings.Count(out, "\n") != 1 {
			t.Errorf("PORT=%q: exit %d, output %q; want 1 and one line with %q", c.port, code, out, c.want)
		}
	}
}

// TestNotebookCannotListen: a port in use and an address of another machine
// are named as such, before Jupyter starts.
func TestNotebookCannotListen(t *testing.T) {
	needJupyter(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"PORT=" + port}, "port " + port + " on 127.0.0.1 is in use"},
		// 192.0.2.1 is TEST-NET-1 (RFC 5737): never an address of this machine.
		{[]string{"PORT=" + port, "MN_IP=192.0.2.1"}, "not an address of this machine"},
	} {
		code, out := notebook(t, c.env...)
		if code != 1 || !strings.Contains(out, c.want) {
			t.Errorf("%v: exit %d, output %q; want 1 and %q", c.env, code, out, c.want)
		}
	}
}

var urlLine = regexp.MustCompile(`(?m)^URL: (http://127\.0\.0\.1:\d+)/tree\?token=(\w+)$`)

// TestNotebookTerminals starts the server. As root, Jupyter's terminals,
// which would be root shells, are off: /api/terminals is not served. As
// another user they are on.
func TestNotebookTerminals(t *testing.T) {
	needJupyter(t)
	base, token := startNotebook(t)
	resp, err := http.Get(base + "/api/terminals?token=" + token)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	root := os.Geteuid() == 0
	if root && resp.StatusCode != http.StatusNotFound || !root && resp.StatusCode != http.StatusOK {
		t.Errorf("as uid %d: /api/terminals answers %s; want terminals only for a user other than root", os.Geteuid(), resp.Status)
	}
}

// startNotebook starts notebook.sh on a free port, serving an empty
// temporary folder, and returns the base URL and token it prints; the
// server is stopped at the end of the test.
func startNotebook(t *testing.T) (base, token string) {
	t.Helper()
	return startNotebookIn(t, ".", "MN_NOTEBOOK_DIR="+t.TempDir())
}

// startNotebookIn starts dir/notebook.sh on a free port with env added and
// returns the base URL and token it prints; the server is stopped at the
// end of the test. The port is found by binding port 0 and closing it; if
// something takes it in between, notebook.sh says the port is in use, and
// another port is tried.
func startNotebookIn(t *testing.T, dir string, env ...string) (base, token string) {
	t.Helper()
	for try := 0; try < 3; try++ {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		log, err := os.CreateTemp(t.TempDir(), "notebook-*.log")
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "notebook.sh")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), fmt.Sprintf("PORT=%d", port), "JUPYTER_RUNTIME_DIR="+t.TempDir())
		cmd.Env = append(cmd.Env, env...)
		cmd.Stdout, cmd.Stderr = log, log
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		t.Cleanup(func() {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
			select {
			case <-done:
			case <-time.After(15 * time.Second):
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				<-done
				t.Error("notebook.sh did not stop on SIGTERM in 15 s")
			}
		})
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			out, _ := os.ReadFile(log.Name())
			if m := urlLine.FindStringSubmatch(string(out)); m != nil {
				return m[1], m[2]
			}
			select {
			case <-done:
				if strings.Contains(string(out), "is in use") {
					break // taken in between: another port
				}
				t.Fatalf("notebook.sh exited: %s", out)
			default:
				continue
			}
			break
		}
	}
	t.Fatal("notebook.sh printed no URL")
	return "", ""
}
