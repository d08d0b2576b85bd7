// Package experiment holds the measurements the notebooks and benchmarks
// run on the algorithms — wall-clock timings of the perceptron's forms,
// operation counts of their cost models, mistake counts over generated data
// of varying margin — kept apart from the algorithm packages, which compute
// and never time themselves. Every experiment takes its randomness from an
// explicit rand.Source.
//
//	trials, err := experiment.MistakeTrials(rand.NewPCG(1, 2), 100, 5, 10, []float64{0.5, 0.1}, 20)
//	for _, t := range trials {
//		fmt.Println(t.Gamma, t.Mistakes, t.Best.Bound) // mistakes ≤ (R/γ)² (Theorem 2.1)
//	}
//	timing, err := experiment.TimeForms(x, y, 1000, 5) // primal vs dual form
//
// MistakeTrials (Trial) runs the perceptron on separable data of decreasing
// margin against Novikoff's bound; TimeForms and SweepForms (FormTiming)
// time the primal and dual forms side by side, and PrimalCost, DualCost and
// BookDualCost (Cost) count their operations; HullsVsLP (HullComparison)
// checks the convex-hull test of separability against the linear program.
// SMODCDSeries (FitTime) reads the committed benchmark run of SMO and dual
// coordinate descent against n (bench/dcd/series.sh), embedded, for the
// figure of notebook 11-smo: measurements made once, read here, never
// retaken. Package report turns the results into tables.
package experiment
