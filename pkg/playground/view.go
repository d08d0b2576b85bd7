package playground

import (
	"math"
	"slices"
)

// FarFactor is how far a point may lie from the others before the view
// leaves it out: FarFactor times the median distance of the points from
// their median (in the larger coordinate).
const FarFactor = 25

// View returns the square part of the plane [x0, x1, y0, y1] that the page
// shows for the points x — all of them, with room around them to click,
// except those lying far from the rest (at least four points, one more than
// FarFactor times the median spread away), which far lists — so that one
// stray point does not shrink the others to a dot. With no point it is
// [−1, 6]², around the book's examples.
func View(x [][2]float64) (v [4]float64, far []int) {
	if len(x) == 0 {
		return [4]float64{-1, 6, -1, 6}, nil
	}
	var cx, cy float64
	xs, ys := make([]float64, len(x)), make([]float64, len(x))
	for i, p := range x {
		xs[i], ys[i] = p[0], p[1]
	}
	cx, cy = median(xs), median(ys)
	dist := make([]float64, len(x))
	for i, p := range x {
		dist[i] = math.Max(math.Abs(p[0]-cx), math.Abs(p[1]-cy))
	}
	if len(x) >= 4 {
		s := median(slices.Clone(dist))
		if s == 0 {
			s = slices.Max(dist) / FarFactor / 2
		}
		for i, d := range dist {
			if d > FarFactor*s && s > 0 {
				far = append(far, i)
			}
		}
	}
	lo := [2]float64{math.Inf(1), math.Inf(1)}
	hi := [2]float64{math.Inf(-1), math.Inf(-1)}
	for i, p := range x {
		if slices.Contains(far, i) {
			continue
		}
		for j := range 2 {
			lo[j], hi[j] = math.Min(lo[j], p[j]), math.Max(hi[j], p[j])
		}
	}
	half := math.Max(hi[0]-lo[0], hi[1]-lo[1])/2*1.4 + 0.1*math.Max(math.Abs(cx), math.Abs(cy))
	if !(half > 0) {
		half = 1
	}
	mx, my := (lo[0]+hi[0])/2, (lo[1]+hi[1])/2
	return [4]float64{mx - half, mx + half, my - half, my + half}, far
}

// median returns the median of v, which it sorts.
func median(v []float64) float64 {
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}
