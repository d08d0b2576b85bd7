package experiment_test

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/marginnotes/marginnotes/pkg/dataset"
	"github.com/marginnotes/marginnotes/pkg/experiment"
	"github.com/marginnotes/marginnotes/pkg/perceptron"
)

// The operation counts of the book's run of Example 2.1 in both forms.
func ExamplePrimalCost() {
	x, y := dataset.Example21().XY()
	res, err := perceptron.Primal{}.Fit(x, y)
	if err != nil {
		panic(err)
	}
	e := experiment.Examinations(3, nil, res.Mistakes)
	p := experiment.PrimalCost(3, 2, e, res.Updates)
	d := experiment.DualCost(3, 2, e, res.Updates)
	fmt.Printf("examined %d, updates %d\n", e, res.Updates)
	fmt.Printf("primal %+v total %d\n", p, p.Total())
	fmt.Printf("dual   %+v total %d\n", d, d.Total())
	// Output:
	// examined 18, updates 7
	// primal {Gram:0 Checks:36 Updates:14} total 50
	// dual   {Gram:12 Checks:18 Updates:35} total 65
}

// The experiment of notebook 04-novikoff: mistakes against (R/γ)² on data of
// shrinking margin, the first of five data sets per margin.
func ExampleMistakeTrials() {
	gammas := []float64{0.4, 0.2, 0.1, 0.05, 0.025, 0.0125}
	trials, err := experiment.MistakeTrials(rand.NewPCG(4, 4), 200, 5, 2, gammas, 5)
	if err != nil {
		panic(err)
	}
	worst := 0.0
	for _, t := range trials {
		worst = math.Max(worst, float64(t.Mistakes)/t.Best.Bound)
		if t.Set == 0 {
			fmt.Printf("γ = %-6g best γ = %.4g, (R/γ)² = %.4g, k = %d\n", t.Gamma, t.Best.Gamma, t.Best.Bound, t.Mistakes)
		}
	}
	fmt.Printf("largest k/(R/γ)² = %.4g\n", worst)
	// Output:
	// γ = 0.4    best γ = 0.4163, (R/γ)² = 23.06, k = 6
	// γ = 0.2    best γ = 0.2133, (R/γ)² = 87.9, k = 15
	// γ = 0.1    best γ = 0.1134, (R/γ)² = 311.2, k = 24
	// γ = 0.05   best γ = 0.09827, (R/γ)² = 414.2, k = 45
	// γ = 0.025  best γ = 0.05741, (R/γ)² = 1214, k = 100
	// γ = 0.0125 best γ = 0.03174, (R/γ)² = 3969, k = 69
	// largest k/(R/γ)² = 0.3429
}
