package experiment

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSMODCDSeries checks the embedded benchmark run: it is byte for byte
// the committed bench/results/smo-dcd-series.tsv, names its command and
// machine, and holds for every n SMO's fit (as far as the run took it)
// and DCD's at both tolerances, each n once per solver and tolerance, the
// sizes ascending.
func TestSMODCDSeries(t *testing.T) {
	committed, err := os.ReadFile("../../bench/results/smo-dcd-series.tsv")
	if err != nil {
		t.Fatal(err)
	}
	if string(committed) != smoDCDSeries {
		t.Fatal("pkg/experiment/data/smo-dcd-series.tsv differs from bench/results/smo-dcd-series.tsv: copy the committed run")
	}
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
