package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Bounds of the server's start and stop.
const (
	serverStartTimeout = 5 * time.Minute // make notebook may run a quick setup check first
	serverStopGrace    = 15 * time.Second
)

// server is a Jupyter Notebook server that `make notebook` started.
type server struct {
	Base  string // http://127.0.0.1:PORT
	Token string
	Root  string // the directory it serves
	Log   string // its combined output
}

// jupyterURL matches the URL with the token that Jupyter prints.
var jupyterURL = regexp.MustCompile(`https?://(127\.0\.0\.1|localhost|\[::1\]):(\d+)/[^\s?]*\?token=([0-9A-Za-z]+)`)

// servingFrom matches the line that names the served directory.
var servingFrom = regexp.MustCompile(`Serving notebooks from local directory: (\S.*)`)

// freePort returns a TCP port on 127.0.0.1 that nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startServer runs `make notebook` in repo as its own process group, on a
// free port, serving nbDir, and waits for the URL it prints. Cleanup shuts
// the kernels down through the REST API, stops the group, and fails the test
// if any process the server started is left.
func startServer(t *testing.T, repo, nbDir, outDir string) *server {
	t.Helper()
	port := freePort(t)
	logPath := filepath.Join(outDir, "notebook-server.log")
	logFile, err := os.Create(logPath)
	if err != nil {
		t.Fatal(err)
	}
	marker := newMarker("server")
	runtimeDir := t.TempDir()
	cmd := exec.Command("make", "--no-print-directory", "notebook")
	cmd.Dir = repo
	cmd.Env = append(os.Environ(),
		"PORT="+strconv.Itoa(port),
		"BROWSER=true", // Python's webbrowser runs true(1): no browser of its own
		"JUPYTER_RUNTIME_DIR="+runtimeDir,
		markerVar+"="+marker,
	)
	if nbDir != filepath.Join(repo, "notebooks") {
		cmd.Env = append(cmd.Env, "MN_NOTEBOOK_DIR="+nbDir) // scripts/notebook.sh
	}
	// An *os.File, not a pipe: Wait must not wait for the kernels, which
	// inherit the server's output.
	cmd.Stdout = logFile
	cmd.Stderr = logFile
	cmd.Stdin = nil
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		logFile.Close()
		t.Fatalf("make notebook: %v", err)
	}
	pgid := cmd.Process.Pid
	t.Logf("make notebook: pid %d (process group), PORT=%d, log %s", pgid, port, logPath)
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()

	s := &server{Log: logPath}
	t.Cleanup(func() {
		if s.Token != "" {
			s.shutdownKernels(t)
		}
		if stopGroup(pgid, exited, serverStopGrace) {
			t.Errorf("make notebook (pgid %d) did not stop on SIGTERM within %v; killed", pgid, serverStopGrace)
		}
		if left := reapMarked(marker, 10*time.Second); left != "" {
			t.Errorf("processes left after the server stopped (killed now): %s", left)
		}
		logFile.Close()
	})

	deadline := time.Now().Add(serverStartTimeout)
	var masked time.Time // when Jupyter said it runs but printed no token
	for {
		out, _ := os.ReadFile(logPath)
		if r := servingFrom.FindStringSubmatch(string(out)); r != nil {
			s.Root = strings.TrimSpace(r[1])
		}
		if m := pickURL(string(out)); m != nil {
			s.Base = fmt.Sprintf("http://%s:%s", m[1], m[2])
			s.Token = m[3]
			break
		}
		// Jupyter prints "?token=..." when the token was given to it; then
		// the URL must come from the command itself, or else from the
		// server's runtime file.
		if strings.Contains(string(out), "is running at") {
			if masked.IsZero() {
				masked = time.Now()
			} else if time.Since(masked) > 10*time.Second {
				if info, err := runtimeInfo(runtimeDir); err == nil {
					t.Logf("make notebook printed no URL with its token; using %s", info.file)
					s.Base = fmt.Sprintf("http://127.0.0.1:%d", info.Port)
					s.Token = info.Token
					if s.Root == "" {
						s.Root = info.NotebookDir
					}
					break
				}
			}
		}
		select {
		case <-exited:
			t.Fatalf("make notebook exited before it printed a URL with a token:\n%s", tail(string(out), 40))
		case <-time.After(300 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("make notebook printed no URL with a token within %v:\n%s", serverStartTimeout, tail(string(out), 40))
		}
	}
	if err := s.waitReady(30 * time.Second); err != nil {
		t.Fatal(err)
	}
	t.Logf("Jupyter at %s/ serving %q", s.Base, s.Root)
	return s
}

