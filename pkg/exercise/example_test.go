package exercise_test

import (
	"fmt"
	"math"

	"github.com/marginnotes/marginnotes/pkg/exercise"
	"github.com/marginnotes/marginnotes/pkg/lang"
)

// An answer cell starts with the placeholder; the check cell prints the
// verdict. Every correct answer passes, whatever its form; a wrong one gets
// the first thing wrong with it.
func ExampleEx72() {
	var answer any = exercise.Placeholder
	fmt.Println(exercise.Ex72(answer, lang.English))

	answer = exercise.Hyperplane{W: []float64{-2, 4}, B: -4}
	fmt.Println(exercise.Ex72(answer, lang.English))

	answer = exercise.Hyperplane{W: []float64{-1, 2}, B: -2}
	fmt.Println(exercise.Ex72(answer, lang.Chinese))
	// Output:
	// not answered yet: replace exercise.Placeholder with (w*, b*), an exercise.Hyperplane{W: …, B: …}
	// ✗ right hyperplane, wrong scale: (7.13) fixes the functional margin at 1, and minᵢ yᵢ(w·xᵢ + b) = 2 here
	// ✓ 分开了全部 5 个点；几何间隔 0.4472 是最大的，且 minᵢ yᵢ(w·xᵢ + b) = 1，符合 (7.13) 的要求；支持向量 x1, x3, x5
}

func ExampleEx21() {
	fmt.Println(exercise.Ex21([]float64{1, 1, 1, 1}, lang.English))
	fmt.Println(exercise.Ex21([]float64{1, 1, 0, 0}, lang.English))
	fmt.Println(exercise.Ex21([]float64{1, 1}, lang.English))
	// Output:
	// ✓ a certificate: λ ≥ 0, Σλᵢyᵢ = 0 and Σλᵢyᵢxᵢ = 0, so Σλᵢyᵢ(w·xᵢ + b) = 0 for every (w, b) and no hyperplane separates the points; the hulls of the classes meet at (1/2, 1/2)
	// ✗ λ ≥ 0 and Σλᵢyᵢ = 0, but Σλᵢyᵢxᵢ = (0, 1/2)·Σλᵢ, not 0: the terms in w do not cancel
	// ✗ λ has 2 numbers, want 4 (one per point)
}

func ExampleEx74() {
	phi := func(x []float64) []float64 { return []float64{x[0] * x[0], x[0] * x[1], x[1] * x[1]} }
	fmt.Println(exercise.Ex74(phi, lang.English))
	phi = func(x []float64) []float64 { return []float64{x[0] * x[0], math.Sqrt2 * x[0] * x[1], x[1] * x[1]} }
	fmt.Println(exercise.Ex74(phi, lang.English))
	// Output:
	// ✗ φ(x)·φ(z) = 3 but K(x, z) = 4 at x = (1, 1), z = (1, 1) — right on the axes, wrong where coordinates mix: the cross terms x⁽ⁱ⁾x⁽ʲ⁾z⁽ⁱ⁾z⁽ʲ⁾ (i ≠ j) appear twice in (x·z)², so their features need the factor √2
	// ✓ φ(x)·φ(z) = K(x, z) on 1485 pairs of points, with 3 features
}
