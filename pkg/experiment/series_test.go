package experiment

import (
	"errors"
	"io/fs"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/marginnotes/marginnotes/internal/testenv"
)

// TestSMODCDSeries checks the embedded benchmark run: it names its command
// and machine, and holds for every n SMO's fit (as far as the run took it)
// and DCD's at both tolerances, each n once per solver and tolerance, the
// sizes ascending.
func TestSMODCDSeries(t *testing.T) {
	rows, notes, err := SMODCDSeries()
	if err != nil {
		t.Fatal(err)
	}
	if len(notes) == 0 || !strings.Contains(notes[0], "bench/dcd/series.sh") {
		t.Errorf("notes %q do not name the command", notes)
	}
	ns := map[string][]int{}
	for _, r := range rows {
		k := r.Solver + "/" + strconv.FormatFloat(r.Eps, 'g', -1, 64)
		ns[k] = append(ns[k], r.N)
		if r.D != 20 || !(r.FitCPU > 0) || r.Iterations < 1 {
			t.Errorf("row %+v", r)
		}
	}
	for k, v := range ns {
		if !slices.IsSorted(v) || len(slices.Compact(slices.Clone(v))) != len(v) {
			t.Errorf("%s: sizes %v not ascending and distinct", k, v)
		}
	}
	if len(ns) != 3 || len(ns["smo/0.001"]) == 0 || !slices.Equal(ns["dcd/0.1"], ns["dcd/0.01"]) || len(ns["dcd/0.1"]) < len(ns["smo/0.001"]) {
		t.Errorf("series %v: want SMO at 0.001 and DCD at 0.1 and 0.01 on the same sizes", ns)
	}
}

// TestSeriesKeptOnce: bench/dcd/series.sh writes by default the file that
// the go:embed line of series.go reads, and no other copy of the series is
// committed (issue 23 §3: a copy in bench/results and one here had to be
// kept equal by hand).
func TestSeriesKeptOnce(t *testing.T) {
	script, err := os.ReadFile("../../bench/dcd/series.sh")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("series.go")
	if err != nil {
		t.Fatal(err)
	}
	out := regexp.MustCompile(`(?m)^out=\$\{OUT:-([^}]+)\}$`).FindSubmatch(script)
	embed := regexp.MustCompile(`(?m)^//go:embed (\S+)\nvar smoDCDSeries `).FindSubmatch(src)
	if out == nil || embed == nil {
		t.Fatalf("found no output path in series.sh (%q) or no go:embed of smoDCDSeries in series.go (%q)", out, embed)
	}
	if want := "pkg/experiment/" + string(embed[1]); string(out[1]) != want {
		t.Errorf("series.sh writes %s, series.go embeds %s", out[1], want)
	}
	if _, err := os.Stat(filepath.Join("../..", string(out[1]))); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat("../../bench/results/smo-dcd-series.tsv"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("bench/results/smo-dcd-series.tsv: %v; want no second copy of the series", err)
	}
}

// TestSeriesScript runs bench/dcd/series.sh on the smallest size, once,
// into a temporary file, and reads what it wrote as the embedded series is
// read: the script's output is the format SMODCDSeries parses.
func TestSeriesScript(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the bench drivers and fits n = 1000 three times")
	}
	testenv.LookPath(t, "svm-scale", "Debian: apt-get install libsvm-tools")
	out := filepath.Join(t.TempDir(), "series.tsv")
	cmd := exec.Command("bash", "../../bench/dcd/series.sh")
	cmd.Env = append(os.Environ(), "OUT="+out, "SIZES=1000", "REPEAT=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("series.sh: %v\n%s", err, b)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	rows, notes, err := parseSeries(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || !strings.Contains(notes[0], "bench/dcd/series.sh") || !strings.Contains(notes[0], `SIZES="1000"`) {
		t.Errorf("rows %+v, notes %q; want SMO and DCD at 0.1 and 0.01 on n = 1000, the command named", rows, notes)
	}
	for _, r := range rows {
		if r.N != 1000 || r.D != 20 || !(r.FitCPU > 0) || r.Iterations < 1 || r.Objective == 0 || math.IsNaN(r.Objective) {
			t.Errorf("row %+v", r)
		}
	}
}

// TestParseSeriesErrors: a series without its header, with a missing
// column, a short line or a field that is not a number is an error.
func TestParseSeriesErrors(t *testing.T) {
	header := "n\td\tsolver\teps\tfit_cpu_seconds\tprocess_cpu_seconds\titerations\tobjective\n"
	for name, text := range map[string]string{
		"no rows":        "# comment\n" + header,
		"missing column": "n\td\tsolver\n1000\t20\tsmo\n",
		"short line":     header + "1000\t20\tsmo\t0.001\t0.1\n",
		"not a number":   header + "1000\t20\tsmo\t0.001\tfast\t0.2\t10\t5\n",
		"negative time":  header + "1000\t20\tsmo\t0.001\t-1\t0.2\t10\t5\n",
	} {
		if _, _, err := parseSeries(text); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	rows, notes, err := parseSeries("# run\n" + header + "1000\t20\tdcd\t0.1\t0.01\t0.02\t7\t512.5\n")
	if err != nil || len(rows) != 1 || notes[0] != "run" || rows[0] != (FitTime{N: 1000, D: 20, Solver: "dcd", Eps: 0.1, FitCPU: 0.01, ProcessCPU: 0.02, Iterations: 7, Objective: 512.5}) {
		t.Errorf("parse: %+v, %q, %v", rows, notes, err)
	}
}
