package scripts

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// needTools skips the test unless make setup has built the tools.
func needTools(t *testing.T) {
	t.Helper()
	for _, tool := range []string{"gonb", "gopls", "goimports"} {
		testenv.File(t, filepath.Join("..", "bin", tool), "make setup builds the tools")
	}
}

// TestSetupKernelFlags registers the kernel in a temporary Jupyter data
// directory with MN_GONB_FLAGS holding a glob character and repeated blanks:
// each blank-separated word is one argument, as written.
func TestSetupKernelFlags(t *testing.T) {
	needTools(t)
	data := t.TempDir()
	cmd := exec.Command("bash", "setup.sh", "kernel")
	cmd.Dir = "."
	cmd.Env = append(os.Environ(), "JUPYTER_DATA_DIR="+data, "MN_GONB_FLAGS=  --raw_error   *  ")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("setup.sh kernel: %v\n%s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(data, "kernels", "gonb", "kernel.json"))
	if err != nil {
		t.Fatal(err)
	}
	var spec struct{ Argv []string }
	if err := json.Unmarshal(b, &spec); err != nil {
		t.Fatalf("kernel.json: %v\n%s", err, b)
	}
	if n := len(spec.Argv); n != 5 || !slices.Equal(spec.Argv[1:], []string{"--kernel", "{connection_file}", "--raw_error", "*"}) {
		t.Errorf("argv = %q; want gonb --kernel {connection_file} --raw_error *", spec.Argv)
	}
}

// TestSetupTools: with the tools built (copies of bin/, so that bin/ is
// never rebuilt by a test), the tools step finds gonb's version through go
// list -m and has nothing to do.
func TestSetupTools(t *testing.T) {
	needTools(t)
	bin := t.TempDir()
	for _, tool := range []string{"gonb", "gopls", "goimports"} {
		b, err := os.ReadFile(filepath.Join("..", "bin", tool))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(bin, tool), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("bash", "setup.sh", "tools")
	cmd.Env = append(os.Environ(), "MN_BIN="+bin, "GOPROXY=off") // nothing to download
	out, err := cmd.CombinedOutput()
	if err != nil || len(out) != 0 {
		t.Errorf("setup.sh tools: %v, output %q; want nothing to do (is bin/ up to date? make setup)", err, out)
	}
}
