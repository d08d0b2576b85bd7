package scripts

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// aptStubs writes stand-ins for dpkg-query, apt-cache, apt-get and id into
// a temporary directory: dpkg-query reports the packages of the file
// installed as installed, apt-cache knows those of lists, apt-get appends
// its arguments to the file log (and an install marks the packages
// installed), and id -u prints uid. It returns the directory and the log.
func aptStubs(t *testing.T, uid string, installed, lists []string) (dir, log string) {
	t.Helper()
	dir = t.TempDir()
	log = filepath.Join(dir, "log")
	files := map[string]string{
		"installed": strings.Join(installed, "\n") + "\n",
		"lists":     strings.Join(lists, "\n") + "\n",
		"dpkg-query": `#!/bin/sh
for p; do :; done
grep -qx "$p" "$STUBS/installed" && printf installed
exit 0
`,
		"apt-cache": `#!/bin/sh
for p; do :; done
grep -qx "$p" "$STUBS/lists"
`,
		"apt-get": `#!/bin/sh
echo "$*" >>"$STUBS/log"
case " $* " in *" install "*)
	for p; do case $p in -*|install) ;; *) echo "$p" >>"$STUBS/installed" ;; esac; done ;;
esac
`,
		"id": "#!/bin/sh\necho " + uid + "\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir, log
}

// TestPackagesStep: `setup.sh packages` and need.sh install through one
// function, apt_install: only the missing packages, without recommended
// ones, waiting for another apt run's lock, with apt-get update only when
// the package lists lack a package; as another user they name the command
// to run and fail, calling no apt-get.
func TestPackagesStep(t *testing.T) {
	const lock = "-o DPkg::Lock::Timeout=600 "
	for _, c := range []struct {
		name      string
		script    string
		uid       string
		installed []string
		lists     []string
		wantLog   []string
		wantErr   string
	}{
		{"installed", "setup.sh", "0", []string{"a", "b"}, nil, nil, ""},
		{"in the lists", "setup.sh", "0", []string{"a"}, []string{"a", "b"}, []string{lock + "install -y -q --no-install-recommends b"}, ""},
		{"need.sh", "need.sh", "0", []string{"a"}, []string{"a", "b"}, []string{lock + "install -y -q --no-install-recommends b"}, ""},
		{"not in the lists", "need.sh", "0", nil, []string{"a"}, []string{lock + "update -q", lock + "install -y -q --no-install-recommends a b"}, ""},
		{"not root", "need.sh", "1000", []string{"a"}, []string{"a", "b"}, nil, "sudo apt-get install -y b"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, log := aptStubs(t, c.uid, c.installed, c.lists)
			cmd := exec.Command("bash", c.script, "packages", "a", "b")
			if c.script == "need.sh" {
				cmd = exec.Command("bash", c.script, "a", "b")
			}
			cmd.Env = append(os.Environ(), "PATH="+dir+":"+os.Getenv("PATH"), "STUBS="+dir)
			out, err := cmd.CombinedOutput()
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(string(out), c.wantErr)) {
				t.Errorf("%s a b: %v, output %q; want error %q", c.script, err, out, c.wantErr)
			}
			b, err := os.ReadFile(log)
			if err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			got := strings.FieldsFunc(string(b), func(r rune) bool { return r == '\n' })
			if strings.Join(got, "\n") != strings.Join(c.wantLog, "\n") {
				t.Errorf("apt-get ran\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.wantLog, "\n"))
			}
		})
	}
}

// TestOneAptPath: no script of the repository runs apt-get but setup.sh
// (issue 23 §3): need.sh, the bench and Docker scripts and CI install
// through `scripts/setup.sh packages`. A line counts when apt-get stands
// outside a comment and outside quotes (a message naming the command is
// fine, and so is `command -v apt-get`). The Dockerfile builds images from Debian's base and is left out.
func TestOneAptPath(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../scripts/*.sh", "../bench/*.sh", "../bench/*/*.sh", "../.ci/run", "../Makefile"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %q", files)
	}
	quoted := regexp.MustCompile(`"(\\.|[^"\\])*"|'[^']*'`)
	for _, file := range files {
		if filepath.Base(file) == "setup.sh" && filepath.Base(filepath.Dir(file)) == "scripts" {
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if strings.HasPrefix(line, "#") {
				continue
			}
			code := strings.ReplaceAll(quoted.ReplaceAllString(line, ""), "command -v apt-get", "")
			if strings.Contains(code, "apt-get") {
				t.Errorf("%s:%d runs apt-get itself: %s (use scripts/setup.sh packages)", file, n, line)
			}
		}
		f.Close()
	}
}