// serverInfo is the part of Jupyter's nbserver-PID.json that the test reads.
type serverInfo struct {
	Port        int    `json:"port"`
	Token       string `json:"token"`
	NotebookDir string `json:"notebook_dir"`
	file        string
}

// runtimeInfo reads the nbserver-*.json file in Jupyter's runtime directory.
func runtimeInfo(dir string) (serverInfo, error) {
	files, _ := filepath.Glob(filepath.Join(dir, "nbserver-*.json"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		var info serverInfo
		if json.Unmarshal(data, &info) == nil && info.Token != "" && info.Port > 0 {
			info.file = f
			return info, nil
		}
	}
	return serverInfo{}, fmt.Errorf("no server file in %s", dir)
}

// pickURL returns the submatches of the first URL with a token, preferring
// one on 127.0.0.1.
func pickURL(out string) []string {
	all := jupyterURL.FindAllStringSubmatch(out, -1)
	for _, m := range all {
		if m[1] == "127.0.0.1" {
			return m
		}
	}
	if len(all) > 0 {
		return all[0]
	}
	return nil
}

// tail returns the last n lines of s.
func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// api sends a request to the server's REST API and decodes a JSON answer
// into out, if out is not nil.
func (s *server) api(method, path string, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, s.Base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "token "+s.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("%s %s: %s", method, path, resp.Status)
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}

// waitReady waits until the REST API answers.
func (s *server) waitReady(d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		var v struct {
			Version string `json:"version"`
		}
		err := s.api("GET", "/api", &v)
		if err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("Jupyter at %s does not answer: %v", s.Base, err)
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// notebookPath returns the path of the notebook file abs relative to the
// served directory, as the URL /notebooks/PATH wants it.
func (s *server) notebookPath(abs string) (string, error) {
	if s.Root != "" {
		root, err := filepath.EvalSymlinks(s.Root)
		if err == nil {
			if file, err := filepath.EvalSymlinks(abs); err == nil {
				if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
					return filepath.ToSlash(rel), nil
				}
			}
		}
	}
	// The server did not say where it serves from: ask it.
	base := filepath.Base(abs)
	for _, rel := range []string{base, "notebooks/" + base} {
		if s.api("GET", "/api/contents/"+escapePath(rel)+"?content=0", nil) == nil {
			return rel, nil
		}
	}
	return "", fmt.Errorf("the server at %s (root %q) does not serve %s", s.Base, s.Root, abs)
}

// escapePath escapes each element of a slash-separated path.
func escapePath(p string) string {
	parts := strings.Split(p, "/")
	for i, e := range parts {
		parts[i] = url.PathEscape(e)
	}
	return strings.Join(parts, "/")
}

// notebookURL is the page of the notebook at rel, with the token.
func (s *server) notebookURL(rel string) string {
	return s.Base + "/notebooks/" + escapePath(rel) + "?token=" + url.QueryEscape(s.Token)
}

// deleteSession shuts down the kernel of a notebook's session.
func (s *server) deleteSession(id string) error {
	return s.api("DELETE", "/api/sessions/"+url.PathEscape(id), nil)
}

// shutdownKernels shuts down every kernel the server runs.
func (s *server) shutdownKernels(t *testing.T) {
	var kernels []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	if err := s.api("GET", "/api/kernels", &kernels); err != nil {
		t.Logf("listing kernels: %v", err)
		return
	}
	for _, k := range kernels {
		if err := s.api("DELETE", "/api/kernels/"+url.PathEscape(k.ID), nil); err != nil {
			t.Logf("shutting down kernel %s (%s): %v", k.ID, k.Name, err)
		}
	}
}
