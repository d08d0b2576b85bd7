package exercise

import (
	"math"

	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// Hyperplane is an answer that is a hyperplane w·x + b = 0, or the linear
// model f(x) = sign(w·x + b) it defines.
//
//	var answer72 any = exercise.Hyperplane{W: []float64{1, 2}, B: -3}
type Hyperplane struct {
	W []float64
	B float64
}

// readHyperplane is readVector for an answer that is a Hyperplane in d
// dimensions.
func (j judge) readHyperplane(ans any, what asked, d int) (Hyperplane, *Verdict) {
	if isPlaceholder(ans) {
		v := j.unanswered(what.en, what.zh)
		return Hyperplane{}, &v
	}
	return j.hyperplane(ans, d)
}

// hyperplane reads an answer that must be a Hyperplane in d dimensions.
func (j judge) hyperplane(ans any, d int) (Hyperplane, *Verdict) {
	var h Hyperplane
	switch a := ans.(type) {
	case Hyperplane:
		h = a
	case *Hyperplane:
		if a == nil {
			return h, j.bad("the hyperplane is nil: write exercise.Hyperplane{W: []float64{…}, B: …}", "超平面是 nil：请写成 exercise.Hyperplane{W: []float64{…}, B: …}")
		}
		h = *a
	case nil:
		return h, j.bad("the hyperplane is nil: write exercise.Hyperplane{W: []float64{…}, B: …}", "超平面是 nil：请写成 exercise.Hyperplane{W: []float64{…}, B: …}")
	default:
		return h, j.bad("the answer must be an exercise.Hyperplane{W: …, B: …}, not a %T", "答案应当是 exercise.Hyperplane{W: …, B: …}，而不是 %T", ans)
	}
	if len(h.W) != d {
		return h, j.bad("w has %d entries, want %d (one per feature)", "w 有 %d 个分量，应当有 %d 个（每个特征一个）", len(h.W), d)
	}
	for _, v := range append([]float64{h.B}, h.W...) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return h, j.bad("w and b must be finite numbers", "w 和 b 必须是有限数")
		}
	}
	if floats.Norm(h.W, 2) == 0 {
		return h, j.bad("w = 0 is no hyperplane: w·x + b = 0 needs w ≠ 0", "w = 0 不是超平面：w·x + b = 0 要求 w ≠ 0")
	}
	return h, nil
}

// margins returns yᵢ(w·xᵢ + b) for every point.
func (h Hyperplane) margins(x mat.Matrix, y []float64) []float64 {
	n, _ := x.Dims()
	m := make([]float64, n)
	for i := range n {
		m[i] = y[i] * (floats.Dot(h.W, mat.Row(nil, i, x)) + h.B)
	}
	return m
}

// scale is the size of the coefficients, for tolerances: max |wᵢ|, |b|.
func (h Hyperplane) scale() float64 { return maxAbs(0, append([]float64{h.B}, h.W...)...) }

// multiple returns k with h = k·g (within Tol) and whether there is one.
func (h Hyperplane) multiple(g Hyperplane) (float64, bool) {
	gv, hv := append([]float64{g.B}, g.W...), append([]float64{h.B}, h.W...)
	k := floats.Dot(hv, gv) / floats.Dot(gv, gv)
	for i := range gv {
		if !near(hv[i], k*gv[i], maxAbs(0, hv...)) {
			return 0, false
		}
	}
	return k, true
}

// same reports whether h and g are equal within Tol of their scale.
func (h Hyperplane) same(g Hyperplane) bool {
	s := math.Max(h.scale(), g.scale())
	return nearVec(h.W, g.W, s) && near(h.B, g.B, s)
}
