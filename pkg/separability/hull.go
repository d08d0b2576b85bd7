package separability

import (
	"cmp"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// ConvexHull returns the vertices of the convex hull of points in the plane,
// counter-clockwise from the lowest-leftmost point, without collinear points
// on the edges or repeated points, by Andrew's monotone chain: sort the
// points by x then y, and build the lower and the upper chain keeping only
// left turns. A set of one point (or of copies of one point) gives that
// point, a set on a line the two ends of its segment. The vertices are
// copies. It panics if a point does not have two coordinates.
func ConvexHull(points [][]float64) [][]float64 {
	ps := make([][2]float64, len(points))
	for i, p := range points {
		if len(p) != 2 {
			panic("separability: ConvexHull needs points in the plane")
		}
		ps[i] = [2]float64{p[0], p[1]}
	}
	slices.SortFunc(ps, func(a, b [2]float64) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	ps = slices.Compact(ps)
	if len(ps) <= 2 {
		return toSlices(ps)
	}
	hull := make([][2]float64, 0, 2*len(ps))
	for _, p := range ps { // lower chain
		for len(hull) >= 2 && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	lower := len(hull) + 1
	for i := len(ps) - 2; i >= 0; i-- { // upper chain
		p := ps[i]
		for len(hull) >= lower && cross(hull[len(hull)-2], hull[len(hull)-1], p) <= 0 {
			hull = hull[:len(hull)-1]
		}
		hull = append(hull, p)
	}
	return toSlices(hull[:len(hull)-1]) // the last point is the first
}

// HullDistance returns the distance between two convex polygons given by
// their vertices in counter-clockwise order, as ConvexHull returns them (a
// single point and a segment are polygons too), and a closest pair of
// points p of a and q of b. The distance is 0 when the polygons meet: a
// vertex of one lies inside the other, or two edges cross (found with
// orientation tests that account for rounding); otherwise the closest
// points lie on the boundaries, and the distance is the least distance
// between an edge of a and an edge of b, which for touching polygons is 0
// up to rounding (a relative 10⁻¹⁶ of the coordinates).
//
// For the convex hulls of the two classes of a data set, the distance is
// twice the margin of the maximum-margin hyperplane, which is the
// perpendicular bisector of pq (Li Hang §7.1; exercise 2.3). It panics if a
// polygon is empty or a vertex does not have two coordinates.
func HullDistance(a, b [][]float64) (dist float64, p, q []float64) {
	pa, pb := toArrays(a), toArrays(b)
	if len(pa) == 0 || len(pb) == 0 {
		panic("separability: HullDistance of an empty polygon")
	}
	for _, v := range pa {
		if inside(v, pb) {
			return 0, []float64{v[0], v[1]}, []float64{v[0], v[1]}
		}
	}
	for _, v := range pb {
		if inside(v, pa) {
			return 0, []float64{v[0], v[1]}, []float64{v[0], v[1]}
		}
	}
	dist = math.Inf(1)
	var bp, bq [2]float64
	for i := range pa {
		a0, a1 := pa[i], pa[(i+1)%len(pa)]
		for j := range pb {
			b0, b1 := pb[j], pb[(j+1)%len(pb)]
			d, s, t := segmentDistance(a0, a1, b0, b1)
			if d < dist {
				dist, bp, bq = d, s, t
			}
		}
	}
	return dist, []float64{bp[0], bp[1]}, []float64{bq[0], bq[1]}
}

// cross returns (b − a) × (c − a), positive when a, b, c turn left.
func cross(a, b, c [2]float64) float64 {
	return (b[0]-a[0])*(c[1]-a[1]) - (b[1]-a[1])*(c[0]-a[0])
}

// orient returns the sign of cross(a, b, c) when rounding cannot have
// changed it, and 0 when the computed value is within its error bound
// (a, b, c collinear up to rounding).
func orient(a, b, c [2]float64) int {
	p, q := (b[0]-a[0])*(c[1]-a[1]), (b[1]-a[1])*(c[0]-a[0])
	bound := 4 * 0x1p-52 * (math.Abs(p) + math.Abs(q))
	switch d := p - q; {
	case d > bound:
		return 1
	case d < -bound:
		return -1
	}
	return 0
}

// inside reports whether v lies certainly in the interior of the
// counter-clockwise convex polygon poly with at least three vertices.
// Points on or within rounding of the boundary are left to the edge
// distances of HullDistance, which are then 0 or nearly so.
func inside(v [2]float64, poly [][2]float64) bool {
	if len(poly) < 3 {
		return false
	}
	for i := range poly {
		if orient(poly[i], poly[(i+1)%len(poly)], v) <= 0 {
			return false
		}
	}
	return true
}

// segmentDistance returns the distance between the segments [a0, a1] and
// [b0, b1] (either may be a point) and a closest pair of points on them.
func segmentDistance(a0, a1, b0, b1 [2]float64) (float64, [2]float64, [2]float64) {
	if crosses(a0, a1, b0, b1) {
		p := intersection(a0, a1, b0, b1)
		return 0, p, p
	}
	best := math.Inf(1)
	var bp, bq [2]float64
	try := func(p, q [2]float64) {
		if d := math.Hypot(p[0]-q[0], p[1]-q[1]); d < best {
			best, bp, bq = d, p, q
		}
	}
	try(a0, closest(a0, b0, b1))
	try(a1, closest(a1, b0, b1))
	try(closest(b0, a0, a1), b0)
	try(closest(b1, a0, a1), b1)
	return best, bp, bq
}

// crosses reports whether two segments certainly cross at a single
// interior point of both (proper intersection); touching, overlapping and
// nearly collinear segments are left to the point-to-segment distances,
// which are then 0 or nearly so.
func crosses(a0, a1, b0, b1 [2]float64) bool {
	return orient(a0, a1, b0)*orient(a0, a1, b1) < 0 && orient(b0, b1, a0)*orient(b0, b1, a1) < 0
}

// intersection returns the crossing point of two segments that cross.
func intersection(a0, a1, b0, b1 [2]float64) [2]float64 {
	d1, d2 := cross(a0, a1, b0), cross(a0, a1, b1)
	t := d1 / (d1 - d2)
	return [2]float64{b0[0] + t*(b1[0]-b0[0]), b0[1] + t*(b1[1]-b0[1])}
}

// closest returns the point of the segment [a, b] closest to p.
func closest(p, a, b [2]float64) [2]float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return a
	}
	t := ((p[0]-a[0])*dx + (p[1]-a[1])*dy) / l2
	t = math.Max(0, math.Min(1, t))
	return [2]float64{a[0] + t*dx, a[1] + t*dy}
}

func toSlices(ps [][2]float64) [][]float64 {
	out := make([][]float64, len(ps))
	for i, p := range ps {
		out[i] = []float64{p[0], p[1]}
	}
	return out
}

func toArrays(ps [][]float64) [][2]float64 {
	out := make([][2]float64, len(ps))
	for i, p := range ps {
		if len(p) != 2 {
			panic("separability: HullDistance needs points in the plane")
		}
		out[i] = [2]float64{p[0], p[1]}
	}
	return out
}

// ClassHulls returns the convex hulls (ConvexHull) of the positive and of
// the negative points of a data set in the plane, x n×2 with labels y in
// {−1, +1}; a class without points has an empty hull. It panics if x does
// not have two columns or y does not have a label per row.
func ClassHulls(x mat.Matrix, y []float64) (pos, neg [][]float64) {
	n, d := x.Dims()
	if d != 2 || len(y) != n {
		panic("separability: ClassHulls needs n×2 points and n labels")
	}
	var ps, ns [][]float64
	for i := range n {
		if y[i] > 0 {
			ps = append(ps, mat.Row(nil, i, x))
		} else {
			ns = append(ns, mat.Row(nil, i, x))
		}
	}
	if len(ps) > 0 {
		pos = ConvexHull(ps)
	}
	if len(ns) > 0 {
		neg = ConvexHull(ns)
	}
	return pos, neg
}
