package experiment

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
)

// FitTime is one point of a committed benchmark series: the fit of one
// solver on n points of d features, medians of the runs.
type FitTime struct {
	N, D int
	// Solver is "smo" (svm.SMO with the linear kernel) or "dcd" (svm.DCD,
	// hinge loss, bias B = 1), Eps its tolerance.
	Solver string
	Eps    float64
	// FitCPU is the CPU time of the fit alone, ProcessCPU that of the
	// whole process (reading the file included), in seconds.
	FitCPU, ProcessCPU float64
	// Iterations are the solver's (SMO's pairs, DCD's passes), Objective
	// its primal objective (the two solve different problems: DCD
	// regularises b).
	Iterations int
	Objective  float64
}

// smoDCDSeries is the committed run of bench/dcd/series.sh, which writes
// this file (a test checks that the script's output and the go:embed line
// name the same file, the one copy of the series).
//
//go:embed data/smo-dcd-series.tsv
var smoDCDSeries string

// SMODCDSeries returns the fit times of svm.SMO (linear kernel, LIBSVM's
// tolerance 0.001) and svm.DCD (LIBLINEAR's 0.1 and 0.01) against n, 10³ to
// 10⁶ points of 20 features, from the committed run of bench/dcd/series.sh
// (pkg/experiment/data/smo-dcd-series.tsv, embedded), and the run's comment
// lines: the command, the machine and its load. Nothing is timed here;
// notebook 11-smo plots the run.
func SMODCDSeries() ([]FitTime, []string, error) { return parseSeries(smoDCDSeries) }

// parseSeries reads a series: comment lines starting with #, a header
// naming the columns, one FitTime a line, tab-separated.
func parseSeries(text string) ([]FitTime, []string, error) {
	var rows []FitTime
	var notes []string
	var cols map[string]int
	for ln, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "#"):
			notes = append(notes, strings.TrimSpace(strings.TrimPrefix(line, "#")))
			continue
		case cols == nil:
			cols = map[string]int{}
			for i, name := range strings.Split(line, "\t") {
				cols[name] = i
			}
			for _, want := range []string{"n", "d", "solver", "eps", "fit_cpu_seconds", "process_cpu_seconds", "iterations", "objective"} {
				if _, ok := cols[want]; !ok {
					return nil, nil, fmt.Errorf("experiment: series line %d: no column %q", ln+1, want)
				}
			}
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != len(cols) {
			return nil, nil, fmt.Errorf("experiment: series line %d: %d fields, want %d", ln+1, len(f), len(cols))
		}
		var r FitTime
		var err error
		num := func(name string) float64 {
			v, e := strconv.ParseFloat(f[cols[name]], 64)
			if e != nil && err == nil {
				err = fmt.Errorf("experiment: series line %d: %s: %v", ln+1, name, e)
			}
			return v
		}
		r.N, r.D, r.Solver = int(num("n")), int(num("d")), f[cols["solver"]]
		r.Eps, r.FitCPU, r.ProcessCPU = num("eps"), num("fit_cpu_seconds"), num("process_cpu_seconds")
		r.Iterations, r.Objective = int(num("iterations")), num("objective")
		if err != nil {
			return nil, nil, err
		}
		if !(r.N > 0 && r.D > 0 && r.FitCPU >= 0 && r.ProcessCPU >= 0) {
			return nil, nil, fmt.Errorf("experiment: series line %d: implausible values %+v", ln+1, r)
		}
		rows = append(rows, r)
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("experiment: series without rows")
	}
	return rows, notes, nil
}
